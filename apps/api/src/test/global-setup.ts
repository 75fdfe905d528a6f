import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, dropRunDatabases, processIsAlive, writeSqliteTemplate } from './template-databases.js';

/**
 * vitest globalSetup of the API projects (docs/decisions/0080-a-test-run-that-stays-fast.md):
 * migrates one template database for the run, which every test app copies
 * (`createTestApp`). api-sqlite gets a SQLite file; api-postgres a PostgreSQL template
 * on `TEST_DATABASE_URL`, after dropping the databases earlier runs left behind. The
 * returned teardown removes the template and, on PostgreSQL, every database the run
 * made; it never fails the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runPid = process.pid;
  project.provide('testRunPid', runPid);
  if (project.config.env.TEST_DB !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'haat-template-'));
    const path = join(dir, 'template.db');
    await writeSqliteTemplate(path);
    project.provide('sqliteTemplate', path);
    return async () => rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  // Runs of this machine whose process has gone (killed, or lost their teardown).
  // Another engineer's run in progress is alive and keeps its databases.
  if (isLocal(adminUrl)) await dropRunDatabases(adminUrl, (pid) => pid !== runPid && !processIsAlive(pid));
  project.provide('postgresTemplate', await createPostgresTemplate(adminUrl, runPid));
  return async () => {
    await dropRunDatabases(adminUrl, (pid) => pid === runPid);
  };
}

/** A server on this machine, where a database's run process id can be looked up. */
function isLocal(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '' || host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The vitest run's process id, which names its PostgreSQL databases. */
    testRunPid: number;
    /** api-sqlite: the migrated SQLite database file every test app opens a copy of. */
    sqliteTemplate: string;
    /** api-postgres: the migrated template database every test app's database is created from. */
    postgresTemplate: string;
  }
}
