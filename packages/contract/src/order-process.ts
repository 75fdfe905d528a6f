/**
 * The order's process, in one place (issue 32; docs/decisions/0119-one-order-process.md):
 * the statuses an order can have and the moves each allows, with who may make them. The
 * API's services refuse a move this module does not allow, and the screens offer only
 * the moves it allows, so the two cannot disagree. A new status or move (the shipments
 * per vendor of the next issue) is a row of the tables below.
 */

/** The four statuses of the pipeline, in order (spec sections 4 and 9). */
export const orderStatuses = ['Order Placed', 'Packaging', 'On The Road', 'Delivered'] as const;
/** A status of the pipeline. */
export type PipelineStatus = (typeof orderStatuses)[number];
/**
 * Every status an order can have: the pipeline's four and Cancelled, the final status
 * of an order whose every unit was cancelled before it went on the road (issue 24).
 */
export const orderStates = [...orderStatuses, 'Cancelled'] as const;
export type OrderStatus = (typeof orderStates)[number];

/** True when `value` is a status of the process (a screen's address or an untyped answer). */
export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStates as readonly string[]).includes(value);
}

/**
 * What can be done to an order:
 * - `advance`: to the next status of the pipeline, one step at a time (spec section 4);
 * - `cancel`: cancel units left, the order becoming Cancelled when none is left (issue 24);
 * - `requestCancel`: a vendor asks the store to cancel their lines (issue 24);
 * - `return`: record delivered units coming back, with their refund (issue 24).
 */
export type OrderMove = 'advance' | 'cancel' | 'requestCancel' | 'return';

/** Who makes a move: the store's staff or a vendor with lines in the order. */
export type OrderMover = 'admin' | 'vendor';

/**
 * Why a move is refused, in the server's words; `orderStatusMessages` and
 * `orderCorrectionMessages` name the same texts.
 */
export const orderProcessMessages = {
  alreadyDelivered: 'This order has been delivered; its status cannot change any more',
  cancelled: 'This order is cancelled; its status cannot change any more',
  alreadyCancelled: 'This order is already cancelled',
  tooLateToCancel: 'Only an order not yet on the road can be cancelled; after delivery, record a return',
  notDelivered: 'Only a delivered order can take a return',
  requestTooLate: 'An order on the road or delivered cannot be cancelled any more',
} as const;

/** One move of the process: who makes it, from which statuses, and why it is refused from the others. */
export interface OrderMoveRule {
  by: OrderMover;
  from: readonly OrderStatus[];
  /** The refusal from a status not in `from`: by status, else `otherwise`. */
  refused: { otherwise: string } & Partial<Record<OrderStatus, string>>;
}

/** The moves: an order whose status is in a move's `from` allows it (its units permitting). */
export const orderMoves: Record<OrderMove, OrderMoveRule> = {
  advance: {
    by: 'admin',
    from: ['Order Placed', 'Packaging', 'On The Road'],
    refused: { Cancelled: orderProcessMessages.cancelled, otherwise: orderProcessMessages.alreadyDelivered },
  },
  cancel: {
    by: 'admin',
    from: ['Order Placed', 'Packaging'],
    refused: { Cancelled: orderProcessMessages.alreadyCancelled, otherwise: orderProcessMessages.tooLateToCancel },
  },
  requestCancel: {
    by: 'vendor',
    from: ['Order Placed', 'Packaging'],
    refused: { otherwise: orderProcessMessages.requestTooLate },
  },
  return: {
    by: 'admin',
    from: ['Delivered'],
    refused: { otherwise: orderProcessMessages.notDelivered },
  },
};

/** True when an order in `status` allows `move` (whether units are left is the caller's to check). */
export function allowsMove(status: OrderStatus, move: OrderMove): boolean {
  return orderMoves[move].from.includes(status);
}

/** Null when an order in `status` allows `move`, else why not (the server's message). */
export function moveRefusal(status: OrderStatus, move: OrderMove): string | null {
  if (allowsMove(status, move)) return null;
  const { refused } = orderMoves[move];
  return refused[status] ?? refused.otherwise;
}

/** The moves an order in `status` allows to `mover`, in the table's order. */
export function movesFor(status: OrderStatus, mover: OrderMover): OrderMove[] {
  return (Object.keys(orderMoves) as OrderMove[]).filter(
    (move) => orderMoves[move].by === mover && allowsMove(status, move),
  );
}

/** The status `advance` moves an order in `status` to, or null when it may not advance (Delivered, Cancelled). */
export function nextOrderStatus(status: OrderStatus): PipelineStatus | null {
  if (!allowsMove(status, 'advance')) return null;
  return orderStatuses[orderStatuses.indexOf(status as PipelineStatus) + 1] ?? null;
}

/** Where `advance` takes an order in `status`: the next status, or why it may not advance (the server's message). */
export function advanceOf(status: OrderStatus): { to: PipelineStatus; refusal: null } | { to: null; refusal: string } {
  const to = nextOrderStatus(status);
  return to === null
    ? { to, refusal: moveRefusal(status, 'advance') ?? orderProcessMessages.alreadyDelivered }
    : { to, refusal: null };
}

/** The status `advance` moved an order to `status` from, or null for the pipeline's first and Cancelled. */
export function previousOrderStatus(status: OrderStatus): PipelineStatus | null {
  const index = orderStatuses.indexOf(status as PipelineStatus);
  return index > 0 ? (orderStatuses[index - 1] ?? null) : null;
}

/** Units of an order line not yet cancelled or returned: what a cancellation or a return can still take. */
export function unitsLeft(line: { quantity: number; cancelledQuantity: number; returnedQuantity: number }): number {
  return line.quantity - line.cancelledQuantity - line.returnedQuantity;
}
