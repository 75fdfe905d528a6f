import {
  basisPointsToPercent,
  categoryBody,
  IMPORT_ERRORS_LISTED,
  IMPORT_PREVIEW_ROWS,
  type ImportBody,
  type ImportCounts,
  type ImportError,
  type ImportField,
  type ImportMapping,
  type ImportOutcome,
  type ImportPreviewResponse,
  type ImportPreviewRow,
  importFieldLabels,
  importMessages,
  jobKinds,
  type ParsedProductBody,
  percentToBasisPoints,
  productBody,
  productMessages,
  subcategoryBody,
  taxMessages,
  toPaise,
  toRupees,
} from '@haat/contract';
import type { FastifyInstance } from 'fastify';
import type { WriteActor } from '../../../platform/auth/access.js';
import { type CsvColumn, csvFileName, csvText } from '../../../platform/csv/csv-export.js';
import { oneBatch } from '../../../platform/csv/export-batches.js';
import { writeCsvToJob } from '../../../platform/csv/exporter.js';
import type { Db } from '../../../platform/db/create-db.js';
import { runTransaction } from '../../../platform/db/transactions.js';
import { AppError } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events/event-bus.js';
import type { JobContext } from '../../../platform/jobs/job-runner.js';
import { toJob } from '../../../platform/jobs/job-wire.js';
import { findJobInput, insertJob, type JobRow } from '../../../platform/jobs/jobs.repository.js';
import { pacer } from '../../../platform/yield.js';
import { createCategory, createSubcategory } from '../../categories/categories.service.js';
import { gstRateRules } from '../../tax/tax.service.js';
import { createProduct, updateProduct } from '../products.service.js';
import { imageListOf, placementOf, rupeesOf, squash, warrantyOf } from './import-cells.js';
import { checkMapping, guessMapping, type ImportFile, type ImportRow, readImportFile } from './import-file.js';
import {
  type ExistingProduct,
  findImportRows,
  findProductsBySkus,
  loadPlacementNames,
  type RecordedRow,
  recordImportRow,
} from './product-import.repository.js';

/**
 * Importing products from a CSV file (issue 26 'Imports'; decision 0111).
 *
 * Each row is read through the mapping into a product body and checked by the product
 * form's own schema (`productBody`); its SKU decides what it does: a new SKU creates a
 * product, a SKU the caller may edit updates it (an empty cell keeps the product's value),
 * a SKU of another seller's product or one already earlier in the file is refused. The
 * preview plans the rows and writes nothing; the job plans them again against the
 * catalog as it is then and writes each through `createProduct` / `updateProduct`, so an
 * imported row obeys every rule of the form: a vendor's rows are theirs and await
 * approval, an admin's are published; a product saved since the plan is refused, not
 * overwritten. An admin's file may name categories and subcategories the store lacks:
 * they are created (through the categories service); a vendor's row naming one is refused.
 */

/** The kind of job an import runs as. */
export const PRODUCT_IMPORT_JOB = jobKinds.productImport;

/** Rows between two progress reports of the job. */
const PROGRESS_EVERY = 25;

/** A neutral picture for a category an import creates when none of its products has one. */
const CATEGORY_PLACEHOLDER_IMAGE = 'https://placehold.co/400x400?text=Category';

/** What an import job keeps in its `params` (the file itself is the job's `input`). */
interface ImportParams {
  actor: WriteActor;
  mapping: ImportMapping;
}

/** A category or subcategory a row names, by name, resolved to an id when the store has it. */
interface Placement {
  category: string;
  subcategory: string | null;
  categoryId: number | null;
  subcategoryId: number | null;
}

/** What one row will do. */
interface PlannedRow {
  line: number;
  sku: string;
  outcome: ImportOutcome;
  errors: ImportError[];
  /** The values as they will be saved (prices in rupees); partial on a refused row. */
  values: Partial<ParsedProductBody>;
  /** The row's category by name, when its file names one (else the product keeps its own). */
  placement: Placement | null;
  existing: ExistingProduct | undefined;
}

interface ImportPlan {
  rows: PlannedRow[];
  unreadable: ImportError[];
}

