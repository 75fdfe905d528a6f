import { type ReviewedProductField, reviewedProductFields } from '@haat/contract';
import { z } from 'zod';

/**
 * The one place that says what a product edit does to approval (issue 12, 'Review that
 * never loses work'; decision 0044, which replaces decision 0013's rule that every
 * vendor edit sends the product back to the queue). Pure: no database, no clock.
 *
 * - An admin's edit applies directly ('direct').
 * - A vendor's edit of a product that is not approved (pending or rejected) replaces it
 *   and sends it (back) to the queue, as before ('resubmit').
 * - A vendor's edit of an approved product ('revision') splits in two: the live fields
 *   (SKU, sale price, actual price, stock) apply at once; the reviewed fields, what a
 *   customer reads (`reviewedProductFields`), wait in a pending revision while the
 *   approved version stays public. An edit that leaves every reviewed field as live
 *   withdraws the open revision.
 */

/** How an edit is applied. */
export type EditPath = 'direct' | 'resubmit' | 'revision';

/** Which path an edit by `role` of a product in `approvalStatus` takes. */
export function editPathOf(role: 'admin' | 'vendor' | string, approvalStatus: string): EditPath {
  if (role === 'admin') return 'direct';
  return approvalStatus === 'approved' ? 'revision' : 'resubmit';
}

/** The reviewed fields of a product, as stored (ids for category and subcategory). */
export const reviewedValuesSchema = z.object({
  name: z.string(),
  productDetails: z.string(),
  brand: z.string(),
  color: z.string().nullable(),
  model: z.string().nullable(),
  warrantyPeriod: z.string(),
  manufacturer: z.string().nullable(),
  categoryId: z.number().int(),
  subcategoryId: z.number().int().nullable(),
  images: z.array(z.string()),
});
export type ReviewedValues = z.infer<typeof reviewedValuesSchema>;

/** The product columns (and gallery) a set of reviewed values stands for. */
interface ReviewedSource {
  name: string;
  productDetails: string;
  brand: string;
  color: string | null;
  model: string | null;
  warrantyPeriod: string;
  manufacturer: string | null;
  categoryId: number;
  subcategoryId: number | null;
}

/** The reviewed values of a product's columns and its gallery (URLs in order). */
export function reviewedValuesOf(columns: ReviewedSource, images: string[]): ReviewedValues {
  return {
    name: columns.name,
    productDetails: columns.productDetails,
    brand: columns.brand,
    color: columns.color,
    model: columns.model,
    warrantyPeriod: columns.warrantyPeriod,
    manufacturer: columns.manufacturer,
    categoryId: columns.categoryId,
    subcategoryId: columns.subcategoryId,
    images: [...images],
  };
}

/** The product columns to write when reviewed values are published (the gallery is written apart). */
export function reviewedColumnsOf(values: ReviewedValues): ReviewedSource {
  const { images: _images, ...columns } = values;
  return columns;
}

/** The live columns of an edit: applied at once, even on an approved product. */
export function liveColumnsOf<
  T extends {
    sku: string;
    salePricePaise: number;
    actualPricePaise: number;
    stockQuantity: number;
    hsnCode?: string | null;
    gstRateBp?: number;
  },
>(columns: T) {
  return {
    sku: columns.sku,
    salePricePaise: columns.salePricePaise,
    actualPricePaise: columns.actualPricePaise,
    stockQuantity: columns.stockQuantity,
    // Issue 35: tax fields are the seller's declaration, applied at once like the price.
    ...(columns.hsnCode === undefined ? {} : { hsnCode: columns.hsnCode }),
    ...(columns.gstRateBp === undefined ? {} : { gstRateBp: columns.gstRateBp }),
  };
}

/** The stored value of one reviewed field. */
export function reviewedValueOf(
  values: ReviewedValues,
  field: ReviewedProductField,
): string | number | null | string[] {
  if (field === 'category') return values.categoryId;
  if (field === 'subcategory') return values.subcategoryId;
  return values[field];
}

function same(a: string | number | null | string[], b: string | number | null | string[]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

/** The reviewed fields whose values differ, in the form's order. */
export function changedFields(before: ReviewedValues, after: ReviewedValues): ReviewedProductField[] {
  return reviewedProductFields.filter((field) => !same(reviewedValueOf(before, field), reviewedValueOf(after, field)));
}

/**
 * Stored JSON of reviewed values, read back; a row that does not parse is a bug (it is
 * only ever written by `JSON.stringify` of `ReviewedValues`), so it throws.
 */
export function parseReviewedValues(json: string): ReviewedValues {
  return reviewedValuesSchema.parse(JSON.parse(json));
}
