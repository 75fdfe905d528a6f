import type { UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Db } from '../db/create-db.js';
import { isPostgres } from '../db/dialect.js';
import { redactedText } from '../db/erasure.js';
import type { Database } from '../db/schema.js';
import { likeContains } from '../db/search-text.js';
import { runTransaction } from '../db/transactions.js';

/**
 * Every SQL statement on background jobs, their files and the scheduled tasks' rounds
 * (decisions 0110, 0116). Times UTC ISO 8601. A job is claimed by one process: on
 * PostgreSQL the claim locks the row it takes and skips rows other processes hold (`for
 * update skip locked`); SQLite has one writer. The claim sets a lease (an owner token),
 * and every later write of the claimant names it and writes nothing once it no longer
 * holds the job (`heldBy`); each answers whether it wrote.
 */

export const jobColumns = [
  'id',
  'kind',
  'ownerUserId',
  'params',
  'state',
  'progress',
  'attempts',
  'fileName',
  'fileBytes',
  'error',
  'createdAt',
  'startedAt',
  'heartbeatAt',
  'finishedAt',
  'expiresAt',
  'total',
  'summary',
] as const;

/** Queues a job; answers its row. */
export function insertJob(
  db: Db,
  job: { kind: string; ownerUserId: number; params: string; now: string; total?: number; input?: Buffer },
) {
  return db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      ownerUserId: job.ownerUserId,
      params: job.params,
      createdAt: job.now,
      total: job.total ?? null,
      input: job.input ?? null,
    })
    .returning(jobColumns)
    .executeTakeFirstOrThrow();
}

export type JobRow = Awaited<ReturnType<typeof insertJob>>;

/** The file a job reads (an import's CSV), or null. */
export async function findJobInput(db: Db, id: number): Promise<Buffer | null> {
  const row = await db.selectFrom('jobs').select('input').where('id', '=', id).executeTakeFirst();
  return row?.input ? Buffer.from(row.input) : null;
}

