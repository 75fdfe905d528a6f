import { existsSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import SQLite from 'better-sqlite3';
import { OWNER_ONLY } from './create-db.js';

/**
 * Online backups of the embedded database (issue 11: "nothing lost to a bad disk").
 * SQLite's backup API (`sqlite3_backup_*`, through better-sqlite3) copies the database
 * page by page from a connection of its own while the server keeps reading and
 * writing: the copy is one consistent state of the database, every transaction
 * committed before the copy's last step is in it and no half of one. PostgreSQL is
 * backed up with its own tool (`pg_dump`); see the README.
 */

/** The largest step better-sqlite3 passes on: every remaining page at once. */
const ALL_PAGES = 0x7fffffff;

/** What a finished backup holds. */
export interface BackupResult {
  /** The backup's file. */
  target: string;
  /** Pages copied (of the page size of the database). */
  pages: number;
}

/**
 * Copies the SQLite database at `sourcePath` into `targetPath`, online, from a
 * read-only connection of its own. The pages go in one step of the backup API, inside
 * one read transaction: in WAL mode the server keeps reading and writing meanwhile, and
 * the copy is the database as of the step's start. (In small steps, SQLite restarts the
 * copy whenever another connection writes between two steps, so on a busy store it
 * might never finish.) The copy is written to `targetPath + '.partial'` and renamed
 * when whole, so a failed backup never leaves a file that looks finished. The copy is
 * readable and writable by its owner only (mode 0600).
 * @throws Error when the source is missing or is not a database, or the target's
 *   folder cannot be written.
 */
export async function backupSqlite(sourcePath: string, targetPath: string): Promise<BackupResult> {
  if (!existsSync(sourcePath)) throw new Error(`No database at ${sourcePath}`);
  const partial = `${targetPath}.partial`;
  await rm(partial, { force: true });
  const source = new SQLite(sourcePath, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Made empty and the owner's alone first: SQLite writes the copy into the file as it
    // is, so the copy (which holds the password hashes) is never readable by others.
    writeFileSync(partial, '', { mode: OWNER_ONLY });
    const metadata = await source.backup(partial, { progress: () => ALL_PAGES });
    await rename(partial, targetPath);
    return { target: targetPath, pages: metadata.totalPages };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
}

/**
 * `PRAGMA integrity_check` of the SQLite database at `path`: 'ok', or the problems
 * it lists, joined by newlines.
 */
export function checkSqliteIntegrity(path: string): string {
  const db = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('\n');
  } finally {
    db.close();
  }
}
