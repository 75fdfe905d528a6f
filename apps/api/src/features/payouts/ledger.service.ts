import { type Balances, type LedgerEntry, type LedgerQuery, ledgerEntryKindLabels, toRupees } from '@haat/contract';
import { type CsvColumn, csvRupees, csvText, csvTime, EXPORT_BATCH_ROWS } from '../../platform/csv/csv-export.js';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { runTransaction } from '../../platform/db/transactions.js';
import type { DomainEvents, PlacedLineTax } from '../../platform/events/domain-events.js';
import { commissionKept, saleEntries } from '../commissions/commission-rules.js';
import { unitsShare } from '../orders/discount-shares.js';
import { type CorrectedLine, correctionDeductions, saleDeductions } from '../tax/deductions.service.js';
import {
  addCommissionOfDay,
  anyHoldDue,
  countEntries,
  type EntryRow,
  findBalance,
  findReversedByLine,
  findVendorLines,
  insertHold,
  LEDGER_SORT,
  type LedgerFilters,
  listEntries,
  moveBalance,
  post,
  releasedVendors,
  releaseHold,
  releaseHolds,
  sumCommission,
  sumEntriesOfHolds,
  type VendorLine,
} from './ledger.repository.js';
import type { Posting } from './ledger-postings.js';

/**
 * The vendors' ledger (issue 25; docs/decisions/0106-marketplace-money.md and
 * 0115-one-ledger-posting-path.md). Every event that moves a vendor's money posts
 * entries through `post`, in the transaction of the event:
 * - a sale: the line's earning base (+: its net, plus its store-funded discount share
 *   when the store funds the coupon, decision 0131) and the store's commission (−), as
 *   frozen on the line (`saleEntries`, the same the checkout's `chargeOrderLines` answers);
 * - a cancellation or a refund: the earning taken back (−: the customer's money, plus
 *   the units' store-funded share) and the commission given back (+): what the store
 *   held less the rate on the net kept (`commissionKept`, decision 0132), so a line
 *   taken back whole returns exactly its commission;
 * - with each sale and correction, the GST on the commission, TCS and TDS deducted (−)
 *   or given back (+) (`commission_gst`, `tcs`, `tds`; decision 0148);
 * - a payout (−), a failed payout (+), an admin's adjustment (±).
 * Entries are never changed (triggers refuse it). A vendor's balances row is their
 * running sum by state, changed by `post` with the entries (`moveBalance` for the two
 * moves that post none):
 * `pending` while the order is undelivered or within the hold, `available` after it;
 * payouts move money from available to `processing` and then to `paid`.
 * Reconciliation: pending + available = the sum of the vendor's entries.
 */

/** Orders released per transaction when holds mature. */
const RELEASE_BATCH = 2_000;

/** The UTC day of an instant. */
const dayOf = (at: string) => at.slice(0, 10);

/**
 * A just-placed order's lines of vendors' products as its checkout wrote them and the
 * event carries them (decision 0151), in line order: what `findVendorLines` would read
 * back, with nothing taken back yet.
 */
function placedVendorLines(placed: DomainEvents['order.placed']): VendorLine[] {
  return placed.lines
    .flatMap((line) =>
      line.vendorId === null
        ? []
        : [
            {
              id: line.orderItemId,
              vendorId: line.vendorId,
              netPaise: line.netPaise,
              commissionPaise: line.commissionPaise,
              storeFundedPaise: line.storeFundedPaise,
              rateBp: line.commissionRateBp,
              minPaise: line.commissionMinPaise,
              maxPaise: line.commissionMaxPaise,
              quantity: line.quantity,
              takenBack: 0,
            },
          ],
    )
    .sort((a, b) => a.id - b.id);
}

/**
 * Posts an order's sale entries (checkout): per line of a vendor's product, its net and
 * the commission, pending until delivery and the hold. The store's own lines post none.
 * @param trx the checkout's transaction, after the lines were written with their
 *   vendor, net and commission.
 * @param placed the `order.placed` event: the order, its instant (UTC ISO) and its lines
 *   with their frozen money, so nothing is read back.
 */
