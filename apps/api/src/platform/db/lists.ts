import { MAX_ID } from '@haat/contract';
import { type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { AppError } from '../errors.js';
import type { Database } from './schema.js';

/**
 * Helpers shared by every list endpoint: keyset paging, bounded counts and the one list
 * answer (`listOrPage`). A list is searched in one of two tiers (decision 0119): the
 * big lists (products, orders) through a plan per database (`list-search.ts`), the
 * others by one predicate in their query (`anyContains`); how a text is matched is
 * `search-text.ts`.
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
  /**
   * Every matching row, in list order: the spec's unpaged answer (after `after` if
   * `unpagedFromCursor`). `count` is what `count` answered, counted first to bound it.
   */
  fetchAll: (after: Keyset | undefined, count: Count) => Promise<Row[]>;
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
   * The count stops past a bound (decision 0027): a page's total is exact up to the
   * app's `countBound` (`LIST_COUNT_BOUND`) and beyond it answers that bound with
   * `totalRelation: 'gte'` ('10,000+'). The lists of a store's big tables (products, orders) count so; the
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

/**
 * How far an app's lists go, from its configuration (decision 0085: each app carries
 * its own, so two apps in one process each answer by theirs). `buildApp` makes them
 * part of `app.lists`, which the routes hand to the services' list functions.
 */
export interface ListBounds {
  /**
   * The most rows an unpaged list answers (`UNPAGED_LIST_LIMIT`, default
   * `DEFAULT_UNPAGED_LIST_LIMIT`; decision 0025).
   */
  readonly unpagedLimit: number;
  /**
   * How far a page of a `boundedCount` list counts its total exactly
   * (`LIST_COUNT_BOUND`, default the contract's 10,000; decision 0027): past it the
   * answer says '10,000+' (`total: 10000, totalRelation: 'gte'`), as search engines do,
   * so a search or filter matching half of a million-row table costs what one matching
   * ten thousand rows costs.
   */
  readonly countBound: number;
}

/** The message of a refused unpaged list: it names `limit`, the way to ask for pages. */
export function unpagedTooLargeMessage(bound: number): string {
  return (
    `This list has more than the ${bound.toLocaleString('en-IN')} rows an unpaged answer may hold. ` +
    'Ask for it in pages: add limit (and the cursor each page answers).'
  );
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
 * they are at most `bounds.unpagedLimit` (counted first, up to that bound); with it,
 * one keyset page in `request.sort` order plus the total (for a `boundedCount` list,
 * exact up to `bounds.countBound`, with its `totalRelation`: decision 0027) and the
 * next page's cursor. The feature supplies its query pieces (`ListPieces`; a searched
 * list's come from `searchedListPieces` in `list-search.ts`), the app its bounds.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this list and sort, and
 *   for an unpaged request over more rows than the bound (`errors.limit` says to page;
 *   docs/decisions/0025), so no request makes a process hold an unbounded answer.
 */
export async function listOrPage<Row, Item, Count = number>(
  request: ListRequest,
  pieces: ListPieces<Row, Item, Count>,
  bounds: ListBounds,
): Promise<ListAnswer<Item>> {
  const { limit, sort } = request;
  const readCursor = () => (request.cursor ? decodeCursor(request.cursor, sort, pieces.keyType) : undefined);
  const totalOf = pieces.totalOf ?? ((count: Count) => count as unknown as number);
  if (limit === undefined) {
    const after = pieces.unpagedFromCursor ? readCursor() : undefined;
    const bound = bounds.unpagedLimit;
    const count = await pieces.count(bound);
    if (totalOf(count) > bound) {
      const message = unpagedTooLargeMessage(bound);
      throw new AppError('BAD_REQUEST', message, { limit: message });
    }
    return { items: await pieces.toItems(await pieces.fetchAll(after, count)) };
  }
  const after = readCursor();
  const listCountBound = bounds.countBound;
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
