import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import type { Database } from './schema.js';
import { CamelCaseResultsPlugin, SnakeCasePostgresDialect, SnakeCaseSqliteDialect } from './snake-case.js';
import { SqliteBooleansPlugin } from './sqlite-booleans.js';

export type DatabaseKind = 'sqlite' | 'postgres';

/** The query handle every repository takes first, so a transaction can be passed in. */
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Closes the connection (SQLite) or drains the pool (PostgreSQL); safe to call twice. */
  close(): Promise<void>;
}

/** Which database a `DATABASE_URL` selects. */
export function databaseKindOf(url: string): DatabaseKind {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

/**
 * Opens the database a URL names: `sqlite:<path>` (or `sqlite::memory:`) for the
 * embedded database, `postgres://…` for PostgreSQL. One schema and one query layer
 * serve both; see docs/decisions/0002-one-query-layer-two-databases.md.
 */
export function createDb(url: string, options: CreateDbOptions = {}): DatabaseHandle {
  const kind = databaseKindOf(url);
  if (kind === 'sqlite')
    return openSqlite(url.slice('sqlite:'.length), options.sqliteMmapBytes ?? SQLITE_MMAP_BYTES, options.sqliteImage);
  return openPostgres(url, options.poolSize ?? 10, options.onConnectionError ?? warnOnConnectionError);
}

export interface CreateDbOptions {
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /**
   * Called when an idle pooled PostgreSQL connection fails (the server restarted or
   * terminated it). The pool drops that connection and opens a new one on demand;
   * without a listener, pg would raise the error as an uncaught exception and stop
   * the process. Default: one warning line on stderr.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * `sqlite::memory:` only: start from this database image (a SQLite database file's
   * bytes, as `VACUUM INTO` writes it) instead of an empty database. The test harness
   * opens every test app's database from one migrated template this way
   * (docs/decisions/0080-a-test-run-that-stays-fast.md).
   */
  sqliteImage?: Buffer;
  /**
   * Bytes of a SQLite store read through a memory map (`mmap_size`; default and most:
   * `SQLITE_MMAP_BYTES`, just under 2 GiB); 0 reads every page into SQLite's page cache
   * (`SQLITE_MMAP_MB`, docs/decisions/0095).
   */
  sqliteMmapBytes?: number;
}

function warnOnConnectionError(error: Error): void {
  console.warn(`PostgreSQL: an idle connection was lost and will be replaced (${error.message})`);
}

/** How much of a SQLite database file is read through a memory map: better-sqlite3's build allows at most 2 GiB. */
export const SQLITE_MMAP_BYTES = 0x7fff0000;

/**
 * WAL pages written before SQLite copies them into the database file (a checkpoint): 40 MB
 * of 4 KB pages where SQLite's default is 1,000 (4 MB). A checkpoint syncs the WAL and the
 * database file to disk; a checkout writes about 140 pages, so at the default every
 * seventh checkout waited on one, and a page rewritten by many checkouts (an index's
 * newest leaf) was copied at each. Decision 0160.
 */
export const SQLITE_WAL_AUTOCHECKPOINT_PAGES = 10_000;

/** How many prepared statements one SQLite connection keeps for reuse. */
export const SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's SQLite driver sees it, with its prepared statements kept
 * for reuse: the driver prepares every statement afresh, which a checkout's profile
 * showed at 11 % of its time (decision 0023). Statements are keyed by their SQL
 * text in an `LRUCache`, the least recently used dropped past
 * `SQLITE_STATEMENT_CACHE_SIZE`. Kysely holds the one connection for the whole of a
 * streamed query, so no statement is used twice at once; should one still be
 * iterating, a fresh one is prepared rather than sharing it.
 * better-sqlite3 prepares a cached statement again by itself when the schema changes.
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const cache = new LRUCache<string, SqliteStatement & { readonly busy: boolean }>({
    max: SQLITE_STATEMENT_CACHE_SIZE,
  });
  return {
    close: () => {
      cache.clear();
      connection.close();
    },
    prepare: (sql: string) => {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = withSqliteBooleans(connection.prepare(sql));
      if (!cached) cache.set(sql, statement);
      return statement;
    },
  };
}

/**
 * A statement that binds booleans as 1 and 0: SQLite has no boolean type and
 * better-sqlite3 refuses `true` and `false`. Done here, at binding, rather than by
 * rewriting every query's tree (`SqliteBooleansPlugin` reads them back as booleans).
 */
function withSqliteBooleans(statement: SQLite.Statement): SqliteStatement & { readonly busy: boolean } {
  const bindable = (parameters: ReadonlyArray<unknown>) =>
    parameters.some((value) => typeof value === 'boolean')
      ? parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value))
      : parameters;
  return {
    reader: statement.reader,
    get busy() {
      return statement.busy;
    },
    all: (parameters) => statement.all(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
  };
}

/** Read and write for the owner only: the database holds password hashes (issue 23). */
export const OWNER_ONLY = 0o600;

