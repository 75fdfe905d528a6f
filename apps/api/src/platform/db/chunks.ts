/**
 * Multi-row statements for the repositories, the seeders and the importer. One
 * statement may bind at most 32,766 values on SQLite and 65,535 on PostgreSQL;
 * chunks stay under both.
 */

/** Values one statement binds at most, under both databases' limits. */
export const MAX_BIND_VALUES = 30_000;

/** Splits rows into chunks whose statements bind at most `MAX_BIND_VALUES` values (and at most `maxRows` rows). */
export function chunked<T>(rows: readonly T[], valuesPerRow: number, maxRows = 5_000): T[][] {
  const size = Math.max(1, Math.min(maxRows, Math.floor(MAX_BIND_VALUES / Math.max(1, valuesPerRow))));
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}
