import type { Vendor, vendorListQuery } from '@haat/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { countVendors, listVendors as listVendorRows, vendorSortKeys } from './vendors.repository.js';

type VendorQuery = z.output<typeof vendorListQuery>;
type VendorRow = Awaited<ReturnType<typeof listVendorRows>>[number];

/** A vendor row as the wire shape (spec section 3); the password never leaves the server. */
function toVendor(row: VendorRow): Vendor {
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    businessName: row.businessName,
    phoneNumber: row.phoneNumber,
    address: row.address,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * `GET /api/vendors` (spec section 7; the product form's vendor assignment reads the
 * approved ones): every vendor meeting the query's status and search, or with `limit`
 * one page plus the total and the next cursor.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this sort.
 */
export async function listVendors(
  db: Db,
  bounds: ListBounds,
  query: VendorQuery,
): Promise<{ vendors: Vendor[]; total?: number; nextCursor?: string | null }> {
  const filters = { status: query.status === 'all' ? undefined : query.status, search: query.search || undefined };
  const { items, ...paging } = await listOrPage(
    query,
    {
      keyType: vendorSortKeys[query.sort].type,
      fetchAll: () => listVendorRows(db, filters, query.sort),
      fetchPage: (page) => listVendorRows(db, filters, query.sort, page),
      count: () => countVendors(db, filters),
      keyOf: (row) => ({ key: row.sortKey, id: row.id }),
      toItems: (rows) => rows.map(toVendor),
    },
    bounds,
  );
  return { vendors: items, ...paging };
}
