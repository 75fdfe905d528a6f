import { z } from 'zod';
import { bulkIds, bulkResponse, bulkVersions, checkVersionsMatch } from './bulk.js';
import { cleanText, editVersion, requiredId } from './common.js';
import { endpoint } from './endpoint.js';
import { orderProcessMessages, orderStatuses } from './order-process.js';
import { order } from './orders.js';

/** Spec sections 4, 5 and 8 (order status update) and the server's own messages. */
export const orderStatusMessages = {
  selectStatus: 'Please select a status to update',
  sequence: 'Status must follow the sequence: Order Placed → Packaging → On The Road → Delivered',
  updated: 'Order status updated successfully!',
  updateFailed: 'Failed to update order status',
  alreadyDelivered: orderProcessMessages.alreadyDelivered,
  cancelled: orderProcessMessages.cancelled,
  changedMeanwhile:
    'This order was changed by someone else after you opened it. Reload the page to see their changes, then try again.',
  versionInvalid: 'Must be the order’s updatedAt as loaded',
  /** The note of the entry the detail screen makes up for an order without history (spec section 4). */
  autoPlaced: 'Order automatically placed',
} as const;

/**
 * `PUT /orders/admin/order-status` body (spec section 7: orderId, status, notes).
 * `status` must be the next one in the pipeline (checked by the server against the
 * stored order). `updatedAt` (optional, so the spec's client keeps working) is the
 * order's `updatedAt` as the screen loaded it: a stale one answers 409 (decision 0018).
 */
export const orderStatusBody = z.object({
  orderId: requiredId('Must be a valid order id'),
  status: z
    .string({ error: orderStatusMessages.selectStatus })
    .trim()
    .min(1, orderStatusMessages.selectStatus)
    .max(40, orderStatusMessages.sequence)
    .pipe(z.enum(orderStatuses, { error: orderStatusMessages.sequence })),
  notes: z
    .union([cleanText(1000), z.null()])
    .optional()
    .transform((value) => (value ? value : null)),
  updatedAt: editVersion(orderStatusMessages.versionInvalid).optional(),
});
export type OrderStatusBody = z.output<typeof orderStatusBody>;
export type OrderStatusBodyInput = z.input<typeof orderStatusBody>;

/** The answer: the order as now stored, with its whole history (spec section 7: statusHistory, updatedAt). */
export const orderStatusResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  order,
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponse>;

/** The order pipeline's one write (spec sections 4, 5, 7), admin only. */
/**
 * `POST /api/orders/admin/bulk` body (issue 26 'Bulk actions'): `advance` moves each
 * selected order to its next status, as the order page's Update Status would; `notes`,
 * optional, goes into each order's history; `versions` are the orders' `updatedAt` as shown.
 */
export const orderBulkBody = z
  .object({
    action: z.enum(['advance'], { error: 'Action must be advance' }),
    ids: bulkIds,
    versions: bulkVersions,
    notes: cleanText(1000).optional(),
  })
  .superRefine(checkVersionsMatch);
export type OrderBulkBody = z.input<typeof orderBulkBody>;

export const orderStatusEndpoints = {
  /**
   * `{ orderId, status, notes?, updatedAt? }` → `{ success, message: 'Order status updated
   * successfully!', order }` with the new status, `updatedAt` and whole `statusHistory`
   * (UTC). 400 'Please select a status to update', the sequence message or bad ids; 404
   * 'Order not found'; 409 stale `updatedAt`. The spec's un-prefixed
   * `/orders/admin/order-status` reaches it through the legacy-path rewrite.
   */
  updateStatus: endpoint('PUT', '/api/orders/admin/order-status', {
    access: 'admin',
    permission: 'orders:write',
    summary: 'Move an order to its next status',
    errors: [404],
  })
    .input(z.object({ body: orderStatusBody }))
    .output(orderStatusResponse),
  /**
   * Moves each selected order (at most `BULK_LIMIT`) to its next status, each as the
   * single update would (its own transaction, history entry and activity entry):
   * `{ message: '12 moved to their next status, 1 skipped', done, refused }`.
   */
  bulk: endpoint('POST', '/api/orders/admin/bulk', {
    access: 'admin',
    permission: 'orders:write',
    summary: 'Move many orders to their next status',
  })
    .input(z.object({ body: orderBulkBody }))
    .output(bulkResponse),
};
