import {
  type DocumentListFilters,
  type DocumentSummary,
  financialYearOf,
  indianDayStart,
  toRupees,
} from '@haat/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import type { TaxDocumentsTable } from '../../platform/db/schema.js';
import { pacer, yieldToOthers } from '../../platform/yield.js';
import { lineTaxBasis, shippedTax, takingBackTax } from '../tax/line-tax.js';
import {
  canonicalJson,
  type DocumentLine,
  type DocumentParty,
  documentHash,
  documentNumber,
  stateOf,
  type TaxDocumentBody,
  totalsOf,
} from './document-body.js';
import {
  documentIssuedFor,
  documentsIssuedFor,
  findTaxDocument,
  insertTaxDocument,
  insertTaxDocuments,
  invoicedLines,
  invoicedUnits,
  listTaxDocuments,
  type NewTaxDocument,
  type NewTaxDocumentLine,
  takeSerial,
  takeSerials,
} from './documents.repository.js';

/**
 * Issuing GST documents (issue 35, "Documents"; decisions 0144, 0145), always inside the
 * transaction of the event that causes them (the shipment dispatched, the cancellation,
 * the return) or of the month's commission round: the document, its lines and its serial
 * commit together with that change or not at all. Money in paise, times UTC.
 */

/** The series of each kind. */
export const SERIES = { invoice: 'INV', credit_note: 'CN', commission_invoice: 'COM' } as const;

/** What a document is counted within: its issuer's GSTIN, else the vendor or the store. */
function issuerKeyOf(gstin: string | null, vendorId: number | null): string {
  return gstin ?? (vendorId === null ? 'STORE' : `V${vendorId}`);
}

/** A document to issue: everything but its number, which `issueDocument` takes. */
export interface Issue {
  kind: TaxDocumentsTable['kind'];
  /** The title printed, when not the kind's ("Credit note (commission)", decision 0153). */
  title?: string;
  issuedAt: string;
  supplier: DocumentParty;
  recipient: DocumentParty;
  placeOfSupplyCode: string;
  vendorId: number | null;
  orderId: number | null;
  shipmentId: number | null;
  trackingNumber: string | null;
  refersTo: { id: number; number: string; issuedAt: string } | null;
  reason: string | null;
  period: string | null;
  sourceKey: string;
  lines: DocumentLine[];
  /** Per order line, for invoices and credit notes (what later credit notes count). */
  itemLines: NewTaxDocumentLine[];
  /** The vendor whose series it is (the supplier), for the issuer key; null: the store. */
  issuerVendorId: number | null;
}

/**
 * Takes the next number in the issuer's series (`takeSerial`) and inserts the document
 * with its canonical body and hash; answers its id. Call inside the transaction of what
 * causes it.
 */
export async function issueDocument(trx: Db, doc: Issue): Promise<number> {
  const { issuerKey, series, financialYear } = seriesOf(doc);
  const serial = await takeSerial(trx, issuerKey, series, financialYear);
  return insertTaxDocument(trx, documentRowOf(doc, serial), doc.itemLines);
}

/** The series a document is numbered in: its issuer, kind and financial year. */
function seriesOf(doc: Issue) {
  return {
    series: SERIES[doc.kind],
    financialYear: financialYearOf(doc.issuedAt),
    issuerKey: issuerKeyOf(doc.supplier.gstin, doc.issuerVendorId),
  };
}

