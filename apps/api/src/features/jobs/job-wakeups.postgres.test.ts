import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type DatabaseHandle } from '../../platform/db/create-db.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { listenForJobs } from '../../platform/jobs/job-wakeups.js';
import { createAdmin, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 32 (decision 0116), PostgreSQL only: a job queued by another process wakes an idle
 * runner at once through LISTEN/NOTIFY. The runner here polls every ten minutes, so only
 * the notification can make it take the job within the test's time.
 */

let t: TestApp;
let other: DatabaseHandle;
let owner: FixtureUser;

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_MS: '600000' });
  await t.app.jobs.stop();
  owner = await createAdmin(t.db);
  // The process that queues: its own pool on the same database.
  other = createDb(t.config.databaseUrl, { poolSize: 1 });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('LISTEN/NOTIFY on PostgreSQL', () => {
  it('wakes an idle runner as soon as another process queues a job', async () => {
    const ran: number[] = [];
    const runner = new JobRunner(
      t.db,
      {
        woken: async (job) => {
          ran.push(job.id);
          return { fileName: 'woken.csv', rows: 1 };
        },
      },
      {
        pollMs: 600_000,
        staleMs: 120_000,
        keepMs: 60_000,
        wakeups: (wake) => listenForJobs(t.config.databaseUrl, wake, t.app.log),
      },
      t.app.log,
    );
    await runner.start();
    try {
      // Its first look found nothing; it now sleeps until a poll ten minutes away.
      await runner.runDue();
      const job = await other.db
        .insertInto('jobs')
        .values({ kind: 'woken', ownerUserId: owner.id, params: '{}', createdAt: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await vi.waitFor(
        async () => {
          const row = await t.db.selectFrom('jobs').select('state').where('id', '=', job.id).executeTakeFirstOrThrow();
          expect(row.state).toBe('done');
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(ran).toEqual([job.id]);
    } finally {
      await runner.stop();
    }
  });
});
