import {
  jobKinds,
  MANIFEST_AT_ONCE_ROWS,
  type ManifestImportResponse,
  manifestMessages,
  shipmentMessages,
} from '@haat/contract';
import type { FastifyInstance } from 'fastify';
import type { WriteActor } from '../../platform/auth/access.js';
import { type CsvColumn, csvFileName } from '../../platform/csv/csv-export.js';
import { oneBatch } from '../../platform/csv/export-batches.js';
import { writeCsvToJob } from '../../platform/csv/exporter.js';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { JobContext } from '../../platform/jobs/job-runner.js';
import { toJob } from '../../platform/jobs/job-wire.js';
import { findJobInput, insertJob, type JobRow } from '../../platform/jobs/jobs.repository.js';
import { pacer, yieldToOthers } from '../../platform/yield.js';
import { findImportRows, type RecordedRow, recordImportRows } from '../products/import/product-import.repository.js';
import { type ManifestError, type ManifestFile, type ManifestRow, readManifest } from './manifest-file.js';
import type { PackingSlip } from './packing-slip.js';
import {
  findManifestShipments,
  findSlipLines,
  findSlipShipments,
  type ManifestShipmentRow,
} from './shipment-documents.repository.js';
import { SHIP_MANY_AT_ONCE, shipManyInTransaction } from './shipments.service.js';

/**
 * Packing slips and courier manifests (issue 34; decisions 0142, 0143): the documents a
 * vendor prints and the file a courier hands back. A manifest's rows mark the vendor's
 * shipments On The Road through the shipments service's set-based move
 * (`shipManyInTransaction`), so an imported row obeys every rule of the status form.
 */

/**
 * The packing slips of `ids`, in their order, every one the vendor's own (`vendorId`;
 * undefined for an admin): read in a few statements whatever their number.
 * @throws AppError NOT_FOUND (404) 'Shipment not found' when one is missing or another vendor's.
 */
export async function loadPackingSlips(
  db: Db,
  vendorId: number | undefined,
  ids: readonly number[],
): Promise<PackingSlip[]> {
  const [shipments, lines] = await Promise.all([findSlipShipments(db, ids), findSlipLines(db, ids)]);
  return ids.map((id) => {
    const row = shipments.get(id);
    if (!row || (vendorId !== undefined && row.vendorId !== vendorId)) throw notFound(shipmentMessages.notFound);
    return {
      shipmentId: String(row.id),
      orderTrackingNumber: row.trackingNumber,
      orderPlacedAt: row.orderCreatedAt,
      shipBy: row.shipBy,
      seller: row.vendorId === null ? null : (row.vendorName ?? 'Former vendor'),
      carrier: row.carrier,
      awb: row.awb,
      shipTo: {
        fullName: row.billingFullName,
        phone: row.billingPhone,
        fullAddress: row.billingAddress,
        city: row.billingCity,
        province: row.billingProvince,
        note: row.billingNote,
      },
      lines: (lines.get(id) ?? []).map((line) => ({
        productName: line.productName,
        sku: line.sku,
        quantity: line.quantity,
      })),
    };
  });
}

/** The kind of job a large manifest runs as. */
export const SHIPMENT_IMPORT_JOB = jobKinds.shipmentImport;

/** What a row of a manifest will do: mark `shipmentId` shipped (as at `updatedAt`), or be refused with `message`. */
interface PlannedRow {
  row: ManifestRow;
  shipmentId: number | null;
  /** The shipment's order (null for a refused row). */
  orderId: number | null;
  updatedAt: string;
  message: string | null;
}

/** A shipment's status as a reason not to ship it, or null when it may go on the road. */
function statusRefusal(shipment: ManifestShipmentRow): string | null {
  switch (shipment.status) {
    case 'Order Placed':
    case 'Packaging':
      return null;
    case 'On The Road':
      return manifestMessages.alreadyShipped(shipment.awb);
    case 'Delivered':
      return manifestMessages.delivered;
    default:
      return manifestMessages.cancelled;
  }
}

/** The row's errors as one message (`Field: message; ...`). */
function joined(errors: readonly ManifestError[]): string {
  return errors.map((error) => (error.field ? `${error.field}: ${error.message}` : error.message)).join('; ');
}