/** The cell of `field` in `row`, trimmed; undefined when no column is mapped to it. */
function cellOf(row: ImportRow, mapping: ImportMapping, field: ImportField): string | undefined {
  const index = mapping[field];
  return index === undefined ? undefined : (row.cells[index] ?? '').trim();
}

/** The form's input a product already has (prices in rupees), which an update starts from. */
function inputOf(existing: ExistingProduct): Record<string, unknown> {
  return {
    name: existing.name,
    productDetails: existing.productDetails,
    brand: existing.brand,
    color: existing.color ?? undefined,
    sku: existing.sku,
    model: existing.model ?? undefined,
    warrantyPeriod: existing.warrantyPeriod,
    salePrice: toRupees(existing.salePricePaise),
    actualPrice: toRupees(existing.actualPricePaise),
    manufacturer: existing.manufacturer ?? undefined,
    stockQuantity: existing.stockQuantity,
    hsnCode: existing.hsnCode,
    gstRate: basisPointsToPercent(Number(existing.gstRateBp)),
    category: existing.categoryId,
    subcategory: existing.subcategoryId,
    images: existing.images,
  };
}

/** Reads a row's cells over `base` (an empty cell keeps the base's value). */
function readCells(
  row: ImportRow,
  mapping: ImportMapping,
  base: Record<string, unknown>,
  errors: ImportError[],
): Record<string, unknown> {
  const input = { ...base };
  const text = (field: ImportField) => {
    const cell = cellOf(row, mapping, field);
    return cell === undefined || cell === '' ? undefined : cell;
  };
  for (const field of ['name', 'brand', 'color', 'model', 'manufacturer'] as const) {
    const cell = text(field);
    if (cell !== undefined) input[field] = squash(cell);
  }
  const details = text('productDetails');
  if (details !== undefined) input.productDetails = details;
  const warranty = text('warrantyPeriod');
  if (warranty !== undefined) input.warrantyPeriod = warrantyOf(warranty);
  const actual = text('actualPrice');
  if (actual !== undefined) input.actualPrice = rupeesOf(actual);
  const sale = text('salePrice');
  if (sale !== undefined) input.salePrice = rupeesOf(sale);
  // A new product whose file gives one price of the two sells at it.
  if (input.salePrice === undefined) input.salePrice = input.actualPrice;
  if (input.actualPrice === undefined) input.actualPrice = input.salePrice;
  const stock = text('stockQuantity');
  if (stock !== undefined) input.stockQuantity = /^\d{1,9}$/.test(stock) ? Number(stock) : Number.NaN;
  const hsn = text('hsnCode');
  if (hsn !== undefined) input.hsnCode = hsn;
  const gst = text('gstRate');
  if (gst !== undefined) input.gstRate = /^\d{1,3}(\.\d{1,2})?\s*%?$/.test(gst) ? Number.parseFloat(gst) : Number.NaN;
  const images = text('images');
  if (images !== undefined) {
    const urls = imageListOf(images);
    if (urls) input.images = urls;
    else errors.push({ line: row.line, field: importFieldLabels.images, message: importMessages.imagesInvalid });
  }
  return input;
}

/** The label of the field a schema issue is about. */
function labelOf(path: readonly PropertyKey[]): string | null {
  const field = path[0];
  return typeof field === 'string' && field in importFieldLabels ? importFieldLabels[field as ImportField] : null;
}

/**
 * Plans every row of `file` for `actor` against the catalog as it is now: reads only.
 */
