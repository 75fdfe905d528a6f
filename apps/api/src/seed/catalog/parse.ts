import { parse } from 'csv-parse/sync';
import { extraLines } from '../../features/products/import/import-file.js';

/**
 * Reads a catalog CSV in the layout of the "Flipkart Products" data set (see
 * `apps/api/assets/demo/ATTRIBUTION.md`) into records that remember the physical
 * line each starts on, so every rejection can name it.
 */

/** The columns the importer reads; any others are ignored. */
export const CATALOG_COLUMNS = [
  'product_name',
  'product_category_tree',
  'pid',
  'retail_price',
  'discounted_price',
  'image',
  'description',
  'brand',
  'product_specifications',
] as const;
export type CatalogColumn = (typeof CATALOG_COLUMNS)[number];

/** One CSV record: its fields by column name, and the file line it starts on (1 = the header). */
export interface CatalogRecord {
  line: number;
  fields: Record<CatalogColumn, string>;
}

/** A row that will not be imported, and why (the product's words). */
export interface RowRejection {
  line: number;
  sku: string | null;
  name: string | null;
  reason: string;
}

export interface ParsedCatalog {
  records: CatalogRecord[];
  /** Records the CSV reader could not read at all (a stray quote, a wrong number of fields). */
  rejections: RowRejection[];
}

/** The file itself cannot be imported (no header, missing columns). */
export class CatalogFileError extends Error {
  override name = 'CatalogFileError';
}

/**
 * Parses a catalog CSV. Records the reader cannot make sense of are returned as
 * rejections with their line; the rest are returned in file order.
 * @throws CatalogFileError when the header lacks one of `CATALOG_COLUMNS`.
 */
export function parseCatalogCsv(input: string | Buffer): ParsedCatalog {
  const rejections: RowRejection[] = [];
  let header: string[] | null = null;
  const rows = parse(input, {
    bom: true,
    columns: (names: string[]) => {
      header = names.map((name) => name.trim());
      return header;
    },
    info: true,
    raw: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (!error) return;
      rejections.push({
        line: Number(error.lines),
        sku: null,
        name: null,
        reason: `The CSV record could not be read (${error.message.replace(/\s+/g, ' ')})`,
      });
    },
  }) as { record: Record<string, string | undefined>; info: { lines: number; error?: unknown }; raw?: string }[];

  const columns: string[] = header ?? [];
  const missing = CATALOG_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw new CatalogFileError(`The file has no ${missing.join(', ')} column`);

  const records: CatalogRecord[] = [];
  for (const row of rows) {
    const line = row.info.lines - extraLines(row.raw);
    const fieldCount = Object.values(row.record).filter((value) => value !== undefined).length;
    if (fieldCount !== columns.length) {
      rejections.push({
        line,
        sku: row.record.pid?.trim() || null,
        name: row.record.product_name?.trim() || null,
        reason: `The row has ${fieldCount} fields where the header has ${columns.length}`,
      });
      continue;
    }
    const fields = Object.fromEntries(CATALOG_COLUMNS.map((column) => [column, row.record[column] ?? ''])) as Record<
      CatalogColumn,
      string
    >;
    records.push({ line, fields });
  }
  rejections.sort((a, b) => a.line - b.line);
  return { records, rejections };
}
