import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import { TRIGRAM } from '../../../platform/db/dialect.js';
import type { Counted, ListSearch, PageRequest } from '../../../platform/db/list-search.js';
import { afterKeyset, type Keyset } from '../../../platform/db/lists.js';
import { choosePostgresPagePlan, plannerRowCount, sampledShare } from '../../../platform/db/postgres-planning.js';
import { copyAloneSuffices, copyContains } from '../../../platform/db/search-text.js';
import {
  eb,
  type ProductConditions,
  productSortKeys,
  searchesOf,
  whereConditions,
  withoutSearch,
} from '../product-list.js';
import { allProducts, type ProductRows, productsWithIds } from '../products.repository.js';
import { type PlanningCounts, plannedCount } from './planning-counts.js';
import {
  type Access,
  countWhere,
  countWhereUpTo,
  findWalkIds,
  type ProductPageRequest,
  type ProductQuery,
  plainPage,
} from './shared.js';

/**
 * The product list's search on PostgreSQL (`ListSearch`, decision 0085;
 * docs/decisions/0010, 0017, 0029, 0032): its planner's own choice serves unsearched
 * lists; a searched page follows the plan `choosePostgresPagePlan` picks from the
 * counted total, and a search among a filter's few rows reads that filter's covering
 * index. Name, SKU and brand are searched in `search_text`, their stored lower-cased
 * copy, through its pg_trgm index (migration 2026_11_25_0900, decision 0029).
 */

/**
 * What PostgreSQL's count of a product list answers beside its total: the bound it
 * counted to, how it read the rows (`access`, which a gather for the page follows) and,
 * when it looked, how many products the filters keep (`filtered`, a planning estimate)
 * and the table holds (`rows`, which the page reuses).
 */
export interface PostgresProductPlan {
  bound: number;
  access: Access;
  filtered?: number;
  rows?: number;
}

type PostgresProductCount = Counted<PostgresProductPlan>;

/** The product list's search on PostgreSQL, its planning counts kept in `planning` (`planning-counts.ts`). */
export function postgresProductSearch(
  db: Db,
  planning: PlanningCounts,
): ListSearch<ProductQuery, PostgresProductPlan, ProductRows> {
  return {
    count: (query, bound, page) =>
      countPostgresProducts(db, planning, query.conditions, bound, page && { ...page, sort: query.sort }),
    page: (query, counted, page) => findPostgresPage(db, query, counted, page),
    all: (query) => {
      const where = postgresWhere(query.conditions);
      return where ? allProducts(db).where(where) : allProducts(db);
    },
  };
}

/**
 * PostgreSQL: name, SKU or brand contains `text`, any case (spec section 5): LIKE on
 * `search_text`, their stored lower-cased copy, served by its pg_trgm GIN index
 * (`copyContains`, decision 0029). With `unindexed`, written so that the trigram index
 * cannot serve it (`search_text || ''`): PostgreSQL then reads a filter's covering
 * index and checks each entry (access `scan`). Reads `p.search_text`: the table or a
 * window of it aliased `p`.
 */
export function postgresSearchPredicate(text: string, unindexed = false): Expression<SqlBool> {
  const copy = unindexed ? sql`(p.search_text || '')` : sql`p.search_text`;
  return copyContains(copy, [eb.ref('p.name'), eb.ref('p.sku'), eb.ref('p.brand')], text);
}

/** All the conditions as one predicate, or undefined when there are none; a search read as `access` says. */
function postgresWhere(all: ProductConditions[], access: Access = 'filters') {
  return whereConditions(all, { search: (text) => postgresSearchPredicate(text, access === 'scan') });
}

/**
 * A search among filters matching at most this many products may read the filters'
 * covering index (migration 2026_11_25_0900), checking each entry with one LIKE: about
 * 0.2 µs an entry, so 20 ms at most.
 */
const FILTER_SCAN_ROWS = 100_000;

/**
 * What checking one entry of a filter's covering index costs, in visits of a trigram
 * match's row (the bitmap scan of the trigram index visits every match in the table,
 * then applies the filters): about 0.2 µs against 1 µs with the table in
 * `shared_buffers`, and 6 µs when each page is copied from the OS's cache.
 */
const ENTRY_PER_VISIT = 0.2;

/**
 * About how many products `estimateSearchMatches` checks: at 1,000,000 products one
 * match in the sample stands for 1,000, fine enough for `choosePostgresAccess` (a text
 * among 53,000 out-of-stock products tips at about 10,600 matches), at about 1 ms.
 */
const SAMPLE_ROWS = 1000;

