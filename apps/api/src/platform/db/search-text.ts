import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { TRIGRAM } from './dialect.js';

/**
 * How a text is matched as a substring (spec section 5: case-insensitive, every
 * character literally) on each database: LIKE patterns, SQLite's FTS5 trigram tables,
 * PostgreSQL's lower-cased search copies (decision 0029) and its bigram indexes
 * (decision 0035), and a prefix as a B-tree range. Every list and lookup that searches
 * builds its predicates from these: the planned searches of the big lists
 * (`list-search.ts`) and the one-predicate searches of the others (decision 0119).
 */

/** True when `text` is long enough for a trigram index (SQLite's FTS5 trigram tables, PostgreSQL's pg_trgm). */
export const usesTrigrams = (text: string) => [...text].length >= TRIGRAM;

/** An FTS5 query matching `text` as one literal phrase (quotes doubled), optionally in one column. */
export function ftsPhrase(text: string, column?: string): string {
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return column ? `${column} : ${phrase}` : phrase;
}

/**
 * `expression` starts with `prefix`, as a range `[prefix, next)` that a B-tree index on
 * `expression` serves on both databases (`next` is `prefix` with its last character
 * raised by one). Compared in the database's collation: byte order for SQLite and for
 * PostgreSQL databases made with the C or C.UTF-8 locale, as Haat's are.
 */
export function startsWith(expression: Expression<string>, prefix: string): Expression<SqlBool> {
  const last = prefix.charCodeAt(prefix.length - 1);
  const next = `${prefix.slice(0, -1)}${String.fromCharCode(last + 1)}`;
  return sql<SqlBool>`(${expression} >= ${prefix} and ${expression} < ${next})`;
}

/**
 * A LIKE pattern matching `text` anywhere (case-insensitive substring search, spec
 * section 5): `%`, `_` and `\` in the text match themselves. Use with `escape '\'`.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A LIKE pattern matching texts that start with `text` (every character literally). Use with `escape '\'`. */
export function startsWithPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `expression LIKE pattern ESCAPE '\'`, case-insensitive on both databases: SQLite's
 * LIKE ignores ASCII case, PostgreSQL needs ILIKE.
 */
export function likeContains(postgres: boolean, expression: Expression<unknown>, text: string): RawBuilder<SqlBool> {
  const op = sql.raw(postgres ? 'ilike' : 'like');
  return sql<SqlBool>`${expression} ${op} ${containsPattern(text)} escape '\\'`;
}

/**
 * `text` anywhere in any of `fields`, in any case (`likeContains` on each): the search
 * of a list in the predicate tier (decision 0119). Such a list (customers, contacts,
 * payouts, vendors, a vendor's orders) is small, or narrowed first by an index its
 * filters or its order use, so its search is one predicate its own query carries: a
 * scan that the page's limit stops, with no plan to choose. The big lists (products,
 * orders) are searched through a plan instead (`ListSearch`, `list-search.ts`).
 */
export function anyContains(
  postgres: boolean,
  fields: readonly Expression<unknown>[],
  text: string,
): Expression<SqlBool> {
  const each = fields.map((field) => likeContains(postgres, field, text));
  const [only] = each;
  if (each.length === 1 && only) return only;
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
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