async function planImport(db: Db, actor: WriteActor, file: ImportFile, mapping: ImportMapping): Promise<ImportPlan> {
  const skus = file.rows.map((row) => cellOf(row, mapping, 'sku') ?? '').filter((sku) => sku !== '');
  const [existingBySku, names, { slabsBp }] = await Promise.all([
    findProductsBySkus(db, skus),
    loadPlacementNames(db),
    gstRateRules(db),
  ]);
  const firstLineOf = new Map<string, number>();
  const rows: PlannedRow[] = [];
  // Each row is checked by the form's schema: 50,000 of them are seconds of work (decision 0121).
  const pace = pacer();

  for (const row of file.rows) {
    await pace();
    const sku = cellOf(row, mapping, 'sku') ?? '';
    const errors: ImportError[] = [];
    const refuse = (field: ImportField | null, message: string) =>
      errors.push({ line: row.line, field: field ? importFieldLabels[field] : null, message });
    const key = sku.toLowerCase();
    const seenOn = firstLineOf.get(key);
    if (sku !== '' && seenOn === undefined) firstLineOf.set(key, row.line);
    let existing = sku === '' ? undefined : existingBySku.get(key);
    if (seenOn !== undefined) refuse('sku', importMessages.skuRepeated(seenOn));
    if (existing && actor.role === 'vendor' && existing.vendorId !== actor.vendorId) {
      refuse('sku', importMessages.skuOfAnother);
      existing = undefined;
    }

    const input = readCells(row, mapping, existing ? inputOf(existing) : { sku, stockQuantity: 0 }, errors);
    // An update keeps the SKU as the product spells it ('imp-b1' in a file finds 'IMP-B1').
    input.sku = existing ? existing.sku : sku;

    // The category the file names, resolved to the store's ids where it has them.
    let placement: Placement | null = null;
    const categoryCell = cellOf(row, mapping, 'category');
    if (categoryCell) {
      const named = placementOf(categoryCell, String(input.name ?? ''));
      const subcategoryCell = cellOf(row, mapping, 'subcategory');
      if (named) {
        const subcategory = subcategoryCell ? squash(subcategoryCell) : named.subcategory;
        const categoryName = categoryBody.shape.name.safeParse(named.category);
        if (!categoryName.success) refuse('category', categoryName.error.issues[0]?.message ?? '');
        const subcategoryName = subcategory === null ? null : subcategoryBody.shape.name.safeParse(subcategory);
        if (subcategoryName && !subcategoryName.success)
          refuse('subcategory', subcategoryName.error.issues[0]?.message ?? '');
        const categoryId = names.categories.get(named.category.toLowerCase()) ?? null;
        const subcategoryId =
          categoryId === null || subcategory === null
            ? null
            : (names.subcategories.get(`${categoryId}:${subcategory.toLowerCase()}`) ?? null);
        placement = { category: named.category, subcategory, categoryId, subcategoryId };
        if (actor.role === 'vendor' && categoryId === null)
          refuse('category', importMessages.categoryNotFound(named.category));
        else if (actor.role === 'vendor' && subcategory !== null && subcategoryId === null)
          refuse('subcategory', importMessages.subcategoryNotFound(subcategory));
        // A placeholder the schema accepts until the job creates the category.
        input.category = categoryId ?? 1;
        input.subcategory = subcategoryId;
      } else refuse('category', productMessages.categoryRequired);
    } else if (!existing) refuse('category', productMessages.categoryRequired);

    const parsed = productBody.safeParse(input);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'category' || seen.has(issue.message)) continue;
        seen.add(issue.message);
        errors.push({ line: row.line, field: labelOf(issue.path), message: issue.message });
      }
    }
    // Issue 35: a rate the store's slabs do not have is refused here, as the form refuses it.
    if (
      parsed.success &&
      parsed.data.gstRate !== undefined &&
      !slabsBp.includes(percentToBasisPoints(parsed.data.gstRate))
    )
      refuse('gstRate', taxMessages.gstRateNotASlab(slabsBp.map(basisPointsToPercent)));
    const values: Partial<ParsedProductBody> = parsed.success ? parsed.data : (input as Partial<ParsedProductBody>);
    let outcome: ImportOutcome = errors.length > 0 ? 'refused' : existing ? 'update' : 'create';
    if (outcome === 'update' && existing && parsed.success && isUnchanged(existing, parsed.data, placement))
      outcome = 'unchanged';
    rows.push({ line: row.line, sku, outcome, errors, values, placement, existing });
  }
  return { rows, unreadable: file.unreadable };
}

