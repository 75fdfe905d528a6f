import { findVendorRecipients } from '../../platform/auth/vendor-recipients.js';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import type { EventBus } from '../../platform/events/event-bus.js';
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
 * The store's own shipments (no vendor) are not mailed. The same look publishes
 * `shipments.late` with every late shipment found, in the same transaction (the bell's
 * notices to the order staff ride it; decision 0154).
 * Each of the vendor's team who handle shipments gets the digest (decision 0158).
 * @returns how many mails were queued (one per team member hearing, per vendor, at most).
 */
export async function queueLateShipmentDigests(db: Db, events: EventBus, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  return runTransaction(db, async (trx) => {
    const late = await findLateShipments(trx, nowIso);
    if (late.length > 0)
      await events.publish(trx, {
        type: 'shipments.late',
        shipments: late.flatMap((row) =>
          row.vendorId === null
            ? []
            : [
                {
                  shipmentId: row.id,
                  order: { id: row.orderId, trackingNumber: row.trackingNumber },
                  vendorId: row.vendorId,
                  vendorName: row.businessName,
                  shipBy: new Date(row.shipBy).toISOString(),
                },
              ],
        ),
        at: nowIso,
      });
    const byVendor = new Map<number, typeof late>();
    for (const row of late) {
      if (row.vendorId === null) continue;
      byVendor.set(row.vendorId, [...(byVendor.get(row.vendorId) ?? []), row]);
    }
    // Each of the vendor's team who handle shipments (decision 0158) gets their own digest.
    const teams = await findVendorRecipients(trx, [...byVendor.keys()], 'shipments');
    let queued = 0;
    for (const [vendorId, rows] of byVendor)
      for (const userId of teams.get(vendorId) ?? []) {
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

/**
 * The late-shipment digest as a scheduled task of the job queue (`job_schedules`): hourly,
 * one runner across processes; `events` is the app's bus (`shipments.late`'s subscribers).
 */
export function lateShipmentsTask(db: Db, events: EventBus): ScheduledTask {
  return {
    name: 'late-shipments-digest',
    everyMs: LATE_SHIPMENTS_EVERY_MS,
    run: (now) => queueLateShipmentDigests(db, events, now),
  };
}
