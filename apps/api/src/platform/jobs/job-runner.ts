import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/create-db.js';
import { runTransaction } from '../db/transactions.js';
import type { JobWakeups } from './job-wakeups.js';
import {
  beat,
  claimJob,
  deleteExpiredJobs,
  endStaleJob,
  ensureSchedule,
  failJob,
  findStaleJobs,
  finishJob,
  insertChunk,
  insertJob,
  type JobRow,
  releaseJob,
  reportProgress,
  setJobTotal,
  takeScheduledRound,
} from './jobs.repository.js';

/**
 * Background jobs behind one queue on both databases (issues 26 and 32; decisions 0110,
 * 0116), with the semantics of pg-boss and graphile-worker:
 * - **Claim with a lease.** Each API process runs one `JobRunner`. It takes the oldest
 *   waiting job that is due (on PostgreSQL with `for update skip locked`, so of several
 *   processes exactly one takes each job), under an owner token of its own (the lease),
 *   and counts the attempt then.
 * - **Every write names the lease.** Progress, the heartbeat, a piece of the file, done
 *   and failed are written only while the lease holds the job. A runner whose lease was
 *   ended (it stopped beating and another process took the job over) is refused its next
 *   write: its handler is stopped there (`JobLeaseLost`, and `context.signal` aborts),
 *   and it writes nothing more, so the new owner's progress and file stay whole.
 * - **A process that dies** leaves its job running with a heartbeat that stops. Once the
 *   heartbeat is older than `staleMs`, any runner ends that lease: the job waits for
 *   another attempt or, after `maxAttempts` attempts, fails saying so.
 * - **Back-off.** A job to try again (its handler threw, or its process died) waits until
 *   `run_at`: `retryDelayMs`, doubled with each attempt made.
 * - **Wake-ups.** A job queued in this process starts at once (`kick`); on PostgreSQL a
 *   job queued in any process wakes every idle runner (`wakeups`, LISTEN/NOTIFY). Idle
 *   runners also look every `pollMs`.
 * - **Scheduled tasks** (the clean-up, the release of held earnings) run every `everyMs`,
 *   each round by one runner however many share the database (`takeScheduledRound`).
 */

/** Attempts a job gets by default before it is marked failed. */
export const MAX_ATTEMPTS = 3;

/** The error a job waiting for another attempt keeps after its process died. */
export const PROCESS_ENDED = 'The process running it ended';

/** The error of a job whose process died on its last attempt. */
export function stoppedAfter(attempts: number, lastError: string | null): string {
  return lastError === null || lastError === PROCESS_ENDED
    ? `Stopped after ${attempts} attempts: the process running it ended each time`
    : `Stopped after ${attempts} attempts: the process running it ended (before that: ${lastError})`;
}

