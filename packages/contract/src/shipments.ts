import { z } from 'zod';
import { bulkIds, bulkMessages, bulkResponse, bulkVersions, checkVersionsMatch } from './bulk.js';
import {
  cleanText,
  editVersion,
  hasNoNul,
  idInput,
  idParams,
  idString,
  isoDateTime,
  MAX_PAGE_SIZE,
  NUL_CHARACTER_MESSAGE,
  pageInfo,
  pageQuery,
} from './common.js';
import { endpoint } from './endpoint.js';
import { fileAnswer, jobStartedResponse } from './jobs.js';
import { correctionLine, orderCorrectionMessages } from './order-corrections.js';
import { type OrderStatus, orderStates, type PipelineStatus } from './order-process.js';
import { orderStatusSchema } from './orders.js';
import { shipment } from './shipment-shape.js';

/**
 * Shipments (issue 34; docs/decisions/0122-shipments.md): at checkout an order is split
 * into one shipment per vendor holding that vendor's lines, and one for the store's own
 * products. Each shipment moves through the spec's four statuses on its own; the
 * order's status is derived, the least advanced of its shipments not cancelled. A
 * vendor packs and ships their own part (carrier and AWB), may dispatch some units and
 * leave the rest in a new shipment, and is measured on dispatching in time. Money in
 * rupees, times UTC.
 */

/** The server's own messages about shipments. */
export const shipmentMessages = {
  notFound: 'Shipment not found',
  moved: 'Shipment updated',
  partlyShipped: 'Shipped; the units left stay in a new shipment',
  statusInvalid: 'Status must be Packaging, On The Road or Delivered',
  onlyForward: 'A shipment only moves forward: Order Placed → Packaging → On The Road → Delivered',
  notShippedYet: 'Only a shipment on the road can be marked delivered',
  cancelled: 'This shipment is cancelled; its status cannot change any more',
  delivered: 'This shipment has been delivered; its status cannot change any more',
  carrierRequired: 'Choose the carrier (courier) to mark it shipped',
  awbRequired: 'Enter the AWB (the courier’s tracking number) to mark it shipped',
  awbInvalid: 'The AWB may hold letters, digits and - only, 4 to 40 characters',
  itemsOnlyWhenShipping: 'Units may be named only when marking it shipped',
  notALine: 'Each item must be a unit of this shipment',
  itemTwice: 'Each line may be named once',
  tooMany: (left: number) => `Only ${left} of this line are in the shipment`,
  changedMeanwhile:
    'This shipment was changed by someone else after you opened it. Reload the page to see their changes, then try again.',
  versionInvalid: 'Must be the shipment’s updatedAt as loaded',
  awbsInvalid: 'Send one AWB for each shipment, in the order of the ids',
  actionInvalid: 'Action must be pack, ship or deliver',
  cancelledOwn: 'Items cancelled',
  cancelNotYours: 'Each item must be one of your units not yet shipped',
  cancelTooMany: (name: string, left: number) => `Only ${left} of ${name} can still be cancelled`,
  reasonRequired: orderCorrectionMessages.reasonRequired,
  performanceNotFound: 'Vendor not found',
} as const;

/** Hours between an order's placement and its shipments' ship-by time, unless `SHIP_BY_HOURS` says otherwise. */
export const DEFAULT_SHIP_BY_HOURS = 48;

/**
 * The store's targets a seller is measured against (the usual marketplace ones): late
 * dispatch under 4% of shipments dispatched, seller cancellations under 2.5% of units
 * ordered. Fractions (0.04 is 4%).
 */
export const performanceThresholds = { lateDispatchRate: 0.04, cancellationRate: 0.025 } as const;

/**
 * The Indian couriers the carrier field offers (the store may replace the list with the
 * `SHIPMENT_CARRIERS` setting, names separated by commas; `GET /api/shipments/carriers`
 * answers the one in force). The field takes free text as well.
 */
export const defaultCarriers = [
  'Delhivery',
  'Blue Dart',
  'DTDC',
  'Ekart',
  'Ecom Express',
  'Xpressbees',
  'Shadowfax',
  'India Post (Speed Post)',
  'Shiprocket',
  'Professional Couriers',
] as const;