/** One job, or undefined. */
export function findJob(db: Db, id: number) {
  return db.selectFrom('jobs').select(jobColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the oldest job waiting and due (`run_at` null or not after `now`), marking it
 * running under `lease` and counting the attempt now, at the claim, so a job whose
 * process dies is counted too; undefined when there is none. Pieces of its file an
 * earlier attempt left go. Call it inside a transaction.
 */
export async function claimJob(trx: Db, now: string, lease: string): Promise<JobRow | undefined> {
  const candidate = await trx
    .selectFrom('jobs')
    .select('id')
    .where('state', '=', 'queued')
    .where((eb) => eb.or([eb('runAt', 'is', null), eb('runAt', '<=', now)]))
    .orderBy('id')
    .limit(1)
    .$if(isPostgres(trx), (q) => q.forUpdate().skipLocked())
    .executeTakeFirst();
  if (!candidate) return undefined;
  await trx.deleteFrom('jobFileChunks').where('jobId', '=', candidate.id).execute();
  return trx
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      lease,
      runAt: null,
      startedAt: now,
      heartbeatAt: now,
      progress: 0,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', candidate.id)
    .returning(jobColumns)
    .executeTakeFirstOrThrow();
}

/**
 * Running jobs whose heartbeat is older than `staleBefore`: their process died (or lost
 * touch with the database). Call it inside a transaction; on PostgreSQL the rows are
 * locked, skipping those another process is ending at the same time.
 */
export function findStaleJobs(trx: Db, staleBefore: string, limit: number) {
  return trx
    .selectFrom('jobs')
    .select(['id', 'attempts', 'error'])
    .where('state', '=', 'running')
    .where('heartbeatAt', '<', staleBefore)
    .orderBy('id')
    .limit(limit)
    .$if(isPostgres(trx), (q) => q.forUpdate().skipLocked())
    .execute();
}

/**
 * Ends a job's lease whoever holds it (its process died): back to waiting until `retryAt`,
 * or, when `retryAt` is null, failed with `error`. Its file's pieces go either way.
 */
export async function endStaleJob(trx: Db, id: number, error: string, retryAt: string | null, now: string) {
  await trx.deleteFrom('jobFileChunks').where('jobId', '=', id).execute();
  await trx
    .updateTable('jobs')
    .set(
      retryAt === null
        ? { state: 'failed', lease: null, error, finishedAt: now }
        : { state: 'queued', lease: null, error, runAt: retryAt },
    )
    .where('id', '=', id)
    .where('state', '=', 'running')
    .execute();
}

/** Narrows an update to job `id` while `lease` holds it and it runs: the job is still the caller's to write. */
function heldBy(id: number, lease: string) {
  return (query: JobUpdate) => query.where('id', '=', id).where('lease', '=', lease).where('state', '=', 'running');
}

type JobUpdate = UpdateQueryBuilder<Database, 'jobs', 'jobs', UpdateResult>;

/** True when an update under a lease wrote its one row. */
const wrote = (result: UpdateResult) => Number(result.numUpdatedRows) === 1;

/**
 * A running job's progress (rows) and heartbeat, if `lease` still holds it.
 * @returns false when the job is no longer this lease's (taken over, or ended): nothing written.
 */
export async function reportProgress(db: Db, id: number, lease: string, progress: number, now: string) {
  const result = await db
    .updateTable('jobs')
    .set({ progress, heartbeatAt: now })
    .$call(heldBy(id, lease))
    .executeTakeFirst();
  return wrote(result);
}

/** A running job's heartbeat alone; false (nothing written) when `lease` no longer holds it. */
export async function beat(db: Db, id: number, lease: string, now: string) {
  const result = await db.updateTable('jobs').set({ heartbeatAt: now }).$call(heldBy(id, lease)).executeTakeFirst();
  return wrote(result);
}

/** How many rows a job will go through; false (nothing written) when `lease` no longer holds it. */
export async function setJobTotal(db: Db, id: number, lease: string, total: number) {
  const result = await db.updateTable('jobs').set({ total }).$call(heldBy(id, lease)).executeTakeFirst();
  return wrote(result);
}

/**
 * Appends a piece of the job's file if `lease` still holds it, in one transaction that
 * first touches the job's row under the lease (a heartbeat): on PostgreSQL that row stays
 * locked until the piece is in, so a claim cannot take the job over (and clear its
 * pieces) half way; SQLite has one writer.
 * @returns false when the job is no longer this lease's: no piece written.
 */
export async function insertChunk(db: Db, jobId: number, lease: string, seq: number, bytes: Buffer, now: string) {
  return runTransaction(db, async (trx) => {
    if (!(await beat(trx, jobId, lease, now))) return false;
    await trx.insertInto('jobFileChunks').values({ jobId, seq, bytes }).execute();
    return true;
  });
}

/**
 * Marks a job done with its file, kept until `expiresAt`, if `lease` still holds it.
 * @returns false when the job is no longer this lease's: nothing written.
 */
export async function finishJob(
  db: Db,
  id: number,
  lease: string,
  file: { name: string; bytes: number; rows: number; summary?: Record<string, number> },
  now: string,
  expiresAt: string,
) {
  const result = await db
    .updateTable('jobs')
    .set({
      state: 'done',
      lease: null,
      error: null,
      fileName: file.name,
      fileBytes: file.bytes,
      progress: file.rows,
      summary: file.summary ? JSON.stringify(file.summary) : null,
      finishedAt: now,
      heartbeatAt: now,
      expiresAt,
    })
    .$call(heldBy(id, lease))
    .executeTakeFirst();
  return wrote(result);
}

/**
 * Gives a job back to waiting, its attempt uncounted, if `lease` still holds it: its
 * process is stopping (not dying), so another starts it again at once. Its file's pieces
 * go in the same transaction.
 * @returns false when the job is no longer this lease's: nothing written.
 */
export async function releaseJob(db: Db, id: number, lease: string) {
  return runTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('jobs')
      .set((eb) => ({ state: 'queued', lease: null, runAt: null, progress: 0, attempts: eb('attempts', '-', 1) }))
      .$call(heldBy(id, lease))
      .executeTakeFirst();
    if (!wrote(result)) return false;
    await trx.deleteFrom('jobFileChunks').where('jobId', '=', id).execute();
    return true;
  });
}