export async function postOrderPlaced(trx: Db, placed: DomainEvents['order.placed']): Promise<void> {
  const { orderId, at } = placed;
  const lines = placedVendorLines(placed);
  if (lines.length === 0) return;
  const postings: Posting[] = lines.flatMap((line) =>
    saleEntries(line).map((entry) => ({
      ...entry,
      vendorId: line.vendorId,
      orderId,
      orderItemId: line.id,
      held: true,
    })),
  );
  // GST on the commission, TCS and TDS (issue 35; decision 0148), booked with the sale
  // from each line's GST as frozen, which the event carries.
  const taxes = new Map(placed.lines.map((line) => [line.orderItemId, line.tax]));
  postings.push(
    ...(await saleDeductions(
      trx,
      orderId,
      lines.map((line) => ({ ...line, tax: taxes.get(line.id) as PlacedLineTax })),
      at,
    )),
  );
  await post(trx, postings, at);
  await addCommissionOfDay(
    trx,
    dayOf(at),
    lines.reduce((sum, line) => sum + line.commissionPaise, 0),
    lines.reduce((sum, line) => sum + line.storeFundedPaise, 0),
  );
}

/**
 * Posts what a cancellation or a return takes back of vendors' lines (issues 25 and 35;
 * decisions 0106, 0131 and 0132). Per line:
 * - the earning taken back (−, kind `cancellation` or `refund`): the customer's money
 *   (the cancelled units' value or the line's share of the refund) plus, when the store
 *   funds the coupon, the units' part of the store-funded share (`unitsShare`), which
 *   goes back to the store's commission revenue;
 * - the commission given back (+, `commission_reversal`): the commission the store held
 *   on the line before (as placed, less what was given back) less the commission on
 *   what the vendor now keeps (`commissionKept`: the rate with its floor and cap on the
 *   net kept), a new entry however the earlier ones were figured (append-only; a line
 *   corrected before issue 35 in proportion is brought to the rule at its next one).
 * Into pending while the order's hold lasts, else available (a refund after payout
 * makes it negative; the next payout nets it).
 * @param trx the correction's transaction, on the locked order, after the lines' taken-back units were counted.
 * @param lines per order line, the units taken back now and the customer's money taken
 *   back (paise, ≥ 0); the store's own lines are skipped.
 * @param createdBy the admin who made it (null for the seeder's).
 */
export async function postOrderCorrection(
  trx: Db,
  orderId: number,
  kind: 'cancellation' | 'refund',
  lines: readonly { orderItemId: number; amountPaise: number; quantity: number }[],
  at: string,
  createdBy: number | null,
): Promise<void> {
  const vendorLines = new Map((await findVendorLines(trx, orderId)).map((line) => [line.id, line]));
  const taken = lines.filter((line) => line.quantity > 0 && vendorLines.has(line.orderItemId));
  if (taken.length === 0) return;
  const reversed = await findReversedByLine(trx, orderId);
  const released = await releasedVendors(trx, orderId);
  const postings: Posting[] = [];
  const corrected: CorrectedLine[] = [];
  let back = 0;
  let storeFundedBack = 0;
  for (const { orderItemId, amountPaise, quantity } of taken) {
    const line = vendorLines.get(orderItemId);
    if (!line) continue;
    // The counts were already raised by this correction: it took units (before, after].
    const fundedBack =
      unitsShare(line.storeFundedPaise, line.quantity, line.takenBack) -
      unitsShare(line.storeFundedPaise, line.quantity, line.takenBack - quantity);
    const earningBack = amountPaise + fundedBack;
    const before = reversed.get(orderItemId) ?? { takenPaise: 0, commissionBackPaise: 0 };
    const keptBase = line.netPaise + line.storeFundedPaise - before.takenPaise - earningBack;
    const held = line.commissionPaise - before.commissionBackPaise;
    const returned = held - commissionKept(line, keptBase);
    const base = { vendorId: line.vendorId, orderId, orderItemId, createdBy, held: !released.has(line.vendorId) };
    if (earningBack !== 0) postings.push({ ...base, kind, amountPaise: -earningBack });
    if (returned !== 0) postings.push({ ...base, kind: 'commission_reversal', amountPaise: returned });
    back += returned;
    storeFundedBack += fundedBack;
    corrected.push({
      orderItemId,
      vendorId: line.vendorId,
      keptBasePaise: keptBase,
      commissionKeptPaise: held - returned,
      held: base.held,
    });
  }
  // What the correction gives back of the GST on commission, TCS and TDS (decision 0148).
  postings.push(...(await correctionDeductions(trx, orderId, kind, corrected, at, createdBy)));
  if (postings.length === 0) return;
  await post(trx, postings, at);
  await addCommissionOfDay(trx, dayOf(at), -back, -storeFundedBack);
}

