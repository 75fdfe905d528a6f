import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { afterKeyset, countUpTo, type Keyset } from '../../platform/db/lists.js';
import type { LedgerEntryKind } from '../../platform/db/schema.js';
import { type BalanceChange, type BalanceMove, balanceChanges, moveChange, type Posting } from './ledger-postings.js';

/**
 * Every SQL statement on the vendors' ledger (issue 25; decisions 0106 and 0115):
 * entries are only ever inserted, by `post`, which changes the vendor's balances row
 * (the running sum of their entries by state) in the same call; triggers refuse any
 * UPDATE or DELETE of an entry. Money in signed paise, times UTC ISO 8601.
 */

/**
 * Posts entries and their balance change together (issue 32; decision 0115): the one
 * way money enters or leaves a vendor's ledger. Inserts the entries stamped `at`, then
 * applies each vendor's change (`balanceChanges`: pending or available, and processing
 * for a payout's entries) in one statement, creating a vendor's balances row on their
 * first entry. The sale, a cancellation or refund, a payout, a failed payout and an
 * adjustment all post through here, so pending + available is the sum of the entries
 * at every commit.
 * @param trx the transaction of the event that moved the money: the entries and the
 *   balances commit together or not at all.
 * @returns the entries' ids, in order.
 * @throws Error outside a transaction, or for a held entry of a kind no order posts
 *   (both bugs, refused before anything is written).
 */
export async function post(trx: Db, postings: readonly Posting[], at: string): Promise<number[]> {
  if (!trx.isTransaction) throw new Error('post: entries and balances are written in one transaction');
  if (postings.length === 0) return [];
  const changes = balanceChanges(postings);
  const rows = await trx
    .insertInto('vendorLedgerEntries')
    .values(
      postings.map((posting) => ({
        vendorId: posting.vendorId,
        kind: posting.kind,
        amountPaise: posting.amountPaise,
        orderId: posting.orderId ?? null,
        orderItemId: posting.orderItemId ?? null,
        payoutId: posting.payoutId ?? null,
        note: posting.note ?? null,
        createdBy: posting.createdBy ?? null,
        createdAt: at,
      })),
    )
    .returning('id')
    .execute();
  await changeBalances(trx, changes, at);
  return rows.map((row) => row.id);
}

/**
 * Moves `amountPaise` of a vendor's balances as `move` says (a hold ending, a payout
 * marked Paid), posting no entry: both sums `post` keeps stay as they are.
 * @param trx the transaction of the release or of the payout's marking.
 */
export async function moveBalance(
  trx: Db,
  vendorId: number,
  move: BalanceMove,
  amountPaise: number,
  at: string,
): Promise<void> {
  if (amountPaise === 0) return;
  await changeBalances(trx, [[vendorId, moveChange(move, amountPaise)]], at);
}

/** Adds each change to its vendor's balances row (inserting a missing one), in one statement. */
async function changeBalances(db: Db, changes: readonly [number, BalanceChange][], at: string): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insertInto('vendorBalances')
    .values(
      changes.map(([vendorId, change]) => ({
        vendorId,
        pendingPaise: change.pending,
        availablePaise: change.available,
        processingPaise: change.processing,
        paidPaise: change.paid,
        updatedAt: at,
      })),
    )
    .onConflict((oc) =>
      oc.column('vendorId').doUpdateSet({
        pendingPaise: sql`vendor_balances.pending_paise + excluded.pending_paise`,
        availablePaise: sql`vendor_balances.available_paise + excluded.available_paise`,
        processingPaise: sql`vendor_balances.processing_paise + excluded.processing_paise`,
        paidPaise: sql`vendor_balances.paid_paise + excluded.paid_paise`,
        updatedAt: at,
      }),
    )
    .execute();
}

/**
 * Claims a vendor's available balance for a payout only while it is still exactly
 * `amount` paise: a compare that also locks their balances row (PostgreSQL) until the
 * transaction ends, so two runs that read the same balance cannot both pay it, and
 * nothing changes it before the payout's entry is posted in the same transaction.
 * Moves no money: the payout's entry does, through `post`.
 * @returns whether the balance was still `amount`.
 */