/**
 * Marks a job failed with its reason, or, with `retryAt`, back to waiting until then
 * (back-off), if `lease` still holds it; its file's pieces go in the same transaction.
 * @returns false when the job is no longer this lease's: nothing written, and the new
 *   owner's pieces stay.
 */
export async function failJob(db: Db, id: number, lease: string, error: string, retryAt: string | null, now: string) {
  return runTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('jobs')
      .set(
        retryAt === null
          ? { state: 'failed', lease: null, error, finishedAt: now }
          : { state: 'queued', lease: null, error, runAt: retryAt },
      )
      .$call(heldBy(id, lease))
      .executeTakeFirst();
    if (!wrote(result)) return false;
    await trx.deleteFrom('jobFileChunks').where('jobId', '=', id).execute();
    return true;
  });
}

/** The pieces of a job's file, in order, `limit` at a time after `afterSeq`. */
export function findChunks(db: Db, jobId: number, afterSeq: number, limit: number) {
  return db
    .selectFrom('jobFileChunks')
    .select(['seq', 'bytes'])
    .where('jobId', '=', jobId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** Deletes the jobs whose files expired before `now` (their pieces go with them). */
export async function deleteExpiredJobs(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('expiresAt', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The jobs whose files an erasure must look through (issue 33, decision 0120): finished
 * (their file is kept until the clean-up deletes the job, a while after it expired), or
 * holding the file they read (`input`).
 */
export function findJobsKeepingFiles(db: Db) {
  return db
    .selectFrom('jobs')
    .select(['id', 'state', (eb) => eb('input', 'is not', null).as('hasInput')])
    .where((eb) => eb.or([eb('state', '=', 'done'), eb('input', 'is not', null)]))
    .orderBy('id')
    .execute();
}

/** Deletes a finished job's file now: its pieces go, and it reads as expired from `now` (UTC) if not before. */
export async function forgetJobFile(db: Db, id: number, now: string): Promise<void> {
  await db.deleteFrom('jobFileChunks').where('jobId', '=', id).execute();
  await db.updateTable('jobs').set({ expiresAt: now }).where('id', '=', id).where('expiresAt', '>', now).execute();
}

/** Deletes the file a job read (its `input`). */
export async function forgetJobInput(db: Db, id: number): Promise<void> {
  await db.updateTable('jobs').set({ input: null }).where('id', '=', id).execute();
}

/** Replaces `needles` by `replacement` in every job's parameters (JSON: an export's search can be an e-mail). */
export async function redactJobParams(db: Db, needles: readonly string[], replacement: string): Promise<void> {
  if (needles.length === 0) return;
  await db
    .updateTable('jobs')
    .set((row) => ({ params: redactedText(row.ref('params'), needles, replacement) }))
    .where((row) => row.or(needles.map((needle) => likeContains(isPostgres(db), row.ref('params'), needle))))
    .execute();
}

/** Makes the schedule row of task `name`, first due at `firstAt`, unless it exists. */
export async function ensureSchedule(db: Db, name: string, firstAt: string, now: string): Promise<void> {
  await db
    .insertInto('jobSchedules')
    .values({ name, nextRunAt: firstAt, lastRunAt: null, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Takes task `name`'s round due at or before `now`, moving its next round to `nextAt`: a
 * compare and set on its row, so of several processes looking at once exactly one gets
 * true (on PostgreSQL the others wait for its commit, then find the round no longer due).
 */
export async function takeScheduledRound(db: Db, name: string, now: string, nextAt: string): Promise<boolean> {
  const result = await db
    .updateTable('jobSchedules')
    .set({ nextRunAt: nextAt, lastRunAt: now, updatedAt: now })
    .where('name', '=', name)
    .where('nextRunAt', '<=', now)
    .executeTakeFirst();
  return wrote(result);
}