/**
 * The statuses a shipment may be moved to from `status` (by its vendor or an admin):
 * forward only; Order Placed may go straight on the road; Delivered only from On The
 * Road. Empty for Delivered and Cancelled.
 */
export function shipmentTargets(status: OrderStatus): PipelineStatus[] {
  switch (status) {
    case 'Order Placed':
      return ['Packaging', 'On The Road'];
    case 'Packaging':
      return ['On The Road'];
    case 'On The Road':
      return ['Delivered'];
    default:
      return [];
  }
}

/** Null when a shipment in `from` may move to `to`, else why not (the server's message). */
export function shipmentMoveRefusal(from: OrderStatus, to: OrderStatus): string | null {
  if (shipmentTargets(from).includes(to as PipelineStatus)) return null;
  if (from === 'Cancelled') return shipmentMessages.cancelled;
  if (from === 'Delivered') return shipmentMessages.delivered;
  if (to === 'Delivered') return shipmentMessages.notShippedYet;
  return shipmentMessages.onlyForward;
}

/** A row of the vendor's shipment queue: the shipment with its order and whom it goes to. */
export const shipmentSummary = shipment.extend({
  order: z.object({ _id: idString, trackingNumber: z.string(), createdAt: isoDateTime }),
  /** The billing full name (who receives the parcel). */
  customerName: z.string(),
  /** Units in the shipment. */
  units: z.number().int().nonnegative(),
});
export type ShipmentSummary = z.infer<typeof shipmentSummary>;

/** A line of a shipment as its detail and packing slip show it. Rupees. */
export const shipmentLine = z.object({
  itemId: idString,
  productId: idString.nullable(),
  productName: z.string(),
  sku: z.string().nullable(),
  image: z.string().nullable(),
  quantity: z.number().int().nonnegative(),
  salePrice: z.number(),
});
export type ShipmentLine = z.infer<typeof shipmentLine>;

/** `GET /api/vendor/shipments/{id}`: the shipment, its lines and where it goes (no e-mail, no other seller's lines). */
export const shipmentDetail = shipmentSummary.extend({
  lines: z.array(shipmentLine),
  shipTo: z.object({
    fullName: z.string(),
    phone: z.string(),
    note: z.string().nullable(),
    address: z.object({ fullAddress: z.string(), city: z.string(), province: z.string() }),
  }),
});
export type ShipmentDetail = z.infer<typeof shipmentDetail>;

/** The queue's tabs, in the screen's order, and the query each one sends. */
export const shipmentTabs = [
  { key: 'to-pack', label: 'To pack', query: { status: 'Order Placed' } },
  { key: 'to-ship', label: 'To ship', query: { status: 'Packaging' } },
  { key: 'late', label: 'Late', query: { late: 'true' } },
  { key: 'shipped', label: 'Shipped', query: { status: 'On The Road' } },
  { key: 'delivered', label: 'Delivered', query: { status: 'Delivered' } },
] as const;

/** Answered to a query's `late` that is not `true` or `false`. */
const lateInvalid = 'late must be true or false';

/**
 * `GET /api/vendor/shipments` query: `status` (`all` or one status), `late=true` (not
 * yet on the road past their ship-by time), `search` (the order's tracking number or
 * the AWB, whole or its beginning; the beginning of a word of the customer's name, or
 * of several; any case: decision 0150), keyset pages of `limit`
 * (default 50) with `cursor`. Order Placed, Packaging and late: the most urgent first
 * (ship-by ascending); otherwise newest first.
 */
export const shipmentListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  status: z
    .enum(['all', ...orderStates], {
      error: 'Status must be one of: all, Order Placed, Packaging, On The Road, Delivered, Cancelled',
    })
    .default('all'),
  late: z
    .enum(['true', 'false'], { error: lateInvalid })
    .optional()
    .transform((value) => value === 'true'),
  search: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type ShipmentListQuery = z.input<typeof shipmentListQuery>;
export type ShipmentListFilters = z.output<typeof shipmentListQuery>;

export const shipmentListResponse = z.object({
  success: z.literal(true),
  shipments: z.array(shipmentSummary),
  ...pageInfo,
});
export type ShipmentListResponse = z.infer<typeof shipmentListResponse>;

