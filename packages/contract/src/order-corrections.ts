import { z } from 'zod';
import { cleanText, editVersion, idInput, idParams, optionalSafeText, rupeesField } from './common.js';
import { endpoint } from './endpoint.js';
import { orderProcessMessages } from './order-process.js';
import { order, orderCancelRequest } from './orders.js';

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
  tooLateToCancel: orderProcessMessages.tooLateToCancel,
  alreadyCancelled: orderProcessMessages.alreadyCancelled,
  notDelivered: orderProcessMessages.notDelivered,
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
  requestSent: 'Cancellation request sent',
  requestPending: 'You have already asked to cancel this order; an admin will answer',
  requestTooLate: orderProcessMessages.requestTooLate,
  requestNothingLeft: 'None of your items in this order are left to cancel',
  /** 409 to a vendor's request when every unit of theirs left is on the road or delivered (issue 34). */
  requestAllShipped: 'Your items in this order are on the road or delivered and cannot be cancelled any more',
  /**
   * 409 to an admin accepting a request when nothing of the vendor's is left to cancel
   * (every unit on the road, delivered or cancelled since it was asked): it is declined instead.
   */
  acceptNothingLeft:
    "Nothing of this vendor's is left to cancel: their items are on the road, delivered or already cancelled. Decline the request instead.",
  requestNotFound: 'Cancellation request not found',
  requestAnswered: 'This request has already been answered',
  requestAccepted: 'Cancellation request accepted',
  requestDeclined: 'Cancellation request declined',
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

/** `POST /api/vendor/orders/{id}/cancel-request`: `{ reason }`. */
export const cancelRequestBody = z.object({ reason });
export type CancelRequestBody = z.output<typeof cancelRequestBody>;

/** `POST /api/orders/admin/{id}/cancel-requests/{requestId}/decline`: `{ reason }`. */
export const declineCancelRequestBody = z.object({ reason });

/** `POST /api/orders/admin/{id}/cancel-requests/{requestId}/accept`: `{ updatedAt }`, the order's version as loaded. */
export const acceptCancelRequestBody = z.object({ updatedAt: version });

/** `{ id, requestId }` of the admin's answer to a request. */
export const cancelRequestParams = z.object({ id: idInput, requestId: idInput });

/** The vendor's answer: the request as stored. */
export const cancelRequestResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  request: orderCancelRequest,
});

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
    permission: 'orders:write',
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
    permission: 'orders:write',
    summary: 'Record a return and its refund',
    errors: [404],
    status: 201,
  })
    .input(z.object({ params: idParams, body: createReturnBody }))
    .output(orderCorrectionResponse),
  /**
   * The signed-in vendor asks to cancel their lines of an order not yet on the road
   * (201). Every admin is notified. 404 'Order not found' also for an order without
   * their lines; 409 on the road or delivered, nothing of theirs left, every unit of
   * theirs left already shipped (issue 34), or a request of theirs already pending.
   */
  requestCancel: endpoint('POST', '/api/vendor/orders/{id}/cancel-request', {
    access: 'vendor',
    tags: ['vendors'],
    summary: 'Ask the store to cancel my lines of an order',
    errors: [404],
    status: 201,
  })
    .input(z.object({ params: idParams, body: cancelRequestBody }))
    .output(cancelRequestResponse),
  /**
   * Accepts a vendor's pending request: cancels every unit left of that vendor's lines
   * (the cancellation above, with the request's reason) and tells the vendor. 404 no
   * such order or request; 409 answered already, the order on the road, or a stale
   * `updatedAt`.
   */
  acceptCancelRequest: endpoint('POST', '/api/orders/admin/{id}/cancel-requests/{requestId}/accept', {
    access: 'admin',
    permission: 'orders:write',
    summary: "Accept a vendor's cancellation request",
    errors: [404],
  })
    .input(z.object({ params: cancelRequestParams, body: acceptCancelRequestBody }))
    .output(orderCorrectionResponse),
  /** Declines a vendor's pending request with a reason, which the vendor is told. 404; 409 answered already. */
  declineCancelRequest: endpoint('POST', '/api/orders/admin/{id}/cancel-requests/{requestId}/decline', {
    access: 'admin',
    permission: 'orders:write',
    summary: "Decline a vendor's cancellation request",
    errors: [404],
  })
    .input(z.object({ params: cancelRequestParams, body: declineCancelRequestBody }))
    .output(orderCorrectionResponse),
};
