import { Readable } from 'node:stream';
import {
  IMPORT_MAX_ROWS,
  type ImportError,
  type ImportField,
  type ImportMapping,
  importFieldLabels,
  importFields,
  importMessages,
  requiredImportFields,
} from '@haat/contract';
import { parse } from 'csv-parse';
import { AppError } from '../../../platform/errors.js';
import { yieldToOthers } from '../../../platform/yield.js';

/**
 * Reading a product CSV for an import (issue 26 'Imports'; decision 0111): the header,
 * the rows with the file line each starts on (so every error names it), and the guess of
 * which column holds which field. The file is read whole (an import's file is at most
 * `IMPORT_MAX_BYTES`, and a job reads it once), a slice at a time so the server answers
 * others meanwhile.
 */

/** One row of the file: the line it starts on (the header is line 1) and its cells. */
export interface ImportRow {
  line: number;
  cells: string[];
}

export interface ImportFile {
  /** The header's cells, trimmed. */
  columns: string[];
  rows: ImportRow[];
  /** Rows the CSV reader could not read (a stray quote), with their line. */
  unreadable: ImportError[];
}

/**
 * How many lines a raw CSV record spans before its last line (blank lines before it and
 * the final break excluded): the reader reports a record's last line, a report names its first.
 */
export function extraLines(raw: string | undefined): number {
  if (!raw) return 0;
  const body = raw.replace(/\r?\n$/, '').replace(/^(?:\r?\n)+/, '');
  let count = 0;
  for (let index = body.indexOf('\n'); index !== -1; index = body.indexOf('\n', index + 1)) count += 1;
  return count;
}

/**
 * Bounds of a file other than a product import's (a courier's manifest, issue 34): its
 * most rows and the message past them, and the longest record in characters (csv-parse's
 * `max_record_size`) with the message past it. Unset: the product import's.
 */
export interface ImportFileLimits {
  maxRows?: number;
  tooManyRows?: string;
  maxRecordChars?: number;
  rowTooLong?: string;
}

/** Bytes of the file the reader takes between two turns of the event loop (a few ms of parsing). */
const SLICE_BYTES = 32 * 1024;

/**
 * Reads `csv` (UTF-8, a BOM allowed; comma-separated, quotes as Excel writes them),
 * `SLICE_BYTES` at a time through csv-parse's stream, letting other requests in between
 * slices (decision 0121: a 50,000-row file read at once held the server for seconds).
 * @throws AppError VALIDATION_FAILED (400) 'The file could not be read as CSV' (no header),
 *   'The file has no rows under its header', past `IMPORT_MAX_ROWS` rows (or `limits`' own
 *   bounds: rows, a record's length).
 */
