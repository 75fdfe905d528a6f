import { advanceOf, type BulkResponse, bulkMessages, type orderBulkBody } from '@haat/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/access.js';
import { bulkSummary, distinctIds, eachRecord, versionsById } from '../../platform/bulk.js';
import type { Db } from '../../platform/db/create-db.js';
import { isStaleVersion } from '../../platform/db/versions.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { findOrderStatusForUpdate } from './order-status.repository.js';
import { moveOrderStatus } from './order-status.service.js';

/**
 * `POST /api/orders/admin/bulk` (issue 26 'Bulk actions'): moves each selected order to
 * its next status through `moveOrderStatus`, the single update's write (its own
 * transaction, history entry and events), under the version read; a cancelled
 * or delivered order, or one saved since the screen showed it (`body.versions`), is
 * refused with the reason.
 * @returns the summary ('12 moved to their next status, 1 skipped'), how many were
 *   moved, and each refused order with its reason.
 */
export async function advanceOrders(
  db: Db,
  events: EventBus,
  admin: Actor,
  body: z.output<typeof orderBulkBody>,
): Promise<Omit<BulkResponse, 'success'>> {
  const shown = versionsById(body.ids, body.versions);
  const outcome = await eachRecord(distinctIds(body.ids), async (id) => {
    const current = await findOrderStatusForUpdate(db, id);
    if (!current) return bulkMessages.notFound;
    if (isStaleVersion(shown.get(id), current.updatedAt)) return bulkMessages.changedSince;
    const { to: next, refusal } = advanceOf(current.status);
    if (next === null) return refusal;
    await moveOrderStatus(db, events, admin, {
      orderId: id,
      status: next,
      notes: body.notes ?? null,
      updatedAt: current.updatedAt,
    });
    return null;
  });
  return { message: bulkSummary(outcome, 'moved to their next status'), ...outcome };
}