/**
 * Plans every row of `file` for the vendor against their shipments as they are now
 * (reads only, a few statements for the whole file): which shipment each names (by id,
 * else by its order's tracking number: the one of theirs not yet on the road there), and
 * why a row is refused: its cells, a shipment not theirs or unknown, one already on the
 * road, delivered or cancelled, a shipment or an AWB already on an earlier line.
 */
async function planManifest(db: Db, vendorId: number, file: ManifestFile): Promise<PlannedRow[]> {
  const usable = file.rows.filter((row) => row.errors.length === 0);
  const { byId, byTracking } = await findManifestShipments(
    db,
    vendorId,
    usable.flatMap((row) => (row.shipmentId === null ? [] : [row.shipmentId])),
    usable.flatMap((row) => (row.trackingNumber === '' ? [] : [row.trackingNumber])),
  );
  const shipmentLine = new Map<number, number>();
  const awbLine = new Map<string, number>();
  const pace = pacer();
  const planned: PlannedRow[] = [];
  for (const row of file.rows) {
    await pace();
    const refuse = (message: string): PlannedRow => ({ row, shipmentId: null, orderId: null, updatedAt: '', message });
    if (row.errors.length > 0) {
      planned.push(refuse(joined(row.errors)));
      continue;
    }
    let shipment: ManifestShipmentRow | undefined;
    if (row.shipmentId !== null) {
      shipment = byId.get(row.shipmentId);
      if (!shipment) {
        planned.push(refuse(manifestMessages.notFound));
        continue;
      }
      if (row.trackingNumber !== '' && shipment.trackingNumber.toUpperCase() !== row.trackingNumber.toUpperCase()) {
        planned.push(refuse(manifestMessages.otherOrder));
        continue;
      }
    } else {
      const ofOrder = byTracking.get(row.trackingNumber.toUpperCase()) ?? [];
      if (ofOrder.length === 0) {
        planned.push(refuse(manifestMessages.notFound));
        continue;
      }
      const open = ofOrder.filter((candidate) => statusRefusal(candidate) === null);
      if (open.length > 1) {
        planned.push(refuse(manifestMessages.severalOpen(open.length)));
        continue;
      }
      // None open: the row is refused for the reason of the shipment furthest along (shipped, then delivered...).
      shipment = open[0] ?? ofOrder.find((candidate) => candidate.status === 'On The Road') ?? ofOrder[0];
    }
    if (!shipment) {
      planned.push(refuse(manifestMessages.notFound));
      continue;
    }
    const earlier = shipmentLine.get(shipment.id);
    if (earlier !== undefined) {
      planned.push(refuse(manifestMessages.shipmentRepeated(earlier)));
      continue;
    }
    shipmentLine.set(shipment.id, row.line);
    const awbEarlier = awbLine.get(row.awb);
    if (awbEarlier !== undefined) {
      planned.push(refuse(manifestMessages.awbRepeated(awbEarlier)));
      continue;
    }
    awbLine.set(row.awb, row.line);
    const refusal = statusRefusal(shipment);
    planned.push(
      refusal === null
        ? { row, shipmentId: shipment.id, orderId: shipment.orderId, updatedAt: shipment.updatedAt, message: null }
        : refuse(refusal),
    );
  }
  return planned;
}

/** One line of a manifest's report. */
export interface ManifestReportLine {
  line: number;
  reference: string;
  carrier: string;
  awb: string;
  outcome: 'shipped' | 'refused';
  message: string;
  /** A row refused for its cells: each cell's error (the answer at once lists them with their field). */
  cellErrors?: ManifestError[];
}

const reportColumns: CsvColumn<ManifestReportLine>[] = [
  { header: 'Line', cell: (row) => String(row.line) },
  { header: 'Tracking number or shipment', cell: (row) => row.reference },
  { header: 'Carrier', cell: (row) => row.carrier },
  { header: 'AWB', cell: (row) => row.awb },
  { header: 'Outcome', cell: (row) => row.outcome },
  { header: 'Message', cell: (row) => row.message },
];

/**
 * Rows written in one transaction (decision 0143): the shipments service ships them
 * set-based (`shipManyInTransaction`, a few statements whatever their number), so a
 * commit per batch is cheap. PostgreSQL: 500 (`SHIP_MANY_AT_ONCE`), each statement a
 * round trip that leaves the event loop free. SQLite: 50, as its statements run on the
 * event loop and a batch of 500 held it about a second on the loaded machine (100: p99 256 ms).
 */