/** True when saving `body` (and `placement`) would leave `existing` as it is. */
function isUnchanged(existing: ExistingProduct, body: ParsedProductBody, placement: Placement | null): boolean {
  if (
    placement &&
    (placement.categoryId === null || (placement.subcategory !== null && placement.subcategoryId === null))
  )
    return false;
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
  return (
    same(existing.name, body.name) &&
    same(existing.productDetails, body.productDetails) &&
    same(existing.brand, body.brand) &&
    same(existing.color, body.color) &&
    same(existing.model, body.model) &&
    same(existing.warrantyPeriod, body.warrantyPeriod) &&
    existing.salePricePaise === toPaise(body.salePrice) &&
    existing.actualPricePaise === toPaise(body.actualPrice) &&
    same(existing.manufacturer, body.manufacturer) &&
    existing.stockQuantity === body.stockQuantity &&
    same(existing.hsnCode, body.hsnCode) &&
    (body.gstRate === undefined || Number(existing.gstRateBp) === percentToBasisPoints(body.gstRate)) &&
    existing.categoryId === (placement ? placement.categoryId : existing.categoryId) &&
    same(existing.subcategoryId, placement ? placement.subcategoryId : existing.subcategoryId) &&
    existing.images.length === body.images.length &&
    existing.images.every((url, index) => url === body.images[index])
  );
}

/** Reads the body's file and mapping (the sent one, else the guess), checked against the file. */
export async function readImportBody(body: ImportBody): Promise<{ file: ImportFile; mapping: ImportMapping }> {
  const file = await readImportFile(body.csv);
  const mapping = body.mapping ?? guessMapping(file.columns);
  checkMapping(mapping, file.columns);
  return { file, mapping };
}

function countsOf(plan: ImportPlan): ImportCounts {
  const counts: ImportCounts = {
    rows: plan.rows.length + plan.unreadable.length,
    create: 0,
    update: 0,
    unchanged: 0,
    refused: plan.unreadable.length,
  };
  for (const row of plan.rows) counts[row.outcome] += 1;
  return counts;
}

function previewRowOf(row: PlannedRow): ImportPreviewRow {
  const price = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const stock = row.values.stockQuantity;
  return {
    line: row.line,
    outcome: row.outcome,
    sku: row.sku,
    name: typeof row.values.name === 'string' ? row.values.name : '',
    brand: typeof row.values.brand === 'string' ? row.values.brand : '',
    salePrice: price(row.values.salePrice),
    actualPrice: price(row.values.actualPrice),
    stockQuantity: typeof stock === 'number' && Number.isInteger(stock) ? stock : null,
    hsnCode: typeof row.values.hsnCode === 'string' ? row.values.hsnCode : null,
    gstRate: typeof row.values.gstRate === 'number' && Number.isFinite(row.values.gstRate) ? row.values.gstRate : null,
    category: row.placement?.category ?? '',
    subcategory: row.placement?.subcategory ?? null,
    images: Array.isArray(row.values.images) ? row.values.images.length : 0,
  };
}

/**
 * `POST /api/products/import/preview`: what importing `body.csv` would do for `actor`:
 * the header, the mapping, the counts, the first `IMPORT_PREVIEW_ROWS` rows as they will
 * be saved and the first `IMPORT_ERRORS_LISTED` errors by line. Writes nothing.
 * @throws AppError VALIDATION_FAILED (400) for a file that cannot be read, has no rows,
 *   or lacks the SKU's column.
 */
export async function previewImport(
  db: Db,
  actor: WriteActor,
  body: ImportBody,
): Promise<Omit<ImportPreviewResponse, 'success'>> {
  const { file, mapping } = await readImportBody(body);
  const plan = await planImport(db, actor, file, mapping);
  const errors = [...plan.unreadable, ...plan.rows.flatMap((row) => row.errors)].sort((a, b) => a.line - b.line);
  return {
    columns: file.columns,
    mapping,
    counts: countsOf(plan),
    preview: plan.rows.slice(0, IMPORT_PREVIEW_ROWS).map(previewRowOf),
    errors: errors.slice(0, IMPORT_ERRORS_LISTED),
  };
}

/**
 * `POST /api/products/import`: checks the file as the preview does, then queues it as a
 * job for `actor` (the file kept as the job's input) and answers the job.
 * @throws AppError VALIDATION_FAILED (400) as `previewImport`.
 */
