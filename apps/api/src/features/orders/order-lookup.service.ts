import type { Db } from '../../platform/db/create-db.js';
import {
  type CustomerLookupRow,
  findCustomerByEmail,
  findCustomersMatching,
  findOrderByTrackingNumber,
  findOrdersMatching,
  findOrdersOfAccounts,
  type OrderLookupRow,
} from './order-lookup.repository.js';

export type { CustomerLookupRow, OrderLookupRow };

/** Rows with the exact ones first, each id once, at most `limit`. */
function exactFirst<Row extends { id: number }>(exact: Row[], others: Row[][], limit: number) {
  const seen = new Set<number>();
  const rows: Array<Row & { exact: boolean }> = [];
  for (const row of exact) if (!seen.has(row.id) && seen.add(row.id)) rows.push({ ...row, exact: true });
  for (const list of others)
    for (const row of list) if (!seen.has(row.id) && seen.add(row.id)) rows.push({ ...row, exact: false });
  return rows.slice(0, limit);
}

/**
 * The global search's orders for an admin (issue 10, docs/decisions/0060): the order
 * whose tracking number is `text` first (`exact`), then orders whose tracking number
 * or e-mail contains it (3+ characters) or starts with it (2 characters), then the
 * newest orders of the customers whose name matches (`customerIds`, from
 * `lookUpCustomers`); at most `limit` in all. Every order of the store: admins only.
 * @param text trimmed, 2 to 100 characters, no U+0000 (the contract's `searchQuery`).
 */
export async function lookUpOrders(db: Db, text: string, customerIds: number[], limit: number) {
  // A whole tracking number is what was meant: its trigrams (the date's) are shared by
  // many orders, so matching it as a substring would read much of the index for nothing.
  const exact = await findOrderByTrackingNumber(db, text);
  const matches = exact.length > 0 ? [] : await findOrdersMatching(db, text, limit + 1);
  const byName = matches.length >= limit ? [] : await findOrdersOfAccounts(db, customerIds, limit);
  return exactFirst(exact, [matches, byName], limit);
}

/**
 * The global search's customers (storefront accounts) for an admin (issue 10): the one
 * whose e-mail is `text` first (`exact`), then those whose name or e-mail contains it
 * (3+ characters) or whose e-mail starts with it (2 characters); at most `limit`.
 */
export async function lookUpCustomers(db: Db, text: string, limit: number) {
  const [exact, matches] = await Promise.all([
    findCustomerByEmail(db, text),
    findCustomersMatching(db, text, limit + 1),
  ]);
  return exactFirst(exact, [matches], limit);
}
