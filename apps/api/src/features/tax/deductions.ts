/**
 * The store's deductions from a vendor's sale, pure (issue 35; decision 0148). Paise and
 * basis points inside; every figure rounded half up to the paisa on its own line.
 */

/** Rs. 5,00,000 in paise: the section 194-O(4) limit for a resident individual or HUF. */
export const TDS_INDIVIDUAL_LIMIT_PAISE = 50_000_000;

/**
 * `basePaise × rateBp / 10000` rounded half up to the paisa (exact, BigInt): 0.5% of
 * 101 paise is 0.505 → 1 paisa; 0.5% of 99 paise is 0.495 → 0.
 * @throws RangeError for a negative or unsafe base or rate (a bug: bases are what is kept).
 */
export function percentHalfUp(basePaise: number, rateBp: number): number {
  if (!Number.isSafeInteger(basePaise) || basePaise < 0) throw new RangeError(`Not a base in paise: ${basePaise}`);
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) throw new RangeError(`Not a rate: ${rateBp}`);
  return Number((BigInt(basePaise) * BigInt(rateBp) * 2n + 10_000n) / 20_000n);
}

/** TCS as the GST return books it: CGST + SGST within a state, IGST across. */
export interface TcsSplit {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * TCS at `rateBp` (0.5% = 50) on the net taxable supplies `suppliesPaise`, split as
 * section 52 books it: within a state half CGST and half SGST (the odd paisa to CGST,
 * as decision 0137 splits a line's GST), across states all IGST.
 */
export function tcsOn(suppliesPaise: number, rateBp: number, intraState: boolean): TcsSplit {
  const tcs = percentHalfUp(suppliesPaise, rateBp);
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: tcs };
  const sgstPaise = Math.floor(tcs / 2);
  return { cgstPaise: tcs - sgstPaise, sgstPaise, igstPaise: 0 };
}

/** A TCS split's total. */
export const tcsTotal = (split: TcsSplit) => split.cgstPaise + split.sgstPaise + split.igstPaise;

/**
 * The section 194-O rate for a sale (basis points): `noPanBp` (5%) when the seller gave
 * no PAN; 0 for a resident individual or HUF (the PAN's fourth letter `P` or `H`) whose
 * gross for the financial year, this sale included, stays within Rs. 5 lakh; else `rateBp`.
 * The sale that takes such a seller past the limit also catches up the year's earlier
 * sales (`saleDeductions`, decision 0148: 194-O(4) spares the whole year or none of it).
 * @param fyGrossPaise the TDS bases of the seller's sales earlier in the financial year.
 */
export function tdsRateFor(input: {
  pan: string | null;
  fyGrossPaise: number;
  basePaise: number;
  rateBp: number;
  noPanBp: number;
}): number {
  if (!input.pan) return input.noPanBp;
  const holder = input.pan.charAt(3).toUpperCase();
  if ((holder === 'P' || holder === 'H') && input.fyGrossPaise + input.basePaise <= TDS_INDIVIDUAL_LIMIT_PAISE)
    return 0;
  return input.rateBp;
}