export async function startImport(app: FastifyInstance, actor: WriteActor, body: ImportBody) {
  const { file, mapping } = await readImportBody(body);
  const params: ImportParams = { actor, mapping };
  const job = await insertJob(app.db, {
    kind: PRODUCT_IMPORT_JOB,
    ownerUserId: actor.userId,
    params: JSON.stringify(params),
    now: new Date().toISOString(),
    total: file.rows.length + file.unreadable.length,
    input: Buffer.from(body.csv, 'utf8'),
  });
  app.jobs.kick();
  return toJob(job);
}

/** One line of an import's report. */
export type ReportLine = RecordedRow;

const reportColumns: CsvColumn<ReportLine>[] = [
  { header: 'Line', cell: (row) => String(row.line) },
  { header: 'SKU', cell: (row) => csvText(row.sku) },
  { header: 'Name', cell: (row) => csvText(row.name) },
  { header: 'Outcome', cell: (row) => row.outcome },
  { header: 'Message', cell: (row) => csvText(row.message) },
];

/**
 * Creates the categories and subcategories the plan's rows name and the store lacks (an
 * admin's import only), and fills in each row's ids.
 */
async function createPlacements(db: Db, actor: WriteActor, rows: PlannedRow[]): Promise<void> {
  const categoryIds = new Map<string, number>();
  const subcategoryIds = new Map<string, number>();
  for (const row of rows) {
    const placement = row.placement;
    if (row.outcome === 'refused' || row.outcome === 'unchanged' || !placement) continue;
    if (placement.categoryId === null) {
      const key = placement.category.toLowerCase();
      let id = categoryIds.get(key);
      if (id === undefined) {
        const image = row.values.images?.find((url) => url.startsWith('http')) ?? CATEGORY_PLACEHOLDER_IMAGE;
        id = Number((await createCategory(db, actor, { name: placement.category, imageUrl: image }))._id);
        categoryIds.set(key, id);
      }
      placement.categoryId = id;
    }
    if (placement.subcategory !== null && placement.subcategoryId === null) {
      const key = `${placement.categoryId}:${placement.subcategory.toLowerCase()}`;
      let id = subcategoryIds.get(key);
      if (id === undefined) {
        const created = await createSubcategory(db, actor, {
          name: placement.subcategory,
          category: placement.categoryId,
        });
        id = Number(created._id);
        subcategoryIds.set(key, id);
      }
      placement.subcategoryId = id;
    }
  }
}

/** What an import did: the report of every row, in file order, and the counts. */
export interface ImportResult {
  report: ReportLine[];
  summary: { rows: number; created: number; updated: number; unchanged: number; refused: number };
}

/** How `runImport` reports its progress and where it keeps what each line did. */
export interface RunImportOptions {
  /** Hears every `PROGRESS_EVERY` rows how many are behind. */
  onProgress?: (rows: number) => Promise<void>;
  /**
   * The import's job: each line's outcome is recorded with its write, and the lines an
   * earlier attempt of the job recorded are reported as they were, not written again.
   * Without it (the CLI) nothing is recorded.
   */
  jobId?: number;
}

/**
 * Imports `file` for `actor`: plans it again against the catalog as it is now, creates
 * the categories an admin's rows need, then writes row after row through the products
 * service, each in its own transaction (a refused row, or one saved since the plan, costs
 * nothing else), letting other requests in between rows (decision 0121); a vendor's
 * submissions are told to the admins once. For a job, each line's outcome is recorded in
 * its row's transaction, and a job taken up again after its process died reports the
 * lines already done as they were done (a product it created is "created", not
 * "unchanged"). The job and the CLI (`npm run import:products`) both import through here.
 */
