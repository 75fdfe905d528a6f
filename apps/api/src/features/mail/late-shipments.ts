import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import type { ScheduledTask } from '../../platform/jobs/job-runner.js';
import { queueMail } from '../../platform/mail/outbox.js';
import { findLateShipments, findShipmentsMailedLate } from './mail.repository.js';

/** How often the late-shipment task looks, ms: hourly, so a shipment is mailed within the hour it is late. */
export const LATE_SHIPMENTS_EVERY_MS = 60 * 60_000;

const DAY_MS = 24 * 60 * 60_000;

/**
 * Queues, for every vendor with shipments past their ship-by and not yet on the road
 * (issue 36 "a shipment late"), one digest mail of those not named by an earlier one, in
 * one transaction: a shipment is mailed about once, however many runs see it late. The
 * mail's key is made of its shipments' ids, so a run done twice queues nothing more.
 * The store's own shipments (no vendor) are not mailed.
 * @returns how many mails were queued (one per vendor at most).
 */
export async function queueLateShipmentDigests(db: Db, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  return runTransaction(db, async (trx) => {
    const byVendor = new Map<number, { userId: number; rows: Awaited<ReturnType<typeof findLateShipments>> }>();
    for (const row of await findLateShipments(trx, nowIso)) {
      if (row.vendorId === null) continue;
      const group = byVendor.get(row.vendorId) ?? { userId: row.userId, rows: [] };
      group.rows.push(row);
      byVendor.set(row.vendorId, group);
    }
    let queued = 0;
    for (const { userId, rows } of byVendor.values()) {
      const oldest = new Date(rows[0]?.shipBy ?? nowIso).toISOString();
      const mailed = await findShipmentsMailedLate(trx, userId, oldest);
      const fresh = rows.filter((row) => !mailed.has(row.id));
      if (fresh.length === 0) continue;
      const items = fresh.map((row) => {
        const shipBy = new Date(row.shipBy).toISOString();
        return {
          shipmentId: row.id,
          trackingNumber: row.trackingNumber,
          shipBy,
          daysLate: Math.floor((now.getTime() - Date.parse(shipBy)) / DAY_MS),
        };
      });
      if (
        await queueMail(trx, {
          to: { userId },
          template: 'shipment-late',
          data: { items },
          dedupeKey: `shipment.late:${items.map((item) => item.shipmentId).join(',')}`,
        })
      )
        queued += 1;
    }
    return queued;
  });
}

/** The late-shipment digest as a scheduled task of the job queue (`job_schedules`): hourly, one runner across processes. */
export function lateShipmentsTask(db: Db): ScheduledTask {
  return {
    name: 'late-shipments-digest',
    everyMs: LATE_SHIPMENTS_EVERY_MS,
    run: (now) => queueLateShipmentDigests(db, now),
  };
}