export const shipmentResponse = z.object({ success: z.literal(true), shipment: shipmentDetail });
export type ShipmentResponse = z.infer<typeof shipmentResponse>;

/** `GET /api/vendor/shipments/summary`: what needs the vendor today (their dashboard leads with it). */
export const shipmentQueueSummary = z.object({
  success: z.literal(true),
  /** Order Placed. */
  toPack: z.number().int().nonnegative(),
  /** Packaging. */
  toShip: z.number().int().nonnegative(),
  /** Not yet on the road, ship-by before the end of today (UTC), not late yet. */
  dueToday: z.number().int().nonnegative(),
  /** Not yet on the road, past their ship-by time. */
  late: z.number().int().nonnegative(),
});
export type ShipmentQueueSummary = z.infer<typeof shipmentQueueSummary>;

/** A carrier's name: free text, 1 to 60 characters. */
export const carrierName = cleanText(60, shipmentMessages.carrierRequired);

/** An AWB: letters, digits and `-`, 4 to 40 characters (stored upper case). */
export const awbNumber = z
  .string({ error: shipmentMessages.awbRequired })
  .trim()
  .min(1, shipmentMessages.awbRequired)
  .max(40, shipmentMessages.awbInvalid)
  .regex(/^[A-Za-z0-9-]{4,40}$/, shipmentMessages.awbInvalid)
  .transform((value) => value.toUpperCase());

/** The most lines a shipment's status body names. */
const MAX_LINES = 200;

/**
 * `PUT /api/vendor/shipments/{id}/status` and `PUT /api/shipments/admin/{id}/status`:
 * `{ status, carrier?, awb?, items?, updatedAt }`. On The Road needs `carrier` and
 * `awb`; `items` (only with On The Road) dispatches those units, the rest staying in a
 * new Packaging shipment of the same vendor. `updatedAt` is the shipment's as loaded
 * (409 when stale).
 */
export const shipmentStatusBody = z
  .object({
    status: z.enum(['Packaging', 'On The Road', 'Delivered'], { error: shipmentMessages.statusInvalid }),
    carrier: carrierName.optional(),
    awb: awbNumber.optional(),
    items: z
      .array(correctionLine)
      .min(1, orderCorrectionMessages.itemsRequired)
      .max(MAX_LINES, shipmentMessages.notALine)
      .optional(),
    updatedAt: editVersion(shipmentMessages.versionInvalid),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'On The Road') {
      if (!body.carrier) ctx.addIssue({ code: 'custom', message: shipmentMessages.carrierRequired, path: ['carrier'] });
      if (!body.awb) ctx.addIssue({ code: 'custom', message: shipmentMessages.awbRequired, path: ['awb'] });
    } else if (body.items !== undefined)
      ctx.addIssue({ code: 'custom', message: shipmentMessages.itemsOnlyWhenShipping, path: ['items'] });
    const seen = new Set<number>();
    for (const line of body.items ?? []) {
      if (seen.has(line.itemId)) ctx.addIssue({ code: 'custom', message: shipmentMessages.itemTwice, path: ['items'] });
      seen.add(line.itemId);
    }
  });
export type ShipmentStatusBody = z.output<typeof shipmentStatusBody>;
export type ShipmentStatusBodyInput = z.input<typeof shipmentStatusBody>;

/** The answer of a status move: the shipment as now stored, and the new one holding the units left (partial dispatch). */
export const shipmentStatusResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  shipment,
  /** The Packaging shipment made of the units not dispatched; null unless `items` left some behind. */
  remainder: shipment.nullable(),
  /** The order's status after the move (the least advanced of its shipments not cancelled). */
  orderStatus: orderStatusSchema,
});
export type ShipmentStatusResponse = z.infer<typeof shipmentStatusResponse>;

/** Bulk actions on the queue: Start packing, Mark shipped, Mark delivered. */
export const shipmentBulkActions = ['pack', 'ship', 'deliver'] as const;
export type ShipmentBulkAction = (typeof shipmentBulkActions)[number];

