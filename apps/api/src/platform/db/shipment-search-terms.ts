import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * The vendor shipment queue's search index (issue 34 'Scale'; docs/decisions/0150):
 * `shipment_search_terms`, one row per term of a shipment, keyed `(vendor_id, term,
 * shipment_id)`, so a vendor's search is a range of that index over their own shipments
 * only. Terms, lower-cased: the order's tracking number (`t`), the shipment's AWB (`a`),
 * each word of the customer's (billing) name (`n`). A search text matches a term it is a
 * prefix of (whole or typed in part); several words each a prefix of a name word.
 *
 * The table is written here only, by `refreshShipmentSearchTerms` (every writer of a
 * shipment, its AWB or an order's billing name calls it in its transaction) and
 * `backfillShipmentSearchTerms` (the migration, the large-store generator).
 */

// biome-ignore lint/suspicious/noExplicitAny: shared by migrations (untyped) and the app.
type AnyDb = Kysely<any>;

/** A term's kind: the order's tracking number, the AWB, a word of the customer's name. */
export type SearchTermKind = 't' | 'a' | 'n';

/** How a text is compared with terms: lower case (JavaScript's, the same on both databases). */
export const searchTermOf = (text: string) => text.trim().toLowerCase();

/** The words of a name or a search text, lower-cased: runs of letters and digits (no duplicates). */
export function nameWords(text: string): string[] {
  return [...new Set(searchTermOf(text).split(/[^\p{L}\p{N}]+/u))].filter((word) => word !== '');
}

/** A shipment's terms from its order's tracking number, its AWB and the customer's name. */
export function termsOf(row: {
  trackingNumber: string;
  awb: string | null;
  billingFullName: string;
}): Array<{ kind: SearchTermKind; term: string }> {
  const terms: Array<{ kind: SearchTermKind; term: string }> = [{ kind: 't', term: searchTermOf(row.trackingNumber) }];
  if (row.awb) terms.push({ kind: 'a', term: searchTermOf(row.awb) });
  for (const word of nameWords(row.billingFullName)) terms.push({ kind: 'n', term: word });
  return terms.filter((entry) => entry.term !== '');
}

/**
 * The `[from, to)` range of terms starting with `prefix` (lower-cased, not empty): byte
 * order on SQLite, the `C` collation of the column on PostgreSQL, both code point order.
 */
export function prefixRange(prefix: string): { from: string; to: string } {
  const points = [...prefix];
  const last = points.pop() as string;
  const code = last.codePointAt(0) as number;
  // U+10FFFF has no successor: a text ending so gets an empty range (finds nothing); no real one does.
  const next = code >= 0x10ffff ? last : String.fromCodePoint(code === 0xd7ff ? 0xe000 : code + 1);
  return { from: prefix, to: `${points.join('')}${next}` };
}

/** Rows per INSERT (PostgreSQL takes at most 65,535 parameters; SQLite 32,766). */
const CHUNK = 2000;

// biome-ignore lint/suspicious/noExplicitAny: the app's typed handle or a migration's.
type ShipmentSource = SelectQueryBuilder<any, 's' | 'o', object>;

/** What a shipment's terms are made of, in snake case (migrations have no case plugin), answered in camel case. */
const SOURCE_COLUMNS = [
  's.id',
  's.vendor_id as vendorId',
  's.awb',
  'o.tracking_number as trackingNumber',
  'o.billing_full_name as billingFullName',
] as const;

/** A shipment with what its terms are made of. */
export type SourceRow = {
  id: number;
  vendorId: number | null;
  awb: string | null;
  trackingNumber: string;
  billingFullName: string;
};

/**
 * Rewrites the terms of the shipments `where` selects (over `shipments as s` joined to
 * `orders as o`), from their current tracking number, AWB and billing name. Called in
 * the writer's transaction; one SELECT, one DELETE and one INSERT per 2,000 terms
 * (`fresh`: shipments just inserted, which have none yet, skip the DELETE).
 */
export async function refreshShipmentSearchTerms(
  db: AnyDb,
  where: (query: ShipmentSource) => ShipmentSource,
  options: { fresh?: boolean } = {},
): Promise<void> {
  const rows = (await where(
    db
      .selectFrom('shipments as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(SOURCE_COLUMNS) as unknown as ShipmentSource,
  ).execute()) as SourceRow[];
  if (rows.length === 0) return;
  const ids = rows.map((row) => Number(row.id));
  for (let i = 0; !options.fresh && i < ids.length; i += CHUNK) {
    await db
      .deleteFrom('shipment_search_terms')
      .where('shipment_id', 'in', ids.slice(i, i + CHUNK))
      .execute();
  }
  await insertShipmentSearchTerms(db, rows);
}

/**
 * Writes the terms of shipments that have none yet (just inserted: checkout's, or
 * `refreshShipmentSearchTerms` after its DELETE), from what their writer already
 * holds. One INSERT per 2,000 terms.
 */
export async function insertShipmentSearchTerms(db: AnyDb, rows: readonly SourceRow[]): Promise<void> {
  const values = rows.flatMap((row) =>
    termsOf(row).map(({ kind, term }) => ({ shipment_id: Number(row.id), vendor_id: row.vendorId, kind, term })),
  );
  for (let i = 0; i < values.length; i += CHUNK) {
    await db
      .insertInto('shipment_search_terms')
      .values(values.slice(i, i + CHUNK))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** True when the table exists (the migrations run in name order; decision 0150 says why that matters). */
export async function hasTable(db: AnyDb, name: string): Promise<boolean> {
  const { rows } = isPostgres(db)
    ? await sql<{ found: string | null }>`select to_regclass(${name})::text as found`.execute(db)
    : await sql<{
        found: string | null;
      }>`select name as found from sqlite_master where type = 'table' and name = ${name}`.execute(db);
  return rows[0]?.found != null;
}

/**
 * Writes the terms of every shipment without any (of `orderId` only, when given), 5,000
 * shipments at a time in id order: the migration, `backfillShipments` (the shipments
 * migration, the large-store generator, the tests' order fixture).
 */
export async function backfillShipmentSearchTerms(db: AnyDb, orderId?: number): Promise<number> {
  let after = 0;
  let written = 0;
  for (;;) {
    const rows = (await db
      .selectFrom('shipments as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(SOURCE_COLUMNS)
      .where('s.id', '>', after)
      .$if(orderId !== undefined, (q) => q.where('s.order_id', '=', orderId as number))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('shipment_search_terms as t').select('t.shipment_id').whereRef('t.shipment_id', '=', 's.id'),
          ),
        ),
      )
      .orderBy('s.id')
      .limit(5000)
      .execute()) as SourceRow[];
    if (rows.length === 0) return written;
    await insertShipmentSearchTerms(db, rows);
    written += rows.length;
    after = Number(rows.at(-1)?.id);
  }
}
