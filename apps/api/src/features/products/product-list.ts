import type { ApprovalStatus, ProductStatus, productSorts } from '@haat/contract';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { SortKeyType } from '../../platform/db/lists.js';
import type { Database, ProductsTable } from '../../platform/db/schema.js';

/**
 * What the product list is, whichever way it is read: its conditions and sort orders,
 * and how they read as SQL over `products as p`. The repository reads a list's rows and
 * its footer's counts with them; the list's search (`search/`, decision 0085) finds
 * the rows a page holds with them, writing the search predicate per database.
 */

export type ProductSort = (typeof productSorts)[number];

/**
 * Conditions a product must meet. A list applies several at once (the caller's scope
 * and the screen's filters), all of which must hold.
 */
export interface ProductConditions {
  /** Name, SKU or brand contains it, case-insensitive. */
  search?: string;
  status?: ProductStatus;
  stock?: 'in-stock' | 'out-of-stock';
  approval?: ApprovalStatus;
  categoryId?: number;
  /** A vendor's id, or `admin` for store-owned products. */
  vendor?: number | 'admin';
  /**
   * The pending queue (issue 12): awaiting approval, or approved with a vendor's
   * change waiting in a pending revision (decision 0044).
   */
  awaitingReview?: boolean;
}

/** Conditions without a search: a caller's scope (`scopeOf`), which the list footer's counts read. */
export type ProductFilters = Omit<ProductConditions, 'search'>;

/** Builds the list's expressions over `products as p`. */
export const eb = expressionBuilder<Database & { p: ProductsTable }, 'p'>();

/** Awaiting approval, or carrying a pending revision (`ProductConditions.awaitingReview`). */
export function awaitingReviewPredicate(): Expression<SqlBool> {
  return eb.or([
    eb('p.approvalStatus', '=', 'pending'),
    eb('p.id', 'in', eb.selectFrom('productRevisions').select('productId').where('status', '=', 'pending')),
  ]);
}

/**
 * All the conditions as one predicate, or undefined when there are none. Each
 * database's search writes a search as `search` answers it, and SQLite keeps the
 * status, approval and stock terms off their indexes with `unindexed` (unary `+`) to
 * make its planner walk the sort order (`sqlite.ts`).
 */
export function whereConditions(
  all: ProductConditions[],
  options: { search?: (text: string) => Expression<SqlBool>; unindexed?: boolean } = {},
): Expression<SqlBool> | undefined {
  const hint = <T>(ref: Expression<T>) => (options.unindexed ? sql<T>`+${ref}` : ref);
  const parts: Array<Expression<SqlBool>> = [];
  for (const c of all) {
    if (c.status) parts.push(eb(hint(eb.ref('p.status')), '=', c.status));
    if (c.approval) parts.push(eb(hint(eb.ref('p.approvalStatus')), '=', c.approval));
    if (c.stock === 'in-stock') parts.push(eb(hint(eb.ref('p.stockQuantity')), '>', 0));
    if (c.stock === 'out-of-stock') parts.push(eb(hint(eb.ref('p.stockQuantity')), '=', 0));
    if (c.categoryId !== undefined) parts.push(eb('p.categoryId', '=', c.categoryId));
    if (c.vendor === 'admin') parts.push(eb('p.vendorId', 'is', null));
    else if (c.vendor !== undefined) parts.push(eb('p.vendorId', '=', c.vendor));
    if (c.awaitingReview) parts.push(awaitingReviewPredicate());
    if (c.search) {
      // A search reaches here only through a database's search, which writes it.
      if (!options.search) throw new Error('A product search is written by its database');
      parts.push(options.search(c.search));
    }
  }
  // No `1 = 1` for no conditions: it would stop SQLite counting a table from its page headers.
  return parts.length > 0 ? eb.and(parts) : undefined;
}

/** The searches among `all` (the list applies one at most from the screen, none from a scope). */
export const searchesOf = (all: ProductConditions[]) => all.flatMap((c) => (c.search ? [c.search] : []));

/** `all` without their search: the filters a searched list's matches are checked against. */
export const withoutSearch = (all: ProductConditions[]): ProductFilters[] => all.map(({ search: _, ...rest }) => rest);

/** The key each sort orders by (then by id, in the same direction), and its type in a cursor. */
export const productSortKeys: Record<
  ProductSort,
  { key: Expression<unknown>; direction: 'asc' | 'desc'; type: SortKeyType }
> = {
  newest: { key: eb.ref('p.createdAt'), direction: 'desc', type: 'instant' },
  oldest: { key: eb.ref('p.createdAt'), direction: 'asc', type: 'instant' },
  // lower(name): case-insensitive order, served by the products_lower_name_id_idx expression index.
  'name-asc': { key: sql`lower(${eb.ref('p.name')})`, direction: 'asc', type: 'string' },
  'name-desc': { key: sql`lower(${eb.ref('p.name')})`, direction: 'desc', type: 'string' },
  'price-asc': { key: eb.ref('p.salePricePaise'), direction: 'asc', type: 'number' },
  'price-desc': { key: eb.ref('p.salePricePaise'), direction: 'desc', type: 'number' },
};
