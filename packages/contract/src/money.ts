/**
 * Money's arithmetic, in one place for both apps (issue 32; docs/decisions/0115-one-ledger-posting-path.md):
 * integer paise inside, rupees with two decimals on the wire. Every rounding here is
 * exact, in integer (BigInt) arithmetic: a percentage of an amount, a rate in basis
 * points, and rupees read into paise all round half up (a half paisa goes away from
 * zero, as a shop's till rounds), never through a floating-point product.
 */

/**
 * `numerator / denominator` rounded to the nearest integer, a half away from zero.
 * @param denominator positive.
 * @throws RangeError for a denominator that is not positive.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('divideHalfUp: the denominator must be positive');
  const magnitude = (2n * (numerator < 0n ? -numerator : numerator) + denominator) / (2n * denominator);
  return numerator < 0n ? -magnitude : magnitude;
}

/** Checks that `value` is a safe integer, naming `what` when it is not. */
function wholeNumber(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number, got ${value}`);
  return BigInt(value);
}

/**
 * `fraction` of `paise` as `numerator / denominator`, rounded half up to the paisa:
 * the one rounding behind `percentOf` and `basisPointsOf`.
 * @throws RangeError when an argument is not a safe integer, or the denominator not positive.
 */
export function fractionOf(paise: number, numerator: number, denominator: number): number {
  const exact = wholeNumber(paise, 'paise') * wholeNumber(numerator, 'numerator');
  return Number(divideHalfUp(exact, wholeNumber(denominator, 'denominator')));
}

/**
 * `percent`% of `paise` (a coupon's percentage off), rounded half up to the paisa:
 * 15% of 99 paise is 15 (14.85), 10% of 5 is 1 (0.5), 10% of 4 is 0.
 * @param percent a whole percentage.
 * @throws RangeError when an argument is not a whole number.
 */
export function percentOf(paise: number, percent: number): number {
  return fractionOf(paise, percent, 100);
}

/**
 * `basisPoints` hundredths of a percent of `paise` (a commission rate: 1000 = 10%),
 * rounded half up to the paisa: 10% of 1,005 paise is 101 (100.5).
 * @throws RangeError when an argument is not a whole number.
 */
export function basisPointsOf(paise: number, basisPoints: number): number {
  return fractionOf(paise, basisPoints, 10_000);
}

/** A finite number's shortest decimal form as sign, digits and a power of ten. */
function decimalOf(value: number): { negative: boolean; digits: bigint; exponent: number } {
  // `String` gives the shortest decimal that reads back as the same number, so a client's
  // `19.99` is the digits 1999 and the exponent -2, not the binary double's expansion.
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Not an amount: ${value}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  return {
    negative: sign === '-',
    digits: BigInt(`${whole}${fraction}`),
    exponent: Number(exponent) - fraction.length,
  };
}

/**
 * Converts rupees to integer paise, exactly: the amount as written in decimal (its
 * shortest form), times 100, rounded half up to the paisa. So a client's float noise
 * (`0.1 + 0.2`) is 30 paise, and `1.005`, which `Math.round(1.005 * 100)` makes 100,
 * is 101. Wire amounts have at most two decimals (`rupees`), which convert exactly.
 * @throws RangeError for NaN or an infinity.
 */
export function toPaise(amountInRupees: number): number {
  if (!Number.isFinite(amountInRupees)) throw new RangeError(`Not an amount: ${amountInRupees}`);
  const { negative, digits, exponent } = decimalOf(amountInRupees);
  const shift = exponent + 2;
  const paise = shift >= 0 ? digits * 10n ** BigInt(shift) : divideHalfUp(digits, 10n ** BigInt(-shift));
  return Number(negative ? -paise : paise);
}

/**
 * Converts integer paise to rupees for the wire: the number nearest to the two-decimal
 * amount, which JSON writes back as exactly those two decimals.
 */
export function toRupees(amountInPaise: number): number {
  return Math.round(amountInPaise) / 100;
}

/** One formatter for every call (building an `Intl.NumberFormat` per call costs a checkout about 0.1 ms). */
const RUPEE_DIGITS = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Integer paise as messages word money (the bell, e-mails): `Rs. 1,23,456.50`, Indian
 * digit grouping and two decimals; a negative amount as `Rs. -12.00`.
 */
export function rupeeText(amountInPaise: number): string {
  return `Rs. ${RUPEE_DIGITS.format(toRupees(amountInPaise))}`;
}
