import { z } from 'zod';
import { hasNoNul, NUL_CHARACTER_MESSAGE } from './common.js';
import { endpoint } from './endpoint.js';
import { jobStartedResponse } from './jobs.js';

/**
 * Importing products from a CSV file (issue 26 'Imports'; decision 0111). The screen
 * sends the file's text and which column holds each field; the preview answers the
 * first rows as they will be saved and every bad row with its line and the field's
 * message, writing nothing; the import then runs as a background job that creates or
 * updates each row by SKU through the product form's own service and keeps a report of
 * every row (created, updated, unchanged or refused with its reason).
 */

/** The product fields a file's columns can fill, in the form's order. */
export const importFields = [
  'sku',
  'name',
  'productDetails',
  'brand',
  'color',
  'model',
  'warrantyPeriod',
  'salePrice',
  'actualPrice',
  'manufacturer',
  'stockQuantity',
  'hsnCode',
  'gstRate',
  'category',
  'subcategory',
  'images',
] as const;
export type ImportField = (typeof importFields)[number];

/** Each field's label on the screen (the product form's words). */
export const importFieldLabels: Record<ImportField, string> = {
  sku: 'SKU',
  name: 'Product name',
  productDetails: 'Product details',
  brand: 'Brand',
  color: 'Color',
  model: 'Model',
  warrantyPeriod: 'Warranty period',
  salePrice: 'Sale price',
  actualPrice: 'Actual price',
  manufacturer: 'Manufacturer',
  stockQuantity: 'Stock quantity',
  hsnCode: 'HSN code',
  gstRate: 'GST rate (%)',
  category: 'Category',
  subcategory: 'Subcategory',
  images: 'Images',
};

/**
 * Fields the file must have a column for: the SKU, by which each row creates or updates
 * a product. A row that creates one needs what the product form needs too; a file of
 * SKUs and stock only updates stock.
 */
export const requiredImportFields: readonly ImportField[] = ['sku'];

/** The largest file the screen takes, in bytes (about 25 MB; a job reads it whole). */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
/** The most rows one file holds. */
export const IMPORT_MAX_ROWS = 50_000;
/** Rows the preview shows as they will be saved. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Bad rows the preview lists (the report of the import lists them all). */
export const IMPORT_ERRORS_LISTED = 500;

export const importMessages = {
  fileRequired: 'Choose a CSV file',
  fileTooLarge: `The file is too large: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `The file has too many rows: at most ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} at a time`,
  unreadable: 'The file could not be read as CSV',
  noRows: 'The file has no rows under its header',
  columnInvalid: 'Choose one of the file’s columns',
  columnMissing: (label: string) => `Choose the column that holds ${label}`,
  started: 'The import has started. You can keep working; the bell will tell you when it is done.',
  failed: 'The import failed. Please try again.',
  // Why one row is refused.
  skuRepeated: (line: number) => `This SKU is on line ${line} already`,
  skuOfAnother: 'This SKU belongs to another seller’s product',
  categoryNotFound: (name: string) => `Category “${name}” does not exist`,
  subcategoryNotFound: (name: string) => `Subcategory “${name}” does not exist in this category`,
  imagesInvalid: 'Images must be http(s) URLs separated by spaces, commas or |',
} as const;

/** Which column (0-based, as in `columns`) holds each field; a field left out is not imported. */
export const importMapping = z.partialRecord(
  z.enum(importFields),
  z.number({ error: importMessages.columnInvalid }).int(importMessages.columnInvalid).min(0).max(499),
);
export type ImportMapping = z.infer<typeof importMapping>;

/** A file as the screen sends it: its text (UTF-8) and, once shown, the mapping. */
export const importBody = z.object({
  csv: z
    .string({ error: importMessages.fileRequired })
    .min(1, importMessages.fileRequired)
    .max(IMPORT_MAX_BYTES, importMessages.fileTooLarge)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
  /** Omitted: the server guesses it from the header. */
  mapping: importMapping.optional(),
});
export type ImportBody = z.input<typeof importBody>;

/** What a row does to the catalog. */
export const importOutcomes = ['create', 'update', 'unchanged', 'refused'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

/** A bad row: its line in the file (the header is line 1), the field and the message. */
export const importError = z.object({ line: z.number().int(), field: z.string().nullable(), message: z.string() });
export type ImportError = z.infer<typeof importError>;

/** One row as it will be saved (prices in rupees). */
export const importPreviewRow = z.object({
  line: z.number().int(),
  outcome: z.enum(importOutcomes),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  salePrice: z.number().nullable(),
  actualPrice: z.number().nullable(),
  stockQuantity: z.number().int().nullable(),
  /**
   * Issue 35: the HSN code and GST rate (percent) as they will be saved (a new product's
   * null rate: the store's default); optional on the wire.
   */
  hsnCode: z.string().nullable().optional(),
  gstRate: z.number().nullable().optional(),
  category: z.string(),
  subcategory: z.string().nullable(),
  images: z.number().int(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

export const importCounts = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

export const importPreviewResponse = z.object({
  success: z.literal(true),
  /** The header's cells, in order. */
  columns: z.array(z.string()),
  mapping: importMapping,
  counts: importCounts,
  /** The first `IMPORT_PREVIEW_ROWS` rows (refused ones included). */
  preview: z.array(importPreviewRow),
  /** The first `IMPORT_ERRORS_LISTED` bad rows' errors; `counts.refused` says how many rows in all. */
  errors: z.array(importError),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponse>;

export const productImportEndpoints = {
  /**
   * Reads the file and answers what the import would do: the header, the mapping (the
   * one sent, or a guess), the counts, the first rows and the bad rows. Writes nothing.
   * 400 when the file cannot be read, has no rows or lacks a required field's column.
   */
  preview: endpoint('POST', '/api/products/import/preview', {
    access: 'staff',
    permission: 'catalog:write',
    tags: ['products'],
    summary: 'What importing a product CSV would do',
  })
    .input(z.object({ body: importBody }))
    .output(importPreviewResponse),
  /**
   * Starts the import as a background job (202 with the job): each row created or
   * updated by SKU as the product form would (a vendor's rows are theirs and await
   * approval); its file is the report of every row. 400 as the preview.
   */
  start: endpoint('POST', '/api/products/import', {
    access: 'staff',
    permission: 'catalog:write',
    tags: ['products'],
    summary: 'Import a product CSV',
    status: 202,
  })
    .input(z.object({ body: importBody }))
    .output(jobStartedResponse),
};