/** The row of `doc` numbered `serial` in its series: its canonical body, hash and totals. */
function documentRowOf(doc: Issue, serial: number): NewTaxDocument {
  const { series, financialYear, issuerKey } = seriesOf(doc);
  const number = documentNumber(series, financialYear, serial);
  const totals = totalsOf(doc.lines);
  const body: TaxDocumentBody = {
    kind: doc.kind,
    title:
      doc.title ??
      (doc.kind === 'invoice'
        ? 'Tax invoice'
        : doc.kind === 'credit_note'
          ? 'Credit note'
          : 'Tax invoice (commission)'),
    number,
    financialYear,
    issuedAt: doc.issuedAt,
    supplier: doc.supplier,
    recipient: doc.recipient,
    placeOfSupply: { code: doc.placeOfSupplyCode, name: stateOf(doc.placeOfSupplyCode).stateName },
    reverseCharge: false,
    order: doc.trackingNumber === null ? null : { trackingNumber: doc.trackingNumber, shipmentId: doc.shipmentId },
    refersTo: doc.refersTo ? { number: doc.refersTo.number, issuedAt: doc.refersTo.issuedAt } : null,
    reason: doc.reason,
    period: doc.period,
    lines: doc.lines,
    totals,
  };
  const json = canonicalJson(body);
  return {
    kind: doc.kind,
    series,
    issuerKey,
    financialYear,
    serial,
    number,
    issuerGstin: doc.supplier.gstin,
    issuerName: doc.supplier.name,
    recipientName: doc.recipient.name,
    recipientGstin: doc.recipient.gstin,
    vendorId: doc.vendorId,
    orderId: doc.orderId,
    shipmentId: doc.shipmentId,
    refersToId: doc.refersTo?.id ?? null,
    sourceKey: doc.sourceKey,
    period: doc.period,
    taxablePaise: totals.taxablePaise,
    cgstPaise: totals.cgstPaise,
    sgstPaise: totals.sgstPaise,
    igstPaise: totals.igstPaise,
    totalPaise: totals.totalPaise,
    body: json,
    hash: documentHash(json),
    issuedAt: doc.issuedAt,
    createdAt: new Date().toISOString(),
  };
}

/**
 * Issues many documents at once (a few statements; decision 0143): each series' serials
 * taken in one statement, in the documents' order, so each gets the number `issueDocument`
 * called on them one after the other would have given it. Answers their ids by source key.
 */
export async function issueDocuments(trx: Db, docs: readonly Issue[]): Promise<Map<string, number>> {
  const next = new Map<string, number>();
  const counts = new Map<string, { key: ReturnType<typeof seriesOf>; count: number }>();
  for (const doc of docs) {
    const key = seriesOf(doc);
    const id = `${key.issuerKey}\u0000${key.series}\u0000${key.financialYear}`;
    const entry = counts.get(id) ?? { key, count: 0 };
    entry.count += 1;
    counts.set(id, entry);
  }
  for (const [id, { key, count }] of counts)
    next.set(id, await takeSerials(trx, key.issuerKey, key.series, key.financialYear, count));
  const pace = pacer();
  const rows: { document: NewTaxDocument; lines: readonly NewTaxDocumentLine[] }[] = [];
  for (const doc of docs) {
    // Each body is hashed: a few hundred of them would hold the event loop (decision 0121).
    await pace();
    const key = seriesOf(doc);
    const id = `${key.issuerKey}\u0000${key.series}\u0000${key.financialYear}`;
    const serial = next.get(id) as number;
    next.set(id, serial + 1);
    rows.push({ document: documentRowOf(doc, serial), lines: doc.itemLines });
  }
  return insertTaxDocuments(trx, rows);
}

/** KYC states whose declared identity a document prints (as `sellerStateCodes` believes them). */
const DECLARED_KYC = ['submitted', 'approved', 'changes_requested'] as const;

/**
 * The seller as a document names it (rule 46(a)): the store for its own products (its tax
 * settings' legal name, GSTIN and state; its website's address), a vendor by their KYC
 * (legal name, GSTIN, registered address) when declared, else their business name and
 * address. `stateCode` is the seller's state frozen on the order's lines.
 */
export async function sellerParty(db: Db, vendorId: number | null, stateCode: string): Promise<DocumentParty> {
  if (vendorId === null) {
    const [settings, site] = await Promise.all([
      db.selectFrom('taxSettings').select(['legalName', 'gstin']).where('id', '=', 1).executeTakeFirstOrThrow(),
      db.selectFrom('websiteConfig').select('address').executeTakeFirst(),
    ]);
    return { name: settings.legalName, address: site?.address ?? '', gstin: settings.gstin, ...stateOf(stateCode) };
  }
  const row = await db
    .selectFrom('vendors as v')
    .leftJoin('vendorKyc as k', (join) => join.onRef('k.vendorId', '=', 'v.id').on('k.status', 'in', [...DECLARED_KYC]))
    .select(['v.businessName', 'v.address', 'k.legalName', 'k.gstin', 'k.address as kycAddress'])
    .where('v.id', '=', vendorId)
    .executeTakeFirst();
  return {
    name: row?.legalName ?? row?.businessName ?? `Vendor ${vendorId}`,
    address: row?.kycAddress ?? row?.address ?? '',
    gstin: row?.gstin ?? null,
    ...stateOf(stateCode),
  };
}

