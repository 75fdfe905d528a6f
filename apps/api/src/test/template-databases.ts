import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../platform/db/create-db.js';
import { migrateToLatest } from '../platform/db/migrate.js';

/**
 * Migrated template databases for a test run (docs/decisions/0080-a-test-run-that-stays-fast.md).
 * The run migrates one database per kind once (`global-setup.ts`); every test app then
 * starts from a copy of it: SQLite from the template's bytes opened in memory,
 * PostgreSQL by `CREATE DATABASE … TEMPLATE`. Tests of the migrations themselves still
 * migrate an empty database (`createPostgresDatabase({ empty: true })`, a `sqlite:` file).
 *
 * PostgreSQL databases a run makes are named `haat_test_<pid>_<hex>` and its template
 * `haat_template_<pid>_<hex>`, `<pid>` being the process of the vitest run (its main
 * process). The run drops its own at its end; a run killed before its end leaves
 * them, and the next run drops every one whose process is no longer alive.
 */

/** Name prefix of the test databases a run makes on PostgreSQL. */
export const TEST_DATABASE_PREFIX = 'haat_test_';
/** Name prefix of a run's migrated PostgreSQL template. */
export const TEMPLATE_DATABASE_PREFIX = 'haat_template_';

/** How many `DROP DATABASE` run at once: each waits for a checkpoint, which concurrent drops share. */
const DROP_CONCURRENCY = 6;

/** A new database name with `prefix`, the run's process id and a random part. */
export function databaseName(prefix: string, runPid: number): string {
  return `${prefix}${runPid}_${randomBytes(4).toString('hex')}`;
}

/** The run's process id a database name carries, or null for a name that is not a test run's. */
export function runPidOf(name: string): number | null {
  const match = /^haat_(?:test|template)_(\d+)_[0-9a-f]+$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Whether a process with this id is alive on this machine (EPERM: alive, someone else's). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The URL of database `name` on the server `adminUrl` names. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Writes a freshly migrated SQLite database to `path` (a file that must not exist), as
 * `VACUUM INTO` writes it: an ordinary database file whose bytes `createDb`'s
 * `sqliteImage` opens in memory.
 */
export async function writeSqliteTemplate(path: string): Promise<void> {
  const database = createDb('sqlite::memory:');
  try {
    await migrateToLatest(database.db);
    await sql`vacuum into ${path}`.execute(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Creates and migrates the run's PostgreSQL template on the server `adminUrl` names and
 * returns its name. Nobody may connect to it afterwards (a template being read by a
 * session cannot be copied), so its connections close and it refuses new ones.
 */
export async function createPostgresTemplate(adminUrl: string, runPid: number): Promise<string> {
  const name = databaseName(TEMPLATE_DATABASE_PREFIX, runPid);
  await createTestDatabase(adminUrl, name);
  const database = createDb(databaseUrl(adminUrl, name), { poolSize: 1 });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  await adminQuery(adminUrl, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  return name;
}

/**
 * Creates database `name` for tests on the server `adminUrl` names: a copy of `template`
 * when given, else empty. Its sessions commit without waiting for the write-ahead log to
 * reach the disk (`synchronous_commit = off`): a test database is thrown away, and on a
 * disk shared with other work each commit's flush cost more than the statements (the
 * demo store's 1,500 checkouts timed out). What a transaction sees is unchanged.
 */
export async function createTestDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  await adminQuery(adminUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await adminQuery(adminUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
}

/**
 * Drops, on the server `adminUrl` names, the test databases and templates of the runs
 * `whose(pid)` selects, `WITH (FORCE)` and several at once. Never throws: a database
 * that will not drop is named in a warning and left to the next run.
 * @returns the names dropped.
 */
export async function dropRunDatabases(adminUrl: string, whose: (runPid: number) => boolean): Promise<string[]> {
  let names: string[];
  try {
    const { rows } = await adminQuery<{ datname: string }>(
      adminUrl,
      `SELECT datname FROM pg_database WHERE datname LIKE 'haat\\_test\\_%' OR datname LIKE 'haat\\_template\\_%'`,
    );
    names = rows
      .map((row) => row.datname)
      .filter((name) => {
        const pid = runPidOf(name);
        return pid !== null && whose(pid);
      });
  } catch (error) {
    console.warn(`Test databases were not listed, so none was dropped: ${(error as Error).message}`);
    return [];
  }
  const dropped: string[] = [];
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      try {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        dropped.push(name);
      } catch (error) {
        console.warn(`Test database ${name} was left for the next run to drop: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DROP_CONCURRENCY, names.length) }, worker));
  return dropped;
}

/** Runs one statement on a connection of its own to the server `adminUrl` names. */
export async function adminQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  adminUrl: string,
  statement: string,
): Promise<pg.QueryResult<Row>> {
  const client = new pg.Client({ connectionString: adminUrl });
  // An error on an idle client (the server going away) must not become an uncaught exception.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await client.query<Row>(statement);
  } finally {
    await client.end().catch(() => undefined);
  }
}
