import { EXPORT_AT_ONCE_ROWS, jobMessages } from '@haat/contract';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { settledJob } from '../../test/jobs.js';
import { buildSiblingApp, createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 26 (decision 0110): an export past `EXPORT_AT_ONCE_ROWS` rows runs as a job on
 * any one API process, says how far it got, survives a process that died, tells its
 * owner when it is ready, and keeps its file a day, for its owner only.
 */

let t: TestApp;
let admin: FixtureUser;
let otherAdmin: FixtureUser;
let vendor: FixtureUser;

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_MS: '50', JOB_RETRY_DELAY_MS: '0' });
  admin = await createAdmin(t.db);
  otherAdmin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
});
afterAll(() => t.close());

function get(url: string, as: FixtureUser, app: FastifyInstance = t.app) {
  return app.inject({ method: 'GET', url, headers: authAs(app, as) });
}

/** Inserts `count` contact messages whose text holds `tag`. */
async function contacts(tag: string, count: number) {
  const at = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Sender ${i}`,
    email: `sender${i}@example.test`,
    phone: null,
    message: `${tag} message ${i}`,
    createdAt: at,
    updatedAt: at,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await t.db
      .insertInto('contacts')
      .values(rows.slice(i, i + 1000))
      .execute();
}

/** Waits until the job leaves queued and running; answers it. */
const settled = (id: string, as: FixtureUser = admin) => settledJob(t.app, id, as);

describe('an export past the rows answered at once', () => {
  it('answers 202 with a job, which writes every row into a file its owner downloads', async () => {
    const tag = `job${Date.now().toString(36)}`;
    await contacts(tag, EXPORT_AT_ONCE_ROWS + 5);
    const res = await get(`/api/contacts/export?search=${tag}`, admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(202);
    const started = res.json();
    expect(started).toMatchObject({ success: true, message: jobMessages.preparing, job: { kind: 'export' } });
    expect(['queued', 'running']).toContain(started.job.state);

    const job = await settled(started.job._id);
    expect(job).toMatchObject({ state: 'done', progress: EXPORT_AT_ONCE_ROWS + 5, error: null });
    expect(job.fileName).toMatch(/^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(job.downloadUrl).toBe(`/api/jobs/${started.job._id}/file`);
    expect(Date.parse(job.expiresAt as string) - Date.parse(job.finishedAt as string)).toBe(24 * 60 * 60 * 1000);

    const file = await get(job.downloadUrl as string, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${job.fileName}"`);
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parse(file.body.slice(1)) as string[][];
    expect(header).toEqual(['ID', 'Received', 'Name', 'Email', 'Phone', 'Message']);
    expect(rows).toHaveLength(EXPORT_AT_ONCE_ROWS + 5);
    expect(new Set(rows.map((row) => row[0])).size).toBe(EXPORT_AT_ONCE_ROWS + 5);

    // Its owner hears of it, with the export's page as the link.
    const notice = await t.db
      .selectFrom('notifications')
      .select(['kind', 'link', 'subjectType'])
      .where('userId', '=', admin.id)
      .where('subjectId', '=', Number(job._id))
      .where('subjectType', '=', 'job')
      .execute();
    expect(notice).toEqual([{ kind: 'export_ready', link: `/admin/exports/${job._id}`, subjectType: 'job' }]);

    // Nobody else sees the job or its file, admins included.
    for (const other of [otherAdmin, vendor]) {
      expect((await get(`/api/jobs/${job._id}`, other)).statusCode).toBe(404);
      expect((await get(`/api/jobs/${job._id}/file`, other)).statusCode).toBe(404);
    }
  });

  it('answers exactly EXPORT_AT_ONCE_ROWS rows at once, without a job', async () => {
    const tag = `edge${Date.now().toString(36)}`;
    await contacts(tag, EXPORT_AT_ONCE_ROWS);
    const res = await get(`/api/contacts/export?search=${tag}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.slice(1).trimEnd().split('\r\n')).toHaveLength(EXPORT_AT_ONCE_ROWS + 1);
  });
});

describe('the job runner', () => {
  /** Inserts a job row as a process would have left it. */
  async function job(values: {
    kind?: string;
    state?: 'queued' | 'running';
    heartbeatAt?: string | null;
    params?: string;
  }) {
    const row = await t.db
      .insertInto('jobs')
      .values({
        kind: values.kind ?? 'export',
        ownerUserId: admin.id,
        params: values.params ?? JSON.stringify({ exporter: 'contact-messages', query: {}, actor: admin }),
        state: values.state ?? 'queued',
        heartbeatAt: values.heartbeatAt ?? null,
        createdAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    t.app.jobs.kick();
    return String(row.id);
  }

  it('takes up again a job whose process died (its heartbeat stopped), and leaves one whose process lives', async () => {
    const orphan = await job({ state: 'running', heartbeatAt: '2026-01-01T00:00:00.000Z' });
    expect(await settled(orphan)).toMatchObject({ state: 'done' });
    const alive = await job({ state: 'running', heartbeatAt: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await get(`/api/jobs/${alive}`, admin)).json().job.state).toBe('running');
    await t.db.deleteFrom('jobs').where('id', '=', Number(alive)).execute();
  });

  it('marks a job failed with its reason after its last try, and its file is never offered', async () => {
    const broken = await job({ params: JSON.stringify({ exporter: 'no-such-export', query: {}, actor: admin }) });
    const failed = await settled(broken);
    expect(failed).toMatchObject({ state: 'failed', error: 'No export named no-such-export', downloadUrl: null });
    const attempts = await t.db
      .selectFrom('jobs')
      .select('attempts')
      .where('id', '=', Number(broken))
      .executeTakeFirst();
    expect(attempts?.attempts).toBe(3);
    const file = await get(`/api/jobs/${broken}/file`, admin);
    expect(file.statusCode).toBe(404);
    expect(file.json().message).toBe(jobMessages.fileGone);
  });

  it('sweeps a job whose file expired', async () => {
    const done = await settled(await job({}));
    await t.db
      .updateTable('jobs')
      .set({ expiresAt: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', Number(done._id))
      .execute();
    expect((await get(`/api/jobs/${done._id}/file`, admin)).statusCode).toBe(404);
    t.app.jobs.kick();
    for (let i = 0; i < 100 && (await get(`/api/jobs/${done._id}`, admin)).statusCode === 200; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await get(`/api/jobs/${done._id}`, admin)).statusCode).toBe(404);
    const chunks = await t.db.selectFrom('jobFileChunks').select('seq').where('jobId', '=', Number(done._id)).execute();
    expect(chunks).toEqual([]);
  });

  it('runs each job once when two processes share the database', async () => {
    const sibling = await buildSiblingApp(t);
    try {
      const ids = await Promise.all(Array.from({ length: 6 }, () => job({})));
      sibling.jobs.kick();
      for (const id of ids) expect(await settled(id)).toMatchObject({ state: 'done' });
      const rows = await t.db
        .selectFrom('jobs')
        .select('attempts')
        .where(
          'id',
          'in',
          ids.map((id) => Number(id)),
        )
        .execute();
      expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      await sibling.close();
    }
  });

  it('answers 400 for a bad id and 401 without a token', async () => {
    expect((await get('/api/jobs/1099511627776', admin)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs/1' })).statusCode).toBe(401);
  });
});

describe('a process that stops', () => {
  it('stops its job at the next step and gives it back to waiting, its attempt uncounted, not failed', async () => {
    const other = await createTestApp({ JOB_POLL_MS: '600000' });
    try {
      await other.app.jobs.stop();
      const owner = await createAdmin(other.db);
      let steps = 0;
      const runner = new JobRunner(
        other.db,
        {
          slow: async (_job, context) => {
            for (;;) {
              steps += 1;
              await context.progress(steps);
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
          },
        },
        { pollMs: 600_000, staleMs: 120_000, keepMs: 60_000 },
        other.app.log,
      );
      const row = await other.db
        .insertInto('jobs')
        .values({ kind: 'slow', ownerUserId: owner.id, params: '{}', createdAt: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      runner.start();
      await vi.waitFor(() => expect(steps).toBeGreaterThan(2), { timeout: 5000 });
      const stopping = Date.now();
      await runner.stop();
      expect(Date.now() - stopping).toBeLessThan(1000);
      const left = await other.db
        .selectFrom('jobs')
        .select(['state', 'attempts', 'error'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(left).toEqual({ state: 'queued', attempts: 0, error: null });
    } finally {
      await other.close();
    }
  });
});
