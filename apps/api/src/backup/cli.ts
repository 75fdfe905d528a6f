import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backupSqlite, checkSqliteIntegrity } from '../platform/db/backup.js';

/**
 * `npm run backup -- <file>` (issue 11): an online, consistent backup of the database
 * at DATABASE_URL, taken while the server runs.
 * - SQLite: SQLite's backup API copies the database into `<file>`, then the copy's
 *   `PRAGMA integrity_check` must answer ok. Restore: stop the server, put the file in
 *   place of the database (and delete its `-wal` and `-shm` files), start the server.
 * - PostgreSQL: runs `pg_dump --format=custom --file <file>` on the database (pg_dump
 *   must be installed); restore with `pg_restore --clean --if-exists -d <url> <file>`.
 * Exit codes: 0 done, 1 failed, 2 bad usage.
 */

const usage = 'Usage: npm run backup -- <file>';

async function main(): Promise<number> {
  // Whatever this writes (pg_dump's file included) holds password hashes: the owner's alone.
  process.umask(0o077);
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return 0;
  }
  if (args.length !== 1 || !args[0]) {
    console.error(usage);
    return 2;
  }
  const target = resolve(args[0]);
  const config = loadConfig();
  if (config.databaseUrl.startsWith('sqlite:')) {
    const source = config.databaseUrl.slice('sqlite:'.length);
    if (source === ':memory:' || source === '') {
      console.error('DATABASE_URL names an in-memory database: there is nothing on disk to back up.');
      return 1;
    }
    const started = Date.now();
    const result = await backupSqlite(resolve(source), target);
    const integrity = checkSqliteIntegrity(target);
    if (integrity !== 'ok') {
      console.error(`The backup at ${target} failed its integrity check:\n${integrity}`);
      return 1;
    }
    console.log(
      `Backed up ${source} to ${target} (${result.pages} pages, ${Date.now() - started} ms; integrity check ok).`,
    );
    console.log('To restore: stop the server, copy the file over the database, delete its -wal and -shm files, start.');
    return 0;
  }
  // PostgreSQL has its own consistent online backup: pg_dump (one snapshot).
  const dump = spawnSync('pg_dump', ['--format=custom', '--file', target, config.databaseUrl], { stdio: 'inherit' });
  if (dump.error) {
    console.error(
      'On PostgreSQL, back up with pg_dump, which was not found on this machine. Install the PostgreSQL client and run:\n' +
        `  pg_dump --format=custom --file ${target} "$DATABASE_URL"\n` +
        'Restore with: pg_restore --clean --if-exists --dbname "$DATABASE_URL" <file>',
    );
    return 1;
  }
  if (dump.status !== 0) return 1;
  console.log(`Backed up the PostgreSQL database to ${target} with pg_dump (custom format).`);
  console.log('To restore: pg_restore --clean --if-exists --dbname "$DATABASE_URL" <file>');
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