/**
 * How a bounded count and a gather read a search among filters on PostgreSQL: `scan`
 * reads the filters' covering index and checks each entry (the search written so the
 * trigram index cannot serve it); `filters` leaves the choice to PostgreSQL, which
 * goes through the trigram index for any text of 3+ characters, however many products
 * it matches: its estimate of a short text's matches is a constant (100 rows for
 * "ban", which matched 10,711; 60 ms through the trigram index among 33,000 inactive
 * products, 7 ms through the status index). `filtered` is how many products the
 * filters match (past `FILTER_SCAN_ROWS`, a lower bound), `matches` an estimate of how
 * many the search matches in the whole table, when known.
 */
export function choosePostgresAccess(filtered: number | undefined, matches: number | undefined): Access {
  if (filtered === undefined || filtered > FILTER_SCAN_ROWS) return 'filters';
  if (matches === undefined) return 'scan';
  return filtered * ENTRY_PER_VISIT <= matches ? 'scan' : 'filters';
}

/**
 * Whether pg_trgm's index can narrow a search for `text`. It indexes the trigrams of
 * words (runs of letters and digits), padded at their ends, so a text with no run of
 * three, such as "4.5" or "(se", gives it only the padded trigrams of short words,
 * which most products share: counting "4.5" among the 53,548 out-of-stock products of
 * a million through it took 137 ms, against 13 ms through the filter's index.
 */
export function trigramsNarrow(text: string): boolean {
  return [...text].length >= TRIGRAM && /[\p{L}\p{N}]{3}/u.test(text);
}

/**
 * PostgreSQL: how many products meet all `conditions`, exact up to `bound` and
 * `bound + 1` for any more (decision 0027), with how it read them (`access`, which the
 * page follows) and, when it looked, the table's size (`rows`, which the page reuses).
 * For one search among filters: how many products the filters alone
 * match (`filtered`, counted only up to `FILTER_SCAN_ROWS + 1` and kept ten minutes)
 * and, when they are few, an estimate of the search's matches (`estimateSearchMatches`;
 * none for a text under 3 characters, which only a scan answers) choose whether to
 * read the filters' covering index (`choosePostgresAccess`). Both are
 * planning estimates: they choose a plan, never the answer. With `page`, a searched
 * count keeps each product's sort key and, when it finds at most `bound`, the page too
 * (`pageIds`, `countPostgresAndPage`, decision 0032).
 */
async function countPostgresProducts(
  db: Db,
  planning: PlanningCounts,
  conditions: ProductConditions[],
  bound: number,
  page?: ProductPageRequest,
): Promise<PostgresProductCount> {
  const others = withoutSearch(conditions);
  const filters = postgresWhere(others);
  const searches = searchesOf(conditions);
  const filtered =
    searches.length > 0 && filters !== undefined
      ? await plannedCount(planning, `postgres:${JSON.stringify(others)}`, () =>
          countWhereUpTo(db, filters, FILTER_SCAN_ROWS),
        )
      : undefined;
  const [search] = searches;
  // A text the trigram index cannot narrow (under 3 characters, or no word of 3:
  // `trigramsNarrow`) is best answered by a scan, so it is not estimated.
  const estimable = searches.length === 1 && search !== undefined && trigramsNarrow(search);
  const sampled = filtered !== undefined && filtered <= FILTER_SCAN_ROWS && estimable ? search : undefined;
  const rows = sampled !== undefined ? await estimateProductRows(db) : undefined;
  const matches =
    sampled !== undefined && rows !== undefined ? await estimateSearchMatches(db, sampled, rows) : undefined;
  const access = choosePostgresAccess(filtered, matches);
  const where = postgresWhere(conditions, access);
  // A searched page is found from its matches; an unsearched one by PostgreSQL's own plan, an index walk.
  const counted =
    page && searches.length > 0
      ? await countPostgresAndPage(db, where, bound, page)
      : { total: await countWhereUpTo(db, where, bound) };
  return {
    total: counted.total,
    bound,
    access,
    ...(filtered !== undefined && { filtered }),
    ...(rows !== undefined && { rows }),
    ...counted.found,
  };
}

/**
 * PostgreSQL: the products meeting `where`, counted up to `bound + 1` (`total`) as
 * `countWhereUpTo` counts them, each kept with its sort key; when they are at most
 * `bound`, the read that counted them also gives the page (`found.pageIds`:
 * `page.size` ids at most, after `page.after`, in `page.sort` order), instead of the
 * page reading every match a second time. Past the bound the page is left to
 * `findPostgresPage`.
 */
