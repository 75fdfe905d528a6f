import { Readable } from 'node:stream';
import { type Job, jobMessages } from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { notFound } from '../../platform/errors.js';
import { toJob } from '../../platform/jobs/job-wire.js';
import { findChunks, findJob, type JobRow } from '../../platform/jobs/jobs.repository.js';

/**
 * A user's background jobs (issue 26; decision 0110): their state and progress, and the
 * file a finished export made, kept a day. A job is its owner's: anyone else, admins
 * included, is answered 404, so ids are not confirmed.
 */

/** Pieces of a file read at once while it is sent (about 8 MiB). */
const CHUNKS_PER_READ = 8;

async function ownJob(db: Db, actor: Actor, id: number): Promise<JobRow> {
  const job = await findJob(db, id);
  if (!job || job.ownerUserId !== actor.userId) throw notFound(jobMessages.notFound);
  return job;
}

/**
 * `GET /api/jobs/{id}`: the caller's job as the wire's job (times UTC).
 * @throws AppError NOT_FOUND (404) `jobMessages.notFound` (none, or another's).
 */
export async function getJob(db: Db, actor: Actor, id: number): Promise<Job> {
  return toJob(await ownJob(db, actor, id));
}

/**
 * `GET /api/jobs/{id}/file`: the file of the caller's finished job, while it is kept:
 * its name and its bytes as a stream read from the database a few pieces at a time.
 * @throws AppError NOT_FOUND (404) `jobMessages.notFound`; `jobMessages.fileGone` before
 *   it is done or after it expired.
 */
export async function jobFile(db: Db, actor: Actor, id: number): Promise<{ name: string; body: Readable }> {
  const job = await ownJob(db, actor, id);
  if (!toJob(job).downloadUrl || !job.fileName) throw notFound(jobMessages.fileGone);
  async function* pieces() {
    let after = 0;
    for (;;) {
      const chunks = await findChunks(db, id, after, CHUNKS_PER_READ);
      for (const chunk of chunks) yield Buffer.from(chunk.bytes);
      if (chunks.length < CHUNKS_PER_READ) return;
      after = chunks[chunks.length - 1]?.seq ?? after;
    }
  }
  return { name: job.fileName, body: Readable.from(pieces()) };
}
