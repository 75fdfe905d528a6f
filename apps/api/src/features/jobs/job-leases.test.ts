import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_BYTES,
  type JobContext,
  type JobHandler,
  JobLeaseLost,
  JobRunner,
  type JobRunnerOptions,
} from '../../platform/jobs/job-runner.js';
import { authAs, createAdmin, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 32 (decision 0116): the job queue's leases. A process that dies is simulated as
 * one does: its runner claims a job, then neither beats nor writes again (its handler
 * hangs and its heartbeat is off), so its lease runs out and another runner ends it. The
 * lease times out after `LEASE_MS`; tests wait for states, never for a duration.
 */

/** The lease's time-out in these runners, ms (`JOB_LEASE_MS`). */
const LEASE_MS = 100;

let t: TestApp;
let owner: FixtureUser;
const runners: JobRunner[] = [];

beforeAll(async () => {
  // The app's own runner is stopped: only the runners made here take jobs.
  t = await createTestApp({ JOB_POLL_MS: '600000' });
  await t.app.jobs.stop();
  owner = await createAdmin(t.db);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
afterAll(() => t.close());

/** A runner over the test database, as another API process would run (stopped after each test). */
function runner(handlers: Record<string, JobHandler>, options: Partial<JobRunnerOptions> = {}): JobRunner {
  const made = new JobRunner(
    t.db,
    handlers,
    { pollMs: 20, staleMs: LEASE_MS, keepMs: 60_000, retryDelayMs: 0, ...options },
    t.app.log,
  );
  runners.push(made);
  return made;
}

/** A handler that hangs as a dead process does, until its runner is stopped. */
const hangs: JobHandler = (_job, context) =>
  new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason)));

/** A promise the test resolves when it chooses. */
function gate() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve: () => resolve() };
}

let kinds = 0;
/** A job kind of this test's own, so no other test's runner knows it. */
const kind = () => `test-${++kinds}`;

