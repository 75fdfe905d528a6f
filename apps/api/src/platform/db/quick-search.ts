import { type Expression, type SqlBool, sql } from 'kysely';
import { TRIGRAM } from './dialect.js';

/**
 * What the global search's lookups (issue 10, docs/decisions/0060) share across
 * features: how a text is matched. A text of 3+ characters is matched anywhere through
 * each database's trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL); a text of 2
 * characters, too short for a trigram, is matched at the start of a value through its
 * B-tree index (a range, so both databases seek instead of scanning).
 */

/** Hits a lookup answers per kind. */
export const QUICK_LIMIT = 5;

/** True when `text` is long enough for a trigram index. */
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
