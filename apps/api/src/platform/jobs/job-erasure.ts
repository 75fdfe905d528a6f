import type { Db } from '../db/create-db.js';
import { jsonNeedles } from '../db/erasure.js';
import {
  findChunks,
  findJobInput,
  findJobsKeepingFiles,
  forgetJobFile,
  forgetJobInput,
  redactJobParams,
} from './jobs.repository.js';

/**
 * An erasure's part in the background jobs (issue 33, decision 0120): a file made
 * before the erasure (an orders export kept a day) still holds the person, and a job's
 * parameters can (an export searched by their e-mail). The files are looked through
 * piece by piece; one that holds any of the person's texts is deleted at once (its job
 * reads as expired: its owner exports again and gets the file without them). A job's
 * own input (an import's CSV) that holds them is deleted once the job has finished.
 */

/** Pieces of a file read at once while it is looked through (about 8 MiB). */
const CHUNKS_PER_READ = 8;

/** The byte forms a text takes in a file: as it is, and inside a quoted CSV field (`"` doubled). */
function byteNeedles(needles: readonly string[]): Buffer[] {
  const forms = new Set<string>();
  for (const needle of needles) {
    forms.add(needle);
    forms.add(needle.replaceAll('"', '""'));
  }
  return [...forms].map((form) => Buffer.from(form, 'utf8'));
}

/** True when `bytes` holds one of `needles`. */
const holdsAny = (bytes: Buffer, needles: readonly Buffer[]) => needles.some((needle) => bytes.includes(needle));

/**
 * True when the file of job `jobId` holds one of `needles`: read a few pieces at a time,
 * each looked at with the end of the one before, so a text split between two pieces is
 * found too.
 */
async function jobFileHolds(db: Db, jobId: number, needles: readonly Buffer[]): Promise<boolean> {
  const overlap = Math.max(0, ...needles.map((needle) => needle.length - 1));
  let carried = Buffer.alloc(0);
  let after = 0;
  for (;;) {
    const chunks = await findChunks(db, jobId, after, CHUNKS_PER_READ);
    for (const chunk of chunks) {
      const bytes = Buffer.concat([carried, Buffer.from(chunk.bytes)]);
      if (holdsAny(bytes, needles)) return true;
      carried = bytes.subarray(Math.max(0, bytes.length - overlap));
    }
    if (chunks.length < CHUNKS_PER_READ) return false;
    after = chunks[chunks.length - 1]?.seq ?? after;
  }
}

/**
 * Deletes every finished job's file and input holding one of the person's
 * texts (`needles`), and replaces those texts by `replacement` in every job's
 * parameters. A job still running when the erasure commits may have read the person
 * before it and write them after (decision 0120's limits).
 * @param trx the erasure's transaction. `now` UTC.
 * @returns the ids of the jobs whose file or input was deleted.
 */
export async function eraseFromJobFiles(
  trx: Db,
  needles: readonly string[],
  replacement: string,
  now: string,
): Promise<number[]> {
  if (needles.length === 0) return [];
  const bytes = byteNeedles(needles);
  const erased: number[] = [];
  for (const job of await findJobsKeepingFiles(trx)) {
    let touched = false;
    if (job.state === 'done' && (await jobFileHolds(trx, job.id, bytes))) {
      await forgetJobFile(trx, job.id, now);
      touched = true;
    }
    if (job.hasInput && (job.state === 'done' || job.state === 'failed')) {
      const input = await findJobInput(trx, job.id);
      if (input && holdsAny(input, bytes)) {
        await forgetJobInput(trx, job.id);
        touched = true;
      }
    }
    if (touched) erased.push(job.id);
  }
  await redactJobParams(trx, jsonNeedles(needles), replacement);
  return erased;
}