async function queue(jobKind: string): Promise<number> {
  const row = await t.db
    .insertInto('jobs')
    .values({ kind: jobKind, ownerUserId: owner.id, params: '{}', createdAt: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function row(id: number) {
  return t.db
    .selectFrom('jobs')
    .select(['state', 'attempts', 'error', 'progress', 'total', 'fileName', 'lease', 'runAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const chunksOf = (id: number) =>
  t.db.selectFrom('jobFileChunks').select(['seq', 'bytes']).where('jobId', '=', id).orderBy('seq').execute();

describe('a job whose process dies', () => {
  it('is taken up again after the lease runs out, and fails saying so after its third attempt', async () => {
    const crashing = kind();
    const id = await queue(crashing);
    let handled = 0;
    const dying: JobHandler = (job, context) => {
      handled += 1;
      return hangs(job, context);
    };
    // Three processes in turn claim the job and die with it (heartbeat off, handler hung).
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await runner({ [crashing]: dying }, { heartbeatMs: 0 }).start();
      await vi.waitFor(async () => expect(await row(id)).toMatchObject({ state: 'running', attempts: attempt }), {
        timeout: 10_000,
      });
    }
    // A fourth, healthy, process finds the third lease run out: no fourth attempt.
    let healthy = 0;
    await runner({
      [crashing]: async () => {
        healthy += 1;
        return { fileName: 'never.csv', rows: 0 };
      },
    }).start();
    await vi.waitFor(async () => expect((await row(id)).state).toBe('failed'), { timeout: 10_000 });
    expect(await row(id)).toMatchObject({
      attempts: 3,
      error: 'Stopped after 3 attempts: the process running it ended each time',
      lease: null,
    });
    expect(handled).toBe(3);
    expect(healthy).toBe(0);
    const seen = await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: authAs(t.app, owner) });
    expect(seen.json().job).toMatchObject({
      state: 'failed',
      error: 'Stopped after 3 attempts: the process running it ended each time',
      downloadUrl: null,
    });
  });

  it('is done by the next process when one of its attempts ends well', async () => {
    const flaky = kind();
    const id = await queue(flaky);
    await runner({ [flaky]: hangs }, { heartbeatMs: 0 }).start();
    await vi.waitFor(async () => expect(await row(id)).toMatchObject({ state: 'running', attempts: 1 }), {
      timeout: 10_000,
    });
    await runner({ [flaky]: async () => ({ fileName: 'ok.csv', rows: 1 }) }).start();
    await vi.waitFor(async () => expect((await row(id)).state).toBe('done'), { timeout: 10_000 });
    expect(await row(id)).toMatchObject({ attempts: 2, error: null, fileName: 'ok.csv' });
  });
});

/** What the process that lost its lease does once it wakes up. */
const zombieEnds = {
  /** Writes a piece of its file, its progress and its total, then returns as done. */
  'writes, then finishes': async (context: JobContext, refused: unknown[]) => {
    for (const write of [
      () => context.write(Buffer.alloc(CHUNK_BYTES, 'z')),
      () => context.progress(999),
      () => context.total(999),
    ])
      await write().catch((error: unknown) => refused.push(error));
    return { fileName: 'zombie.csv', rows: 999 };
  },
  /** Returns as done at once: its finish is the first write it tries. */
  finishes: async () => ({ fileName: 'zombie.csv', rows: 999 }),
  /** Fails at once: its failure is the first write it tries (it used to delete the new owner's file). */
  fails: async (): Promise<never> => {
    throw new Error('The zombie gave up');
  },
};

describe('a process that lost its lease', () => {
  it.each(Object.keys(zombieEnds) as (keyof typeof zombieEnds)[])(
    'writes nothing when it %s, and the new owner’s progress and file stay whole',
    async (ending) => {
      const contested = kind();
      const id = await queue(contested);
      const gates = { zombie: gate(), owner: gate() };
      const zombieDone = gate();
      const refused: unknown[] = [];
      let zombieContext: JobContext | undefined;
      // The first process stalls (no heartbeat) long enough to lose its lease, then wakes up.
      await runner(
        {
          [contested]: async (_job, context) => {
            zombieContext = context;
            await gates.zombie.promise;
            try {
              return await zombieEnds[ending](context, refused);
            } finally {
              zombieDone.resolve();
            }
          },
        },
        // It ends no lease itself once awake (however slow the new owner's heartbeat on a busy machine).
        { heartbeatMs: 0, staleMs: 600_000 },
      ).start();
      await vi.waitFor(async () => expect(await row(id)).toMatchObject({ state: 'running', attempts: 1 }), {
        timeout: 10_000,
      });

      // The second takes it over, writes a first piece of its file and its progress, and waits.
      const ownerBytes = Buffer.alloc(CHUNK_BYTES, 'o');
      await runner({
        [contested]: async (_job, context) => {
          await context.write(ownerBytes);
          await context.progress(7);
          await gates.owner.promise;
          await context.write(Buffer.from('tail'));
          return { fileName: 'owner.csv', rows: 7 };
        },
      }).start();
      await vi.waitFor(async () => expect(await row(id)).toMatchObject({ attempts: 2, progress: 7 }), {
        timeout: 10_000,
      });
      expect(await chunksOf(id)).toHaveLength(1);

      // The first wakes: each of its writes is refused and its end (done or failed) writes nothing.
      gates.zombie.resolve();
      await zombieDone.promise;
      if (ending === 'writes, then finishes') {
        expect(refused).toHaveLength(3);
        for (const error of refused) expect(error).toBeInstanceOf(JobLeaseLost);
        expect(zombieContext?.signal.aborted).toBe(true);
      }
      // Its runner is done with the job (a zombie's own end runs after its handler's).
      await vi.waitFor(() => expect(zombieContext?.signal.aborted).toBe(true));
      expect(await row(id)).toMatchObject({
        state: 'running',
        attempts: 2,
        progress: 7,
        total: null,
        fileName: null,
        error: 'The process running it ended',
      });
      expect((await chunksOf(id)).map((chunk) => Buffer.from(chunk.bytes).equals(ownerBytes))).toEqual([true]);

      gates.owner.resolve();
      await vi.waitFor(async () => expect((await row(id)).state).toBe('done'), { timeout: 10_000 });
      expect(await row(id)).toMatchObject({ progress: 7, fileName: 'owner.csv', lease: null, error: null });
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/jobs/${id}/file`,
        headers: authAs(t.app, owner),
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(Buffer.concat([ownerBytes, Buffer.from('tail')]))).toBe(true);
    },
  );
});

describe('a job that failed', () => {
  it('waits for its back-off before it is tried again', async () => {
    const failing = kind();
    const id = await queue(failing);
    let calls = 0;
    const backingOff = runner(
      {
        [failing]: async () => {
          calls += 1;
          if (calls === 1) throw new Error('The mail server did not answer');
          return { fileName: 'sent.csv', rows: 1 };
        },
      },
      { retryDelayMs: 3_600_000 },
    );
    await backingOff.runDue();
    const waiting = await row(id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1, error: 'The mail server did not answer' });
    // An hour from the failure (doubled for each further attempt).
    expect(Date.parse(waiting.runAt as string)).toBeGreaterThan(Date.now() + 50 * 60_000);

    // Looking again before then does not take it.
    await backingOff.runDue();
    expect(calls).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 1 });

    // Once due (its time moved back, as the clock would move on), it is tried again.
    await t.db.updateTable('jobs').set({ runAt: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    await backingOff.runDue();
    expect(calls).toBe(2);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2, runAt: null });
  });
});

describe('a scheduled task', () => {
  it('runs each round once when two processes share the database', async () => {
    const name = `tick-${kind()}`;
    const rounds: string[] = [];
    const task = (who: string) => ({
      name,
      everyMs: 3_600_000,
      run: async () => {
        rounds.push(who);
      },
    });
    const first = runner({}, { schedules: [task('first')] });
    const second = runner({}, { schedules: [task('second')] });
    // Their first looks make the schedule, first due an interval later.
    await Promise.all([first.runDue(), second.runDue()]);
    expect(rounds).toEqual([]);
    for (let round = 1; round <= 5; round += 1) {
      await t.db
        .updateTable('jobSchedules')
        .set({ nextRunAt: '2000-01-01T00:00:00.000Z' })
        .where('name', '=', name)
        .execute();
      await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
      expect(rounds).toHaveLength(round);
    }
    const schedule = await t.db
      .selectFrom('jobSchedules')
      .select(['nextRunAt', 'lastRunAt'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(Date.parse(schedule.nextRunAt)).toBeGreaterThan(Date.parse(schedule.lastRunAt as string));
  });
});
