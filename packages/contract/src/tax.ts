import { z } from 'zod';
import { cleanText, hasAtMostTwoDecimals, isoDate, isoDateTime, versionInput } from './common.js';
import { endpoint } from './endpoint.js';
import { gstinSchema, indianStateField } from './india.js';

/**
 * GST on every line and the store's tax settings (issue 35, "GST on every line";
 * docs/decisions/0137-gst-on-every-line.md, 0138-dated-tax-rates.md). Rates are
 * percentages with at most two decimals on the wire (18, 0.25) and basis points inside
 * (1800, 25). Money in paise inside, rupees on the wire.
 */

export const taxMessages = {
  heading: 'Tax settings',
  identityHeading: "Store's legal identity",
  ratesHeading: 'Rates',
  slabsHeading: 'GST slabs',
  legalNameLabel: 'Legal name',
  gstinLabel: 'GSTIN',
  stateLabel: 'State',
  defaultGstRateLabel: 'Default GST rate (%)',
  slabsLabel: 'GST slabs (%)',
  slabsHint: 'Comma-separated percentages, e.g. 0, 0.25, 3, 5, 18, 40',
  kindLabel: 'Kind',
  percentageLabel: 'Rate (%)',
  fromLabel: 'From',
  addRate: 'Add rate',
  removeRate: 'Remove rate',
  save: 'Save Tax Settings',
  saved: 'Tax settings saved',
  stale: 'These settings were changed elsewhere. Reload to see the latest.',
  loading: 'Loading tax settings...',
  inForce: 'In force',
  legalNameRequired: 'Legal name is required',
  hsnInvalid: 'HSN code must be 4 to 8 digits',
  gstRateInvalid: 'GST rate must be a percentage between 0 and 100 with at most two decimals',
  gstRateNotASlab: (slabs: readonly number[]) =>
    `GST rate must be one of the store's slabs: ${slabs.map((slab) => `${slab}%`).join(', ')}`,
  percentageInvalid: 'Rate must be a percentage between 0 and 100 with at most two decimals',
  slabsRequired: 'At least one GST slab is required',
  slabsDuplicate: 'Each GST slab at most once',
  defaultNotASlab: 'The default GST rate must be one of the GST slabs',
  rateTwice: (kind: string, from: string) => `Two ${kind} rates from ${from}`,
  gstinStateMismatch: "The GSTIN's state code must be the store's state",
  pastRateChanged: (kind: string, from: string) =>
    `The ${kind} rate from ${from} is already in force and cannot be changed or removed; add a new rate from a later date`,
  newRateInPast: (kind: string, from: string) =>
    `A new ${kind} rate must apply from a later date than today (got ${from})`,
  firstRateMissing: (kind: string) => `A ${kind} rate in force today is required`,
  postalCodeInvalid: 'PIN code must be 6 digits, not starting with 0',
} as const;

/** What a dated rate is for: TCS (section 52 CGST Act), TDS (194-O), TDS without a PAN (206AA), GST on commission. */
export const taxRateKinds = ['tcs', 'tds', 'tds_no_pan', 'commission_gst'] as const;
export type TaxRateKind = (typeof taxRateKinds)[number];

/** The screen's names of the rate kinds. */
export const taxRateKindLabels: Record<TaxRateKind, string> = {
  tcs: 'TCS (section 52, CGST Act)',
  tds: 'TDS (section 194-O)',
  tds_no_pan: 'TDS without PAN (section 206AA)',
  commission_gst: 'GST on commission',
};

/** The GST slabs in force since 22 September 2025 (decision 0137): the store's until it changes them. */
export const DEFAULT_GST_SLABS = [0, 0.25, 3, 5, 18, 40] as const;
/** The rate of a product saved without one, until the store sets another default (decision 0137). */
export const DEFAULT_GST_RATE = 18;

/** A percentage (0..100, at most two decimals) in basis points: 18 → 1800, 0.25 → 25. */
export function percentToBasisPoints(percentage: number): number {
  return Math.round(percentage * 100);
}