export async function claimAvailable(trx: Db, vendorId: number, amount: number, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('vendorBalances')
    .set({ updatedAt: at })
    .where('vendorId', '=', vendorId)
    .where('availablePaise', '=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds to the store's commission of the UTC day `day` (`YYYY-MM-DD`), paise (negative to give back). */
export async function addCommissionOfDay(db: Db, day: string, paise: number, storeFundedPaise = 0): Promise<void> {
  if (paise === 0 && storeFundedPaise === 0) return;
  await db
    .insertInto('commissionDailyTotals')
    .values({ day, commissionPaise: paise, storeFundedPaise })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet({
        commissionPaise: sql`commission_daily_totals.commission_paise + ${paise}`,
        storeFundedPaise: sql`commission_daily_totals.store_funded_paise + ${storeFundedPaise}`,
      }),
    )
    .execute();
}

/**
 * The store's commission charged and the store-funded discounts its revenue bore (paise,
 * each net of what corrections gave back), from `fromDay` on (all days without it).
 */
export async function sumCommission(
  db: Db,
  fromDay?: string,
): Promise<{ commissionPaise: number; storeFundedPaise: number }> {
  const row = await db
    .selectFrom('commissionDailyTotals')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('commissionPaise'), sql<number>`0`).as('total'),
      eb.fn.coalesce(eb.fn.sum<number>('storeFundedPaise'), sql<number>`0`).as('storeFunded'),
    ])
    .$if(fromDay !== undefined, (q) => q.where('day', '>=', fromDay as string))
    .executeTakeFirstOrThrow();
  return { commissionPaise: Number(row.total), storeFundedPaise: Number(row.storeFunded) };
}

/** An order's line of a vendor's product as placed: its vendor, net and commission (paise), units taken back. */
export type VendorLine = Awaited<ReturnType<typeof findVendorLines>>[number];

/** An order's lines of vendors' products as placed: their vendor, net and commission (paise). */
export async function findVendorLines(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('orderItems')
    .select([
      'id',
      'vendorId',
      'netPaise',
      'commissionPaise',
      'storeFundedPaise',
      'commissionRateBp',
      'commissionMinPaise',
      'commissionMaxPaise',
      'quantity',
      'cancelledQuantity',
      'returnedQuantity',
    ])
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
    storeFundedPaise: Number(row.storeFundedPaise),
    rateBp: row.commissionRateBp,
    minPaise: row.commissionMinPaise === null ? null : Number(row.commissionMinPaise),
    maxPaise: row.commissionMaxPaise === null ? null : Number(row.commissionMaxPaise),
    quantity: row.quantity,
    /** Units taken back so far (cancelled and returned), as stored when read. */
    takenBack: row.cancelledQuantity + row.returnedQuantity,
  }));
}

/**
 * Per order line, what cancellations and refunds already took back of the vendor's
 * earning (`takenPaise`, positive) and the commission given back so far
 * (`commissionBackPaise`, the sum of `commission_reversal` entries), paise.
 */
export async function findReversedByLine(
  db: Db,
  orderId: number,
): Promise<Map<number, { takenPaise: number; commissionBackPaise: number }>> {
  const rows = await db
    .selectFrom('vendorLedgerEntries')
    .select((eb) => [
      'orderItemId',
      eb.fn
        .sum<number>(eb.case().when('kind', 'in', ['cancellation', 'refund']).then(eb.ref('amountPaise')).else(0).end())
        .as('taken'),
      eb.fn
        .sum<number>(eb.case().when('kind', '=', 'commission_reversal').then(eb.ref('amountPaise')).else(0).end())
        .as('back'),
    ])
    .where('orderId', '=', orderId)
    .where('kind', 'in', ['cancellation', 'refund', 'commission_reversal'])
    .groupBy('orderItemId')
    .execute();
  return new Map(
    rows.map((row) => [
      row.orderItemId as number,
      { takenPaise: -Number(row.taken), commissionBackPaise: Number(row.back) },
    ]),
  );
}

