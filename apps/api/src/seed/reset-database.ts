import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { createDb, type DatabaseHandle } from '../platform/db/create-db.js';

/**
 * Empties a database for `npm run seed -- --reset`, so the migrations can build it
 * afresh. SQLite: deletes the file and its WAL outright (fastest for a large one) and
 * opens a new one. PostgreSQL: drops every table of the current schema, then every
 * function the migrations created there (the rollup's trigger functions), leaving the
 * functions of extensions such as pg_trgm alone.
 *
 * @param database the open handle; on SQLite it is closed and a new one returned.
 * @param url the `DATABASE_URL` the handle was opened with.
 * @returns the handle to go on with.
 * @throws the database's error when a drop is refused (e.g. missing privileges).
 */
export async function resetDatabase(database: DatabaseHandle, url: string): Promise<DatabaseHandle> {
  if (database.kind === 'sqlite') {
    const path = url.slice('sqlite:'.length);
    await database.close();
    if (path !== ':memory:' && path !== '')
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    return createDb(url);
  }
  const tables = await sql<{
    tablename: string;
  }>`select tablename from pg_tables where schemaname = current_schema()`.execute(database.db);
  for (const { tablename } of tables.rows)
    await sql`drop table if exists ${sql.table(tablename)} cascade`.execute(database.db);
  const functions = await sql<{ signature: string }>`
    select p.oid::regprocedure::text as signature
    from pg_proc p
    where p.pronamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`.execute(database.db);
  for (const { signature } of functions.rows)
    await sql`drop function if exists ${sql.raw(signature)} cascade`.execute(database.db);
  return database;
}
