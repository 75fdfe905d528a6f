import type { ReviewedProductField } from '@haat/contract';
import type { ProductDetailRow } from './products.repository.js';
import type { ReviewedValues } from './revision-rules.js';
import type { RevisionRow } from './revisions.repository.js';

/**
 * A product as the catalog's services read it and `products.wire.ts` writes it to the
 * wire: the row (money in paise, times UTC) with its images and, for staff, its
 * unpublished revision (decision 0044).
 */

/** A product as the service reads it: the row (money in paise, times UTC) and its image URLs in gallery order. */
export interface ProductRecord {
  row: ProductDetailRow;
  images: string[];
  /**
   * The vendor's latest unpublished change (pending or rejected), for admins and the
   * owning vendor; absent on the storefront's answers.
   */
  revision?: RevisionView | null;
}

/** A revision as the screens show it: reviewed values with the names of what they refer to. */
export interface RevisionView {
  row: RevisionRow;
  proposed: ReviewedValues;
  /** Changed fields, in the form's order; `before` is the live product now. */
  changes: ReviewedProductField[];
  live: ReviewedValues;
  names: { categories: Map<number, string>; subcategories: Map<number, string> };
}
