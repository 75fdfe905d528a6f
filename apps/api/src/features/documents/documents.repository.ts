import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import type { TaxDocumentsTable } from '../../platform/db/schema.js';

/**
 * The GST documents' SQL (issue 35; decision 0144). Every function takes the Kysely
 * handle first so a transaction can be passed in. Money in paise, times UTC ISO 8601.
 * Documents and their lines are only ever inserted: the database refuses the rest.
 */

/** A document to insert (its serial and number already taken with `takeSerial`). */
export type NewTaxDocument = Omit<TaxDocumentsTable, 'id'>;

/** A line of an invoice or a credit note, per order line. */
export interface NewTaxDocumentLine {
  orderItemId: number;
  quantity: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * Takes the next serial of `series` for `issuerKey` in `financialYear`: bumps (or starts
 * at 1) its counter row and answers the new value. Call in the transaction that inserts
 * the document: a rollback takes the serial back with it (no gap), and the row's lock
 * makes a racing transaction wait for this one's end and then read its value (no repeat).
 */
export async function takeSerial(trx: Db, issuerKey: string, series: string, financialYear: string): Promise<number> {
  const row = await trx
    .insertInto('taxDocumentCounters')
    .values({ issuerKey, series, financialYear, lastSerial: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['issuerKey', 'series', 'financialYear'])
        .doUpdateSet({ lastSerial: sql<number>`tax_document_counters.last_serial + 1` }),
    )
    .returning('lastSerial')
    .executeTakeFirstOrThrow();
  return Number(row.lastSerial);
}

/**
 * Takes the next `count` serials of `series` for `issuerKey` in `financialYear` at once
 * (as `takeSerial` one at a time); answers the first. Same lock, same rollback.
 */
export async function takeSerials(
  trx: Db,
  issuerKey: string,
  series: string,
  financialYear: string,
  count: number,
): Promise<number> {
  const row = await trx
    .insertInto('taxDocumentCounters')
    .values({ issuerKey, series, financialYear, lastSerial: count })
    .onConflict((conflict) =>
      conflict
        .columns(['issuerKey', 'series', 'financialYear'])
        .doUpdateSet({ lastSerial: sql<number>`tax_document_counters.last_serial + ${count}` }),
    )
    .returning('lastSerial')
    .executeTakeFirstOrThrow();
  return Number(row.lastSerial) - count + 1;
}

/** Inserts many documents and their lines, a few hundred a statement; answers their ids by `sourceKey`. */
export async function insertTaxDocuments(
  trx: Db,
  documents: readonly { document: NewTaxDocument; lines: readonly NewTaxDocumentLine[] }[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let start = 0; start < documents.length; start += DOCUMENTS_PER_INSERT) {
    const chunk = documents.slice(start, start + DOCUMENTS_PER_INSERT);
    const rows = await trx
      .insertInto('taxDocuments')
      .values(chunk.map((entry) => entry.document))
      .returning(['id', 'sourceKey'])
      .execute();
    for (const row of rows) ids.set(row.sourceKey, row.id);
    const lines = chunk.flatMap((entry) =>
      entry.lines.map((line) => ({ ...line, documentId: ids.get(entry.document.sourceKey) as number })),
    );
    for (let at = 0; at < lines.length; at += LINES_PER_INSERT)
      await trx
        .insertInto('taxDocumentLines')
        .values(lines.slice(at, at + LINES_PER_INSERT))
        .execute();
  }
  return ids;
}

/** Documents per INSERT (about 27 values each, under both databases' bind limits). */
const DOCUMENTS_PER_INSERT = 500;
/** Lines per INSERT (7 values each). */
const LINES_PER_INSERT = 2000;

/** Which of `sourceKeys` have a document issued. */
export async function documentsIssuedFor(db: Db, sourceKeys: readonly string[]): Promise<Set<string>> {
  const issued = new Set<string>();
  for (let start = 0; start < sourceKeys.length; start += 1000) {
    const rows = await db
      .selectFrom('taxDocuments')
      .select('sourceKey')
      .where('sourceKey', 'in', sourceKeys.slice(start, start + 1000))
      .execute();
    for (const row of rows) issued.add(row.sourceKey);
  }
  return issued;
}

/** Inserts a document and its lines; answers its id. */
export async function insertTaxDocument(
  trx: Db,
  document: NewTaxDocument,
  lines: readonly NewTaxDocumentLine[],
): Promise<number> {
  const { id } = await trx.insertInto('taxDocuments').values(document).returning('id').executeTakeFirstOrThrow();
  if (lines.length > 0)
    await trx
      .insertInto('taxDocumentLines')
      .values(lines.map((line) => ({ ...line, documentId: id })))
      .execute();
  return id;
}

/** True when a document was issued for `sourceKey`. */
export async function documentIssuedFor(db: Db, sourceKey: string): Promise<boolean> {
  const row = await db.selectFrom('taxDocuments').select('id').where('sourceKey', '=', sourceKey).executeTakeFirst();
  return row !== undefined;
}

/**
 * What was invoiced and credited of each of `orderItemIds`, per invoice: units and paise
 * of each invoice line, with the units already credited against that invoice.
 */
export async function invoicedLines(db: Db, orderItemIds: readonly number[]) {
  if (orderItemIds.length === 0) return [];
  const rows = await db
    .selectFrom('taxDocumentLines as l')
    .innerJoin('taxDocuments as d', 'd.id', 'l.documentId')
    .select((eb) => [
      'd.id as invoiceId',
      'l.orderItemId',
      'l.quantity',
      eb
        .selectFrom('taxDocumentLines as cl')
        .innerJoin('taxDocuments as c', 'c.id', 'cl.documentId')
        .select(sql<number>`coalesce(sum(cl.quantity), 0)`.as('credited'))
        .whereRef('c.refersToId', '=', 'd.id')
        .whereRef('cl.orderItemId', '=', 'l.orderItemId')
        .where('c.kind', '=', 'credit_note')
        .as('credited'),
    ])
    .where('d.kind', '=', 'invoice')
    .where('l.orderItemId', 'in', orderItemIds)
    .orderBy('d.id')
    .execute();
  return rows.map((row) => ({
    invoiceId: row.invoiceId,
    orderItemId: row.orderItemId,
    quantity: Number(row.quantity),
    credited: Number(row.credited ?? 0),
  }));
}

/** The units of each of `orderItemIds` invoiced so far (all invoices). */
export async function invoicedUnits(db: Db, orderItemIds: readonly number[]): Promise<Map<number, number>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('taxDocumentLines as l')
    .innerJoin('taxDocuments as d', 'd.id', 'l.documentId')
    .select(['l.orderItemId', sql<number>`sum(l.quantity)`.as('units')])
    .where('d.kind', '=', 'invoice')
    .where('l.orderItemId', 'in', orderItemIds)
    .groupBy('l.orderItemId')
    .execute();
  return new Map(rows.map((row) => [row.orderItemId, Number(row.units)]));
}

