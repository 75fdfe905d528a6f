import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createPostgresDatabase } from '../../test/test-app.js';
import { createDb } from './create-db.js';

/**
 * PostgreSQL only (this file runs in the api-postgres project): a pooled connection
 * that the server drops while idle is reported and replaced, never an uncaught
 * exception that would stop the API process.
 */
describe('createDb on PostgreSQL', () => {
  it('reports an idle connection the server terminated, and the next query opens a new one', async () => {
    const target = await createPostgresDatabase();
    const lost: Error[] = [];
    const database = createDb(target.url, { poolSize: 2, onConnectionError: (error) => lost.push(error) });
    try {
      await sql`select 1`.execute(database.db);
      const databaseName = new URL(target.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const terminated = await admin.query(
        'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = $1',
        [databaseName],
      );
      await admin.end();
      expect(terminated.rows).toEqual([{ done: true }]);

      await vi.waitFor(() => expect(lost).toHaveLength(1));
      expect(lost[0]?.message).toMatch(/terminat/i);
      const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(database.db);
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
