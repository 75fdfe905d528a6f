import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * CSV exports (issue 26 'Exports'): written by `csv-stringify`, UTF-8 with a BOM so
 * Excel reads Indian names, amounts in rupees with two decimals, times in the store's
 * time zone, and every cell neutralised against formula injection: `csvStream`, the one
 * writer of every CSV the store makes (downloads, job files, reports: issue 33), passes
 * each cell through `csvCell`, so no column can forget. Rows are pulled from an async
 * source batch by batch, so the process's memory stays flat whatever the export's size.
 */

/** Leading characters a spreadsheet reads as the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as written: one that starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return gets a leading apostrophe, so a spreadsheet shows it as text instead of
 * evaluating it. `null`/`undefined` become an empty cell.
 */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell that is a number as written (`12`, `-0.50`, `1234.5`): a spreadsheet reads it as one, and nothing else. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Any cell as the writer writes it: a plain number (`PLAIN_NUMBER`, so a negative amount
 * stays a number) as it is, any other text through `csvText`. A cell `csvText` already
 * neutralised starts with an apostrophe and passes unchanged.
 */
export function csvCell(value: string): string {
  return PLAIN_NUMBER.test(value) ? value : csvText(value);
}

/** Integer paise as rupees with two decimals (`12345` → `123.45`, `-50` → `-0.50`); a number cell, never neutralised. */
export function csvRupees(paise: number | null | undefined): string {
  if (paise === null || paise === undefined) return '';
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A UTC instant (ISO 8601) as `YYYY-MM-DD HH:mm:ss` in the IANA `timeZone` (the store's
 * `STORE_TIME_ZONE`), a form every spreadsheet reads as a date and time.
 */
export function csvTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  let format = timeFormats.get(timeZone);
  if (!format) {
    // Swedish order is ISO-like: 2026-11-25 06:50:00.
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/**
 * One column of an export: its header and how a row becomes its cell (use `csvText`,
 * `csvRupees`, `csvTime`; the writer neutralises every cell again, `csvCell`).
 */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => string;
}

/**
 * The CSV (BOM, header line, one line per row) of every row `batches` yields, as a
 * readable stream: a batch is read only when the client has taken the previous ones.
 * Every cell, headers included, goes through `csvCell`.
 */
export function csvStream<Row>(columns: readonly CsvColumn<Row>[], batches: AsyncIterable<readonly Row[]>): Readable {
  async function* lines() {
    for await (const batch of batches) {
      for (const row of batch) yield columns.map((column) => csvCell(column.cell(row)));
    }
  }
  return Readable.from(lines()).pipe(
    stringify({
      bom: true,
      header: true,
      columns: columns.map((column) => csvCell(column.header)),
      record_delimiter: 'windows',
      // With CRLF records csv-stringify quotes only cells holding `\r\n`; a lone line
      // break inside a message must be quoted too, or a spreadsheet splits the row.
      quoted_match: /[\r\n]/,
    }),
  );
}

/** A CSV file's name for `name`, dated today (UTC): `products` → `products-2026-11-27.csv`. */
export function csvFileName(name: string): string {
  return `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * Sends `csvStream(columns, batches)` as a `text/csv` download named `<name>-<UTC date>.csv`.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  name: string,
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(name)}"`)
    .header('cache-control', 'no-store')
    .send(csvStream(columns, batches));
}

/** Rows per database read of an export: small enough for flat memory, large enough for few round trips. */
export const EXPORT_BATCH_ROWS = 1000;
