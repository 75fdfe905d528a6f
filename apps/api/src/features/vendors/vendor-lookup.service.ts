import type { Db } from '../../platform/db/create-db.js';
import {
  findOwnOrderByTrackingNumber,
  findOwnOrdersMatching,
  findVendorsMatching,
  type OwnOrderLookupRow,
  type VendorLookupRow,
} from './vendor-lookup.repository.js';

export type { OwnOrderLookupRow, VendorLookupRow };

/**
 * The global search's vendors for an admin (issue 10, docs/decisions/0060): up to
 * `limit` vendors whose business name, name or e-mail contains `text`, any case.
 */
export function lookUpVendors(db: Db, text: string, limit: number): Promise<VendorLookupRow[]> {
  return findVendorsMatching(db, text, limit);
}

/**
 * The global search's orders for a vendor (issue 10, decision 0051's scope): only
 * orders holding a line of one of their products; the one whose tracking number is
 * `text` first (`exact`), then those whose tracking number contains it (3+
 * characters) or starts with it (2 characters); at most `limit`. Another vendor's
 * order is never among them.
 */
export async function lookUpOwnOrders(db: Db, vendorId: number, text: string, limit: number) {
  // A whole tracking number is what was meant (see `lookUpOrders`).
  const exact = await findOwnOrderByTrackingNumber(db, vendorId, text);
  const matches = exact.length > 0 ? [] : await findOwnOrdersMatching(db, vendorId, text, limit + 1);
  const seen = new Set<number>();
  const rows: Array<OwnOrderLookupRow & { exact: boolean }> = [];
  for (const row of exact) rows.push({ ...row, exact: true });
  for (const row of matches) rows.push({ ...row, exact: false });
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(0, limit);
}