/** What an order's documents say of its buyer. */
const BUYER_COLUMNS = [
  'id',
  'trackingNumber',
  'billingFullName',
  'billingAddress',
  'billingCity',
  'billingProvince',
  'billingPostalCode',
] as const;

/** The buyer of an order as its documents name them (rule 46(e)-(g)): name, address, state of the place of supply. */
async function buyerParty(db: Db, orderId: number, placeOfSupplyCode: string) {
  const order = await db.selectFrom('orders').select(BUYER_COLUMNS).where('id', '=', orderId).executeTakeFirstOrThrow();
  return buyerOf(order, placeOfSupplyCode);
}

/** `buyerParty` of an order row read with `BUYER_COLUMNS`. */
function buyerOf(
  order: {
    trackingNumber: string;
    billingFullName: string;
    billingAddress: string;
    billingCity: string;
    billingProvince: string;
    billingPostalCode: string | null;
  },
  placeOfSupplyCode: string,
) {
  const address = [order.billingAddress, order.billingCity, order.billingProvince, order.billingPostalCode]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(', ');
  const party: DocumentParty = { name: order.billingFullName, address, gstin: null, ...stateOf(placeOfSupplyCode) };
  return { party, trackingNumber: order.trackingNumber };
}

/** A document line from a tax split. */
function lineOf(
  description: string,
  hsnCode: string | null,
  quantity: number,
  rateBp: number,
  split: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number },
): DocumentLine {
  return {
    description,
    hsnCode,
    quantity,
    rateBp,
    ...split,
    totalPaise: split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise,
  };
}

/**
 * The tax invoice of a shipment put on the road (issue 35; rule 46 CGST Rules), issued by
 * its seller in their `INV` series: each of its lines with GST frozen at checkout, for the
 * units it carries. A line shipped in parts is invoiced so that its invoices add up to its
 * frozen figures exactly: the units invoiced so far (k of the line's n) are worth
 * `shippedTax` (the line less what its other n − k units would take back, decision 0152),
 * and each invoice takes the difference; the one completing the line takes the frozen
 * figures. Lines placed before GST was charged have no tax and are left out; a shipment
 * with none gets no invoice. Issued once per shipment (a repeated event issues nothing).
 */
export async function issueShipmentInvoice(
  trx: Db,
  shipment: { shipmentId: number; orderId: number; vendorId: number | null; at: string },
): Promise<number | null> {
  const sourceKey = `shipment:${shipment.shipmentId}`;
  if (await documentIssuedFor(trx, sourceKey)) return null;
  const rows = await invoiceRowsOf(trx, [shipment.shipmentId]);
  if (rows.length === 0) return null;
  const before = await invoicedUnits(
    trx,
    rows.map((row) => row.orderItemId),
  );
  const first = rows[0] as InvoiceRow;
  const [supplier, buyer] = await Promise.all([
    sellerParty(trx, shipment.vendorId, first.sellerStateCode),
    buyerParty(trx, shipment.orderId, first.placeOfSupplyCode),
  ]);
  return issueDocument(trx, invoiceOf(shipment, rows, before, supplier, buyer));
}

/**
 * The tax invoices of many shipments put on the road at once (a courier manifest;
 * decision 0143), each as `issueShipmentInvoice` called on them in their order would
 * issue it (a line shipped in parts by two of them: the second invoice takes what the
 * first left; serials in their order), in a few statements per 500 shipments: the
 * documents already issued, the shipments' lines, what was invoiced of them, the
 * sellers (one read per seller and state), the buyers, the serials and the inserts.
 */
