import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import { afterKeyset, type Keyset } from '../../../platform/db/lists.js';
import { type CountDriver, chooseCountDriver, choosePagePlan, type ListCount, type PagePlan } from './plan.js';
import { plannedCount } from './planning-counts.js';
import {
  countWhere,
  countWhereUpTo,
  eb,
  ftsPhrase,
  type ProductConditions,
  type ProductSort,
  productSortKeys,
  usesFts,
  whereAll,
} from './shared.js';

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
  // The table's size only steers plans: kept ten minutes like the filters' counts.
  const rows = await plannedCount(db, 'rows', () => countWhere(db, undefined));
  const searches = conditions.flatMap((c) => (c.search ? [c.search] : []));
  const [search] = searches;
  if (searches.length !== 1 || search === undefined || !usesFts(false, search)) {
    const where = whereAll(false, conditions);
    const total = await countWhereUpTo(db, where, bound);
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
  const driver: CountDriver = typeof choice === 'object' ? 'scan' : choice;
  // Gathering the matches to look each up reads what streaming them reads: stream both.
  const total =
    driver === 'stream' || driver === 'search'
      ? await countStreamingMatches(db, search, whereAll(false, others, 'walk'), bound)
      : await countWhereUpTo(db, whereAll(false, conditions, driver), bound);
  return { total, bound, rows, matches, matchesBound, filtered };
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
 * up by id in `products_id_filters_idx` (the filters' columns only, far narrower than a
 * row: migration 2026_11_24_1600) and checked against the filters, stopping at
 * `bound + 1`.
 */
async function countStreamingMatches(
  db: Db,
  text: string,
  filters: Expression<SqlBool> | undefined,
  bound: number,
): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*) as count from (
      select 1 from products_search cross join products as p indexed by products_id_filters_idx
        on p.id = products_search.rowid
      where products_search match ${ftsPhrase(text)} and ${filters ?? sql`1`}
      limit ${bound + 1})`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * How SQLite finds one page of `limit` rows of the products meeting `conditions`: the
 * plan `choosePagePlan` picks from the list's counts (counting the search's matches
 * further when it asks), or SQLite's own choice (`filters`) when the list was not counted.
 */
export async function sqlitePagePlan(
  db: Db,
  conditions: ProductConditions[],
  limit: number,
  count: ListCount | undefined,
): Promise<PagePlan> {
  if (!count) return { access: 'filters' };
  const choice = choosePagePlan(limit, count);
  if (!('needsMatchesUpTo' in choice)) return choice;
  const [search, ...others] = conditions.flatMap((c) => (c.search ? [c.search] : []));
  // Matches are only ever counted for one FTS5 search (`countSqliteProducts`).
  if (search === undefined || others.length > 0) return { access: 'walk' };
  const matchesBound = choice.needsMatchesUpTo;
  const matches = await countSearchMatches(db, search, matchesBound);
  const recounted = choosePagePlan(limit, { ...count, matches, matchesBound });
  return 'needsMatchesUpTo' in recounted ? { access: 'walk' } : recounted;
}

/**
 * SQLite: the ids of up to `size` products meeting `conditions` (one of them an FTS5
 * search) after `after` in `sort` order, from every match as the FTS5 index yields
 * them, each checked against the other conditions and given its sort key through the
 * narrow by-id index (migration 2026_11_24_1600), then sorted: no product row is read.
 */
export async function findSqliteGatherIds(
  db: Db,
  conditions: ProductConditions[],
  search: string,
  sort: ProductSort,
  size: number,
  after: Keyset | undefined,
): Promise<number[]> {
  const { key, direction } = productSortKeys[sort];
  const others = conditions.map(({ search: _, ...rest }) => rest);
  const filters = whereAll(false, others, 'walk');
  const from = after ? afterKeyset(key, eb.ref('p.id'), direction, after) : undefined;
  const order = sql.raw(direction);
  const result = await sql<{ id: number }>`
    select p.id as id from products_search cross join products as p indexed by products_id_filters_idx
      on p.id = products_search.rowid
    where products_search match ${ftsPhrase(search)} and ${filters ?? sql`1`} and ${from ?? sql`1`}
    order by ${key} ${order}, p.id ${order}
    limit ${size}`.execute(db);
  return result.rows.map((row) => row.id);
}