/**
 * `POST /api/vendor/shipments/bulk`: `{ action, ids, carrier?, awbs?, versions? }`.
 * `ship` needs `carrier` (one for all) and `awbs`, one AWB per id in the order of the
 * ids (each parcel has its own; decision 0122): a shipment is never marked shipped
 * without its AWB. `versions` (optional) are the shipments' `updatedAt` as shown.
 */
export const shipmentBulkBody = z
  .object({
    action: z.enum(shipmentBulkActions, { error: shipmentMessages.actionInvalid }),
    ids: bulkIds,
    carrier: carrierName.optional(),
    awbs: z.array(awbNumber).max(1000).optional(),
    versions: bulkVersions,
  })
  .superRefine(checkVersionsMatch)
  .superRefine((body, ctx) => {
    if (body.action !== 'ship') return;
    if (!body.carrier) ctx.addIssue({ code: 'custom', message: shipmentMessages.carrierRequired, path: ['carrier'] });
    if (body.awbs?.length !== body.ids.length)
      ctx.addIssue({ code: 'custom', message: shipmentMessages.awbsInvalid, path: ['awbs'] });
  });
export type ShipmentBulkBody = z.input<typeof shipmentBulkBody>;

/**
 * `POST /api/vendor/orders/{id}/cancel`: `{ items, reason, updatedAt? }`, the signed-in
 * vendor's own units not yet shipped (out of stock, cannot fulfil). `updatedAt`, the
 * order's as loaded, answers 409 when stale.
 */
export const vendorCancelBody = z.object({
  items: z
    .array(correctionLine, { error: orderCorrectionMessages.itemsRequired })
    .min(1, orderCorrectionMessages.itemsRequired)
    .max(MAX_LINES, orderCorrectionMessages.notALine),
  reason: cleanText(500, orderCorrectionMessages.reasonRequired),
  updatedAt: editVersion(orderCorrectionMessages.versionInvalid).optional(),
});
export type VendorCancelBody = z.output<typeof vendorCancelBody>;
export type VendorCancelBodyInput = z.input<typeof vendorCancelBody>;

/** The answer of a vendor's cancellation: their shipments of the order as now stored. */
export const vendorCancelResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The order's status after it (Cancelled once nothing of the order is left). */
  orderStatus: orderStatusSchema,
  shipments: z.array(shipment),
});
export type VendorCancelResponse = z.infer<typeof vendorCancelResponse>;

/** A seller's figures over one window (issue 34 'Seller performance'). Rates are fractions (0.04 is 4%), 0 without a denominator. */
export const performanceWindow = z.object({
  /** Shipments put on the road in the window. */
  dispatched: z.number().int().nonnegative(),
  /** Of those, shipped after their ship-by time. */
  late: z.number().int().nonnegative(),
  /** `late / dispatched`. */
  lateDispatchRate: z.number().nonnegative(),
  /** Units of theirs ordered in the window. */
  orderedUnits: z.number().int().nonnegative(),
  /** Of those, units the seller cancelled themselves (their own cancellations and the requests the store accepted). */
  sellerCancelledUnits: z.number().int().nonnegative(),
  /** `sellerCancelledUnits / orderedUnits`. */
  cancellationRate: z.number().nonnegative(),
  /** Units of theirs delivered in the window. */
  deliveredUnits: z.number().int().nonnegative(),
  /** Units of theirs returned in the window. */
  returnedUnits: z.number().int().nonnegative(),
  /** `returnedUnits / deliveredUnits`. */
  returnRate: z.number().nonnegative(),
});
export type PerformanceWindow = z.infer<typeof performanceWindow>;

/** `GET /api/vendors/{id}/performance` and `GET /api/vendor/performance`. */
export const performanceResponse = z.object({
  success: z.literal(true),
  days30: performanceWindow,
  days90: performanceWindow,
  /** `performanceThresholds`: the targets the screens show next to the rates. */
  thresholds: z.object({ lateDispatchRate: z.number(), cancellationRate: z.number() }),
});
export type PerformanceResponse = z.infer<typeof performanceResponse>;

export const carriersResponse = z.object({ success: z.literal(true), carriers: z.array(z.string()) });
export type CarriersResponse = z.infer<typeof carriersResponse>;

/** The most packing slips one PDF holds (a page or more each; decision 0142). */
export const MAX_PACKING_SLIPS = 500;