export async function issueShipmentInvoices(
  trx: Db,
  shipments: readonly { shipmentId: number; orderId: number; vendorId: number | null; at: string }[],
): Promise<void> {
  for (let start = 0; start < shipments.length; start += INVOICES_AT_ONCE) {
    const chunk = shipments.slice(start, start + INVOICES_AT_ONCE);
    const issued = await documentsIssuedFor(
      trx,
      chunk.map((shipment) => `shipment:${shipment.shipmentId}`),
    );
    const todo = chunk.filter((shipment) => {
      const key = `shipment:${shipment.shipmentId}`;
      if (issued.has(key)) return false;
      issued.add(key); // a shipment named twice is invoiced once
      return true;
    });
    if (todo.length === 0) continue;
    const rowsOf = new Map<number, InvoiceRow[]>();
    for (const row of await invoiceRowsOf(
      trx,
      todo.map((shipment) => shipment.shipmentId),
    ))
      rowsOf.set(row.shipmentId, [...(rowsOf.get(row.shipmentId) ?? []), row]);
    const withLines = todo.filter((shipment) => rowsOf.has(shipment.shipmentId));
    if (withLines.length === 0) continue;
    const before = await invoicedUnits(trx, [
      ...new Set(
        withLines.flatMap((shipment) => (rowsOf.get(shipment.shipmentId) ?? []).map((row) => row.orderItemId)),
      ),
    ]);
    const orders = new Map(
      (
        await trx
          .selectFrom('orders')
          .select(BUYER_COLUMNS)
          .where('id', 'in', [...new Set(withLines.map((shipment) => shipment.orderId))])
          .execute()
      ).map((order) => [order.id, order]),
    );
    const sellers = new Map<string, DocumentParty>();
    const docs: Issue[] = [];
    const pace = pacer();
    for (const shipment of withLines) {
      await pace();
      const rows = rowsOf.get(shipment.shipmentId) as InvoiceRow[];
      const first = rows[0] as InvoiceRow;
      const sellerKey = `${shipment.vendorId ?? 'store'}:${first.sellerStateCode}`;
      let supplier = sellers.get(sellerKey);
      if (!supplier) {
        supplier = await sellerParty(trx, shipment.vendorId, first.sellerStateCode);
        sellers.set(sellerKey, supplier);
      }
      const order = orders.get(shipment.orderId);
      if (!order) throw new Error(`issueShipmentInvoices: order ${shipment.orderId} not found`);
      const doc = invoiceOf(shipment, rows, before, supplier, buyerOf(order, first.placeOfSupplyCode));
      // What this invoice takes counts for a later one of the same line in this chunk.
      for (const line of doc.itemLines)
        before.set(line.orderItemId, (before.get(line.orderItemId) ?? 0) + line.quantity);
      docs.push(doc);
    }
    await yieldToOthers();
    await issueDocuments(trx, docs);
  }
}

/** Shipments invoiced per round of `issueShipmentInvoices` (its reads bind one value each). */
const INVOICES_AT_ONCE = 500;

/** The taxed lines of `shipmentIds` with units, by shipment then order line. */
function invoiceRowsOf(trx: Db, shipmentIds: readonly number[]) {
  return trx
    .selectFrom('shipmentItems as s')
    .innerJoin('orderItems as i', 'i.id', 's.orderItemId')
    .innerJoin('orderItemTaxes as t', 't.orderItemId', 's.orderItemId')
    .select([
      's.shipmentId',
      's.orderItemId',
      's.quantity',
      'i.quantity as lineQuantity',
      'i.productName',
      'i.netPaise',
      't.hsnCode',
      't.rateBp',
      't.taxablePaise',
      't.cgstPaise',
      't.sgstPaise',
      't.igstPaise',
      't.sellerStateCode',
      't.placeOfSupplyCode',
    ])
    .where('s.shipmentId', 'in', [...shipmentIds])
    .where('s.quantity', '>', 0)
    .orderBy('s.shipmentId')
    .orderBy('s.orderItemId')
    .execute();
}

type InvoiceRow = Awaited<ReturnType<typeof invoiceRowsOf>>[number];

/**
 * A shipment's invoice from its taxed lines (`rows`, not empty) and the units of each line
 * invoiced before it (`before`): see `issueShipmentInvoice`.
 */
function invoiceOf(
  shipment: { shipmentId: number; orderId: number; vendorId: number | null; at: string },
  rows: readonly InvoiceRow[],
  before: ReadonlyMap<number, number>,
  supplier: DocumentParty,
  buyer: { party: DocumentParty; trackingNumber: string },
): Issue {
  const lines: DocumentLine[] = [];
  const itemLines: NewTaxDocumentLine[] = [];
  for (const row of rows) {
    const basis = lineTaxBasis({ ...row, quantity: row.lineQuantity });
    const done = before.get(row.orderItemId) ?? 0;
    const quantity = Number(row.quantity);
    const after = shippedTax(basis, done + quantity);
    const prior = shippedTax(basis, done);
    const split = {
      taxablePaise: after.taxablePaise - prior.taxablePaise,
      cgstPaise: after.cgstPaise - prior.cgstPaise,
      sgstPaise: after.sgstPaise - prior.sgstPaise,
      igstPaise: after.igstPaise - prior.igstPaise,
    };
    lines.push(lineOf(row.productName, row.hsnCode, quantity, basis.rateBp, split));
    itemLines.push({ orderItemId: row.orderItemId, quantity, ...split });
  }
  const first = rows[0] as InvoiceRow;
  return {
    kind: 'invoice',
    issuedAt: shipment.at,
    supplier,
    recipient: buyer.party,
    placeOfSupplyCode: first.placeOfSupplyCode,
    vendorId: shipment.vendorId,
    orderId: shipment.orderId,
    shipmentId: shipment.shipmentId,
    trackingNumber: buyer.trackingNumber,
    refersTo: null,
    reason: null,
    period: null,
    sourceKey: `shipment:${shipment.shipmentId}`,
    lines,
    itemLines,
    issuerVendorId: shipment.vendorId,
  };
}

