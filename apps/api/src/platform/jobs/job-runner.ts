import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/create-db.js';
import { runTransaction } from '../db/transactions.js';
import {
  claimJob,
  deleteExpiredJobs,
  failJob,
  finishJob,
  insertChunk,
  type JobRow,
  reportProgress,
  setJobTotal,
} from './jobs.repository.js';

/**
 * Background jobs behind one interface on both databases (issue 26; decision 0110). Each
 * API process runs one `JobRunner`: it takes the oldest waiting job from the `jobs`
 * table (on PostgreSQL with `for update skip locked`, so of several processes sharing a
 * database exactly one takes each job), runs its kind's handler, and records its
 * progress and a heartbeat as it goes. A job whose process died (its heartbeat older
 * than `staleMs`) is taken up again from the start, at most `MAX_ATTEMPTS` times, so jobs
 * survive a restart. The file a job makes is stored in the database in pieces, so any
 * process serves it; expired jobs and their files are swept as the runner polls.
 */

/** Tries a job gets before it is marked failed. */
export const MAX_ATTEMPTS = 3;

/** What a handler is given to write its file and say how far it got. */
export interface JobContext {
  db: Db;
  /** Appends bytes to the job's file (stored in pieces of about `CHUNK_BYTES`). */
  write(bytes: Buffer): Promise<void>;
  /** Rows done so far; records the heartbeat too. */
  progress(rows: number): Promise<void>;
  /** How many rows the job will go through, once it knows (the screen shows "120 of 747"). */
  total(rows: number): Promise<void>;
}

/**
 * A kind of job: runs it, writing its file through `context`; answers the file's name,
 * the rows it went through and, optionally, a summary of what it did (counts by outcome).
 */
export type JobHandler = (
  job: JobRow,
  context: JobContext,
) => Promise<{ fileName: string; rows: number; summary?: Record<string, number> }>;

/** Called when a job is done (the bell), in no transaction, with the summary its handler gave. */
export type JobDone = (job: JobRow, now: string, summary: Record<string, number> | undefined) => Promise<void>;

/**
 * Thrown into a job when its process stops: the job is left running, its heartbeat goes
 * stale, and another process (or this one, started again) takes it up from the start.
 */
class JobInterrupted extends Error {}

/** Bytes per stored piece of a job's file. */
export const CHUNK_BYTES = 1024 * 1024;

export interface JobRunnerOptions {
  /** How often an idle runner looks for work, ms. */
  pollMs: number;
  /** A running job whose heartbeat is older than this is taken up again, ms. */
  staleMs: number;
  /** How long a finished job's file is kept, ms. */
  keepMs: number;
}

export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: JobRunnerOptions,
    private readonly log: FastifyBaseLogger,
    private readonly onDone: JobDone = async () => undefined,
  ) {}

  /** Starts polling. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for work now (a job was just queued in this process). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Stops polling and waits for the job under way to reach its next step, where it stops
   * too (left for another process: `JobInterrupted`), so a shutdown does not wait for a
   * whole export.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.work().finally(() => {
        this.running = null;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : this.options.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** Runs waiting jobs one after another until there are none, then sweeps expired files. */
  private async work(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) return;
        const now = new Date();
        const staleBefore = new Date(now.getTime() - this.options.staleMs).toISOString();
        const job = await runTransaction(this.db, (trx) => claimJob(trx, now.toISOString(), staleBefore));
        if (!job) break;
        await this.run(job);
      }
      await deleteExpiredJobs(this.db, new Date().toISOString());
    } catch (error) {
      if (!this.stopped) this.log.error({ err: error }, 'The job runner could not look for work');
    }
  }

  private async run(job: JobRow): Promise<void> {
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let bytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      await insertChunk(this.db, job.id, ++seq, Buffer.concat(pending));
      pending = [];
      pendingBytes = 0;
    };
    const context: JobContext = {
      db: this.db,
      write: async (chunk) => {
        pending.push(chunk);
        pendingBytes += chunk.length;
        bytes += chunk.length;
        if (pendingBytes >= CHUNK_BYTES) await flush();
      },
      total: (rows) => setJobTotal(this.db, job.id, rows),
      progress: async (rows) => {
        if (this.stopped) throw new JobInterrupted(`Job ${job.id} left for another process`);
        await reportProgress(this.db, job.id, rows, new Date().toISOString());
      },
    };
    try {
      const handler = this.handlers[job.kind];
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      const file = await handler(job, context);
      await flush();
      const now = new Date();
      await finishJob(
        this.db,
        job.id,
        { name: file.fileName, bytes, rows: file.rows, summary: file.summary },
        now.toISOString(),
        new Date(now.getTime() + this.options.keepMs).toISOString(),
      );
      await this.onDone(job, now.toISOString(), file.summary);
    } catch (error) {
      if (error instanceof JobInterrupted) return;
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, jobId: job.id }, 'A job failed');
      await failJob(this.db, job.id, message, job.attempts < MAX_ATTEMPTS, new Date().toISOString());
    }
  }
}