/**
 * Starts the hold of a vendor's delivered part of an order (issue 34: when the last of
 * their shipments of it not cancelled is delivered): their earnings on it become
 * available `PAYOUT_HOLD_DAYS` after `deliveredAt`, so returns can come back first.
 * Another vendor's part of the same order waits for its own delivery.
 * @param trx the delivery's transaction.
 */
export async function holdDeliveredPart(
  trx: Db,
  orderId: number,
  vendorId: number,
  deliveredAt: string,
): Promise<void> {
  await insertHold(trx, orderId, vendorId, deliveredAt);
}

/**
 * Makes a vendor's earnings on their just-delivered part of an order available at
 * once, for a store whose `PAYOUT_HOLD_DAYS` is 0: there is no hold to wait out, so
 * nothing waits for the scheduled release round (decision 0116), in the transaction of
 * the delivery.
 * @param at the delivery time (UTC).
 */
export async function releaseDeliveredPart(trx: Db, orderId: number, vendorId: number, at: string): Promise<void> {
  if (!(await releaseHold(trx, orderId, vendorId, at))) return;
  for (const { vendorId: vendor, totalPaise } of await sumEntriesOfHolds(trx, [{ orderId, vendorId }]))
    await moveBalance(trx, vendor, { from: 'pending', to: 'available' }, totalPaise, at);
}

/**
 * Releases the earnings of every vendor's part of an order delivered at least `holdDays`
 * before `now` (holds per order and vendor, issue 34): each such part's entries move from its vendors' pending to their available balance,
 * in batches of `RELEASE_BATCH` orders, each its own transaction. Run as a scheduled
 * task every `EARNINGS_RELEASE_MINUTES` and before a payout run pays (decision 0116);
 * when nothing is due it costs one index probe. Safe to run from several processes at once: an order is
 * released by whichever sets its `released_at` first.
 * @returns how many holds (vendors' parts of orders) it released.
 */
export async function releaseMaturedEarnings(db: Db, holdDays: number, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - holdDays * 86_400_000).toISOString();
  if (!(await anyHoldDue(db, cutoff))) return 0;
  let released = 0;
  for (;;) {
    const count = await runTransaction(db, async (trx) => {
      const at = now.toISOString();
      const holds = await releaseHolds(trx, cutoff, at, RELEASE_BATCH);
      for (const { vendorId, totalPaise } of await sumEntriesOfHolds(trx, holds))
        await moveBalance(trx, vendorId, { from: 'pending', to: 'available' }, totalPaise, at);
      return holds.length;
    });
    released += count;
    if (count < RELEASE_BATCH) return released;
  }
}

/** Paise balances as the wire's rupees. */
export function toBalances(row: Awaited<ReturnType<typeof findBalance>>): Balances {
  return {
    pending: toRupees(row.pendingPaise),
    available: toRupees(row.availablePaise),
    processing: toRupees(row.processingPaise),
    paid: toRupees(row.paidPaise),
  };
}

/**
 * A vendor's balances as booked: earnings move from pending to available in the scheduled
 * release (`EARNINGS_RELEASE_MINUTES`; decision 0116), not on this read.
 */
export async function vendorBalances(db: Db, vendorId: number): Promise<Balances> {
  return toBalances(await findBalance(db, vendorId));
}

/**
 * What a vendor earned all time (paise): their sales less commission, cancellations and
 * refunds, plus adjustments; the same whether paid out or not (pending + available +
 * processing + paid). Read from their balances row.
 */
export async function vendorNetEarnings(db: Db, vendorId: number): Promise<number> {
  const row = await findBalance(db, vendorId);
  return row.pendingPaise + row.availablePaise + row.processingPaise + row.paidPaise;
}

/**
 * What the store still owes a vendor (paise): pending + available + in a payout not yet
 * marked. Not zero means their money is not settled (negative: they owe the store).
 */
export async function vendorOwedPaise(db: Db, vendorId: number): Promise<number> {
  const row = await findBalance(db, vendorId);
  return row.pendingPaise + row.availablePaise + row.processingPaise;
}

/** The store's commission revenue over a period (paise). */
export interface CommissionFigures {
  /** What the store earns: the commission charged less the store-funded discounts it bore. */
  thisMonthPaise: number;
  allTimePaise: number;
  /** The commission charged, before store-funded discounts. */
  chargedThisMonthPaise: number;
  chargedAllTimePaise: number;
  /** The store-funded coupon discounts its commission bore (decision 0131). */
  storeFundedThisMonthPaise: number;
  storeFundedAllTimePaise: number;
}