export async function readImportFile(csv: string | Buffer, limits: ImportFileLimits = {}): Promise<ImportFile> {
  const maxRows = limits.maxRows ?? IMPORT_MAX_ROWS;
  const tooManyRows = limits.tooManyRows ?? importMessages.tooManyRows;
  const bytes = typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv;
  const unreadable: ImportError[] = [];
  let header: string[] | undefined;
  const rows: ImportRow[] = [];
  // A record past `limits.maxRecordChars`: the whole file is refused (a hostile or wrong file).
  let tooLong = false;
  const parser = parse({
    bom: true,
    info: true,
    raw: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    ...(limits.maxRecordChars === undefined ? {} : { max_record_size: limits.maxRecordChars }),
    on_skip: (error) => {
      if (error?.code === 'CSV_MAX_RECORD_SIZE') tooLong = true;
      else if (error) unreadable.push({ line: Number(error.lines), field: null, message: importMessages.unreadable });
    },
  });
  // csv-parse decodes a field once it is whole, so a slice may end inside a character.
  async function* slices() {
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
      yield bytes.subarray(at, at + SLICE_BYTES);
      await yieldToOthers();
    }
  }
  try {
    // Each record becomes its row as it comes, so no pass over the whole file follows the parse.
    for await (const { record, info, raw } of Readable.from(slices()).pipe(parser) as AsyncIterable<{
      record: string[];
      info: { lines: number };
      raw?: string;
    }>) {
      if (header === undefined) header = record;
      else rows.push({ line: info.lines - extraLines(raw), cells: record });
      if (rows.length > maxRows) break;
    }
  } catch (error) {
    if (limits.rowTooLong && (error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
      throw new AppError('VALIDATION_FAILED', limits.rowTooLong);
    throw new AppError('VALIDATION_FAILED', importMessages.unreadable);
  }
  if (tooLong) throw new AppError('VALIDATION_FAILED', limits.rowTooLong ?? importMessages.unreadable);
  if (!header || header.every((cell) => cell.trim() === ''))
    throw new AppError('VALIDATION_FAILED', importMessages.unreadable);
  if (rows.length === 0 && unreadable.length === 0) throw new AppError('VALIDATION_FAILED', importMessages.noRows);
  if (rows.length + unreadable.length > maxRows) throw new AppError('VALIDATION_FAILED', tooManyRows);
  return { columns: header.map((cell) => cell.trim()), rows, unreadable };
}

/** A header cell reduced to letters and digits, for matching ('Sale Price (₹)' → 'saleprice'). */
const squashHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Header names each field is guessed from, reduced as `squashHeader` reduces them: the
 * product form's own names first, then what other stores' exports and the demo catalog
 * call them (Shopify's 'Variant SKU', Flipkart's 'pid' and 'discounted_price').
 */
const HEADER_GUESSES: Record<ImportField, readonly string[]> = {
  sku: ['sku', 'variantsku', 'pid', 'productid', 'itemcode', 'skucode'],
  name: ['name', 'productname', 'title', 'producttitle'],
  productDetails: ['productdetails', 'details', 'description', 'bodyhtml', 'productdescription'],
  brand: ['brand', 'vendor', 'brandname'],
  color: ['color', 'colour'],
  model: ['model', 'modelnumber', 'modelname'],
  warrantyPeriod: ['warrantyperiod', 'warranty'],
  salePrice: ['saleprice', 'discountedprice', 'sellingprice', 'price', 'variantprice', 'offerprice'],
  actualPrice: ['actualprice', 'retailprice', 'mrp', 'listprice', 'compareatprice', 'variantcompareatprice'],
  manufacturer: ['manufacturer', 'maker'],
  stockQuantity: ['stockquantity', 'stock', 'quantity', 'qty', 'inventory', 'variantinventoryqty'],
  hsnCode: ['hsncode', 'hsn', 'hsnsac', 'hsnsaccode', 'hsnnumber'],
  gstRate: ['gstrate', 'gst', 'gstpercent', 'gstratepercent', 'taxrate', 'igstrate'],
  category: ['category', 'productcategorytree', 'categorypath', 'producttype', 'type'],
  subcategory: ['subcategory', 'subcategoryname'],
  images: ['images', 'image', 'imageurls', 'imageurl', 'imagesrc', 'pictures'],
};

/**
 * The mapping guessed from a header: each field takes the first column whose name is
 * one of its guesses (in the guesses' order), and a column serves one field only.
 */
export function guessMapping(columns: readonly string[]): ImportMapping {
  const squashed = columns.map(squashHeader);
  const taken = new Set<number>();
  const mapping: ImportMapping = {};
  for (const field of importFields) {
    for (const guess of HEADER_GUESSES[field]) {
      const index = squashed.findIndex((name, at) => name === guess && !taken.has(at));
      if (index !== -1) {
        mapping[field] = index;
        taken.add(index);
        break;
      }
    }
  }
  return mapping;
}

/**
 * Checks a mapping against the file: every column it names exists, and the fields a new
 * product needs each have one.
 * @throws AppError VALIDATION_FAILED (400) naming the first problem.
 */
export function checkMapping(mapping: ImportMapping, columns: readonly string[]): void {
  for (const index of Object.values(mapping) as (number | undefined)[]) {
    if (index !== undefined && index >= columns.length)
      throw new AppError('VALIDATION_FAILED', importMessages.columnInvalid);
  }
  const missing = requiredImportFields.find((field) => mapping[field] === undefined);
  if (missing) throw new AppError('VALIDATION_FAILED', importMessages.columnMissing(importFieldLabels[missing]));
}
