import type { RateTerms } from '../features/commissions/commission-rules.js';
import { type ChargedLine, chargeOrderLines } from '../features/orders/order-pricing.js';
import { addPosting, type BalanceChange, noChange } from '../features/payouts/ledger-postings.js';
import { createPayouts, decidePayout } from '../features/payouts/payouts.service.js';
import { ledgerSubscribers } from '../features/payouts/payouts.subscribers.js';
import type { DatabaseKind, Db } from '../platform/db/create-db.js';
import { createEventBus } from '../platform/events/event-bus.js';
import { BulkInserter } from './bulk.js';
import { approveSeedKyc } from './seller-kyc.js';

/**
 * The large store's money (issue 25): what the storefront's checkout posts for each
 * order, priced by the checkout's own function (`chargeOrderLines`: the lines' nets,
 * the commission at the store's default 10%, the sale and commission entries) and
 * written in bulk beside the orders: each line's vendor, net and commission, its
 * entries, the delivered orders' holds (released when delivered more than the hold
 * ago), each vendor's balances (added up by `addPosting`, as `post` changes them) and
 * the commission per day. A payout run through the payout service ends it.
 */

const DAY = 86_400_000;
/** The default rate the migration makes (the first rate): 10% in basis points, every vendor and category. */
const DEFAULT_RATES: RateTerms[] = [
  { id: 1, percentageBp: 1000, categoryId: null, vendorId: null, minPaise: null, maxPaise: null },
];

interface Line {
  /** The line's id, written explicitly, so its entries name it as the checkout's do. */
  id: number;
  productId: number | null;
  quantity: number;
  salePricePaise: number;
}

/** Collects the ledger of the orders as they are generated, and writes it in bulk. */
export class LedgerBuilder {
  private readonly entries: BulkInserter;
  private readonly holds: BulkInserter;
  private readonly balances = new Map<number, BalanceChange>();
  private readonly commissionByDay = new Map<string, number>();
  private entryRows: unknown[][] = [];
  private holdRows: unknown[][] = [];
  entriesWritten = 0;

  constructor(
    kind: DatabaseKind,
    /** The vendor of each product id (0: the store's own). */
    private readonly vendorOf: Int32Array,
    private readonly releaseBefore: number,
    private readonly now: string,
  ) {
    this.entries = new BulkInserter(
      'vendor_ledger_entries',
      ['vendor_id', 'kind', 'amount_paise', 'order_id', 'order_item_id', 'created_at'],
      kind,
    );
    this.holds = new BulkInserter('order_payout_holds', ['order_id', 'vendor_id', 'delivered_at', 'released_at'], kind);
  }

  /**
   * One order's lines as the checkout freezes them (`chargeOrderLines`): per line its
   * vendor, rate, net and commission (the order_items columns, in line order), and its
   * entries and balances.
   * @param deliveredAt when it was delivered (UTC ISO), or null.
   */
  charge(
    orderId: number,
    createdAt: string,
    discountPaise: number,
    lines: readonly Line[],
    deliveredAt: string | null,
  ): ChargedLine[] {
    const charged = chargeOrderLines(
      discountPaise,
      lines.map((line) => ({
        vendorId: line.productId === null ? null : this.vendorOf[line.productId] || null,
        categoryId: null,
        quantity: line.quantity,
        salePricePaise: line.salePricePaise,
      })),
      DEFAULT_RATES,
    );
    const held = !(deliveredAt !== null && Date.parse(deliveredAt) <= this.releaseBefore);
    const day = createdAt.slice(0, 10);
    // Holds are per order and vendor (issue 34): one per vendor of the order.
    const vendors = new Set<number>();
    charged.forEach(({ vendorId, commissionPaise, entries }, index) => {
      if (vendorId === null) return;
      vendors.add(vendorId);
      const orderItemId = (lines[index] as Line).id;
      let balance = this.balances.get(vendorId);
      if (!balance) {
        balance = noChange();
        this.balances.set(vendorId, balance);
      }
      for (const entry of entries) {
        this.entryRows.push([vendorId, entry.kind, entry.amountPaise, orderId, orderItemId, createdAt]);
        addPosting(balance, { vendorId, ...entry, held });
      }
      this.commissionByDay.set(day, (this.commissionByDay.get(day) ?? 0) + commissionPaise);
    });
    if (deliveredAt !== null)
      for (const vendorId of vendors) this.holdRows.push([orderId, vendorId, deliveredAt, held ? null : this.now]);
    return charged;
  }

  /** Writes what was collected since the last flush, in the caller's transaction. */
  async flush(trx: Db): Promise<void> {
    await this.entries.insert(trx, this.entryRows);
    await this.holds.insert(trx, this.holdRows);
    this.entriesWritten += this.entryRows.length;
    this.entryRows = [];
    this.holdRows = [];
  }

  /** Writes the balances and the commission per day (after the last flush). */
  async finish(trx: Db, kind: DatabaseKind): Promise<void> {
    await new BulkInserter(
      'vendor_balances',
      ['vendor_id', 'pending_paise', 'available_paise', 'processing_paise', 'paid_paise', 'updated_at'],
      kind,
    ).insert(
      trx,
      [...this.balances].map(([vendorId, b]) => [vendorId, b.pending, b.available, b.processing, b.paid, this.now]),
    );
    await new BulkInserter('commission_daily_totals', ['day', 'commission_paise'], kind).insert(
      trx,
      [...this.commissionByDay].map(([day, paise]) => [day, paise]),
    );
  }
}

/** When a large store's holds count as released: delivered more than the default 7 days before `now`. */
export function releaseCutoff(now: Date): number {
  return now.getTime() - 7 * DAY;
}

/**
 * Pays the first three vendors with money available through the payout service, and
 * marks two of those payouts Paid and one Failed, as a store that has run for a while.
 */
/** The generator's history is booked in the ledger, but tells no one and logs nothing (as the demo seeder's). */
const ledgerOnly = createEventBus(ledgerSubscribers);

export async function payFirstVendors(db: Db, admin: { userId: number; name: string }, now: Date): Promise<number> {
  const staff = { userId: admin.userId, role: 'admin' as const, name: admin.name };
  const first = await db
    .selectFrom('vendorBalances')
    .select('vendorId')
    .where('availablePaise', '>', 0)
    .orderBy('vendorId')
    .limit(3)
    .execute();
  // Payouts wait for an approved KYC (issue 35).
  await approveSeedKyc(
    db,
    first.map((row) => row.vendorId),
    now.toISOString(),
  );
  const { payouts } = await createPayouts(
    db,
    ledgerOnly,
    staff,
    { holdDays: 7, minimumPaise: 10_000, bankChangeHoldHours: 24 },
    first.map((row) => row.vendorId),
  );
  for (const [index, payout] of payouts.entries())
    await decidePayout(
      db,
      ledgerOnly,
      staff,
      Number(payout._id),
      index === 2
        ? { status: 'Failed', reason: 'The bank returned it: the account is dormant' }
        : { status: 'Paid', reference: `UTR${now.getTime()}${index}` },
    );
  return payouts.length;
}
