import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import { countUpTo } from '../../../platform/db/lists.js';
import { type Access, type CountDriver, chooseCountDriver, choosePagePlan, type ListCount } from './plan.js';
import { plannedCount } from './planning-counts.js';
import { countWhere, ftsPhrase, type ProductConditions, usesFts, whereAll } from './shared.js';

/**
 * The product list on SQLite (docs/decisions/0010, 0011, 0027): SQLite's planner has no
 * statistics on how many products a search or a filter matches, so the list counts
 * first, each count stopping past the bound, and `plan.ts` chooses how to count and how
 * to find the page from those counts.
 */

/**
 * SQLite: how many products meet all `conditions` (the list's `total`), exact up to
 * `bound` and `bound + 1` for any more, with what it needs to plan the page
 * (`plan.ts`). A search of 3+ characters is first counted alone in its FTS5 index (up
 * to the bound); with filters, the side with fewer rows drives the bounded count of
 * both (`chooseCountDriver`), the filters' rows coming from a planning estimate
 * (`planning-counts.ts`).
 */
export async function countSqliteProducts(db: Db, conditions: ProductConditions[], bound: number): Promise<ListCount> {
  const rows = await countWhere(db, undefined);
  const searches = conditions.flatMap((c) => (c.search ? [c.search] : []));
  const [search] = searches;
  if (searches.length !== 1 || search === undefined || !usesFts(false, search)) {
    const where = whereAll(false, conditions);
    // The table's own count is SQLite's cheapest (the smallest index's pages): exact.
    const total = where ? await countUpTo(db, selectOne(db, where), bound) : rows;
    // A LIKE search reads the whole table whatever the filters.
    return { total, bound, rows, ...(searches.length > 0 && { matches: rows, matchesBound: rows }) };
  }
  let matchesBound = bound;
  let matches = await countSearchMatches(db, search, matchesBound);
  const others = conditions.map(({ search: _, ...rest }) => rest);
  const filters = whereAll(false, others);
  if (matches === 0 || filters === undefined) return { total: matches, bound, rows, matches, matchesBound };

  const filtered = await plannedCount(db, JSON.stringify(others), () => countWhere(db, filters));
  let choice = chooseCountDriver(bound, rows, matches, matchesBound, filtered);
  if (typeof choice === 'object') {
    matchesBound = choice.needsMatchesUpTo;
    matches = await countSearchMatches(db, search, matchesBound);
    choice = chooseCountDriver(bound, rows, matches, matchesBound, filtered);
  }
  const driver: CountDriver = typeof choice === 'object' ? 'filters' : choice;
  const total =
    driver === 'stream'
      ? await countStreamingMatches(db, search, whereAll(false, others, 'walk'), bound)
      : await countUpTo(
          db,
          selectOne(db, whereAll(false, conditions, driver === 'search' ? 'filters' : 'probe')),
          bound,
        );
  return { total, bound, rows, matches, matchesBound, filtered, driver };
}

/** `select 1 from products as p where …`: the rows a bounded count counts. */
function selectOne(db: Db, where: Expression<SqlBool> | undefined) {
  const query = db.selectFrom('products as p').select(sql<number>`1`.as('one'));
  return where ? query.where(where) : query;
}

/** SQLite: products whose name, SKU or brand contains `text` (3+ characters), from the FTS5 index alone, up to `bound` (`bound + 1` for more). */
async function countSearchMatches(db: Db, text: string, bound: number): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*) as count from (
      select rowid from products_search where products_search match ${ftsPhrase(text)} limit ${bound + 1})`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * SQLite: products matching `text` and `filters`, read as the FTS5 index yields the
 * matches (CROSS JOIN keeps that order: no gathering of every match first), each looked
 * up by id and checked against the filters, stopping at `bound + 1`.
 */
async function countStreamingMatches(
  db: Db,
  text: string,
  filters: Expression<SqlBool> | undefined,
  bound: number,
): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*) as count from (
      select 1 from products_search cross join products as p on p.id = products_search.rowid
      where products_search match ${ftsPhrase(text)} and ${filters ?? sql`1`}
      limit ${bound + 1})`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * How SQLite finds one page of `limit` rows: the plan `choosePagePlan` picks from the
 * list's counts, or SQLite's own choice (`filters`) when the list was not counted.
 */
export function sqlitePageAccess(limit: number, count: ListCount | undefined): Access {
  return count ? choosePagePlan(limit, count) : 'filters';
}