/** What a handler is given to write its file and say how far it got. */
export interface JobContext {
  db: Db;
  /** Appends bytes to the job's file (stored in pieces of about `CHUNK_BYTES`). */
  write(bytes: Buffer): Promise<void>;
  /** Rows done so far; records the heartbeat too. */
  progress(rows: number): Promise<void>;
  /** How many rows the job will go through, once it knows (the screen shows "120 of 747"). */
  total(rows: number): Promise<void>;
  /**
   * Aborted when the job is no longer this runner's to run: its lease was taken over, or
   * the process is stopping. Every write above then throws; a handler that waits on
   * something else may listen to it to stop sooner.
   */
  signal: AbortSignal;
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

/** A periodic task: run by one runner every `everyMs` (0: never) across all processes. */
export interface ScheduledTask {
  /** Its row in `job_schedules` (`cleanup`, `release-held-earnings`). */
  name: string;
  everyMs: number;
  /** One round. It must be repeatable: a round cut short (its process died) is done again by the next. */
  run(now: Date): Promise<unknown>;
}

/** A job to queue: its kind, its owner, its parameters (JSON) and optionally its total and input file. */
export type NewJob = Omit<Parameters<typeof insertJob>[1], 'now'>;

/**
 * The queue the API uses (decision 0116): queue a job, wake the runner, start and stop
 * it, and run what is due now.
 */
export interface JobQueue {
  /** Queues a job and wakes a runner; answers its row. */
  enqueue(job: NewJob): Promise<JobRow>;
  /** Looks for work now (a job was just queued in this process). */
  kick(): void;
  /** Starts looking for work: polling, and wake-ups where the database sends them. */
  start(): Promise<void>;
  /** Stops looking; the job under way stops at its next step and waits again for another process. */
  stop(): Promise<void>;
  /** Runs what is due (expired leases, scheduled rounds, waiting jobs) until nothing is; resolves then (at once once stopped). */
  runDue(): Promise<void>;
}

/**
 * Thrown into a handler at its next write once its job is no longer this runner's:
 * the lease was taken over, or the process is stopping (the job then goes back to
 * waiting, for another process).
 */
export class JobLeaseLost extends Error {}

/** Bytes per stored piece of a job's file. */
export const CHUNK_BYTES = 1024 * 1024;

/** Stale jobs ended per look. */
const STALE_BATCH = 20;

export interface JobRunnerOptions {
  /** How often an idle runner looks for work, ms. */
  pollMs: number;
  /** The lease's time-out: a running job whose heartbeat is older than this has lost its process, ms. */
  staleMs: number;
  /** How long a finished job's file is kept, ms. */
  keepMs: number;
  /** How often a running job's heartbeat is written, ms (default a quarter of `staleMs`; 0: only with progress). */
  heartbeatMs?: number;
  /** Attempts before a job fails (default `MAX_ATTEMPTS`). */
  maxAttempts?: number;
  /** The first retry's delay, ms, doubled for each attempt made (default 10 s). */
  retryDelayMs?: number;
  /** Periodic tasks this runner takes its turn at. */
  schedules?: readonly ScheduledTask[];
  /** Opens wake-ups from other processes (PostgreSQL's LISTEN); called at start. */
  wakeups?: (wake: () => void) => Promise<JobWakeups>;
}

/**
 * The queue in one API process: claims jobs under a lease and runs them one at a time,
 * ends leases that ran out and takes its turn at the scheduled tasks (see above).
 */
export class JobRunner implements JobQueue {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Between `start` and `stop`: polling, and woken by `kick`. */
  private polling = false;
  private stopped = false;
  private again = false;
  private schedulesReady = false;
  private wakeups: JobWakeups | null = null;
  /** Aborted when the process stops: the handler under way stops at its next step. */
  private stopping = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: JobRunnerOptions,
    private readonly log: FastifyBaseLogger,
    private readonly onDone: JobDone = async () => undefined,
  ) {}

  private get maxAttempts() {
    return this.options.maxAttempts ?? MAX_ATTEMPTS;
  }

  /** When a job that made `attempts` attempts may be tried again (UTC ISO). */
  private retryAt(attempts: number, now: Date): string {
    const delay = (this.options.retryDelayMs ?? 10_000) * 2 ** Math.max(0, attempts - 1);
    return new Date(now.getTime() + delay).toISOString();
  }

  async enqueue(job: NewJob): Promise<JobRow> {
    const row = await insertJob(this.db, { ...job, now: new Date().toISOString() });
    this.kick();
    return row;
  }

  /**
   * Starts polling, and listening for wake-ups where the database offers them. A listener
   * that cannot be opened is reported; polling still runs.
   */
  async start(): Promise<void> {
    this.polling = true;
    this.stopped = false;
    this.stopping = new AbortController();
    this.schedule(0);
    if (this.options.wakeups && !this.wakeups) {
      try {
        const wakeups = await this.options.wakeups(() => this.kick());
        // Stopped while the connection opened: it is not kept.
        if (this.polling) this.wakeups = wakeups;
        else await wakeups.close();
      } catch (error) {
        this.log.warn({ err: error }, 'job wake-ups could not listen; the runner polls');
      }
    }
  }

