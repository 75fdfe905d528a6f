import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from '../platform/db/create-db.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { createPostgresDatabase } from '../test/test-app.js';
import { resetDatabase } from './reset-database.js';

/** PostgreSQL only (this file runs in the api-postgres project): `npm run seed -- --reset`. */
describe('resetDatabase on PostgreSQL', () => {
  it('empties a migrated database so the migrations build it again', async () => {
    const target = await createPostgresDatabase();
    let database = createDb(target.url, { poolSize: 2 });
    try {
      await migrateToLatest(database.db);
      await database.db
        .insertInto('categories')
        .values({
          name: 'Kept?',
          imageUrl: 'https://img.example/k.jpg',
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .execute();

      database = await resetDatabase(database, target.url);
      const left = await sql<{ n: number }>`
        select (select count(*) from pg_tables where schemaname = current_schema())
             + (select count(*) from pg_proc p where p.pronamespace = current_schema()::regnamespace
                  and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')) as n`.execute(
        database.db,
      );
      expect(left.rows).toEqual([{ n: 0 }]);

      // The rollup's trigger functions are gone too, so migrating again does not fail.
      await migrateToLatest(database.db);
      const categories = await database.db.selectFrom('categories').select('name').execute();
      expect(categories).toEqual([]);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
