import { LIST_COUNT_BOUND, MAX_ID } from '@haat/contract';
import { type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { AppError } from '../errors.js';
import type { Database } from './schema.js';

/**
 * Helpers shared by every list endpoint: keyset paging and substring search.
 *
 * Keyset ("seek") paging: a page is the rows after the last one seen in the list's
 * order, found through an index on (sort key, id) instead of skipping rows with
 * OFFSET, so page 2,000 costs what page 1 costs. The cursor is opaque to clients:
 * base64url of `[sort, key, id]`.
 */

/** A sort key value: text (names, UTC ISO timestamps) or a number (paise). */
export type SortKey = string | number;

/**
 * What a sort key is, so a cursor's key is checked before it reaches SQL: `string`
 * (names), `instant` (a UTC ISO 8601 timestamp as the API writes them; PostgreSQL
 * fails on other text compared with a timestamp), `number` (a safe integer, paise).
 */
export type SortKeyType = 'string' | 'number' | 'instant';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** True for a real UTC instant written as the API writes them (not `2026-02-30T...`). */
function isInstant(key: string): boolean {
  if (!ISO_INSTANT.test(key)) return false;
  const time = Date.parse(key);
  return !Number.isNaN(time) && new Date(time).toISOString() === key;
}

/** The position after which the next page starts. */
export interface Keyset {
  key: SortKey;
  id: number;
}

/** Answered when a cursor is malformed or belongs to another sort order. */
export const INVALID_CURSOR_MESSAGE = 'This page cursor is not valid for this list. Load the list again.';

/** The cursor after `row` in the list sorted by `sort`. */
export function encodeCursor(sort: string, key: SortKey, id: number): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');
}

/**
 * Reads a cursor made by `encodeCursor` for the same `sort`, whose key is a `keyType`.
 * @throws AppError BAD_REQUEST (400) for a malformed cursor, one from another sort, a
 *   key not of `keyType`, or an id that cannot exist (past `MAX_ID`).
 */
export function decodeCursor(cursor: string, sort: string, keyType: SortKeyType): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [cursorSort, key, id] = parsed as unknown[];
  if (cursorSort !== sort || !Number.isInteger(id) || (id as number) < 1 || (id as number) > MAX_ID) {
    throw invalidCursor();
  }
  const keyFits =
    keyType === 'number'
      ? Number.isSafeInteger(key)
      : typeof key === 'string' && (keyType === 'string' || isInstant(key));
  if (!keyFits) throw invalidCursor();
  return { key: key as SortKey, id: id as number };
}

const invalidCursor = () => new AppError('BAD_REQUEST', INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });

/**
 * `(key, id) > (cursor.key, cursor.id)` for an ascending list, `<` for a descending
 * one. A row-value comparison rather than `key > k or (key = k and id > i)`, because
 * both SQLite and PostgreSQL turn it into one range scan of a `(key, id)` index.
 */
export function afterKeyset(
  key: Expression<unknown>,
  id: Expression<unknown>,
  direction: 'asc' | 'desc',
  after: Keyset,
): RawBuilder<SqlBool> {
  const op = sql.raw(direction === 'asc' ? '>' : '<');
  return sql<SqlBool>`(${key}, ${id}) ${op} (${after.key}, ${after.id})`;
}

/**
 * Splits the `limit + 1` rows a page query fetched into the page and the cursor of the
 * next page (null on the last page).
 */
export function toPage<Row>(
  rows: Row[],
  limit: number,
  sort: string,
  keyOf: (row: Row) => Keyset,
): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = keyOf(page[page.length - 1] as Row);
  return { rows: page, nextCursor: encodeCursor(sort, last.key, last.id) };
}

/**
 * A LIKE pattern matching `text` anywhere (case-insensitive substring search, spec
 * section 5): `%`, `_` and `\` in the text match themselves. Use with `escape '\'`.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `expression LIKE pattern ESCAPE '\'`, case-insensitive on both databases: SQLite's
 * LIKE ignores ASCII case, PostgreSQL needs ILIKE.
 */
