import type { VendorStatus, vendorSorts } from '@haat/contract';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { afterKeyset, type Keyset, type SortKeyType } from '../../platform/db/lists.js';
import type { Database, UsersTable, VendorsTable } from '../../platform/db/schema.js';
import { anyContains } from '../../platform/db/search-text.js';

/** SQL on vendors (their profile joined with their user account). */

export type VendorSort = (typeof vendorSorts)[number];

/** Filters of the vendor list. */
export interface VendorFilters {
  status?: VendorStatus;
  /** Name, e-mail or business name contains it, ignoring case. */
  search?: string;
}

const eb = expressionBuilder<Database & { v: VendorsTable; u: UsersTable }, 'v' | 'u'>();

/** The key each sort orders by (then the vendor id), and its type in a cursor. */
export const vendorSortKeys: Record<
  VendorSort,
  { key: Expression<unknown>; direction: 'asc' | 'desc'; type: SortKeyType }
> = {
  newest: { key: eb.ref('v.createdAt'), direction: 'desc', type: 'instant' },
  oldest: { key: eb.ref('v.createdAt'), direction: 'asc', type: 'instant' },
  // Served by vendors_business_name_idx (lower(business_name)).
  'name-asc': { key: sql`lower(${eb.ref('v.businessName')})`, direction: 'asc', type: 'string' },
  'name-desc': { key: sql`lower(${eb.ref('v.businessName')})`, direction: 'desc', type: 'string' },
};

function vendorWhere(db: Db, filters: VendorFilters): Expression<SqlBool> {
  const parts: Array<Expression<SqlBool>> = [];
  if (filters.status) parts.push(eb('v.status', '=', filters.status));
  if (filters.search) {
    const fields = [eb.ref('u.name'), eb.ref('u.email'), eb.ref('v.businessName')];
    parts.push(anyContains(isPostgres(db), fields, filters.search));
  }
  return eb.and(parts);
}

const fromVendors = (db: Db) => db.selectFrom('vendors as v').innerJoin('users as u', 'u.id', 'v.userId');

/**
 * Vendors meeting `filters`, in `sort` order then by id: all of them, or with `page`
 * `limit + 1` rows after the cursor (`sortKey` is each row's cursor key).
 */
export function listVendors(
  db: Db,
  filters: VendorFilters,
  sort: VendorSort,
  page?: { limit: number; after?: Keyset },
) {
  const { key, direction } = vendorSortKeys[sort];
  let query = fromVendors(db)
    .select([
      'v.id',
      'u.name',
      'u.email',
      'u.emailVerifiedAt',
      'v.businessName',
      'v.phoneNumber',
      'v.address',
      'v.status',
      'v.createdAt',
      'v.updatedAt',
      sql<string>`${key}`.as('sortKey'),
    ])
    .where(vendorWhere(db, filters));
  if (page?.after) query = query.where(afterKeyset(key, eb.ref('v.id'), direction, page.after));
  query = query.orderBy(key, direction).orderBy('v.id', direction);
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

/** How many vendors meet `filters`. */
export async function countVendors(db: Db, filters: VendorFilters): Promise<number> {
  const row = await fromVendors(db)
    .select((e) => e.fn.countAll<number>().as('count'))
    .where(vendorWhere(db, filters))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