/**
 * The vendors whose earnings on the order are released (available), reading the
 * order's hold rows locked inside a PostgreSQL transaction, so a release running at the
 * same moment either happened before (the entry goes to available) or waits for this
 * transaction (and then moves the entry with the rest). Holds are per order and vendor
 * (issue 34).
 */
export async function releasedVendors(db: Db, orderId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('orderPayoutHolds')
    .select(['vendorId', 'releasedAt'])
    .where('orderId', '=', orderId)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .execute();
  return new Set(rows.filter((row) => row.releasedAt !== null).map((row) => row.vendorId));
}

/** Starts the hold of a vendor's part of an order at its delivery (once: a second start does nothing). */
export async function insertHold(db: Db, orderId: number, vendorId: number, deliveredAt: string): Promise<void> {
  await db
    .insertInto('orderPayoutHolds')
    .values({ orderId, vendorId, deliveredAt, releasedAt: null })
    .onConflict((oc) => oc.columns(['orderId', 'vendorId']).doNothing())
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

/** A vendor's part of an order, as a hold names it. */
export interface HoldKey {
  orderId: number;
  vendorId: number;
}

/**
 * Releases up to `limit` holds delivered at or before `cutoff`: sets their
 * `released_at` (only those still waiting, so of two processes each releases a hold
 * once) and answers the holds this call released.
 */
export async function releaseHolds(db: Db, cutoff: string, now: string, limit: number): Promise<HoldKey[]> {
  const due = await db
    .selectFrom('orderPayoutHolds')
    .select(['orderId', 'vendorId'])
    .where('releasedAt', 'is', null)
    .where('deliveredAt', '<=', cutoff)
    .orderBy('deliveredAt')
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  const released: HoldKey[] = [];
  // Grouped by vendor: one statement per vendor in the batch.
  const byVendor = new Map<number, number[]>();
  for (const row of due) byVendor.set(row.vendorId, [...(byVendor.get(row.vendorId) ?? []), row.orderId]);
  for (const [vendorId, orderIds] of byVendor) {
    const rows = await db
      .updateTable('orderPayoutHolds')
      .set({ releasedAt: now })
      .where('vendorId', '=', vendorId)
      .where('orderId', 'in', orderIds)
      .where('releasedAt', 'is', null)
      .returning(['orderId', 'vendorId'])
      .execute();
    released.push(...rows);
  }
  return released;
}

/** Releases the hold of a vendor's part of an order if it is still waiting; answers whether this call released it. */
export async function releaseHold(db: Db, orderId: number, vendorId: number, now: string): Promise<boolean> {
  const released = await db
    .updateTable('orderPayoutHolds')
    .set({ releasedAt: now })
    .where('orderId', '=', orderId)
    .where('vendorId', '=', vendorId)
    .where('releasedAt', 'is', null)
    .returning('orderId')
    .execute();
  return released.length > 0;
}

/** The sum of each vendor's entries on the parts `holds` name (paise), by vendor. */
export async function sumEntriesOfHolds(db: Db, holds: readonly HoldKey[]) {
  if (holds.length === 0) return [];
  const wanted = new Set(holds.map((hold) => `${hold.orderId}:${hold.vendorId}`));
  const rows = await db
    .selectFrom('vendorLedgerEntries')
    .select((eb) => ['orderId', 'vendorId', eb.fn.sum<number>('amountPaise').as('total')])
    .where('orderId', 'in', [...new Set(holds.map((hold) => hold.orderId))])
    .groupBy(['orderId', 'vendorId'])
    .execute();
  const byVendor = new Map<number, number>();
  for (const row of rows)
    if (wanted.has(`${row.orderId}:${row.vendorId}`))
      byVendor.set(row.vendorId, (byVendor.get(row.vendorId) ?? 0) + Number(row.total));
  return [...byVendor].map(([vendorId, totalPaise]) => ({ vendorId, totalPaise }));
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