/**
 * The store's commission revenue (paise), each figure net of what cancellations and
 * refunds gave back: the commission charged, the store-funded discounts it bore, and
 * the first less the second (what the store earns); in the UTC month of `now` and all
 * time, from the per-day totals.
 */
export async function storeCommission(db: Db, now: Date): Promise<CommissionFigures> {
  const monthStart = `${now.toISOString().slice(0, 7)}-01`;
  const [month, all] = await Promise.all([sumCommission(db, monthStart), sumCommission(db)]);
  return {
    thisMonthPaise: month.commissionPaise - month.storeFundedPaise,
    allTimePaise: all.commissionPaise - all.storeFundedPaise,
    chargedThisMonthPaise: month.commissionPaise,
    chargedAllTimePaise: all.commissionPaise,
    storeFundedThisMonthPaise: month.storeFundedPaise,
    storeFundedAllTimePaise: all.storeFundedPaise,
  };
}

/** An entry row as the wire shape (signed rupees). */
export function toLedgerEntry(row: EntryRow): LedgerEntry {
  return {
    _id: String(row.id),
    kind: row.kind,
    amount: toRupees(Number(row.amountPaise)),
    orderId: row.orderId === null ? null : String(row.orderId),
    trackingNumber: row.trackingNumber ?? null,
    payoutId: row.payoutId === null ? null : String(row.payoutId),
    note: row.note,
    createdAt: row.createdAt,
  };
}

/** The list's filters: `from` and `to` are UTC days, both inclusive. */
export function ledgerFilters(query: Pick<LedgerQuery, 'kind' | 'from' | 'to'>): LedgerFilters {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
  return {
    kind: query.kind,
    from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    before: query.to ? nextDay(query.to) : undefined,
  };
}

/**
 * `GET /api/vendor/earnings` and `GET /api/payouts/admin/vendors/{id}/ledger`: the
 * vendor's balances and entries, newest first, every one or a keyset page.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this list.
 */
export async function vendorLedger(
  db: Db,
  bounds: ListBounds,
  vendorId: number,
  query: LedgerQuery,
): Promise<{ balances: Balances; entries: LedgerEntry[]; total?: number; nextCursor?: string | null }> {
  const balances = await vendorBalances(db, vendorId);
  const filters = ledgerFilters(query);
  const { items, ...paging } = await listOrPage(
    { limit: query.limit, cursor: query.cursor, sort: LEDGER_SORT },
    {
      keyType: 'instant',
      fetchAll: () => listEntries(db, vendorId, filters),
      fetchPage: (page) => listEntries(db, vendorId, filters, page),
      count: (bound) => countEntries(db, vendorId, filters, bound),
      boundedCount: true,
      keyOf: (row) => ({ key: row.createdAt, id: row.id }),
      toItems: (rows) => rows.map(toLedgerEntry),
    },
    bounds,
  );
  return { balances, entries: items, ...paging };
}

/**
 * The rows of `GET /api/vendor/earnings/export`: the vendor's entries the filters
 * select, newest first, read in keyset batches (one index range scan each).
 */
export async function* ledgerExportBatches(
  db: Db,
  vendorId: number,
  query: Pick<LedgerQuery, 'kind' | 'from' | 'to'>,
): AsyncGenerator<EntryRow[]> {
  const filters = ledgerFilters(query);
  let after: { key: string; id: number } | undefined;
  for (;;) {
    const rows = await listEntries(db, vendorId, filters, { limit: EXPORT_BATCH_ROWS - 1, after });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    const last = rows[rows.length - 1] as EntryRow;
    after = { key: last.createdAt, id: last.id };
  }
}

/** The ledger's CSV columns; times in `timeZone` (the store's), amounts signed rupees. */
export function ledgerCsvColumns(timeZone: string): CsvColumn<EntryRow>[] {
  return [
    { header: 'Date', cell: (row) => csvTime(row.createdAt, timeZone) },
    { header: 'Kind', cell: (row) => ledgerEntryKindLabels[row.kind] },
    { header: 'Order', cell: (row) => csvText(row.trackingNumber) },
    { header: 'Payout', cell: (row) => (row.payoutId === null ? '' : `HAAT-PO-${row.payoutId}`) },
    { header: 'Amount', cell: (row) => csvRupees(Number(row.amountPaise)) },
    { header: 'Note', cell: (row) => csvText(row.note) },
  ];
}
