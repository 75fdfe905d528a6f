import { subscribe } from '../../platform/events/event-bus.js';
import {
  issueCreditNotes,
  issueShipmentInvoice,
  issueShipmentInvoices,
  latestCorrectionId,
} from './documents.service.js';

/**
 * GST documents as side effects of the events that cause them (issue 35; decisions 0114,
 * 0144), in the event's transaction: the seller's tax invoice when a shipment goes on the
 * road, a credit note per invoice when a cancellation or a return takes invoiced units back.
 */
export const documentSubscribers = [
  subscribe(
    'shipment.shipped',
    'issue the tax invoice of the shipment',
    async (trx, event) => {
      await issueShipmentInvoice(trx, {
        shipmentId: event.shipmentId,
        orderId: event.order.id,
        vendorId: event.vendorId,
        at: event.at,
      });
    },
    // Many at once (a courier manifest, decision 0143): the same invoices in a few statements.
    (trx, events) =>
      issueShipmentInvoices(
        trx,
        events.map((event) => ({
          shipmentId: event.shipmentId,
          orderId: event.order.id,
          vendorId: event.vendorId,
          at: event.at,
        })),
      ),
  ),
  subscribe('order.cancelled', 'issue credit notes for invoiced units cancelled', async (trx, event) => {
    const id = await latestCorrectionId(trx, 'cancellation', event.order.id);
    await issueCreditNotes(
      trx,
      { kind: 'cancellation', id, orderId: event.order.id, reason: event.reason, at: event.at },
      event.lines,
    );
  }),
  subscribe('order.returned', 'issue credit notes for the units returned', async (trx, event) => {
    const id = await latestCorrectionId(trx, 'return', event.order.id);
    await issueCreditNotes(
      trx,
      { kind: 'return', id, orderId: event.order.id, reason: event.reason, at: event.at },
      event.lines,
    );
  }),
];