async function countPostgresAndPage(
  db: Db,
  where: Expression<SqlBool> | undefined,
  bound: number,
  page: ProductPageRequest,
): Promise<{ total: number; found?: { pageIds: number[] } }> {
  const { key, direction } = productSortKeys[page.sort];
  const from = page.after ? afterKeyset(sql.raw('m.sort_key'), sql.raw('m.id'), direction, page.after) : undefined;
  const order = sql.raw(direction);
  const result = await sql<{ total: number; ids: number[] | null }>`
    with m as materialized (
      select p.id as id, ${key} as sort_key from products as p where ${where ?? sql`true`} limit ${bound + 1})
    select
      (select count(*) from m)::int as total,
      (select array_agg(id) from (
        select m.id from m where (select count(*) from m) <= ${bound} and ${from ?? sql`true`}
        order by m.sort_key ${order}, m.id ${order} limit ${page.size}) as s) as ids`.execute(db);
  const total = Number(result.rows[0]?.total ?? 0);
  if (total > bound) return { total };
  return { total, found: { pageIds: result.rows[0]?.ids ?? [] } };
}

/**
 * PostgreSQL: about how many of the table's `rows` products `text` matches, from a
 * fixed sample of about `SAMPLE_ROWS` products (`sampledShare`), or undefined when the
 * sample holds no product. A planning estimate only.
 */
async function estimateSearchMatches(db: Db, text: string, rows: number): Promise<number | undefined> {
  const share = await sampledShare(db, 'products', 'p', postgresSearchPredicate(text), rows, SAMPLE_ROWS);
  return share === undefined ? undefined : share * rows;
}

/**
 * PostgreSQL: the products of one page (`page.size` after `page.after`, in `query.sort`
 * order) of the list `counted` counted. An unsearched page is PostgreSQL's own plan
 * (`plainPage`: its statistics are right for the filters), and so is a searched one the
 * count found on the way (`pageIds`). Any other searched page is found by the plan
 * `choosePostgresPagePlan` picks from the count: walk the sort order's index, reading
 * at most `budget` products, each checked against the conditions, and gather if the
 * walk falls short; or gather every match (bitmap scans of the trigram index, or the
 * entries of a filter's covering index when the count read them so: `counted.access`)
 * and sort them. Undefined when none match.
 */
async function findPostgresPage(
  db: Db,
  query: ProductQuery,
  counted: PostgresProductCount,
  page: PageRequest,
): Promise<ProductRows | undefined> {
  const { conditions, sort } = query;
  if (counted.total === 0) return undefined;
  // The count read every match and found the page on the way.
  if (counted.pageIds) return productsWithIds(db, counted.pageIds);
  if (searchesOf(conditions).length === 0) return plainPage(db, postgresWhere(conditions), sort, page);
  const { key, direction } = productSortKeys[sort];
  const { size, after } = page;
  const where = postgresWhere(conditions, counted.access);
  const { total, bound } = counted;
  const inTable = counted.rows ?? (await estimateProductRows(db));
  const plan = choosePostgresPagePlan(size, total, inTable, total > bound);
  // A search that `search_text` alone cannot check (`copyAloneSuffices`: the walk's
  // window holds no name, SKU or brand) is not walked.
  const walkable = conditions.every((c) => c.search === undefined || copyAloneSuffices(c.search));
  if (plan.access === 'walk' && walkable) {
    const ids = await findWalkIds(db, postgresWhere(conditions), 'copy', sort, size, after, plan.budget);
    if (ids.length === size) return productsWithIds(db, ids);
  }
  // MATERIALIZED: computed apart, so PostgreSQL cannot turn the sort and limit back into a walk.
  const rows = await db
    .with(
      (cte) => cte('matches').materialized(),
      () =>
        db
          .selectFrom('products as p')
          .select(['p.id', sql<string | number>`${key}`.as('sortKey')])
          .$if(where !== undefined, (qb) => qb.where(where as Expression<SqlBool>))
          .$if(after !== undefined, (qb) => qb.where(afterKeyset(key, eb.ref('p.id'), direction, after as Keyset))),
    )
    .selectFrom('matches')
    .select('matches.id')
    .orderBy('matches.sortKey', direction)
    .orderBy('matches.id', direction)
    .limit(size)
    .execute();
  return productsWithIds(
    db,
    rows.map((row) => row.id),
  );
}

/**
 * PostgreSQL: products in the table, from the planner's statistics (kept by ANALYZE and
 * autovacuum; only the plan depends on it, never the answer), or counted when the table
 * was never analysed.
 */
async function estimateProductRows(db: Db): Promise<number> {
  return (await plannerRowCount(db, 'products')) ?? countWhere(db, undefined);
}