const rowsPerTransaction = (db: Db) => (isPostgres(db) ? SHIP_MANY_AT_ONCE : 50);

/** A planned row's line of the report, before it is written (refused with the plan's reason, if any). */
function reportLineOf(plan: PlannedRow): ManifestReportLine {
  const { row } = plan;
  return {
    line: row.line,
    reference: row.reference,
    carrier: row.carrier,
    awb: row.awb,
    outcome: 'refused',
    message: plan.message ?? '',
    ...(row.errors.length > 0 ? { cellErrors: row.errors } : {}),
  };
}

/**
 * Writes one batch of planned rows inside its transaction `trx`: the shipments of its
 * rows not refused by the plan go on the road at once through `shipManyInTransaction`
 * (a row the service refuses, a shipment changed since the plan or moved meanwhile, is
 * refused with its message and changes nothing; the others stand); for a job, every
 * row's outcome is recorded in the same transaction.
 */
async function writeBatch(
  trx: Db,
  events: EventBus,
  actor: WriteActor,
  vendorId: number,
  plans: readonly PlannedRow[],
  jobId: number | undefined,
): Promise<ManifestReportLine[]> {
  const lines = plans.map(reportLineOf);
  const moving = plans.flatMap((plan, index) => (plan.shipmentId === null ? [] : [{ plan, index }]));
  const refusals = await shipManyInTransaction(
    trx,
    events,
    actor,
    moving.map(({ plan }) => ({
      shipmentId: plan.shipmentId as number,
      carrier: plan.row.carrier,
      awb: plan.row.awb,
      updatedAt: plan.updatedAt,
    })),
    { vendorId },
  );
  moving.forEach(({ index }, at) => {
    const line = lines[index] as ManifestReportLine;
    const refusal = refusals[at] ?? null;
    line.outcome = refusal === null ? 'shipped' : 'refused';
    line.message = refusal ?? shipmentMessages.moved;
  });
  if (jobId !== undefined)
    await recordImportRows(
      trx,
      jobId,
      lines.map((line) => ({
        line: line.line,
        sku: line.reference,
        name: line.awb,
        outcome: line.outcome === 'shipped' ? 'updated' : 'refused',
        message: line.message,
      })),
      new Date().toISOString(),
    );
  return lines;
}

/** What a manifest did: every row's line of the report, in file order, and the counts. */
export interface ManifestResult {
  report: ManifestReportLine[];
  summary: { rows: number; shipped: number; refused: number };
}

/**
 * Imports `file` for the vendor: plans it against their shipments as they are now, then
 * marks the planned rows' shipments On The Road with their carriers and AWBs through
 * `shipManyInTransaction`, `rowsPerTransaction` (500; 50 on SQLite) rows a transaction (each order's
 * rows in one): a row the service refuses (a shipment moved by someone since the plan) is
 * refused with its message, not overwritten, and the batch's other rows stand; an error
 * (the database, a subscriber) rolls back its batch alone, earlier batches stay committed.
 * Other requests go in between transactions. For a job (`jobId`), each row's outcome is recorded in its
 * transaction (`import_row_outcomes`, decision 0121; "updated" stands for shipped), and
 * the rows an earlier attempt recorded are reported as they were, not moved again.
 */