export async function runImport(
  db: Db,
  events: EventBus,
  actor: WriteActor,
  file: ImportFile,
  mapping: ImportMapping,
  { onProgress = async () => undefined, jobId }: RunImportOptions = {},
): Promise<ImportResult> {
  const recorded = jobId === undefined ? new Map<number, RecordedRow>() : await findImportRows(db, jobId);
  const pending = (plan: ImportPlan) => plan.rows.filter((row) => !recorded.has(row.line));
  let plan = await planImport(db, actor, file, mapping);
  try {
    await createPlacements(db, actor, pending(plan));
  } catch (error) {
    // A category made meanwhile by someone else: plan again, now that it exists.
    if (!(error instanceof AppError)) throw error;
    plan = await planImport(db, actor, file, mapping);
    await createPlacements(db, actor, pending(plan));
  }

  const report: ReportLine[] = plan.unreadable.map((error) => ({
    line: error.line,
    sku: '',
    name: '',
    outcome: 'refused',
    message: error.message,
  }));
  let done = plan.unreadable.length;
  const pace = pacer();
  for (const row of plan.rows) {
    report.push(recorded.get(row.line) ?? (await writeRow(db, events, actor, row, jobId)));
    done += 1;
    if (done % PROGRESS_EVERY === 0) await onProgress(done);
    await pace();
  }
  report.sort((a, b) => a.line - b.line);

  const summary = { rows: report.length, created: 0, updated: 0, unchanged: 0, refused: 0 };
  for (const line of report) summary[line.outcome] += 1;
  const { vendorId } = actor;
  if (actor.role === 'vendor' && vendorId !== null)
    await runTransaction(db, (trx) =>
      events.publish(trx, {
        type: 'products.imported',
        vendorId,
        count: summary.created + summary.updated,
        at: new Date().toISOString(),
      }),
    );
  return { report, summary };
}

/**
 * Writes one planned row through the products service; answers its line of the report.
 * For a job (`jobId`), the line's outcome is recorded in the transaction of its write,
 * or on its own for a line refused or unchanged.
 */
async function writeRow(
  db: Db,
  events: EventBus,
  actor: WriteActor,
  row: PlannedRow,
  jobId: number | undefined,
): Promise<ReportLine> {
  const name = typeof row.values.name === 'string' ? row.values.name : '';
  const line: ReportLine = { line: row.line, sku: row.sku, name, outcome: 'unchanged', message: '' };
  const record = async (trx: Db) => {
    if (jobId !== undefined) await recordImportRow(trx, jobId, line, new Date().toISOString());
  };
  if (row.outcome === 'refused' || row.outcome === 'unchanged') {
    if (row.outcome === 'refused') {
      line.outcome = 'refused';
      line.message = row.errors
        .map((error) => (error.field ? `${error.field}: ${error.message}` : error.message))
        .join('; ');
    }
    await record(db);
    return line;
  }
  const body = {
    ...(row.values as ParsedProductBody),
    ...(row.placement
      ? { category: row.placement.categoryId as number, subcategory: row.placement.subcategoryId }
      : {}),
  };
  try {
    await runTransaction(db, async (trx) => {
      if (row.existing) {
        const saved = await updateProduct(
          trx,
          events,
          actor,
          row.existing.id,
          { ...body, updatedAt: row.existing.updatedAt },
          { notifyAdmins: false },
        );
        line.outcome = 'updated';
        line.message = saved.message;
      } else {
        const saved = await createProduct(trx, events, actor, body, { notifyAdmins: false });
        line.outcome = 'created';
        line.message = saved.message;
      }
      await record(trx);
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    line.outcome = 'refused';
    line.message = error.message;
    await record(db);
  }
  return line;
}

/**
 * The import jobs' handler: reads the job's file and imports it (`runImport`, recording
 * each line's outcome under the job), saying how far it got; the job's file is the
 * report of every row, its summary the counts.
 */
export function importJobHandler(app: FastifyInstance) {
  return async (job: JobRow, context: JobContext) => {
    const params = JSON.parse(job.params) as ImportParams;
    const input = await findJobInput(app.db, job.id);
    if (!input) throw new Error(`Import ${job.id} has no file`);
    const file = await readImportFile(input);
    const { report, summary } = await runImport(app.db, app.events, params.actor, file, params.mapping, {
      onProgress: (rows) => context.progress(rows),
      jobId: job.id,
    });
    await writeCsvToJob(context, reportColumns, oneBatch(report));
    return { fileName: csvFileName('product-import'), rows: report.length, summary };
  };
}