export function likeContains(postgres: boolean, expression: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  const op = sql.raw(postgres ? 'ilike' : 'like');
  return sql<SqlBool>`${expression} ${op} ${containsPattern(text)} escape '\\'`;
}

/** U+001F: joins the fields of a PostgreSQL search copy (`copyContains`, decision 0029). */
const SEARCH_FIELD_SEPARATOR = '\u001f';

/**
 * True when LIKE on a search copy alone answers `text` (`copyContains`): a text holding
 * the fields' separator could match across two fields there.
 */
export const copyAloneSuffices = (text: string) => !text.includes(SEARCH_FIELD_SEPARATOR);

/**
 * PostgreSQL: one of `fields` contains `text`, in any case, as ILIKE on each would
 * answer, written over `copy`: a stored `lower(field ‖ U+001F ‖ field …)` of those
 * fields with one pg_trgm index (decision 0029), checked with LIKE against the pattern
 * lower-cased in SQL (PostgreSQL's ILIKE lower-cases each value of each row: about
 * 0.5 µs a column). A text holding the separator could match across two fields in
 * the copy, so it is also checked on each field with ILIKE.
 */
export function copyContains(copy: Expression<unknown>, fields: Array<Expression<unknown>>, text: string) {
  const onCopy = sql<SqlBool>`${copy} like lower(${containsPattern(text)}) escape '\\'`;
  if (copyAloneSuffices(text)) return onCopy;
  return sql<SqlBool>`(${onCopy} and (${sql.join(
    fields.map((field) => likeContains(true, field, text)),
    sql` or `,
  )}))`;
}

/**
 * Whether PostgreSQL's bigram indexes (`search_bigrams`, migration 2026_11_28_0900,
 * decision 0035) can find the values containing `text`, in any case: two printable
 * ASCII characters, which PostgreSQL's `lower` keeps two characters long. Other texts
 * under 3 characters are checked on every value.
 */
export const bigramsServe = (text: string) => /^[\x20-\x7e]{2}$/.test(text);

/**
 * PostgreSQL: the bigrams of `lowered` (a lower-cased expression, written exactly as
 * in its `search_bigrams` index) hold `text` lower-cased in SQL, as ILIKE folds it: for
 * a text `bigramsServe` accepts, true for every value containing it, so only the
 * index's candidates need the LIKE check. Served by the index alone: on a row read
 * another way the function costs about 14 µs, so a walk leaves this out.
 */
export function bigramsContain(lowered: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`search_bigrams(${lowered}) @> array[lower(${text})]`;
}

/** How a searched page is found on PostgreSQL; see `choosePostgresPagePlan`. */
export type PostgresPagePlan = { access: 'gather' } | { access: 'walk'; budget: number };

/**
 * PostgreSQL: how to find one page of `size` rows (the limit plus one) among `matches`
 * rows meeting a searched list's conditions, out of `rows` in scope. PostgreSQL's
 * estimate of a trigram search's matches can be several times off, and it then walks
 * the sort order's index from the first row without bound, though matches bunch in
 * that order. So the plan is chosen from the counted total (docs/decisions/0016 for
 * orders, 0017 for products): walk the sort order when the walk is expected to read
 * fewer rows than there are matches, reading at most as many rows as there are
 * matches (`budget`); else gather the matches through the trigram indexes and sort
 * them. Walking and gathering cost about the same per row (0.7 and 0.9 µs on the
 * 1,000,000-order store). When `matches` is only a lower bound (a total counted to its
 * bound, decision 0027), gathering reads at least that many and maybe far more, so the
 * walk may read twenty times what it is expected to before it gathers.
 */
export function choosePostgresPagePlan(
  size: number,
  matches: number,
  rows: number,
  matchesAtLeast = false,
): PostgresPagePlan {
  const expected = (size * rows) / Math.max(1, matches);
  if (matchesAtLeast) return { access: 'walk', budget: Math.ceil(Math.max(matches, 20 * expected)) };
  return expected < matches ? { access: 'walk', budget: matches } : { access: 'gather' };
}

