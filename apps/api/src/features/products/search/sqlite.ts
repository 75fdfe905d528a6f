import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import { type Access, chooseCountPlan, choosePagePlan, fewMatches, type ListCount } from './plan.js';
import {
  countQuery,
  countWhere,
  eb,
  ftsPhrase,
  type ProductConditions,
  searchPredicate,
  usesFts,
  whereAll,
} from './shared.js';

/**
 * The product list on SQLite (docs/decisions/0010, 0011): SQLite's planner has no
 * statistics on how many products a search or a filter matches, so the list counts
 * first and `plan.ts` chooses how to count and how to find the page from those counts.
 */

/**
 * SQLite: how many products meet all `conditions` (the list's `total`), with what it
 * needs to plan the page (`plan.ts`). A search of 3+ characters is first
 * counted alone in its FTS5 index, with the table, in one statement: alone, that is
 * the total; with filters and many matches, the filters are counted alone too, and the
 * cheapest way to count both together is chosen.
 */
export async function countSqliteProducts(db: Db, conditions: ProductConditions[]): Promise<ListCount> {
  const searches = conditions.flatMap((c) => (c.search ? [c.search] : []));
  const [search] = searches;
  if (searches.length !== 1 || search === undefined || !usesFts(false, search)) {
    const { rows, total } = await countRowsAnd(db, whereAll(false, conditions));
    // A LIKE search reads the whole table whatever the filters.
    return { total, rows, ...(searches.length > 0 && { matches: rows }) };
  }
  const { rows, matches } = await countRowsAndSearchMatches(db, search);
  const others = conditions.map(({ search: _, ...rest }) => rest);
  const filters = whereAll(false, others);
  if (matches === 0 || filters === undefined) return { total: matches, rows, matches };
  if (fewMatches(rows, matches)) return { total: await countWhere(db, whereAll(false, conditions)), rows, matches };

  const filtered = await countWhere(db, filters);
  // NOT(filters) counts exactly the rows failing them only over NOT NULL columns;
  // vendor_id is nullable (and a vendor's catalog is small enough to probe anyway).
  const negatable = others.every((c) => c.vendor === undefined);
  const plan = chooseCountPlan(rows, matches, filtered, negatable);
  if (plan === 'complement') {
    const failing = await countWhere(db, eb.and([eb.not(filters), searchPredicate(false, search, 'probe')]));
    return { total: matches - failing, rows, matches, filtered };
  }
  return { total: await countWhere(db, whereAll(false, conditions, plan)), rows, matches, filtered };
}

/** SQLite, in one statement: products in the table (from an index's page headers: microseconds) and those meeting `where`. */
async function countRowsAnd(db: Db, where: Expression<SqlBool> | undefined) {
  const row = await db
    .selectNoFrom([countQuery(db, undefined).as('rows'), countQuery(db, where).as('total')])
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), total: Number(row.total) };
}

/**
 * SQLite, in one statement: products in the table and products whose name, SKU or
 * brand contains `text` (3+ characters), from the FTS5 index alone.
 */
async function countRowsAndSearchMatches(db: Db, text: string): Promise<{ rows: number; matches: number }> {
  const result = await sql<{ rows: number; matches: number }>`
    select (select count(*) from products) as rows,
      (select count(*) from products_search where products_search match ${ftsPhrase(text)}) as matches`.execute(db);
  const row = result.rows[0];
  return { rows: Number(row?.rows ?? 0), matches: Number(row?.matches ?? 0) };
}

/**
 * How SQLite finds one page of `limit` rows: the plan `choosePagePlan` picks from the
 * list's counts, or SQLite's own choice (`filters`) when the list was not counted.
 */
export function sqlitePageAccess(limit: number, count: ListCount | undefined): Access {
  return count ? choosePagePlan(limit, count) : 'filters';
}