export async function runManifest(
  db: Db,
  events: EventBus,
  actor: WriteActor,
  file: ManifestFile,
  { jobId, onProgress = async () => undefined }: { jobId?: number; onProgress?: (rows: number) => Promise<void> } = {},
): Promise<ManifestResult> {
  const vendorId = actor.vendorId;
  if (vendorId === null) throw new AppError('FORBIDDEN', 'Only vendors import manifests');
  const recorded = jobId === undefined ? new Map<number, RecordedRow>() : await findImportRows(db, jobId);
  const planned = await planManifest(db, vendorId, file);
  const report: ManifestReportLine[] = file.unreadable.map((error) => ({
    line: error.line,
    reference: '',
    carrier: '',
    awb: '',
    outcome: 'refused',
    message: error.message,
  }));
  let done = report.length;
  const pending: PlannedRow[] = [];
  for (const plan of planned) {
    const before = recorded.get(plan.row.line);
    if (!before) {
      pending.push(plan);
      continue;
    }
    const line = reportLineOf(plan);
    line.outcome = before.outcome === 'updated' ? 'shipped' : 'refused';
    line.message = before.message;
    report.push(line);
    done += 1;
  }
  // Batches of rows, each order's rows in one batch (so two lanes never wait on one order's lock).
  pending.sort((a, b) => (a.orderId ?? 0) - (b.orderId ?? 0) || a.row.line - b.row.line);
  const batches: PlannedRow[][] = [];
  const perTransaction = rowsPerTransaction(db);
  let current: PlannedRow[] = [];
  for (const plan of pending) {
    const last = current[current.length - 1];
    const sameOrder = last !== undefined && plan.orderId !== null && plan.orderId === last.orderId;
    if (current.length >= perTransaction && !sameOrder) {
      batches.push(current);
      current = [];
    }
    current.push(plan);
  }
  if (current.length > 0) batches.push(current);
  // One batch at a time on both databases: each is a few set-based statements (decision 0143).
  for (const batch of batches) {
    // The batch's lines are made afresh by each attempt (a retried transaction starts over).
    const lines = await runTransaction(db, (trx) => writeBatch(trx, events, actor, vendorId, batch, jobId));
    report.push(...lines);
    done += lines.length;
    await onProgress(done);
    // Between two transactions the requests waiting (and their writes) go first.
    await yieldToOthers();
  }
  report.sort((a, b) => a.line - b.line);
  const shipped = report.filter((line) => line.outcome === 'shipped').length;
  return { report, summary: { rows: report.length, shipped, refused: report.length - shipped } };
}

/** What the job keeps in its `params` (the file itself is the job's `input`). */
interface ManifestParams {
  actor: WriteActor;
}

/**
 * `POST /api/vendor/shipments/import`: reads the manifest (a 400 for a file that cannot
 * be taken at all); up to `MANIFEST_AT_ONCE_ROWS` rows imports it now and answers the
 * counts and every refused row by line; more is queued as a job for the vendor (the
 * file kept as its input) and answered `{ job }` (202).
 * @throws AppError VALIDATION_FAILED (400) as `readManifest`.
 */
export async function importManifest(
  app: FastifyInstance,
  actor: WriteActor,
  csv: string,
): Promise<
  { kind: 'done'; answer: Omit<ManifestImportResponse, 'success'> } | { kind: 'job'; job: ReturnType<typeof toJob> }
> {
  const file = await readManifest(csv);
  const rows = file.rows.length + file.unreadable.length;
  if (rows > MANIFEST_AT_ONCE_ROWS) {
    const params: ManifestParams = { actor };
    const job = await insertJob(app.db, {
      kind: SHIPMENT_IMPORT_JOB,
      ownerUserId: actor.userId,
      params: JSON.stringify(params),
      now: new Date().toISOString(),
      total: rows,
      input: Buffer.from(csv, 'utf8'),
    });
    app.jobs.kick();
    return { kind: 'job', job: toJob(job) };
  }
  const { report, summary } = await runManifest(app.db, app.events, actor, file);
  return {
    kind: 'done',
    answer: {
      message: manifestMessages.done(summary.shipped, summary.refused),
      counts: summary,
      errors: report
        .filter((line) => line.outcome === 'refused')
        .flatMap((line) => line.cellErrors ?? [{ line: line.line, field: null, message: line.message }]),
    },
  };
}

/**
 * The manifest jobs' handler: reads the job's file and imports it (`runManifest`,
 * recording each row's outcome under the job), saying how far it got; the job's file
 * is the report of every row (written through `csvStream`, every cell neutralised), its
 * summary the counts (`rows`, `shipped`, `refused`).
 */
export function manifestJobHandler(app: FastifyInstance) {
  return async (job: JobRow, context: JobContext) => {
    const params = JSON.parse(job.params) as ManifestParams;
    const input = await findJobInput(app.db, job.id);
    if (!input) throw new Error(`Manifest ${job.id} has no file`);
    const file = await readManifest(input);
    const { report, summary } = await runManifest(app.db, app.events, params.actor, file, {
      jobId: job.id,
      onProgress: (rows) => context.progress(rows),
    });
    await writeCsvToJob(context, reportColumns, oneBatch(report));
    return { fileName: csvFileName('manifest-import'), rows: report.length, summary };
  };
}
