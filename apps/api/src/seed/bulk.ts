import { CompiledQuery } from 'kysely';
import { chunked, MAX_BIND_VALUES } from '../platform/db/chunks.js';
import type { Db } from '../platform/db/create-db.js';

export { chunked, MAX_BIND_VALUES };

/**
 * Multi-row inserts for the seeders and the importer. One statement may bind at
 * most 32,766 values on SQLite and 65,535 on PostgreSQL; chunks stay under both.
 */

/**
 * A fast multi-row insert for large volumes: the statement text is built once per
 * chunk size and the values are bound as they are, skipping the query builder's
 * per-row work. Column names are the database's (snake_case); values must already
 * be what the driver binds (SQLite takes 1/0 for booleans).
 */
export class BulkInserter {
  readonly #statements = new Map<number, string>();

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
    readonly dialect: 'sqlite' | 'postgres',
  ) {}

  /** Rows per statement. */
  get chunkSize(): number {
    return Math.max(1, Math.floor(MAX_BIND_VALUES / this.columns.length));
  }

  #statement(rowCount: number): string {
    let text = this.#statements.get(rowCount);
    if (text) return text;
    const width = this.columns.length;
    const groups: string[] = [];
    for (let row = 0; row < rowCount; row += 1) {
      if (this.dialect === 'postgres') {
        const slots: string[] = [];
        for (let column = 1; column <= width; column += 1) slots.push(`$${row * width + column}`);
        groups.push(`(${slots.join(',')})`);
      } else groups.push(`(${new Array(width).fill('?').join(',')})`);
    }
    text = `insert into ${this.table} (${this.columns.join(', ')}) values ${groups.join(',')}`;
    this.#statements.set(rowCount, text);
    return text;
  }

  /** Inserts rows given as value arrays in `columns` order, in as few statements as the limits allow. */
  async insert(db: Db, rows: readonly (readonly unknown[])[]): Promise<void> {
    const size = this.chunkSize;
    for (let start = 0; start < rows.length; start += size) {
      const chunk = rows.slice(start, start + size);
      const values: unknown[] = [];
      for (const row of chunk) for (const value of row) values.push(value);
      await db.executeQuery(CompiledQuery.raw(this.#statement(chunk.length), values));
    }
  }
}
