import { type DocumentListFilters, type DocumentSummary, toRupees } from '@haat/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import type { TaxDocumentsTable } from '../../platform/db/schema.js';
import { lineTaxBasis, shippedTax, takingBackTax } from '../tax/line-tax.js';
import {
  canonicalJson,
  type DocumentLine,
  type DocumentParty,
  documentHash,
  documentNumber,
  financialYearOf,
  stateOf,
  type TaxDocumentBody,
  totalsOf,
} from './document-body.js';
import {
  documentIssuedFor,
  findTaxDocument,
  insertTaxDocument,
  invoicedLines,
  invoicedUnits,
  listTaxDocuments,
  type NewTaxDocumentLine,
  takeSerial,
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
  const series = SERIES[doc.kind];
  const financialYear = financialYearOf(doc.issuedAt);
  const issuerKey = issuerKeyOf(doc.supplier.gstin, doc.issuerVendorId);
  const serial = await takeSerial(trx, issuerKey, series, financialYear);
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
  return insertTaxDocument(
    trx,
    {
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
    },
    doc.itemLines,
  );
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

/** The buyer of an order as its documents name them (rule 46(e)-(g)): name, address, state of the place of supply. */
async function buyerParty(db: Db, orderId: number, placeOfSupplyCode: string) {
  const order = await db
    .selectFrom('orders')
    .select([
      'trackingNumber',
      'billingFullName',
      'billingAddress',
      'billingCity',
      'billingProvince',
      'billingPostalCode',
    ])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
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
  const rows = await trx
    .selectFrom('shipmentItems as s')
    .innerJoin('orderItems as i', 'i.id', 's.orderItemId')
    .innerJoin('orderItemTaxes as t', 't.orderItemId', 's.orderItemId')
    .select([
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
    .where('s.shipmentId', '=', shipment.shipmentId)
    .where('s.quantity', '>', 0)
    .orderBy('s.orderItemId')
    .execute();
  if (rows.length === 0) return null;
  const before = await invoicedUnits(
    trx,
    rows.map((row) => row.orderItemId),
  );
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
  const first = rows[0] as (typeof rows)[number];
  const [supplier, buyer] = await Promise.all([
    sellerParty(trx, shipment.vendorId, first.sellerStateCode),
    buyerParty(trx, shipment.orderId, first.placeOfSupplyCode),
  ]);
  return issueDocument(trx, {
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
    sourceKey,
    lines,
    itemLines,
    issuerVendorId: shipment.vendorId,
  });
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
 * first, `kind` and dates of issue (`from`..`to`, UTC dates, inclusive) filtering, a
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
    fromInstant: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    toInstant: query.to ? new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000).toISOString() : undefined,
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