/** The paging a list query carries (the contract's pagination fields and its sort). */
export interface ListRequest {
  /** The page size; without it the list is the spec's unpaged answer. */
  limit?: number | undefined;
  /** The cursor of the page to load, as a previous page answered it. */
  cursor?: string | undefined;
  /** The sort's name, written into and checked against every cursor. */
  sort: string;
}

/**
 * The query pieces a feature gives `listOrPage`: how to fetch every row, one page and
 * the total, and how to read and make its cursors. `Count` is what `count` answers
 * (a number, or a richer object from which `totalOf` reads the total).
 */
export interface ListPieces<Row, Item, Count = number> {
  /** The type of the sort key in this list's cursors, checked before it reaches SQL. */
  keyType: SortKeyType;
  /** Every matching row, in list order: the spec's unpaged answer (after `after` if `unpagedFromCursor`). */
  fetchAll: (after: Keyset | undefined) => Promise<Row[]>;
  /**
   * Up to `limit + 1` rows after `after` in list order (the extra row tells whether a
   * page follows). With `countFirst`, `count` is what `count` answered.
   */
  fetchPage: (page: { limit: number; after: Keyset | undefined; count?: Count }) => Promise<Row[]>;
  /**
   * How many rows match over all pages (or an object holding it: see `totalOf`). With
   * `boundedCount`, the count must be exact up to `bound` and may stop at any number
   * above it (`countUpTo`); otherwise `bound` may be ignored. With `countFirst`, `page`
   * is the page `fetchPage` is asked for next (`limit + 1` rows after `after`): a count
   * that reads every match may find it on the way and hand it over in its answer.
   */
  count: (bound: number, page?: { limit: number; after: Keyset | undefined }) => Promise<Count>;
  /**
   * The count stops past a bound (decision 0027): a page's total is exact up to
   * `LIST_COUNT_BOUND` and beyond it answers `LIST_COUNT_BOUND` with `totalRelation: 'gte'`
   * ('10,000+'). The lists of a store's big tables (products, orders) count so; the
   * others count exactly and answer no `totalRelation`.
   */
  boundedCount?: boolean;
  /** The total from what `count` answered; needed when `Count` is not a number. */
  totalOf?: (count: Count) => number;
  /**
   * Count before fetching the page, and pass the count to `fetchPage`, where the count
   * decides how the page is found (the search plans of orders and products); otherwise
   * the page and the count run together.
   */
  countFirst?: boolean;
  /**
   * Read a cursor on an unpaged request too and answer only the rows after it (the
   * order list has always done so); otherwise an unpaged request ignores `cursor`.
   */
  unpagedFromCursor?: boolean;
  /** A row's position in the list: its sort key and id, written into the next cursor. */
  keyOf: (row: Row) => Keyset;
  /** The rows as the feature answers them (may read more, such as a product's images). */
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>;
}

/** The bound on an unpaged answer unless `UNPAGED_LIST_LIMIT` sets another (docs/decisions/0025). */
export const DEFAULT_UNPAGED_LIST_LIMIT = 10_000;

let unpagedListLimit = DEFAULT_UNPAGED_LIST_LIMIT;

/**
 * Sets the most rows an unpaged list answers in this process (`UNPAGED_LIST_LIMIT`);
 * `buildApp` calls it with its configuration. One value per process: every app a
 * process builds runs with the configuration of the last one built.
 */
export function setUnpagedListLimit(rows: number): void {
  unpagedListLimit = rows;
}

/** The message of a refused unpaged list: it names `limit`, the way to ask for pages. */
export function unpagedTooLargeMessage(bound: number): string {
  return (
    `This list has more than the ${bound.toLocaleString('en-IN')} rows an unpaged answer may hold. ` +
    'Ask for it in pages: add limit (and the cursor each page answers).'
  );
}

/**
 * How far a page of a `boundedCount` list counts its total exactly in this process (the
 * contract's `LIST_COUNT_BOUND` unless configured, decision 0027): past it the answer
 * says '10,000+' (`total: 10000, totalRelation: 'gte'`), as search engines do, so a
 * search or filter matching half of a million-row table costs what one matching ten
 * thousand rows costs.
 */
