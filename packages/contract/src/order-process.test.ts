import type { ContractProcedure } from '@orpc/contract';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from './endpoint.js';
import { orderCorrectionEndpoints, orderCorrectionMessages } from './order-corrections.js';
import {
  advanceOf,
  allowsMove,
  isOrderStatus,
  moveRefusal,
  movesFor,
  nextOrderStatus,
  type OrderMove,
  orderMoves,
  orderStates,
  orderStatuses,
  previousOrderStatus,
  unitsLeft,
} from './order-process.js';
import { orderStatusEndpoints, orderStatusMessages } from './order-status.js';

describe('the pipeline (spec section 4)', () => {
  it('advances one step at a time to Delivered, and no further', () => {
    expect(nextOrderStatus('Order Placed')).toBe('Packaging');
    expect(nextOrderStatus('Packaging')).toBe('On The Road');
    expect(nextOrderStatus('On The Road')).toBe('Delivered');
    expect(nextOrderStatus('Delivered')).toBeNull();
  });

  it('never advances a cancelled order', () => {
    expect(nextOrderStatus('Cancelled')).toBeNull();
    expect(allowsMove('Cancelled', 'advance')).toBe(false);
  });

  it('names the status each one was advanced from', () => {
    expect(orderStatuses.map(previousOrderStatus)).toEqual([null, 'Order Placed', 'Packaging', 'On The Road']);
    expect(previousOrderStatus('Cancelled')).toBeNull();
  });

  it('advances exactly the statuses that have a next one', () => {
    for (const status of orderStates)
      expect(allowsMove(status, 'advance'), status).toBe(nextOrderStatus(status) !== null);
  });
});

describe('cancellations, cancel requests and returns (issue 24)', () => {
  it('cancels, and lets a vendor ask to cancel, only before the order goes on the road', () => {
    const before = orderStates.filter((status) => allowsMove(status, 'cancel'));
    expect(before).toEqual(['Order Placed', 'Packaging']);
    expect(orderStates.filter((status) => allowsMove(status, 'requestCancel'))).toEqual(before);
  });

  it('takes a return only once delivered', () => {
    expect(orderStates.filter((status) => allowsMove(status, 'return'))).toEqual(['Delivered']);
  });

  it('lets nothing happen to a cancelled order', () => {
    expect(movesFor('Cancelled', 'admin')).toEqual([]);
    expect(movesFor('Cancelled', 'vendor')).toEqual([]);
  });
});

describe('moveRefusal', () => {
  it('answers null for an allowed move', () => {
    expect(moveRefusal('Packaging', 'advance')).toBeNull();
    expect(moveRefusal('Packaging', 'cancel')).toBeNull();
    expect(moveRefusal('Delivered', 'return')).toBeNull();
  });

  it.each<[(typeof orderStates)[number], OrderMove, string]>([
    ['Delivered', 'advance', orderStatusMessages.alreadyDelivered],
    ['Cancelled', 'advance', orderStatusMessages.cancelled],
    ['On The Road', 'cancel', orderCorrectionMessages.tooLateToCancel],
    ['Delivered', 'cancel', orderCorrectionMessages.tooLateToCancel],
    ['Cancelled', 'cancel', orderCorrectionMessages.alreadyCancelled],
    ['On The Road', 'requestCancel', orderCorrectionMessages.requestTooLate],
    ['Cancelled', 'requestCancel', orderCorrectionMessages.requestTooLate],
    ['Packaging', 'return', orderCorrectionMessages.notDelivered],
    ['Cancelled', 'return', orderCorrectionMessages.notDelivered],
  ])('refuses %s → %s with the server’s words', (status, move, message) => {
    expect(moveRefusal(status, move)).toBe(message);
  });
});

describe('who moves an order', () => {
  it('offers the admin the staff’s moves and a vendor the request', () => {
    expect(movesFor('Order Placed', 'admin')).toEqual(['advance', 'cancel']);
    expect(movesFor('Order Placed', 'vendor')).toEqual(['requestCancel']);
    expect(movesFor('On The Road', 'admin')).toEqual(['advance']);
    expect(movesFor('On The Road', 'vendor')).toEqual([]);
    expect(movesFor('Delivered', 'admin')).toEqual(['return']);
  });

  // biome-ignore lint/suspicious/noExplicitAny: reads any endpoint's declaration.
  const accessOf = (endpoint: Endpoint) => (endpoint as ContractProcedure<any, any, any, any>)['~orpc'].meta.access;

  it('matches the access of the endpoint that makes each move', () => {
    const endpointOf: Record<OrderMove, Endpoint[]> = {
      advance: [orderStatusEndpoints.updateStatus, orderStatusEndpoints.bulk],
      cancel: [orderCorrectionEndpoints.cancel, orderCorrectionEndpoints.acceptCancelRequest],
      requestCancel: [orderCorrectionEndpoints.requestCancel],
      return: [orderCorrectionEndpoints.createReturn],
    };
    for (const move of Object.keys(orderMoves) as OrderMove[])
      for (const endpoint of endpointOf[move]) expect(accessOf(endpoint), move).toBe(orderMoves[move].by);
  });
});

describe('advanceOf', () => {
  it('answers the next status, or the refusal', () => {
    expect(advanceOf('On The Road')).toEqual({ to: 'Delivered', refusal: null });
    expect(advanceOf('Delivered')).toEqual({ to: null, refusal: orderStatusMessages.alreadyDelivered });
    expect(advanceOf('Cancelled')).toEqual({ to: null, refusal: orderStatusMessages.cancelled });
  });
});

describe('isOrderStatus and unitsLeft', () => {
  it('knows the statuses, in their exact case', () => {
    for (const status of orderStates) expect(isOrderStatus(status), status).toBe(true);
    for (const other of ['pending', 'delivered', 'Shipped', '']) expect(isOrderStatus(other), other).toBe(false);
  });

  it('leaves what neither a cancellation nor a return took', () => {
    expect(unitsLeft({ quantity: 5, cancelledQuantity: 2, returnedQuantity: 1 })).toBe(2);
    expect(unitsLeft({ quantity: 1, cancelledQuantity: 1, returnedQuantity: 0 })).toBe(0);
  });
});