/** One document by id, whole (its frozen body included). */
export function findTaxDocument(db: Db, id: number) {
  return db.selectFrom('taxDocuments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The filters of a documents list (dates of issue as UTC instants, `to` exclusive). */
export interface DocumentListFilter {
  /** Only this vendor's (a vendor's own view); null: all. */
  vendorId: number | null;
  kind?: TaxDocumentsTable['kind'];
  fromInstant?: string;
  toInstant?: string;
  /** Only ids below it (the keyset cursor: newest first is id descending). */
  beforeId?: number;
  limit: number;
}

/**
 * A page of documents, newest first (id descending: ids are given in the order of issue),
 * `limit + 1` rows so the caller knows whether there is a next page; with the order's
 * tracking number and a credit note's invoice number.
 */
export function listTaxDocuments(db: Db, filter: DocumentListFilter) {
  let query = db
    .selectFrom('taxDocuments as d')
    .leftJoin('orders as o', 'o.id', 'd.orderId')
    .leftJoin('taxDocuments as r', 'r.id', 'd.refersToId')
    .select([
      'd.id',
      'd.kind',
      'd.number',
      'd.financialYear',
      'd.issuedAt',
      'd.issuerName',
      'd.issuerGstin',
      'd.recipientName',
      'd.recipientGstin',
      'd.vendorId',
      'd.orderId',
      'o.trackingNumber',
      'd.shipmentId',
      'r.number as refersToNumber',
      'd.period',
      'd.taxablePaise',
      'd.cgstPaise',
      'd.sgstPaise',
      'd.igstPaise',
      'd.totalPaise',
      'd.hash',
    ]);
  if (filter.vendorId !== null) query = query.where('d.vendorId', '=', filter.vendorId);
  if (filter.kind) query = query.where('d.kind', '=', filter.kind);
  if (filter.fromInstant) query = query.where('d.issuedAt', '>=', filter.fromInstant);
  if (filter.toInstant) query = query.where('d.issuedAt', '<', filter.toInstant);
  if (filter.beforeId !== undefined) query = query.where('d.id', '<', filter.beforeId);
  return query
    .orderBy('d.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
}