/** Basis points as a percentage: 1800 → 18, 25 → 0.25. */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** A percentage field: 0..100, at most two decimals. */
export const percentage = (message: string) =>
  z.number({ error: message }).finite(message).min(0, message).max(100, message).refine(hasAtMostTwoDecimals, message);

/** A product's GST rate on the wire (percent). Which slabs are allowed is the store's setting, checked by the API. */
export const gstRateInput = percentage(taxMessages.gstRateInvalid);

/** A product's HSN code: 4 to 8 digits (spaces dropped); '' or null for none. */
export const hsnCodeInput = z
  .union([z.string({ error: taxMessages.hsnInvalid }).max(20, taxMessages.hsnInvalid), z.null()], {
    error: taxMessages.hsnInvalid,
  })
  .transform((value) => (value === null ? null : value.replace(/\s+/g, '')))
  .refine((value) => value === null || value === '' || /^\d{4,8}$/.test(value), taxMessages.hsnInvalid)
  .transform((value) => (value ? value : null));

/** A 6-digit Indian PIN code (the first digit 1..9); '' or null for none. */
export const postalCodeInput = z
  .union([z.string({ error: taxMessages.postalCodeInvalid }).max(20, taxMessages.postalCodeInvalid), z.null()], {
    error: taxMessages.postalCodeInvalid,
  })
  .transform((value) => (value === null ? null : value.replace(/\s+/g, '')))
  .refine((value) => value === null || value === '' || /^[1-9]\d{5}$/.test(value), taxMessages.postalCodeInvalid)
  .transform((value) => (value ? value : null));

/** One line's GST as frozen at checkout (paise). */
export interface LineTaxSplit {
  /** The line's net less its tax: net × 10000 / (10000 + rate bp), rounded half up to the paisa. */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The GST inside a GST-inclusive line (issue 35; decision 0137): taxable value = net ÷
 * (1 + rate), rounded half up to the paisa (exact, in BigInt); tax = net − taxable value,
 * so taxable value + tax = net always. Within one state (`intraState`: the seller's state
 * is the place of supply) the tax is CGST + SGST, halves; an odd paisa goes to CGST (so
 * CGST − SGST is 0 or 1 paisa). Across states it is all IGST.
 * @param netPaise the line's price less its discount share (a whole number ≥ 0).
 * @param rateBp the GST rate in basis points (1800 = 18%), 0..10000.
 * @throws RangeError for a negative or fractional amount or rate.
 */
export function splitLineTax(netPaise: number, rateBp: number, intraState: boolean): LineTaxSplit {
  if (!Number.isSafeInteger(netPaise) || netPaise < 0) throw new RangeError(`Not an amount in paise: ${netPaise}`);
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new RangeError(`Not a rate: ${rateBp}`);
  const denominator = 10_000n + BigInt(rateBp);
  const taxablePaise = Number((2n * BigInt(netPaise) * 10_000n + denominator) / (2n * denominator));
  const tax = netPaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const sgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise: tax - sgstPaise, sgstPaise, igstPaise: 0 };
}

/** A dated rate: `rateBp` applies to what happens on `from` (YYYY-MM-DD, an Indian date: from 00:00 IST, decision 0157) and after, until the next. */
export interface DatedRate {
  kind: TaxRateKind;
  rateBp: number;
  from: string;
}

/**
 * The rate of `kind` in force on `date` (YYYY-MM-DD, the Indian date of the sale,
 * `indianDate`; decision 0157): the one with the latest `from` not after `date`;
 * undefined before the first (decision 0138).
 */
export function rateOn(rates: readonly DatedRate[], kind: TaxRateKind, date: string): DatedRate | undefined {
  let found: DatedRate | undefined;
  for (const rate of rates) {
    if (rate.kind !== kind || rate.from > date) continue;
    if (!found || rate.from > found.from) found = rate;
  }
  return found;
}

/** One dated rate on the wire (percent). */
export const taxRate = z.object({
  kind: z.enum(taxRateKinds, { error: `Kind must be one of: ${taxRateKinds.join(', ')}` }),
  percentage: percentage(taxMessages.percentageInvalid),
  from: isoDate,
});
export type TaxRate = z.infer<typeof taxRate>;