/** `POST /api/vendor/shipments/packing-slips`: one PDF of many shipments' slips, in the order of the ids. */
export const packingSlipsBody = z.object({
  ids: z
    .array(idInput)
    .min(1, bulkMessages.idsEmpty)
    .max(
      MAX_PACKING_SLIPS,
      `One PDF holds at most ${MAX_PACKING_SLIPS} packing slips: select fewer shipments and print them in parts`,
    ),
});
export type PackingSlipsBody = z.input<typeof packingSlipsBody>;

/** Rows a manifest import does at once; past them it runs as a job (202). */
export const MANIFEST_AT_ONCE_ROWS = 1000;
/** The largest manifest file, in bytes. */
export const MANIFEST_MAX_BYTES = 5 * 1024 * 1024;
/** The most rows one manifest holds. */
export const MANIFEST_MAX_ROWS = 50_000;

/**
 * `POST /api/vendor/shipments/import`: a courier's manifest, CSV text (UTF-8) with a
 * header. Its columns: `tracking number` (the order's) or `shipment id`, `carrier` and
 * `awb` (names matched in any case; `courier` for carrier and `tracking`/`awb number`
 * for AWB also accepted). Each row marks that shipment of the vendor's On The Road
 * with its carrier and AWB; an order with two of their shipments not yet shipped needs
 * the shipment id.
 */
export const manifestImportBody = z.object({
  csv: z
    .string({ error: 'Choose a CSV file' })
    .min(1, 'Choose a CSV file')
    .max(MANIFEST_MAX_BYTES, `The file is too large: at most ${MANIFEST_MAX_BYTES / 1024 / 1024} MB`)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
});
export type ManifestImportBody = z.input<typeof manifestImportBody>;

/** The report of a manifest done at once: counts and every bad row by line (the header is line 1). */
export const manifestImportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  counts: z.object({ rows: z.number().int(), shipped: z.number().int(), refused: z.number().int() }),
  errors: z.array(z.object({ line: z.number().int(), field: z.string().nullable(), message: z.string() })),
});
export type ManifestImportResponse = z.infer<typeof manifestImportResponse>;

/** `{ id }` of a vendor whose performance is read. */
export const performanceParams = z.object({ id: idInput });

