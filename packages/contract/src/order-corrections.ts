import { z } from 'zod';
import { cleanText, editVersion, idInput, idParams, optionalSafeText, rupeesField } from './common.js';
import { endpoint } from './endpoint.js';
import { order } from './orders.js';

/**
 * Orders that go wrong (issue 24; decision 0100): an admin cancels an order, or some of
 * its units, before it goes on the road, and records returns and their refunds after
 * delivery. The server's own messages.
 */
export const orderCorrectionMessages = {
  reasonRequired: 'Please give a reason',
  cancelled: 'Order cancelled',
  itemsCancelled: 'Items cancelled',
  returnRecorded: 'Return recorded',
  tooLateToCancel: 'Only an order not yet on the road can be cancelled; after delivery, record a return',
  alreadyCancelled: 'This order is already cancelled',
  notDelivered: 'Only a delivered order can take a return',
  notALine: 'Each item must be a line of this order',
  itemTwice: 'Each line may be named once',
  tooManyToCancel: (name: string, left: number) => `Only ${left} of ${name} can still be cancelled`,
  tooManyToReturn: (name: string, left: number) => `Only ${left} of ${name} can still be returned`,
  quantityInvalid: 'Quantity must be a whole number from 1',
  itemsRequired: 'Choose at least one item',
  refundTooHigh: (most: string) => `The refund cannot be more than ${most}, what the customer paid for these units`,
  refundInvalid: 'Refund must be an amount in rupees',
  reasonInvalid: 'Choose a reason: damaged, wrong item, not as described, changed mind or other',
  versionInvalid: 'Must be the order’s updatedAt as loaded',
  changedMeanwhile:
    'This order was changed by someone else after you opened it. Reload the page to see their changes, then try again.',
} as const;

/** Why a return came back (issue 24). */
export const returnReasons = ['damaged', 'wrong_item', 'not_as_described', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof returnReasons)[number];
/** How the screens name each reason. */
export const returnReasonLabels: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  not_as_described: 'Not as described',
  changed_mind: 'Changed mind',
  other: 'Other',
};

/** The most lines one request names (an order has far fewer). */
const MAX_LINES = 200;

/** `{ itemId, quantity }`: an order line (its `_id` in the order's `products`) and a number of its units. */
export const correctionLine = z.object({
  itemId: idInput,
  quantity: z
    .number({ error: orderCorrectionMessages.quantityInvalid })
    .int(orderCorrectionMessages.quantityInvalid)
    .min(1, orderCorrectionMessages.quantityInvalid)
    .max(1_000_000, orderCorrectionMessages.quantityInvalid),
});

const reason = cleanText(500, orderCorrectionMessages.reasonRequired);
const version = editVersion(orderCorrectionMessages.versionInvalid);

/**
 * `POST /api/orders/admin/{id}/cancel`: `{ reason, items?, updatedAt }`. Without
 * `items`, everything left of the order is cancelled.
 */
export const cancelOrderBody = z.object({
  reason,
  items: z
    .array(correctionLine)
    .min(1, orderCorrectionMessages.itemsRequired)
    .max(MAX_LINES, orderCorrectionMessages.notALine)
    .optional(),
  updatedAt: version,
});
export type CancelOrderBody = z.output<typeof cancelOrderBody>;
export type CancelOrderBodyInput = z.input<typeof cancelOrderBody>;

/**
 * `POST /api/orders/admin/{id}/returns`: `{ items, reason, note?, restock, refundAmount?,
 * refundMethod?, updatedAt }`. `refundAmount` (rupees) defaults to the units' price less
 * their share of the discount, and may only be lower; `refundMethod` defaults to the
 * order's payment method.
 */
export const createReturnBody = z.object({
  items: z
    .array(correctionLine, { error: orderCorrectionMessages.itemsRequired })
    .min(1, orderCorrectionMessages.itemsRequired)
    .max(MAX_LINES, orderCorrectionMessages.notALine),
  reason: z.enum(returnReasons, { error: orderCorrectionMessages.reasonInvalid }),
  note: optionalSafeText(500),
  restock: z.boolean({ error: 'Say whether the units go back to stock' }),
  refundAmount: rupeesField(orderCorrectionMessages.refundInvalid).optional(),
  refundMethod: optionalSafeText(100),
  updatedAt: version,
});
export type CreateReturnBody = z.output<typeof createReturnBody>;
export type CreateReturnBodyInput = z.input<typeof createReturnBody>;

/** The answer to both: the order as now stored, with its cancellations and returns. */
export const orderCorrectionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  order,
});
export type OrderCorrectionResponse = z.infer<typeof orderCorrectionResponse>;

/** Cancellations and returns (issue 24), admin only. */
export const orderCorrectionEndpoints = {
  /**
   * Cancels the whole order (no `items`) or some units, while it is Order Placed or
   * Packaging. The units go back to stock; a whole cancellation gives the coupon's use
   * back and sets the status Cancelled. 400 bad lines or quantities; 404 'Order not
   * found'; 409 on the road, delivered or cancelled already, or a stale `updatedAt`.
   */
  cancel: endpoint('POST', '/api/orders/admin/{id}/cancel', {
    access: 'admin',
    summary: 'Cancel an order, or some of its units',
    errors: [404],
  })
    .input(z.object({ params: idParams, body: cancelOrderBody }))
    .output(orderCorrectionResponse),
  /**
   * Records a return of delivered units and its refund (201; rupees, at most what the
   * customer paid for them). 400 bad lines, quantities past what is left, or a refund
   * too high; 404 'Order not found'; 409 not delivered, or a stale `updatedAt`.
   */
  createReturn: endpoint('POST', '/api/orders/admin/{id}/returns', {
    access: 'admin',
    summary: 'Record a return and its refund',
    errors: [404],
    status: 201,
  })
    .input(z.object({ params: idParams, body: createReturnBody }))
    .output(orderCorrectionResponse),
};