  kick(): void {
    if (!this.polling) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Stops polling and listening, and waits for the job under way to reach its next step,
   * where it stops too and goes back to waiting (its attempt given back) for another
   * process, so a shutdown does not wait for a whole export.
   */
  async stop(): Promise<void> {
    this.polling = false;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.wakeups?.close();
    this.wakeups = null;
    await this.running;
  }

  async runDue(): Promise<void> {
    while (this.running) await this.running;
    await this.pass();
  }

  private schedule(ms: number): void {
    if (!this.polling) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) this.again = true;
      else void this.pass();
    }, ms);
    this.timer.unref();
  }

  /** One look for work; then the next poll, at once when woken meanwhile. */
  private pass(): Promise<void> {
    this.running = this.work().finally(() => {
      this.running = null;
      const soon = this.again;
      this.again = false;
      this.schedule(soon ? 0 : this.options.pollMs);
    });
    return this.running;
  }

  /**
   * Ends expired leases, runs the scheduled rounds that are due and the waiting jobs one
   * after another until there are none, then sweeps expired files.
   */
  private async work(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) return;
        await this.endStaleLeases();
        await this.runScheduledRounds();
        const now = new Date().toISOString();
        const lease = randomUUID();
        const job = await runTransaction(this.db, (trx) => claimJob(trx, now, lease));
        if (!job) break;
        await this.run(job, lease);
      }
      await deleteExpiredJobs(this.db, new Date().toISOString());
    } catch (error) {
      if (!this.stopped) this.log.error({ err: error }, 'The job runner could not look for work');
    }
  }

  /**
   * Jobs whose heartbeat stopped for `staleMs` lost their process: each waits for another
   * attempt (back-off) or, past `maxAttempts`, fails saying its process kept ending.
   */
  private async endStaleLeases(): Promise<void> {
    for (;;) {
      const now = new Date();
      const staleBefore = new Date(now.getTime() - this.options.staleMs).toISOString();
      const ended = await runTransaction(this.db, async (trx) => {
        const stale = await findStaleJobs(trx, staleBefore, STALE_BATCH);
        for (const job of stale) {
          const last = job.attempts >= this.maxAttempts;
          await endStaleJob(
            trx,
            job.id,
            last ? stoppedAfter(job.attempts, job.error) : PROCESS_ENDED,
            last ? null : this.retryAt(job.attempts, now),
            now.toISOString(),
          );
        }
        return stale.length;
      });
      if (ended > 0) this.log.warn({ jobs: ended }, 'jobs whose process ended were taken back');
      if (ended < STALE_BATCH) return;
    }
  }

  /** Each scheduled task whose round is due and not yet taken by another runner: runs it here. */
  private async runScheduledRounds(): Promise<void> {
    const tasks = (this.options.schedules ?? []).filter((task) => task.everyMs > 0);
    if (tasks.length === 0) return;
    if (!this.schedulesReady) {
      const now = new Date();
      // A task's first round comes one interval after the first start, as the timers did.
      for (const task of tasks)
        await ensureSchedule(
          this.db,
          task.name,
          new Date(now.getTime() + task.everyMs).toISOString(),
          now.toISOString(),
        );
      this.schedulesReady = true;
    }
    for (const task of tasks) {
      const now = new Date();
      const next = new Date(now.getTime() + task.everyMs).toISOString();
      if (!(await takeScheduledRound(this.db, task.name, now.toISOString(), next))) continue;
      try {
        const result = await task.run(now);
        this.log.info({ task: task.name, result }, 'scheduled task: round done');
      } catch (error) {
        this.log.warn({ err: error, task: task.name }, 'scheduled task: the round failed; the next one tries again');
      }
    }
  }

  private async run(job: JobRow, lease: string): Promise<void> {
    const ownership = new AbortController();
    /** Aborted when the lease is lost or the process stops: the handler's steps are refused. */
    const halted = AbortSignal.any([ownership.signal, this.stopping.signal]);
    const refuseIfHalted = () => {
      if (halted.aborted)
        throw ownership.signal.aborted
          ? ownership.signal.reason
          : new JobLeaseLost(`Job ${job.id} left for another process`);
    };
    /** Writes under the lease; once the database refuses it, marks the lease lost and refuses every later write. */
    const held = async (write: () => Promise<boolean>) => {
      if (ownership.signal.aborted) throw ownership.signal.reason;
      if (await write()) return;
      ownership.abort(new JobLeaseLost(`Job ${job.id} was taken over by another process`));
      throw ownership.signal.reason;
    };

    const heartbeatMs = this.options.heartbeatMs ?? Math.floor(this.options.staleMs / 4);
    let beating: Promise<void> = Promise.resolve();
    const heartbeat =
      heartbeatMs > 0
        ? setInterval(() => {
            beating = beating.then(() =>
              held(() => beat(this.db, job.id, lease, new Date().toISOString())).catch((error) => {
                if (!(error instanceof JobLeaseLost))
                  this.log.warn({ err: error, jobId: job.id }, 'a heartbeat failed');
              }),
            );
          }, heartbeatMs)
        : null;
    heartbeat?.unref();

    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let bytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const piece = Buffer.concat(pending);
      await held(() => insertChunk(this.db, job.id, lease, ++seq, piece, new Date().toISOString()));
      pending = [];
      pendingBytes = 0;
    };
    const context: JobContext = {
      db: this.db,
      signal: halted,
      write: async (chunk) => {
        refuseIfHalted();
        pending.push(chunk);
        pendingBytes += chunk.length;
        bytes += chunk.length;
        if (pendingBytes >= CHUNK_BYTES) await flush();
      },
      total: async (rows) => {
        refuseIfHalted();
        await held(() => setJobTotal(this.db, job.id, lease, rows));
      },
      progress: async (rows) => {
        refuseIfHalted();
        await held(() => reportProgress(this.db, job.id, lease, rows, new Date().toISOString()));
      },
    };
    try {
      const handler = this.handlers[job.kind];
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      const file = await handler(job, context);
      // A handler that got to its end finishes, even while the process stops.
      await flush();
      const now = new Date();
      await held(() =>
        finishJob(
          this.db,
          job.id,
          lease,
          { name: file.fileName, bytes, rows: file.rows, summary: file.summary },
          now.toISOString(),
          new Date(now.getTime() + this.options.keepMs).toISOString(),
        ),
      );
      await this.onDone(job, now.toISOString(), file.summary);
    } catch (error) {
      if (ownership.signal.aborted) {
        // Taken over: nothing more written, so the new owner's progress and file stay whole.
        this.log.info({ jobId: job.id }, 'a job taken over by another process stopped here');
        return;
      }
      if (halted.aborted) {
        // The process stops: the job goes back to waiting, its attempt given back, for
        // another process to start at once. Should that write fail, its lease runs out instead.
        await releaseJob(this.db, job.id, lease).catch((failure: unknown) =>
          this.log.warn(
            { err: failure, jobId: job.id },
            'a stopped job could not be given back; its lease will run out',
          ),
        );
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, jobId: job.id }, 'A job failed');
      const now = new Date();
      const retryAt = job.attempts < this.maxAttempts ? this.retryAt(job.attempts, now) : null;
      if (!(await failJob(this.db, job.id, lease, message, retryAt, now.toISOString())))
        ownership.abort(new JobLeaseLost(`Job ${job.id} was taken over by another process`));
    } finally {
      if (heartbeat) clearInterval(heartbeat);
      await beating;
    }
  }
}