let listCountBound = LIST_COUNT_BOUND;

/**
 * Sets how far a `boundedCount` list counts a page's total in this process
 * (`LIST_COUNT_BOUND`, default the contract's 10,000); `buildApp` calls it with its
 * configuration, and tests lower it to reach the bound with a few rows.
 */
export function setListCountBound(rows: number): void {
  listCountBound = rows;
}

/** How far a page's total is counted exactly in this process (see `setListCountBound`). */
export function getListCountBound(): number {
  return listCountBound;
}

/**
 * `select count(*) from (<rows> limit bound + 1)`: how many rows `rows` answers, exact
 * up to `bound`, `bound + 1` for any more. The database stops reading at the row after
 * the bound. `rows` should select as little as it can (a constant or the id).
 */
export async function countUpTo(
  db: Kysely<Database>,
  rows: SelectQueryBuilder<Database, never, unknown>,
  bound: number,
): Promise<number> {
  const row = await db
    .selectFrom(rows.limit(bound + 1).as('bounded'))
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A list's answer: the items and, for a page, the total over all pages and the next
 * cursor (null on the last). `totalRelation` ('eq' or 'gte') on the pages of a
 * `boundedCount` list: 'gte' when `total` is the bound and more rows match.
 */
export type ListAnswer<Item> = {
  items: Item[];
  total?: number;
  totalRelation?: TotalRelation;
  nextCursor?: string | null;
};

/** Whether a page's `total` is the exact number of rows ('eq') or a lower bound ('gte'). */
export type TotalRelation = 'eq' | 'gte';

/**
 * Every list endpoint's body (docs/decisions/0009): without `request.limit`, every
 * matching row (the spec's unpaged answer, no `total` or `nextCursor`) as long as
 * they are at most `UNPAGED_LIST_LIMIT` (counted first, up to that bound); with it,
 * one keyset page in `request.sort` order plus the total (for a `boundedCount` list,
 * exact up to `LIST_COUNT_BOUND`, with its `totalRelation`: decision 0027) and the
 * next page's cursor. The feature supplies its query pieces (`ListPieces`).
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this list and sort, and
 *   for an unpaged request over more rows than the bound (`errors.limit` says to page;
 *   docs/decisions/0025), so no request makes a process hold an unbounded answer.
 */
export async function listOrPage<Row, Item, Count = number>(
  request: ListRequest,
  pieces: ListPieces<Row, Item, Count>,
): Promise<ListAnswer<Item>> {
  const { limit, sort } = request;
  const readCursor = () => (request.cursor ? decodeCursor(request.cursor, sort, pieces.keyType) : undefined);
  const totalOf = pieces.totalOf ?? ((count: Count) => count as unknown as number);
  if (limit === undefined) {
    const after = pieces.unpagedFromCursor ? readCursor() : undefined;
    const bound = unpagedListLimit;
    const total = totalOf(await pieces.count(bound));
    if (total > bound) {
      const message = unpagedTooLargeMessage(bound);
      throw new AppError('BAD_REQUEST', message, { limit: message });
    }
    return { items: await pieces.toItems(await pieces.fetchAll(after)) };
  }
  const after = readCursor();
  let rows: Row[];
  let count: Count;
  if (pieces.countFirst) {
    count = await pieces.count(listCountBound, { limit, after });
    rows = await pieces.fetchPage({ limit, after, count });
  } else {
    [rows, count] = await Promise.all([pieces.fetchPage({ limit, after }), pieces.count(listCountBound)]);
  }
  const page = toPage(rows, limit, sort, pieces.keyOf);
  const items = await pieces.toItems(page.rows);
  const total = totalOf(count);
  if (!pieces.boundedCount) return { items, total, nextCursor: page.nextCursor };
  const more = total > listCountBound;
  return {
    items,
    total: more ? listCountBound : total,
    totalRelation: more ? 'gte' : 'eq',
    nextCursor: page.nextCursor,
  };
}