/** Units taken back from an order line, as the cancellation and return events carry them. */
export interface TakenBackLine {
  orderItemId: number;
  quantity: number;
  amountPaise: number;
}

/**
 * The credit notes (section 34 CGST Act) of a cancellation or a return just written: for
 * each line taken back, the units invoiced and not yet credited beyond those the order
 * still keeps (quantity less cancelled and returned, as they now stand) are credited at
 * the GST of taking them back (`takingBackTax`, decision 0152: cumulative over the line's
 * units taken back, the rule the tax register's supplies returned read, so a line's
 * credit notes equal its GSTR-8 returns to the paisa and, once every unit is back, its
 * frozen figures). A return's refund less a restocking fee does not lower it: the goods
 * came back whole. Units are credited against the earliest invoice that still has some;
 * one credit note per invoice, in its issuer's `CN` series, referring to it. A
 * cancellation of units never shipped (so never invoiced) credits nothing.
 * @param correction `cancellation` or `return` and its row's id, for the notes' source.
 * @param taken the units of each line taken back by it (its amounts are not read).
 */
export async function issueCreditNotes(
  trx: Db,
  correction: { kind: 'cancellation' | 'return'; id: number; orderId: number; reason: string; at: string },
  taken: readonly TakenBackLine[],
): Promise<number[]> {
  const itemIds = taken.map((line) => line.orderItemId);
  if (itemIds.length === 0) return [];
  const [invoiced, items] = await Promise.all([
    invoicedLines(trx, itemIds),
    trx
      .selectFrom('orderItems as i')
      .innerJoin('orderItemTaxes as t', 't.orderItemId', 'i.id')
      .select([
        'i.id',
        'i.productName',
        'i.quantity',
        'i.netPaise',
        'i.cancelledQuantity',
        'i.returnedQuantity',
        't.hsnCode',
        't.rateBp',
        't.taxablePaise',
        't.cgstPaise',
        't.sgstPaise',
        't.igstPaise',
        't.sellerStateCode',
        't.placeOfSupplyCode',
      ])
      .where('i.id', 'in', itemIds)
      .execute(),
  ]);
  if (invoiced.length === 0) return [];
  const itemById = new Map(items.map((item) => [item.id, item]));
  // Per invoice: its credit lines.
  const byInvoice = new Map<number, { lines: DocumentLine[]; itemLines: NewTaxDocumentLine[] }>();
  for (const line of taken) {
    const item = itemById.get(line.orderItemId);
    if (!item || line.quantity <= 0) continue;
    const ofLine = invoiced.filter((row) => row.orderItemId === line.orderItemId);
    const open = ofLine.reduce((sum, row) => sum + row.quantity - row.credited, 0);
    const takenNow = Number(item.cancelledQuantity) + Number(item.returnedQuantity);
    const kept = Number(item.quantity) - takenNow;
    const toCredit = Math.min(line.quantity, Math.max(0, open - Math.max(0, kept)));
    if (toCredit === 0) continue;
    // The counts already hold this correction: it took the units (takenNow − quantity, takenNow].
    let before = takenNow - line.quantity;
    const basis = lineTaxBasis(item);
    // Earliest invoice first.
    let left = toCredit;
    for (const row of ofLine) {
      const units = Math.min(left, row.quantity - row.credited);
      if (units > 0) {
        const split = takingBackTax(basis, before, units);
        const entry = byInvoice.get(row.invoiceId) ?? { lines: [], itemLines: [] };
        entry.lines.push(lineOf(item.productName, item.hsnCode, units, basis.rateBp, split));
        entry.itemLines.push({ orderItemId: line.orderItemId, quantity: units, ...split });
        byInvoice.set(row.invoiceId, entry);
        before += units;
      }
      left -= units;
      if (left === 0) break;
    }
  }
  const ids: number[] = [];
  for (const [invoiceId, entry] of [...byInvoice].sort(([a], [b]) => a - b)) {
    const invoice = await trx
      .selectFrom('taxDocuments')
      .select(['id', 'number', 'issuedAt', 'body', 'vendorId', 'orderId', 'shipmentId'])
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    const body = JSON.parse(invoice.body) as TaxDocumentBody;
    ids.push(
      await issueDocument(trx, {
        kind: 'credit_note',
        issuedAt: correction.at,
        supplier: body.supplier,
        recipient: body.recipient,
        placeOfSupplyCode: body.placeOfSupply.code,
        vendorId: invoice.vendorId,
        orderId: invoice.orderId,
        shipmentId: invoice.shipmentId,
        trackingNumber: body.order?.trackingNumber ?? null,
        refersTo: { id: invoice.id, number: invoice.number, issuedAt: new Date(invoice.issuedAt).toISOString() },
        reason: `${correction.kind === 'return' ? 'Return' : 'Cancellation'}: ${correction.reason}`,
        period: null,
        sourceKey: `${correction.kind}:${correction.id}:${invoice.id}`,
        lines: entry.lines,
        itemLines: entry.itemLines,
        issuerVendorId: invoice.vendorId,
      }),
    );
  }
  return ids;
}

