import type { LedgerEntryKind } from '../../platform/db/schema.js';

/**
 * What posting an entry does to its vendor's balances (issue 32;
 * docs/decisions/0115-one-ledger-posting-path.md). Pure: `post` in `ledger.repository.ts`
 * writes the entries and applies these changes in one call, and the large-store
 * generator adds up the same changes for its bulk rows. Money in signed paise.
 *
 * The balances are the entries summed by state, so two sums hold at every commit:
 * - pending + available = the sum of the vendor's entries;
 * - processing + paid = what their payout entries took (minus what failed ones gave back).
 * An entry's amount counts in `pending` until its order's hold ends (`held`: the order
 * is undelivered or within the hold), else in `available`; a payout's entry (−) also
 * puts its amount into `processing`, and a failed payout's entry (+) takes it out again. The only changes without an entry are moves
 * that keep both sums (`BalanceMove`): a hold ending, a payout marked Paid.
 */

/** The kinds an order's events post; only these may be held. */
const ORDER_KINDS: ReadonlySet<LedgerEntryKind> = new Set([
  'sale',
  'commission',
  'cancellation',
  'commission_reversal',
  'refund',
  'commission_gst',
  'tcs',
  'tds',
]);

/** The kinds that move money into or out of a payout (`processing`). */
const PAYOUT_KINDS: ReadonlySet<LedgerEntryKind> = new Set(['payout', 'payout_failed']);

/** An entry to post: the row's fields (absent references are null) and where it counts. */
export interface Posting {
  vendorId: number;
  kind: LedgerEntryKind;
  /** Signed paise the store owes the vendor. */
  amountPaise: number;
  orderId?: number | null;
  orderItemId?: number | null;
  payoutId?: number | null;
  /** The admin's reason (an adjustment, a failed payout); no customer's data. */
  note?: string | null;
  /** The admin who made it; null for the checkout's and the seeder's. */
  createdBy?: number | null;
  /** An order's entry before the order's hold ends (undelivered, or within the hold): pending, not available. */
  held?: boolean;
}

/** A change of a vendor's balances (paise; every field, 0 for none). */
export interface BalanceChange {
  pending: number;
  available: number;
  processing: number;
  paid: number;
}

/** The moves between balances that post no entry, each keeping both sums above. */
export type BalanceMove =
  /** An order's hold ended: its entries' sum becomes available. */
  | { from: 'pending'; to: 'available' }
  /** A payout was marked Paid. */
  | { from: 'processing'; to: 'paid' };

/** A change of nothing, to add to. */
export function noChange(): BalanceChange {
  return { pending: 0, available: 0, processing: 0, paid: 0 };
}

/**
 * Adds what `posting` does to its vendor's balances into `change`.
 * @throws Error for a held entry of a kind no order posts (a payout or an adjustment is
 *   never within an order's hold): a bug, refused before anything is written.
 */
export function addPosting(change: BalanceChange, posting: Posting): void {
  if (posting.held && !ORDER_KINDS.has(posting.kind))
    throw new Error(`A ${posting.kind} entry is never held: only an order's entries wait for its hold`);
  if (posting.held) change.pending += posting.amountPaise;
  else change.available += posting.amountPaise;
  if (PAYOUT_KINDS.has(posting.kind)) change.processing -= posting.amountPaise;
}

/**
 * Each vendor's balance change from `postings`, in vendor id order (the order their
 * balances rows are locked in, so two postings never wait on each other in a circle).
 * @throws Error as `addPosting`.
 */
export function balanceChanges(postings: readonly Posting[]): [vendorId: number, change: BalanceChange][] {
  const byVendor = new Map<number, BalanceChange>();
  for (const posting of postings) {
    let change = byVendor.get(posting.vendorId);
    if (!change) {
      change = noChange();
      byVendor.set(posting.vendorId, change);
    }
    addPosting(change, posting);
  }
  return [...byVendor].sort(([a], [b]) => a - b);
}

/** The balance change of moving `amountPaise` as `move` says. */
export function moveChange(move: BalanceMove, amountPaise: number): BalanceChange {
  const change = noChange();
  change[move.from] -= amountPaise;
  change[move.to] += amountPaise;
  return change;
}
