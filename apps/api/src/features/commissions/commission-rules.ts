import { basisPointsOf, type LedgerEntryKind } from '@haat/contract';

/**
 * What the store keeps of a sale (issue 25; docs/decisions/0106-marketplace-money.md).
 * Pure functions over integer paise and basis points: which rate applies to a line, what
 * it charges, the entries a sale posts and the commission a correction gives back. The
 * checkout freezes the charge on the order line.
 */

/** A rate as the rules need it: basis points (1000 = 10%), its scope, floor and cap (paise). */
export interface RateTerms {
  id: number;
  percentageBp: number;
  categoryId: number | null;
  vendorId: number | null;
  minPaise: number | null;
  maxPaise: number | null;
}

/** How specific a rate is: vendor + category 3, vendor 2, category 1, the default 0. */
export function specificity(rate: Pick<RateTerms, 'vendorId' | 'categoryId'>): number {
  return (rate.vendorId !== null ? 2 : 0) + (rate.categoryId !== null ? 1 : 0);
}

/**
 * The rate for a line of `vendorId`'s product in `categoryId`: the most specific of the
 * rates whose scope matches (vendor + category, then vendor, then category, then the
 * default), or undefined when none does (only without a default rate). A line of no
 * known category (null) matches only rates of every category.
 */
export function chooseRate<Rate extends RateTerms>(
  rates: readonly Rate[],
  vendorId: number,
  categoryId: number | null,
): Rate | undefined {
  let best: Rate | undefined;
  for (const rate of rates) {
    if (rate.vendorId !== null && rate.vendorId !== vendorId) continue;
    if (rate.categoryId !== null && rate.categoryId !== categoryId) continue;
    if (!best || specificity(rate) > specificity(best)) best = rate;
  }
  return best;
}

/**
 * The commission on a line whose net (price less its share of the coupon's discount) is
 * `netPaise`: `percentageBp` of it, rounded half up to the paisa (`basisPointsOf`), then raised to the
 * floor and lowered to the cap when the rate has them, and never more than the net (a
 * vendor's earning is never negative).
 */
export function commissionOn(
  netPaise: number,
  rate: Pick<RateTerms, 'percentageBp' | 'minPaise' | 'maxPaise'>,
): number {
  if (netPaise <= 0) return 0;
  let commission = basisPointsOf(netPaise, rate.percentageBp);
  if (rate.minPaise !== null) commission = Math.max(commission, rate.minPaise);
  if (rate.maxPaise !== null) commission = Math.min(commission, rate.maxPaise);
  return Math.min(commission, netPaise);
}

/**
 * The commission given back when `reversedPaise` more of a line's net comes back (a
 * cancellation or a refund), `alreadyPaise` having come back before: in proportion to
 * the net, as the difference of `floor(commission × reversed / net)` at the end and at
 * the start, so the steps always sum to the whole commission once the whole net is back.
 */
export function commissionBack(
  commissionPaise: number,
  netPaise: number,
  alreadyPaise: number,
  reversedPaise: number,
): number {
  if (netPaise <= 0 || commissionPaise <= 0) return 0;
  const part = (reversed: number) =>
    (BigInt(commissionPaise) * BigInt(Math.min(reversed, netPaise))) / BigInt(netPaise);
  return Number(part(alreadyPaise + reversedPaise) - part(alreadyPaise));
}

/** A ledger entry a placed line posts, before its vendor, order and line are known. */
export interface SaleEntry {
  kind: Extract<LedgerEntryKind, 'sale' | 'commission'>;
  /** Signed paise owed to the vendor. */
  amountPaise: number;
}

/**
 * The entries a line of a vendor's product posts when its order is placed: its earning
 * base (+: the net, plus the store-funded part of its discount share when the store
 * funds the coupon, decision 0131) and, when it pays one, the store's commission (−).
 * `postOrderPlaced` posts them from the line as frozen on the order; `chargeOrderLines`
 * (order pricing) answers them for the large-store generator's bulk rows;
 * `commissionKept` is the way back.
 */
export function saleEntries(line: {
  netPaise: number;
  commissionPaise: number;
  storeFundedPaise?: number;
}): SaleEntry[] {
  const entries: SaleEntry[] = [{ kind: 'sale', amountPaise: line.netPaise + (line.storeFundedPaise ?? 0) }];
  if (line.commissionPaise > 0) entries.push({ kind: 'commission', amountPaise: -line.commissionPaise });
  return entries;
}

/**
 * The commission the store keeps on a line after cancellations and returns (issue 35;
 * decision 0132): the rate, with its floor and cap as frozen on the line, applied to the
 * net the vendor keeps (`commissionOn`), never more than what was charged at placement.
 * The difference with what the store holds now is posted as a new entry.
 * @param line the rate (basis points), floor and cap as frozen, and the commission charged when placed (paise).
 * @param keptPaise the vendor's earning base still kept: base as placed less what was taken back (paise).
 */
export function commissionKept(
  line: { rateBp: number | null; minPaise: number | null; maxPaise: number | null; commissionPaise: number },
  keptPaise: number,
): number {
  if (keptPaise <= 0 || line.commissionPaise <= 0) return 0;
  const kept = commissionOn(keptPaise, {
    percentageBp: line.rateBp ?? 0,
    minPaise: line.minPaise,
    maxPaise: line.maxPaise,
  });
  return Math.min(kept, line.commissionPaise);
}