/**
 * Makes the SQLite database at `path` the owner's alone before SQLite opens it: its
 * folder, when made here, is 0700; the file is created empty with mode 0600 when
 * missing (SQLite takes an empty file as a new database), and an existing one and
 * its `-wal` and `-shm` files are set to 0600. SQLite creates the `-wal` and `-shm`
 * files with the mode of the database file, so they stay the owner's too.
 */
export function makeSqliteFileOwnerOnly(path: string): void {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', OWNER_ONLY));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(each)) chmodSync(each, OWNER_ONLY);
  }
}

function openSqlite(path: string, mmapBytes: number, image: Buffer | undefined): DatabaseHandle {
  const inMemory = path === ':memory:' || path === '';
  if (image && !inMemory) throw new Error('A SQLite database image opens in memory only (sqlite::memory:)');
  if (!inMemory) makeSqliteFileOwnerOnly(path);
  // better-sqlite3 opens a Buffer as an in-memory database holding a copy of those bytes.
  const connection = new SQLite(image ?? (inMemory ? ':memory:' : path));
  connection.pragma('journal_mode = WAL');
  // WAL with NORMAL keeps every committed transaction across a process crash.
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('cache_size = -65536');
  connection.pragma('temp_store = MEMORY');
  connection.pragma(`wal_autocheckpoint = ${SQLITE_WAL_AUTOCHECKPOINT_PAGES}`);
  // A deleted or rewritten row's bytes are overwritten with zeros, not left in free space
  // where a copy of the file still reads them: an erasure on request (issue 33) must not
  // leave the person's name in the file. The old pages still sit in the WAL until a
  // checkpoint, which the erasure runs itself (decision 0120).
  connection.pragma('secure_delete = ON');
  // Reads through a memory map of the file (up to the build's 2 GiB limit) rather than a
  // read() per page into the 64 MiB cache: on a 4 GB store of a million products a
  // product lookup took half the time (decision 0027), and the pages read stay out of
  // the process's own memory. The mapped pages are the OS's file cache, shared and
  // dropped when memory is short, counted in the process's RssFile, not its RssAnon
  // (docs/decisions/0095-the-mapped-store-is-not-the-process-memory.md).
  if (!inMemory) connection.pragma(`mmap_size = ${Math.min(mmapBytes, SQLITE_MMAP_BYTES)}`);
  const db = new Kysely<Database>({
    dialect: new SnakeCaseSqliteDialect({ database: withStatementCache(connection) }),
    plugins: [new CamelCaseResultsPlugin(), new SqliteBooleansPlugin()],
  });
  return {
    db,
    kind: 'sqlite',
    close: async () => {
      if (connection.open) connection.pragma('optimize');
      await db.destroy();
    },
  };
}

const require = createRequire(import.meta.url);
let pgDriver: typeof pg | undefined;

/**
 * PostgreSQL's driver (`pg`), loaded on first use: a store on SQLite never needs it,
 * and loading it cost a few tens of milliseconds of CPU at every start
 * (docs/decisions/0096-a-cold-start-loads-what-it-serves.md).
 */
export function postgresDriver(): typeof pg {
  pgDriver ??= require('pg') as typeof pg;
  return pgDriver;
}

/** `2026-11-21 09:30:00.123+00` (PostgreSQL's text form) → `2026-11-21T09:30:00.123Z`. */
function parseTimestamp(value: string): string {
  const iso = value.replace(' ', 'T');
  const zoned = /[+-]\d{2}$/.test(iso) ? `${iso}:00` : /([+-]\d{2}:\d{2}|Z)$/.test(iso) ? iso : `${iso}Z`;
  return new Date(zoned).toISOString();
}

/** int8 (counts, sums) and numeric arrive as numbers; timestamps as UTC ISO strings. */
function pgTypes(driver: typeof pg): pg.CustomTypesConfig {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      switch (oid) {
        case driver.types.builtins.INT8:
        case driver.types.builtins.NUMERIC:
          return (value: string) => Number(value);
        case driver.types.builtins.TIMESTAMPTZ:
        case driver.types.builtins.TIMESTAMP:
          return parseTimestamp;
        case driver.types.builtins.DATE:
          return (value: string) => value;
        default:
          return driver.types.getTypeParser(oid, format);
      }
    },
  } as pg.CustomTypesConfig;
}

function openPostgres(url: string, poolSize: number, onConnectionError: (error: Error) => void): DatabaseHandle {
  // Sessions speak UTC so date arithmetic in SQL agrees with the application. JIT
  // compilation is off (decision 0035): the API's statements read a page or a bounded
  // count, and compiling one whose estimated cost crossed `jit_above_cost` took longer
  // than running it (about 200 ms for a 2-character order search).
  const driver = postgresDriver();
  const pool = new driver.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes(driver),
    options: '-c TimeZone=UTC -c jit=off',
  });
  pool.on('error', onConnectionError);
  const db = new Kysely<Database>({
    dialect: new SnakeCasePostgresDialect({ pool }),
    plugins: [new CamelCaseResultsPlugin()],
  });
  return {
    db,
    kind: 'postgres',
    close: async () => {
      if (!pool.ended) await db.destroy();
    },
  };
}
