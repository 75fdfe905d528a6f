import type { Db } from '../db/create-db.js';
import { isPostgres } from '../db/dialect.js';
import { redactedText } from '../db/erasure.js';
import { likeContains } from '../db/search-text.js';

/**
 * Every SQL statement on background jobs and their files (decision 0110). Times UTC ISO
 * 8601. A job is claimed by one process: on PostgreSQL the claim locks the row it takes
 * and skips rows other processes hold (`for update skip locked`); SQLite has one writer.
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

/** Records how many rows a job will go through. */
export async function setJobTotal(db: Db, id: number, total: number): Promise<void> {
  await db.updateTable('jobs').set({ total }).where('id', '=', id).execute();
}

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
 * Takes the oldest job waiting, or running with a heartbeat older than `staleBefore`
 * (its process died), marking it running now; undefined when there is none. Call it
 * inside a transaction.
 */
export async function claimJob(trx: Db, now: string, staleBefore: string): Promise<JobRow | undefined> {
  const candidate = await trx
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('heartbeatAt', '<', staleBefore)])]),
    )
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
      startedAt: now,
      heartbeatAt: now,
      progress: 0,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', candidate.id)
    .returning(jobColumns)
    .executeTakeFirstOrThrow();
}

/** A running job's progress (rows) and heartbeat. */
export async function reportProgress(db: Db, id: number, progress: number, now: string): Promise<void> {
  await db.updateTable('jobs').set({ progress, heartbeatAt: now }).where('id', '=', id).execute();
}

/** Appends a piece of the job's file. */
export async function insertChunk(db: Db, jobId: number, seq: number, bytes: Buffer): Promise<void> {
  await db.insertInto('jobFileChunks').values({ jobId, seq, bytes }).execute();
}

/** Marks a job done with its file, kept until `expiresAt`. */
export async function finishJob(
  db: Db,
  id: number,
  file: { name: string; bytes: number; rows: number; summary?: Record<string, number> },
  now: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: 'done',
      fileName: file.name,
      fileBytes: file.bytes,
      progress: file.rows,
      summary: file.summary ? JSON.stringify(file.summary) : null,
      finishedAt: now,
      heartbeatAt: now,
      expiresAt,
    })
    .where('id', '=', id)
    .execute();
}

/** Marks a job failed with its reason, or back to waiting for another attempt. */
export async function failJob(db: Db, id: number, error: string, retry: boolean, now: string): Promise<void> {
  await db.deleteFrom('jobFileChunks').where('jobId', '=', id).execute();
  await db
    .updateTable('jobs')
    .set(retry ? { state: 'queued', error } : { state: 'failed', error, finishedAt: now })
    .where('id', '=', id)
    .execute();
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
