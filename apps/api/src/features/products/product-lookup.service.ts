import type { Db } from '../../platform/db/create-db.js';
import { findProductBySku, findProductsMatching, type ProductLookupRow } from './product-lookup.repository.js';

export type { ProductLookupRow };

/**
 * The global search's products (issue 10, docs/decisions/0060): the product whose SKU
 * is `text` first (`exact`), then up to `limit` in all of those whose name, SKU or
 * brand contains it (3+ characters) or whose name or SKU starts with it (2
 * characters). `vendorId` narrows them to a vendor's own products (decision 0013);
 * without it, every product (admins).
 * @param text trimmed, 2 to 100 characters, no U+0000 (the contract's `searchQuery`).
 */
export async function lookUpProducts(
  db: Db,
  text: string,
  vendorId: number | undefined,
  limit: number,
): Promise<Array<ProductLookupRow & { exact: boolean }>> {
  // A whole SKU is what was meant: its trigrams are shared by most SKUs, so matching
  // it as a substring would read much of the index for nothing (docs/performance.md).
  const exact = await findProductBySku(db, text, vendorId);
  const matches = exact.length > 0 ? [] : await findProductsMatching(db, text, vendorId, limit + 1);
  const seen = new Set<number>();
  const rows: Array<ProductLookupRow & { exact: boolean }> = [];
  for (const row of exact) rows.push({ ...row, exact: true });
  for (const row of matches) rows.push({ ...row, exact: false });
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(0, limit);
}