/** The id of the latest cancellation or return of an order: the one whose event is being handled, in its transaction. */
export async function latestCorrectionId(trx: Db, kind: 'cancellation' | 'return', orderId: number): Promise<number> {
  const table = kind === 'return' ? 'orderReturns' : 'orderCancellations';
  const row = await trx
    .selectFrom(table)
    .select(sql<number>`max(id)`.as('id'))
    .where('orderId', '=', orderId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

const rupeesOf = (paise: number | string) => toRupees(Number(paise));
const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * `GET /api/documents`: the documents `vendorId` may see (null: an admin, all), newest
 * first, `kind` and dates of issue (`from`..`to`, Indian dates as the documents print
 * them, inclusive; decision 0157) filtering, a
 * keyset page of `limit` after `cursor` (the last id of the previous page).
 */
export async function listDocuments(
  db: Db,
  vendorId: number | null,
  query: DocumentListFilters,
): Promise<{ documents: DocumentSummary[]; nextCursor: string | null }> {
  const rows = await listTaxDocuments(db, {
    vendorId,
    kind: query.kind,
    fromInstant: query.from ? indianDayStart(query.from) : undefined,
    toInstant: query.to ? new Date(Date.parse(indianDayStart(query.to)) + 86_400_000).toISOString() : undefined,
    beforeId: query.cursor === undefined ? undefined : Number(query.cursor),
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  return {
    documents: page.map((row) => ({
      _id: String(row.id),
      kind: row.kind,
      number: row.number,
      financialYear: row.financialYear,
      issuedAt: iso(row.issuedAt),
      issuer: { name: row.issuerName, gstin: row.issuerGstin },
      recipient: { name: row.recipientName, gstin: row.recipientGstin },
      vendorId: row.vendorId === null ? null : String(row.vendorId),
      order:
        row.orderId === null || row.trackingNumber === null
          ? null
          : { _id: String(row.orderId), trackingNumber: row.trackingNumber },
      shipmentId: row.shipmentId === null ? null : String(row.shipmentId),
      refersTo: row.refersToNumber ?? null,
      period: row.period,
      taxableValue: rupeesOf(row.taxablePaise),
      cgst: rupeesOf(row.cgstPaise),
      sgst: rupeesOf(row.sgstPaise),
      igst: rupeesOf(row.igstPaise),
      total: rupeesOf(row.totalPaise),
      hash: row.hash,
    })),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]?.id) : null,
  };
}

/**
 * The frozen body of document `id` when `vendorId` may see it (null: an admin); undefined
 * otherwise (another vendor's answers as a missing one).
 */
export async function loadDocumentBody(
  db: Db,
  vendorId: number | null,
  id: number,
): Promise<TaxDocumentBody | undefined> {
  const row = await findTaxDocument(db, id);
  if (!row || (vendorId !== null && row.vendorId !== vendorId)) return undefined;
  return JSON.parse(row.body) as TaxDocumentBody;
}
