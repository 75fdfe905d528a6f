import { z } from 'zod';
import {
  cleanText,
  editVersion,
  hasAtMostTwoDecimals,
  idParams,
  idString,
  isoDateTime,
  MAX_CURSOR_LENGTH,
  messageResponse,
  pageInfo,
  requiredId,
  rupeesField,
} from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Commission rates (issue 25; decision 0106): what the store keeps of each sale. The
 * default applies to every sale; a rate for a category, a vendor, or a vendor within a
 * category overrides it, the most specific winning. A rate is a percentage with up to
 * two decimals, with an optional floor and cap per line in rupees. What a sale was
 * charged is frozen when the order is placed.
 */
export const commissionMessages = {
  nameRequired: 'Please enter a name',
  percentageInvalid: 'Percentage must be from 0 to 100, with at most two decimals',
  minInvalid: 'Minimum must be an amount in rupees',
  maxInvalid: 'Maximum must be an amount in rupees',
  minAboveMax: 'The minimum cannot be more than the maximum',
  created: 'Commission rate added',
  updated: 'Commission rate saved',
  deleted: 'Commission rate deleted',
  notFound: 'Commission rate not found',
  defaultCannotBeDeleted: 'The default rate cannot be deleted',
  defaultScope: 'The default rate applies to every sale; it cannot be limited to a category or a vendor',
  scopeRequired: 'Choose a category, a vendor, or both',
  scopeTaken: 'A rate for this category and vendor already exists; edit that one',
  categoryMissing: 'Category not found',
  vendorMissing: 'Vendor not found',
  versionInvalid: 'Must be the rate’s updatedAt as loaded',
  changedMeanwhile:
    'This rate was changed by someone else after you opened it. Reload the page to see their changes, then try again.',
} as const;

/** A percentage as on the wire: 0 to 100 with at most two decimals (stored as basis points). */
const percentage = z
  .number({ error: commissionMessages.percentageInvalid })
  .finite(commissionMessages.percentageInvalid)
  .min(0, commissionMessages.percentageInvalid)
  .max(100, commissionMessages.percentageInvalid)
  .refine(hasAtMostTwoDecimals, commissionMessages.percentageInvalid);

/** Percent (two decimals at most) to basis points. */
export function toBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** Basis points to percent. */
export function toPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** An optional reference that may be sent as null (the default rate, or no vendor). */
const optionalId = requiredId('Must be a valid id').nullable().optional();

/**
 * `POST /api/commissions/admin/rates` and `PUT .../{id}`: `{ name, percentage,
 * categoryId?, vendorId?, minAmount?, maxAmount?, updatedAt? }`. Amounts in rupees;
 * `updatedAt` is the version the form loaded (a stale one gets 409).
 */
export const commissionRateBody = z
  .object({
    name: cleanText(100, commissionMessages.nameRequired),
    percentage,
    categoryId: optionalId,
    vendorId: optionalId,
    minAmount: z.union([rupeesField(commissionMessages.minInvalid), z.null()]).optional(),
    maxAmount: z.union([rupeesField(commissionMessages.maxInvalid), z.null()]).optional(),
    updatedAt: editVersion(commissionMessages.versionInvalid).optional(),
  })
  .refine((body) => body.minAmount == null || body.maxAmount == null || body.minAmount <= body.maxAmount, {
    message: commissionMessages.minAboveMax,
    path: ['minAmount'],
  });
export type CommissionRateBody = z.output<typeof commissionRateBody>;
export type CommissionRateBodyInput = z.input<typeof commissionRateBody>;

/** A commission rate as the API answers it. */
export const commissionRate = z.object({
  _id: idString,
  name: z.string(),
  /** Percent, e.g. 12.5. */
  percentage: z.number(),
  categoryId: idString.nullable(),
  categoryName: z.string().nullable(),
  vendorId: idString.nullable(),
  vendorName: z.string().nullable(),
  /** Floor and cap per line (rupees), or null. */
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  /** The store's default: applies when no other rate matches; cannot be deleted. */
  isDefault: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CommissionRate = z.infer<typeof commissionRate>;

/** `GET /api/commissions/admin/rates`: the default first, then by name; paged with `limit`. */
export const commissionRateListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
});

export const commissionRateListResponse = z.object({
  success: z.literal(true),
  rates: z.array(commissionRate),
  ...pageInfo,
});
export type CommissionRateListResponse = z.infer<typeof commissionRateListResponse>;

export const commissionRateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  rate: commissionRate,
});

/** Commission rates: admin only. */
export const commissionEndpoints = {
  /** Every rate, the default first. */
  listRates: endpoint('GET', '/api/commissions/admin/rates', {
    access: 'admin',
    permission: 'money:read',
    summary: 'Commission rates',
  })
    .input(z.object({ query: commissionRateListQuery }))
    .output(commissionRateListResponse),
  /**
   * Adds a rate for a category, a vendor, or both (201). 400 bad fields or no scope; 404
   * no such category or vendor; 409 a rate for that scope exists.
   */
  createRate: endpoint('POST', '/api/commissions/admin/rates', {
    access: 'admin',
    permission: 'money:write',
    summary: 'Add a commission rate',
    status: 201,
    errors: [404, 409],
  })
    .input(z.object({ body: commissionRateBody }))
    .output(commissionRateResponse),
  /**
   * Edits a rate; later sales only. 400 bad fields, or a scope on the default; 404; 409
   * a stale `updatedAt` or a scope another rate has.
   */
  updateRate: endpoint('PUT', '/api/commissions/admin/rates/{id}', {
    access: 'admin',
    permission: 'money:write',
    summary: 'Edit a commission rate',
    errors: [404, 409],
  })
    .input(z.object({ params: idParams, body: commissionRateBody }))
    .output(commissionRateResponse),
  /** Deletes a rate; later sales take the next most specific one. 404; 409 the default. */
  deleteRate: endpoint('DELETE', '/api/commissions/admin/rates/{id}', {
    access: 'admin',
    permission: 'money:write',
    summary: 'Delete a commission rate',
    errors: [404, 409],
  })
    .input(z.object({ params: idParams }))
    .output(messageResponse),
};