/** The store's tax settings as answered: the state as its GST code and name; `updatedAt` the version (decision 0018). */
export const taxSettings = z.object({
  legalName: z.string(),
  gstin: z.string().nullable(),
  state: z.string(),
  stateCode: z.string(),
  defaultGstRate: z.number(),
  gstSlabs: z.array(z.number()),
  rates: z.array(taxRate.extend({ inForce: z.boolean() })),
  updatedAt: isoDateTime,
});
export type TaxSettings = z.infer<typeof taxSettings>;

/** `GET|PUT /api/tax/admin/settings`'s answer. */
export const taxSettingsResponse = z.object({ success: z.literal(true), settings: taxSettings });
export type TaxSettingsResponse = z.infer<typeof taxSettingsResponse>;

/**
 * `PUT /api/tax/admin/settings` body. `state` a name or GST state code (parsed to the
 * code); `gstin` optional until the store has one, and then its state code must be the
 * state's; `gstSlabs` the GST rates products may take (percent, each once);
 * `defaultGstRate` one of them; `rates` the whole dated list (decision 0138: a rate
 * already in force stays as it is; a new one starts after today).
 */
export const taxSettingsBody = z
  .object({
    legalName: cleanText(200, taxMessages.legalNameRequired),
    gstin: z
      .union([gstinSchema, z.literal(''), z.null()])
      .optional()
      .transform((value) => (value ? value : null)),
    state: indianStateField('State'),
    defaultGstRate: gstRateInput.optional(),
    gstSlabs: z
      .array(gstRateInput)
      .min(1, taxMessages.slabsRequired)
      .max(20)
      .refine((slabs) => new Set(slabs).size === slabs.length, taxMessages.slabsDuplicate)
      .optional(),
    rates: z.array(taxRate).max(200),
    updatedAt: versionInput,
  })
  .superRefine((body, ctx) => {
    if (body.gstin && body.gstin.slice(0, 2) !== body.state)
      ctx.addIssue({ code: 'custom', message: taxMessages.gstinStateMismatch, path: ['gstin'] });
    const seen = new Set<string>();
    for (const rate of body.rates) {
      const key = `${rate.kind} ${rate.from}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: taxMessages.rateTwice(rate.kind, rate.from), path: ['rates'] });
      seen.add(key);
    }
  });
export type TaxSettingsBodyInput = z.input<typeof taxSettingsBody>;
export type TaxSettingsBody = z.output<typeof taxSettingsBody>;

/** One order line's GST as frozen at checkout (rupees; `rate` percent); null for lines placed before GST was charged. */
export const lineTax = z.object({
  rate: z.number(),
  taxableValue: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
});
export type LineTax = z.infer<typeof lineTax>;

/** The store's tax settings (issue 35): admins only. */
export const taxEndpoints = {
  /**
   * `{ success, settings: { legalName, gstin, state, stateCode, defaultGstRate, gstSlabs,
   * rates: [{ kind, percentage, from, inForce }], updatedAt } }`: percentages, dates the
   * store's `YYYY-MM-DD`.
   */
  getSettings: endpoint('GET', '/api/tax/admin/settings', {
    access: 'admin',
    permission: 'money:read',
    summary: "The store's tax settings",
    tags: ['tax'],
  }).output(taxSettingsResponse),
  /**
   * Saves `{ legalName, gstin?, state, defaultGstRate?, gstSlabs?, rates, updatedAt }` and
   * answers the settings. 400 for a bad field, a GSTIN of another state, a default not a
   * slab, a changed or removed rate already in force, a new rate not after today or a kind
   * with no rate in force; 409 when `updatedAt` is not the stored version.
   */
  saveSettings: endpoint('PUT', '/api/tax/admin/settings', {
    access: 'admin',
    permission: 'money:write',
    summary: "Save the store's tax settings",
    tags: ['tax'],
    errors: [409],
  })
    .input(z.object({ body: taxSettingsBody }))
    .output(taxSettingsResponse),
};
