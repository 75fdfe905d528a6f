import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { afterKeyset, countUpTo, type Keyset } from '../../platform/db/lists.js';
import type { LedgerEntryKind, VendorLedgerEntriesTable } from '../../platform/db/schema.js';

/**
 * Every SQL statement on the vendors' ledger (issue 25; decision 0106): entries are only
 * ever inserted; the balances row of a vendor is the running sum of their entries by
 * state, changed by the same transaction that inserts them. Money in signed paise,
 * times UTC ISO 8601.
 */

/** An entry to insert. */
export type NewEntry = Pick<
  VendorLedgerEntriesTable,
  'vendorId' | 'kind' | 'amountPaise' | 'orderId' | 'orderItemId' | 'payoutId' | 'note' | 'createdBy'
>;

/** Inserts entries stamped `at`; returns their ids in order. */
export async function insertEntries(db: Db, entries: readonly NewEntry[], at: string): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await db
    .insertInto('vendorLedgerEntries')
    .values(entries.map((entry) => ({ ...entry, createdAt: at, updatedAt: at })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Changes to a vendor's balances (paise; absent = 0). */
export interface BalanceChange {
  pending?: number;
  available?: number;
  processing?: number;
  paid?: number;
}

/** Adds `change` to the vendor's balances, creating their row on the first entry. */
export async function addToBalance(db: Db, vendorId: number, change: BalanceChange, at: string): Promise<void> {
  const pending = change.pending ?? 0;
  const available = change.available ?? 0;
  const processing = change.processing ?? 0;
  const paid = change.paid ?? 0;
  await db
    .insertInto('vendorBalances')
    .values({
      vendorId,
      pendingPaise: pending,
      availablePaise: available,
      processingPaise: processing,
      paidPaise: paid,
      updatedAt: at,
    })
    .onConflict((oc) =>
      oc.column('vendorId').doUpdateSet({
        pendingPaise: sql`vendor_balances.pending_paise + ${pending}`,
        availablePaise: sql`vendor_balances.available_paise + ${available}`,
        processingPaise: sql`vendor_balances.processing_paise + ${processing}`,
        paidPaise: sql`vendor_balances.paid_paise + ${paid}`,
        updatedAt: at,
      }),
    )
    .execute();
}

/**
 * Moves `amount` paise of a vendor's available balance into a payout (available −,
 * processing +) only while the available balance is still exactly `amount`: a compare
 * and set, so two runs that read the same balance cannot both take it.
 * @returns whether it moved.
 */
export async function takeAvailable(db: Db, vendorId: number, amount: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('vendorBalances')
    .set({
      availablePaise: sql`available_paise - ${amount}`,
      processingPaise: sql`processing_paise + ${amount}`,
      updatedAt: at,
    })
    .where('vendorId', '=', vendorId)
    .where('availablePaise', '=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds to the store's commission of the UTC day `day` (`YYYY-MM-DD`), paise (negative to give back). */
export async function addCommissionOfDay(db: Db, day: string, paise: number): Promise<void> {
  if (paise === 0) return;
  await db
    .insertInto('commissionDailyTotals')
    .values({ day, commissionPaise: paise })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet({ commissionPaise: sql`commission_daily_totals.commission_paise + ${paise}` }),
    )
    .execute();
}

/** The store's commission (paise) from `fromDay` on (all days without it). */
export async function sumCommission(db: Db, fromDay?: string): Promise<number> {
  const row = await db
    .selectFrom('commissionDailyTotals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('commissionPaise'), sql<number>`0`).as('total'))
    .$if(fromDay !== undefined, (q) => q.where('day', '>=', fromDay as string))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** An order's lines of vendors' products as placed: their vendor, net and commission (paise). */
export async function findVendorLines(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('orderItems')
    .select(['id', 'vendorId', 'netPaise', 'commissionPaise'])
    .where('orderId', '=', orderId)
    .where('vendorId', 'is not', null)
    .where('netPaise', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    vendorId: row.vendorId as number,
    netPaise: Number(row.netPaise),
    commissionPaise: Number(row.commissionPaise),
  }));
}

/** Per order line, the net already taken back by cancellations and refunds (paise, positive). */
export async function findReversedByLine(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('vendorLedgerEntries')
    .select((eb) => ['orderItemId', eb.fn.sum<number>('amountPaise').as('total')])
    .where('orderId', '=', orderId)
    .where('kind', 'in', ['cancellation', 'refund'])
    .groupBy('orderItemId')
    .execute();
  return new Map(rows.map((row) => [row.orderItemId as number, -Number(row.total)]));
}

/**
 * Whether the order's earnings are released (available), reading its hold row locked
 * inside a PostgreSQL transaction, so a release running at the same moment either
 * happened before (the entry goes to available) or waits for this transaction (and
 * then moves the entry with the rest).
 */
export async function isReleased(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orderPayoutHolds')
    .select('releasedAt')
    .where('orderId', '=', orderId)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
  return row !== undefined && row.releasedAt !== null;
}

/** Starts an order's hold at its delivery. */
export async function insertHold(db: Db, orderId: number, deliveredAt: string): Promise<void> {
  await db
    .insertInto('orderPayoutHolds')
    .values({ orderId, deliveredAt, releasedAt: null })
    .onConflict((oc) => oc.column('orderId').doNothing())
    .execute();
}

/** Whether any hold delivered at or before `cutoff` is still waiting (the partial index answers). */
export async function anyHoldDue(db: Db, cutoff: string): Promise<boolean> {
  const row = await db
    .selectFrom('orderPayoutHolds')
    .select('orderId')
    .where('releasedAt', 'is', null)
    .where('deliveredAt', '<=', cutoff)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Releases up to `limit` holds delivered at or before `cutoff`: sets their
 * `released_at` (only those still waiting, so of two processes each releases an order
 * once) and answers the orders this call released.
 */
export async function releaseHolds(db: Db, cutoff: string, now: string, limit: number): Promise<number[]> {
  const due = await db
    .selectFrom('orderPayoutHolds')
    .select('orderId')
    .where('releasedAt', 'is', null)
    .where('deliveredAt', '<=', cutoff)
    .orderBy('deliveredAt')
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  const released = await db
    .updateTable('orderPayoutHolds')
    .set({ releasedAt: now })
    .where(
      'orderId',
      'in',
      due.map((row) => row.orderId),
    )
    .where('releasedAt', 'is', null)
    .returning('orderId')
    .execute();
  return released.map((row) => row.orderId);
}

/** The sum of each vendor's entries on `orderIds` (paise). */
export async function sumEntriesByVendor(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('vendorLedgerEntries')
    .select((eb) => ['vendorId', eb.fn.sum<number>('amountPaise').as('total')])
    .where('orderId', 'in', orderIds)
    .groupBy('vendorId')
    .execute();
  return rows.map((row) => ({ vendorId: row.vendorId, totalPaise: Number(row.total) }));
}

/** A vendor's balances row (paise), or undefined before their first entry. */
export async function findBalance(db: Db, vendorId: number) {
  const row = await db
    .selectFrom('vendorBalances')
    .select(['pendingPaise', 'availablePaise', 'processingPaise', 'paidPaise'])
    .where('vendorId', '=', vendorId)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
  return {
    pendingPaise: Number(row?.pendingPaise ?? 0),
    availablePaise: Number(row?.availablePaise ?? 0),
    processingPaise: Number(row?.processingPaise ?? 0),
    paidPaise: Number(row?.paidPaise ?? 0),
  };
}

/** A ledger list's filters: kind, and UTC instants `[from, before)`. */
export interface LedgerFilters {
  kind?: LedgerEntryKind | undefined;
  from?: string | undefined;
  before?: string | undefined;
}

/** The ledger's only order; its cursors carry this name. */
export const LEDGER_SORT = 'newest';

function entriesOf(db: Db, vendorId: number, filters: LedgerFilters) {
  return db
    .selectFrom('vendorLedgerEntries as e')
    .where('e.vendorId', '=', vendorId)
    .$if(filters.kind !== undefined, (q) => q.where('e.kind', '=', filters.kind as LedgerEntryKind))
    .$if(filters.from !== undefined, (q) => q.where('e.createdAt', '>=', filters.from as string))
    .$if(filters.before !== undefined, (q) => q.where('e.createdAt', '<', filters.before as string));
}

/** A vendor's entries, newest first, with their orders' tracking numbers; all, or `limit + 1` after the cursor. */
export function listEntries(
  db: Db,
  vendorId: number,
  filters: LedgerFilters,
  page?: { limit: number; after?: Keyset | undefined },
) {
  let query = entriesOf(db, vendorId, filters)
    .leftJoin('orders as o', 'o.id', 'e.orderId')
    .select([
      'e.id',
      'e.kind',
      'e.amountPaise',
      'e.orderId',
      'e.payoutId',
      'e.note',
      'e.createdAt',
      'o.trackingNumber',
    ]);
  if (page?.after) query = query.where(afterKeyset(sql.ref('e.created_at'), sql.ref('e.id'), 'desc', page.after));
  query = query.orderBy('e.createdAt', 'desc').orderBy('e.id', 'desc');
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

export type EntryRow = Awaited<ReturnType<typeof listEntries>>[number];

/** One entry with its order's tracking number, or undefined. */
export function findEntry(db: Db, id: number) {
  return db
    .selectFrom('vendorLedgerEntries as e')
    .leftJoin('orders as o', 'o.id', 'e.orderId')
    .select(['e.id', 'e.kind', 'e.amountPaise', 'e.orderId', 'e.payoutId', 'e.note', 'e.createdAt', 'o.trackingNumber'])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

/**
 * How many of a vendor's entries match, exact up to `bound` (decision 0027): a busy
 * vendor's ledger holds hundreds of thousands of entries, and counting them all would
 * cost more than the page.
 */
export function countEntries(db: Db, vendorId: number, filters: LedgerFilters, bound: number): Promise<number> {
  return countUpTo(db, entriesOf(db, vendorId, filters).select(sql<number>`1`.as('one')), bound);
}
