import { ORDER_SEARCH_STATUS_CODES, TRIGRAM } from '../../../platform/db/dialect.js';
import type { OrdersTable } from '../../../platform/db/schema.js';
import { ftsPhrase } from '../../../platform/db/search-text.js';

/**
 * How the order search is answered, decided from the text and from counts, on SQLite:
 * which index serves a text, the FTS5 query for it, and how to find one page
 * (PostgreSQL's page plan is `choosePostgresPagePlan` in platform/db/lists.ts, shared
 * with products). This module only decides, without a database;
 * `sqlite.ts` and `postgres.ts` beside it write the SQL. See docs/decisions/0016
 * and migration 2026_11_21_1810_add_order_search for the index (`orders_search`: one
 * FTS5 trigram document per order: tracking number, billing e-mail, the account's
 * e-mail, each with U+0001 appended, and a status token).
 */

type OrderStatus = OrdersTable['status'];

/** True when `text` has a control character: the index's own padding and status tokens use U+0001 and U+0002. */
const hasControl = (text: string) => [...text].some((char) => char < ' ' || char === '\u007f');

/** Printable ASCII only. */
const ASCII = /^[\x20-\x7e]*$/;

/**
 * How SQLite matches a search text:
 * - `phrase`: 3+ characters, the FTS5 phrase of the text;
 * - `pairs`: 2 printable ASCII characters, the index's trigrams starting with them
 *   (read from `orders_search_terms`), any of which matches;
 * - `like`: anything else (1 character; 2 characters not ASCII, whose case folding
 *   would have to match FTS5's; control characters): LIKE, a scan of the orders.
 */
export function sqliteSearchKind(text: string): 'phrase' | 'pairs' | 'like' {
  if (hasControl(text)) return 'like';
  const length = [...text].length;
  if (length >= TRIGRAM) return 'phrase';
  if (length === TRIGRAM - 1 && ASCII.test(text)) return 'pairs';
  return 'like';
}

/**
 * True when LIKE matches the same orders as the index for `text`, so a page can be
 * found by checking rows in list order. For printable ASCII both agree; FTS5 also folds
 * the case of non-ASCII letters, which LIKE does not. (Only exotic letters whose lower
 * case is ASCII, such as the Kelvin sign, could tell them apart, as for products.)
 */
export function likeAgreesWithIndex(text: string): boolean {
  return ASCII.test(text);
}

/**
 * The `[from, to)` range of index terms (trigrams, lower-cased by FTS5) that start with
 * the 2-character `text` (a `pairs` text).
 */
export function pairTermRange(text: string): { from: string; to: string } {
  const from = text.toLowerCase();
  const last = from.charCodeAt(1);
  return { from, to: `${from[0]}${String.fromCharCode(last + 1)}` };
}

/** The FTS5 query of a `pairs` text: any of its terms. Null when no order has one. */
export function pairsQuery(text: string, terms: string[]): string | null {
  const { from } = pairTermRange(text);
  const matching = terms.filter((term) => term.startsWith(from));
  return matching.length > 0 ? `(${matching.map((term) => ftsPhrase(term)).join(' OR ')})` : null;
}

/** The token `status` is indexed as (see the migration). */
export function statusToken(status: OrderStatus): string {
  const codes: Partial<Record<string, string>> = ORDER_SEARCH_STATUS_CODES;
  const code = codes[status] ?? status;
  return `\u0002${code}\u0002`;
}

/**
 * The full FTS5 query: the text's query and, with a status, its token in the status
 * column. The text's query cannot match a status token (texts with control
 * characters never get here), so it needs no column filter.
 */
export function ftsQuery(textQuery: string, status: OrderStatus | undefined): string {
  return status === undefined ? textQuery : `${textQuery} AND ${ftsPhrase(statusToken(status), 'status')}`;
}

/*
 * Costs of finding a page, in table lookups (one seek into `orders` by rowid: 0.3 to
 * 1 µs on the 1,000,000-order store, depending on how scattered the rows are),
 * measured on that store:
 * - an entry of `orders_created_at_idx` (or `orders_status_created_at_idx`) scanned
 *   without reading the table: ~20 ns, 0.05 lookups;
 * - an order read in list order and checked with LIKE (table row, account's e-mail):
 *   ~2 µs, 3 lookups.
 */
const LOOKUP = 1;
const SCAN = 0.05;
const CHECK = 3;

/**
 * How to find one page of `size` rows among `matches` orders matching a search, out of
 * `rows` in scope (all orders, or those of the filtered status):
 * - `gather`: look every match up and keep the newest `size`;
 * - `newest`: take the `size` matches with the highest ids (the index yields matches in
 *   id order, so that costs `size` lookups), then prove that no other match belongs on
 *   the page by scanning the list's index, without reading the table, down to the
 *   first order whose id is below theirs (`newestMatchesIfProven` in `sqlite.ts`).
 *   Orders are numbered as they are created, so the list order and the id order nearly
 *   agree and the proof scans about `size * rows / matches` entries; when they do not
 *   agree, the proof fails and another plan runs.
 * On 1,000,000 orders and a page of 51, `newest` is chosen past about 1,600 matches.
 * `matches` may be a lower bound (a count that stopped past the bound, decision 0027):
 * the cost of `newest` only falls and that of `gather` only grows with more matches, so
 * a choice of `newest` from a lower bound is the choice the exact count would make; at
 * the bound (10,001 matches) `newest` is chosen on any store under about 39,000,000
 * orders in scope.
 */
export function choosePagePlan(size: number, matches: number, rows: number): 'gather' | 'newest' {
  const newest = size * LOOKUP + (SCAN * size * rows) / Math.max(1, matches);
  return newest < matches * LOOKUP ? 'newest' : 'gather';
}

/**
 * True when proving a `newest` page, by scanning about `span` index entries (the ids
 * its candidates cover), costs less than gathering all `matches`. When `matches` is a
 * lower bound (`exact` false: the count stopped past the bound, decision 0027) the
 * gather would read an unknown number of matches beyond it, up to every order in
 * scope, while the proof reads index entries only (a twentieth of a lookup each), and
 * never more than the list's index holds: the proof is then always tried.
 */
export function worthProving(span: number, matches: number, exact = true): boolean {
  return !exact || SCAN * span < LOOKUP * matches;
}

/**
 * When the `newest` plan could not prove its page: how many orders a walk may read,
 * newest first, checking each with LIKE, to find the page; undefined when gathering the
 * matches is cheaper. Spread evenly, matches come every `rows / matches` orders; the walk
 * reads at most 4 times that (at least 1,000), because matches can bunch in time (a
 * tracking number's date digits): past the budget the rest of the page is gathered.
 * With a lower bound for `matches` (decision 0027) the expected walk is an upper bound
 * and the gather's cost a lower bound, so a walk chosen is a walk the exact count would
 * choose; otherwise gathering is the safe answer.
 */
export function walkBudget(size: number, matches: number, rows: number): number | undefined {
  const expected = (size * rows) / Math.max(1, matches);
  if (CHECK * expected >= LOOKUP * matches) return undefined;
  return Math.max(1000, Math.ceil(4 * expected));
}
