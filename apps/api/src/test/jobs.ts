import type { Job } from '@haat/contract';
import type { FastifyInstance } from 'fastify';
import { authAs, type FixtureUser } from './fixtures.js';

/**
 * Waits until a background job leaves queued and running, asking `GET /api/jobs/{id}` as
 * its owner `as` every `everyMs`; answers the job.
 * @throws Error when it has not finished within `timeoutMs`.
 */
export async function settledJob(
  app: FastifyInstance,
  id: string,
  as: FixtureUser,
  { timeoutMs = 10_000, everyMs = 25 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = (await app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: authAs(app, as) })).json()
      .job as Job;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > until) throw new Error(`job ${id} did not finish in ${timeoutMs} ms: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Runs scheduled task `name`'s round now in `app`'s job runner, as it would once due: a
 * first pass makes sure the task's schedule exists, the round is made due, and a second
 * pass takes it (or waits for the pass that already did). Resolves when the round is done.
 */
export async function runScheduledRound(app: FastifyInstance, name: string): Promise<void> {
  await app.jobs.runDue();
  await app.db
    .updateTable('jobSchedules')
    .set({ nextRunAt: '2000-01-01T00:00:00.000Z' })
    .where('name', '=', name)
    .execute();
  await app.jobs.runDue();
}
