/**
 * How an order's coupon discount is shared over its lines and units (issue 24,
 * docs/decisions/0100-cancellations-and-returns.md). Pure functions over integer paise:
 * shares always sum to the whole, so no paisa is created or lost by a cancellation or a
 * refund, however the units are taken back.
 */

/**
 * Splits `total` paise over `weights` (each line's value, paise) in proportion, by the
 * largest-remainder rule: each share is the floor of its exact part, and the paise left
 * over go one each to the largest remainders (the earlier line first on a tie).
 * @param total a non-negative whole number of paise, at most the sum of the weights.
 * @param weights non-negative whole numbers; all zero shares nothing.
 * @returns one share per weight, summing to `total` (or all zero when the weights are).
 */
export function allocateLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n);
  if (sum === 0n) return weights.map(() => 0);
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight));
  const shares = exact.map((part) => part / sum);
  let left = BigInt(total) - shares.reduce((acc, share) => acc + share, 0n);
  const byRemainder = exact
    .map((part, index) => ({ index, remainder: part % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    shares[index] = (shares[index] as bigint) + 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/**
 * The part of a line's discount share carried by its first `units` units taken back:
 * `floor(lineShare × units / quantity)`. Taking back units in any steps, the share of
 * each step is the difference of this at its end and its start, so the steps always
 * sum to the share of all the units taken, and to `lineShare` when every unit is.
 * @param lineShare the line's share of the discount (paise).
 * @param quantity the units the line was placed with (at least 1).
 * @param units units taken back so far, from 0 to `quantity`.
 */
export function unitsShare(lineShare: number, quantity: number, units: number): number {
  return Number((BigInt(lineShare) * BigInt(units)) / BigInt(quantity));
}

/** A line as the shares need it: units placed and their unit price (paise). */
export interface ShareLine {
  quantity: number;
  salePricePaise: number;
  /** Units already taken back (cancelled and returned). */
  takenBack: number;
  /**
   * The line's share of the discount as frozen at placement (paise: its value less its
   * net), when the order froze one (issue 25 on). Absent or null: the share is
   * allocated again over every line, as orders placed before froze none were priced.
   */
  sharePaise?: number | null;
}

/**
 * Each line's share of the order's discount as placed: the share frozen on the line
 * (issue 35: a coupon limited to categories is shared over the lines it applies to only,
 * so the share cannot be allocated again from the total), or, for an order that froze
 * none, the largest-remainder allocation over every line's value, as it was priced.
 */
export function placedShares(discountPaise: number, lines: readonly ShareLine[]): number[] {
  if (lines.every((line) => line.sharePaise !== undefined && line.sharePaise !== null))
    return lines.map((line) => line.sharePaise as number);
  return allocateLargestRemainder(
    discountPaise,
    lines.map((line) => line.quantity * line.salePricePaise),
  );
}

/**
 * What taking back `units` more units of each line is worth: per line, the units' price,
 * their share of the discount (of the line's share as placed, `placedShares`), and the
 * amount (price less share), all paise.
 * @param discountPaise the order's coupon discount as placed.
 * @param lines every line of the order, in the order's order (the allocation's tie rule).
 * @param units per line index, the units to take back now (0 for none).
 */
export function takeBackValue(
  discountPaise: number,
  lines: readonly ShareLine[],
  units: readonly number[],
): { pricePaise: number; discountPaise: number; amountPaise: number }[] {
  const shares = placedShares(discountPaise, lines);
  return lines.map((line, index) => {
    const count = units[index] ?? 0;
    const share = shares[index] ?? 0;
    const discount =
      unitsShare(share, line.quantity, line.takenBack + count) - unitsShare(share, line.quantity, line.takenBack);
    const pricePaise = count * line.salePricePaise;
    return { pricePaise, discountPaise: discount, amountPaise: pricePaise - discount };
  });
}
