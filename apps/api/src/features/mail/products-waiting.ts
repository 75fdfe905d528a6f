import { findStaffUserIds } from '../../platform/auth/staff-recipients.js';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import type { ScheduledTask } from '../../platform/jobs/job-runner.js';
import { queueMail } from '../../platform/mail/outbox.js';
import { findProductsWaiting } from './mail.repository.js';

/** Names a digest lists at most. */
const DIGEST_NAMES = 20;

/**
 * Queues, for every admin, the day's digest of products waiting for review (issue 36),
 * keyed by the UTC day so a round done twice queues it once; nothing when none waits.
 * @returns how many mails were queued.
 */
export async function queueProductsWaitingDigest(db: Db, now: Date): Promise<number> {
  const { count, names } = await findProductsWaiting(db, DIGEST_NAMES);
  if (count === 0) return 0;
  const day = now.toISOString().slice(0, 10);
  return runTransaction(db, async (trx) => {
    let queued = 0;
    for (const userId of await findStaffUserIds(trx, 'catalog:write'))
      if (
        await queueMail(trx, {
          to: { userId },
          template: 'admin-products-waiting',
          data: { count, items: count > names.length ? [...names, `and ${count - names.length} more`] : names },
          dedupeKey: `products-waiting:${day}`,
        })
      )
        queued += 1;
    return queued;
  });
}

/** The daily digest as a scheduled task of the job queue (`job_schedules`): once a day across processes. */
export function productsWaitingDigestTask(db: Db): ScheduledTask {
  return {
    name: 'products-waiting-digest',
    everyMs: 24 * 60 * 60_000,
    run: (now) => queueProductsWaitingDigest(db, now),
  };
}
