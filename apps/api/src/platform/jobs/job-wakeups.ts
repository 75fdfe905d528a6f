import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { postgresDriver } from '../db/create-db.js';

/**
 * Wake-ups for idle job runners on PostgreSQL (issue 32; decision 0116). A statement
 * that inserts jobs sends `NOTIFY haat_jobs` when its transaction commits (a trigger,
 * migration 2026_12_20_1000), so a job queued in any process starts at once in whichever
 * runner is free, instead of at its next poll. SQLite has no such channel and keeps
 * polling (`JOB_POLL_MS`), as every runner still does on PostgreSQL for retries that
 * come due and for leases that run out.
 */

/** The channel the jobs table's trigger notifies. */
export const JOBS_CHANNEL = 'haat_jobs';

/** How long a lost listening connection waits before it is opened again, ms. */
const RECONNECT_MS = 5_000;

/** A listening connection; `close` ends it (and any reconnection). */
export interface JobWakeups {
  close(): Promise<void>;
}

/**
 * Opens one connection of its own to the database at `url` (a pooled one cannot stay
 * listening), runs `LISTEN haat_jobs` and calls `wake` on each notification. A connection
 * lost (the server restarted) is reported to `log` and opened again after a few seconds;
 * meanwhile polling covers.
 * @throws when the first connection cannot be opened.
 */
export async function listenForJobs(url: string, wake: () => void, log: FastifyBaseLogger): Promise<JobWakeups> {
  const driver = postgresDriver();
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const reconnect = () => {
    retry = setTimeout(() => void open().catch(reconnect), RECONNECT_MS);
    retry.unref();
  };
  const open = async (): Promise<void> => {
    const next = new driver.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === JOBS_CHANNEL) wake();
    });
    next.on('error', (error) => {
      // Only the connection in use reconnects; one that failed to open already did.
      if (closed || client !== next) return;
      log.warn({ err: error }, 'job wake-ups: the listening connection was lost; polling until it is back');
      client = null;
      next.end().catch(() => undefined);
      reconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${JOBS_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    // Jobs queued while no connection listened are found now rather than at the next poll.
    wake();
  };

  await open();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end();
      client = null;
    },
  };
}
