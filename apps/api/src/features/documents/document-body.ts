import { createHash } from 'node:crypto';
import { indianStateByCode } from '@haat/contract';

/**
 * A GST document's frozen content (issue 35; decision 0144): everything its PDF prints,
 * fixed when it is issued, stored as canonical JSON (`canonicalJson`) and hashed
 * (`documentHash`). The PDF is drawn from it alone, so the same document gives the same
 * bytes to whoever downloads it, today or in six years. Money in paise, rates in basis
 * points, times UTC ISO 8601, states as GST state codes with their names.
 */

/** A party as a document names it. */
export interface DocumentParty {
  name: string;
  /** The address as one text (lines joined by ', '); empty when unknown. */
  address: string;
  gstin: string | null;
  stateCode: string;
  stateName: string;
}

/** One line of a document. */
export interface DocumentLine {
  description: string;
  /** HSN code (goods) or SAC (the commission's service, 9985). */
  hsnCode: string | null;
  quantity: number;
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Taxable value + the taxes. */
  totalPaise: number;
}

/** The sums of a document's lines. */
export interface DocumentTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** A document's frozen content. */
export interface TaxDocumentBody {
  kind: 'invoice' | 'credit_note' | 'commission_invoice';
  /** The title printed: "Tax invoice", "Credit note", "Tax invoice (commission)", "Credit note (commission)". */
  title: string;
  number: string;
  financialYear: string;
  issuedAt: string;
  supplier: DocumentParty;
  recipient: DocumentParty;
  placeOfSupply: { code: string; name: string };
  /** Rule 46(1)(p): whether tax is payable on reverse charge (never, here). */
  reverseCharge: false;
  /** The order's tracking number and the shipment (invoices, credit notes). */
  order: { trackingNumber: string; shipmentId: number | null } | null;
  /** A credit note's invoice (section 34). */
  refersTo: { number: string; issuedAt: string } | null;
  /** A credit note's reason ("Return: damaged", "Cancellation: ..."). */
  reason: string | null;
  /** A commission invoice's month, `YYYY-MM`. */
  period: string | null;
  lines: DocumentLine[];
  totals: DocumentTotals;
}

/** A party's state as `{ stateCode, stateName }`. */
export function stateOf(code: string): { stateCode: string; stateName: string } {
  return { stateCode: code, stateName: indianStateByCode(code)?.name ?? code };
}

/** The sums of `lines`. */
export function totalsOf(lines: readonly Omit<DocumentLine, 'description' | 'hsnCode' | 'quantity' | 'rateBp'>[]) {
  const totals: DocumentTotals = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  for (const line of lines) {
    totals.taxablePaise += line.taxablePaise;
    totals.cgstPaise += line.cgstPaise;
    totals.sgstPaise += line.sgstPaise;
    totals.igstPaise += line.igstPaise;
    totals.totalPaise += line.totalPaise;
  }
  return totals;
}

/**
 * The canonical JSON of a body: keys in the order `TaxDocumentBody` declares them (the
 * service builds every body in that order), no spaces. What is stored and hashed.
 */
export function canonicalJson(body: TaxDocumentBody): string {
  return JSON.stringify(body);
}

/** SHA-256 (hex) of a stored body's text. */
export function documentHash(bodyJson: string): string {
  return createHash('sha256').update(bodyJson, 'utf8').digest('hex');
}

/** The most serials a series takes in a year: the number must stay within 16 characters. */
export const MAX_SERIAL = 9_999_999;

/**
 * A document's number as printed (rule 46(b): consecutive, at most 16 characters, letters,
 * digits, `/` and `-`): `INV/2627/0000001`, `CN/2627/0000001`, `COM/2627/0000001`.
 * @throws RangeError past `MAX_SERIAL` serials in a year.
 */
export function documentNumber(series: string, financialYear: string, serial: number): string {
  if (serial > MAX_SERIAL) throw new RangeError(`Series ${series} is full for ${financialYear}`);
  const years = `${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}`;
  return `${series}/${years}/${String(serial).padStart(7, '0')}`;
}