/** Shipments (issue 34): the signed-in vendor's queue and moves, an admin's moves, seller performance. */
export const shipmentEndpoints = {
  /**
   * The signed-in vendor's shipments, a keyset page (`limit` default 50, `cursor`;
   * `total`, `nextCursor`): `status`, `late=true`, `search` (order tracking number, AWB
   * or customer name, whole or its beginning, any case; decision 0150).
   */
  list: endpoint('GET', '/api/vendor/shipments', {
    access: 'vendor',
    tags: ['shipments'],
    summary: "The signed-in vendor's shipments",
  })
    .input(z.object({ query: shipmentListQuery }))
    .output(shipmentListResponse),
  /** To pack, to ship, due today, late: what needs the signed-in vendor today. */
  summary: endpoint('GET', '/api/vendor/shipments/summary', {
    access: 'vendor',
    tags: ['shipments'],
    summary: "What needs the signed-in vendor's attention today",
  }).output(shipmentQueueSummary),
  /** One of the vendor's shipments with its lines and ship-to; 404 'Shipment not found' also for another vendor's. */
  get: endpoint('GET', '/api/vendor/shipments/{id}', {
    access: 'vendor',
    tags: ['shipments'],
    summary: 'One of my shipments',
  })
    .input(z.object({ params: idParams }))
    .output(shipmentResponse),
  /**
   * Moves one of the vendor's shipments forward (`shipmentTargets`). On The Road needs
   * carrier and AWB, and with `items` dispatches only those units (the rest in a new
   * Packaging shipment). The order's status follows. 404 another vendor's; 409 not a
   * forward move, or a stale `updatedAt`.
   */
  setStatus: endpoint('PUT', '/api/vendor/shipments/{id}/status', {
    access: 'vendor',
    tags: ['shipments'],
    summary: 'Move my shipment forward',
  })
    .input(z.object({ params: idParams, body: shipmentStatusBody }))
    .output(shipmentStatusResponse),
  /**
   * `pack` (Start packing), `ship` (Mark shipped: one carrier, an AWB per shipment) or
   * `deliver` (Mark delivered) on each selected shipment of the vendor's, each as the
   * single move would: `{ message, done, refused }`.
   */
  bulk: endpoint('POST', '/api/vendor/shipments/bulk', {
    access: 'vendor',
    tags: ['shipments'],
    summary: 'Move many of my shipments',
  })
    .input(z.object({ body: shipmentBulkBody }))
    .output(bulkResponse),
  /**
   * The packing slip of one of the vendor's shipments (`application/pdf`): store and
   * seller, ship-to, lines with SKUs and quantities, the order's tracking number. 404
   * another vendor's.
   */
  packingSlip: endpoint('GET', '/api/vendor/shipments/{id}/packing-slip', {
    access: 'vendor',
    tags: ['shipments'],
    summary: 'The packing slip of my shipment (PDF)',
    rawAnswer: true,
  })
    .input(z.object({ params: idParams }))
    .output(fileAnswer),
  /** One PDF of the slips of many of the vendor's shipments, one page each, in the order of the ids; 404 if one is not theirs. */
  packingSlips: endpoint('POST', '/api/vendor/shipments/packing-slips', {
    access: 'vendor',
    tags: ['shipments'],
    summary: 'The packing slips of many of my shipments (one PDF)',
    rawAnswer: true,
  })
    .input(z.object({ body: packingSlipsBody }))
    .output(fileAnswer),
  /**
   * Imports a courier's manifest: each row marks one of the vendor's shipments On The
   * Road with its carrier and AWB. Up to `MANIFEST_AT_ONCE_ROWS` rows: 200 with counts
   * and every bad row by line; more: 202 with the job (its file is the report).
   */
  importManifest: endpoint('POST', '/api/vendor/shipments/import', {
    access: 'vendor',
    tags: ['shipments'],
    summary: 'Mark shipments shipped from a courier manifest (CSV)',
    answers: { 202: jobStartedResponse },
  })
    .input(z.object({ body: manifestImportBody }))
    .output(manifestImportResponse),
  /**
   * The vendor cancels their own units not yet shipped, with a reason: stock, totals,
   * coupon and ledger follow as for an admin's cancellation; it counts in their
   * cancellation rate. 404 an order without their lines; 400 units not theirs or
   * already on the road; 409 stale `updatedAt`.
   */
  vendorCancel: endpoint('POST', '/api/vendor/orders/{id}/cancel', {
    access: 'vendor',
    tags: ['shipments'],
    summary: 'Cancel my units of an order not yet shipped',
  })
    .input(z.object({ params: idParams, body: vendorCancelBody }))
    .output(vendorCancelResponse),
  /** The signed-in vendor's own performance over 30 and 90 days, with the store's thresholds. */
  myPerformance: endpoint('GET', '/api/vendor/performance', {
    access: 'vendor',
    tags: ['shipments'],
    summary: 'My seller performance',
  }).output(performanceResponse),
  /** The carrier names the screens offer (`SHIPMENT_CARRIERS`, else `defaultCarriers`). */
  carriers: endpoint('GET', '/api/shipments/carriers', {
    access: 'staff',
    tags: ['shipments'],
    summary: 'Couriers offered for shipping',
  }).output(carriersResponse),
  /**
   * An admin moves any vendor's shipment forward, with the vendor's body and rules
   * (carrier and AWB for On The Road, partial dispatch with `items`). 404; 409 as the
   * vendor's.
   */
  adminSetStatus: endpoint('PUT', '/api/shipments/admin/{id}/status', {
    access: 'admin',
    permission: 'orders:write',
    tags: ['shipments'],
    summary: "Move any vendor's shipment forward",
  })
    .input(z.object({ params: idParams, body: shipmentStatusBody }))
    .output(shipmentStatusResponse),
  /** A vendor's performance over 30 and 90 days with the store's thresholds; 404 'Vendor not found'. */
  performance: endpoint('GET', '/api/vendors/{id}/performance', {
    access: 'admin',
    permission: 'vendors:read',
    tags: ['shipments'],
    summary: "A vendor's seller performance",
  })
    .input(z.object({ params: performanceParams }))
    .output(performanceResponse),
};
