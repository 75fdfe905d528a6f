import { sql } from 'kysely';
import type { DatabaseKind, Db } from '../../platform/db/create-db.js';
import type { ScheduledTask } from '../../platform/jobs/job-runner.js';
import {
  deleteCheckoutKeysBefore,
  deleteNotificationsBefore,
  deleteRevocationsBefore,
  deleteUploadsUntouchedSince,
  findReferencedUploads,
  findUploadsUntouchedSince,
} from './cleanup.repository.js';

/**
 * The scheduled clean-up (issue 23; decisions 0091, 0116): what nothing reads any more is
 * deleted every `CLEANUP_INTERVAL_MINUTES`, by one of the API processes (a scheduled task
 * of the job runner):
 * - notifications older than `NOTIFICATION_RETENTION_DAYS`;
 * - checkout idempotency keys older than `CHECKOUT_KEY_RETENTION_DAYS` (a storefront
 *   retries within minutes);
 * - revocations of tokens past their own expiry (the signature check refuses those);
 * - uploaded images no record points at, untouched for `UPLOAD_GRACE_HOURS` (an image
 *   uploaded for a post still being written is not yet pointed at).
 * The activity log is kept. Should two rounds still meet (one called by hand), on
 * PostgreSQL only the one holding an advisory lock cleans, and every delete is batched
 * and repeatable, so a round cut short is finished by the next.
 */

export interface CleanupSettings {
  notificationRetentionDays: number;
  checkoutKeyRetentionDays: number;
  uploadGraceHours: number;
}

/** How many rows each kind lost in one round; null when another process held the lock. */
export interface CleanupResult {
  notifications: number;
  checkoutKeys: number;
  revocations: number;
  uploads: number;
}

/** Rows per delete statement. */
const BATCH = 1000;

/** The advisory lock's two keys on PostgreSQL: constants the app uses for nothing else ('haat', 'clnp'). */
const CLEANUP_LOCK = [0x68616174, 0x636c6e70] as const;

const DAY_MS = 86_400_000;

async function deleteInBatches(remove: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await remove();
    total += removed;
    if (removed < BATCH) return total;
  }
}

/** One round on `db`, whoever else runs: the deletes themselves, without the lock. */
async function cleanOnce(db: Db, settings: CleanupSettings, now: Date): Promise<CleanupResult> {
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const notificationsBefore = ago(settings.notificationRetentionDays * DAY_MS);
  const keysBefore = ago(settings.checkoutKeyRetentionDays * DAY_MS);
  const uploadsBefore = ago(settings.uploadGraceHours * 3_600_000);

  const notifications = await deleteInBatches(() => deleteNotificationsBefore(db, notificationsBefore, BATCH));
  const checkoutKeys = await deleteInBatches(() => deleteCheckoutKeysBefore(db, keysBefore, BATCH));
  const revocations = await deleteRevocationsBefore(db, now.toISOString());

  let uploads = 0;
  const candidates = await findUploadsUntouchedSince(db, uploadsBefore, BATCH);
  if (candidates.length > 0) {
    // Read only when some upload is old enough to go, which is rare.
    const referenced = await findReferencedUploads(db);
    const unused = candidates.filter((id) => !referenced.has(id));
    uploads = await deleteUploadsUntouchedSince(db, unused, uploadsBefore);
  }
  return { notifications, checkoutKeys, revocations, uploads };
}

/**
 * Runs one clean-up round. On PostgreSQL it first takes a session advisory lock on one
 * pooled connection without waiting: when another process holds it, this round does
 * nothing and answers null. SQLite has one writer at a time anyway.
 * @param now the round's instant (default the current time).
 */
export async function runCleanup(
  db: Db,
  kind: DatabaseKind,
  settings: CleanupSettings,
  now = new Date(),
): Promise<CleanupResult | null> {
  if (kind === 'sqlite') return cleanOnce(db, settings, now);
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${CLEANUP_LOCK[0]}, ${CLEANUP_LOCK[1]}) as locked`.execute(connection);
    if (!rows[0]?.locked) return null;
    try {
      return await cleanOnce(connection, settings, now);
    } finally {
      await sql`select pg_advisory_unlock(${CLEANUP_LOCK[0]}, ${CLEANUP_LOCK[1]})`.execute(connection);
    }
  });
}

/** The clean-up's scheduled task's name (its row in `job_schedules`). */
export const CLEANUP_TASK = 'cleanup';

/**
 * The clean-up as a scheduled task of the job runner (decision 0116): a round every
 * `intervalMinutes` (0: never), taken by one process of those sharing the database;
 * the rows it deleted are logged when there were any.
 */
export function cleanupTask(
  db: Db,
  kind: DatabaseKind,
  settings: CleanupSettings & { intervalMinutes: number },
  log: { info(details: object, message: string): void },
): ScheduledTask {
  return {
    name: CLEANUP_TASK,
    everyMs: settings.intervalMinutes * 60_000,
    run: async (now) => {
      const result = await runCleanup(db, kind, settings, now);
      if (result && Object.values(result).some((count) => count > 0)) log.info(result, 'clean-up: deleted old rows');
      return result;
    },
  };
}
