import {
  awbNumber,
  carrierName,
  MANIFEST_MAX_ROWS,
  type ManifestImportResponse,
  manifestMessages,
  shipmentMessages,
} from '@haat/contract';
import { AppError } from '../../platform/errors.js';
import { pacer } from '../../platform/yield.js';
import { readImportFile } from '../products/import/import-file.js';

/**
 * Reading a courier's manifest (issue 34; decision 0143): the header's columns found by
 * name, any case and spacing, with the names couriers' and aggregators' exports use
 * (Delhivery's "Waybill", Shiprocket's "AWB Code", "Tracking ID"...), and each row's
 * cells checked. Read through the product import's reader (`readImportFile`: a slice at
 * a time, letting others in), with the manifest's own bounds.
 */

/** A row's error, as the report lists it. */
export type ManifestError = ManifestImportResponse['errors'][number];

/** The longest record of a manifest, in characters: a row of a few ids is far shorter. */
const MAX_RECORD_CHARS = 4096;

/** A header cell reduced to letters and digits ('AWB No.' → 'awbno'). */
const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The names each column is found by (squashed). "Tracking number" is the store's own
 * word for an order's number (the spec's `trackingNumber`); a courier's "tracking ID",
 * "tracking no" or plain "tracking" is its AWB.
 */
const COLUMN_NAMES = {
  trackingNumber: [
    'trackingnumber',
    'ordertrackingnumber',
    'ordertracking',
    'order',
    'orderid',
    'orderno',
    'ordernumber',
    'orderref',
    'orderreference',
    'referenceno',
    'referencenumber',
    'reference',
    'refno',
  ],
  shipmentId: ['shipmentid', 'shipment', 'shipmentno', 'shipmentnumber'],
  carrier: [
    'carrier',
    'carriername',
    'courier',
    'couriername',
    'courierpartner',
    'logisticspartner',
    'shippingpartner',
  ],
  awb: [
    'awb',
    'awbno',
    'awbnumber',
    'awbcode',
    'airwaybill',
    'airwaybillno',
    'airwaybillnumber',
    'waybill',
    'waybillno',
    'waybillnumber',
    'trackingid',
    'trackingno',
    'tracking',
    'trackingcode',
    'couriertrackingnumber',
    'docketno',
    'docketnumber',
    'consignmentno',
    'consignmentnumber',
  ],
} as const;

type ManifestColumn = keyof typeof COLUMN_NAMES;

/** Which column (0-based) holds each field, as found in the header. */
export type ManifestColumns = Partial<Record<ManifestColumn, number>>;

/** The columns of `header`: each field the first column bearing one of its names. */
export function manifestColumns(header: readonly string[]): ManifestColumns {
  const squashed = header.map(squash);
  const found: ManifestColumns = {};
  for (const field of Object.keys(COLUMN_NAMES) as ManifestColumn[]) {
    const index = squashed.findIndex((name) => (COLUMN_NAMES[field] as readonly string[]).includes(name));
    if (index !== -1) found[field] = index;
  }
  return found;
}

/** A row read and checked on its own: what it names, and its errors (none: it may go on). */
export interface ManifestRow {
  line: number;
  /** The order's tracking number as written (trimmed), or ''. */
  trackingNumber: string;
  /** The shipment id, when the row names one that is a number. */
  shipmentId: number | null;
  /** As written (trimmed), for the report. */
  reference: string;
  carrier: string;
  /** Upper case, as stored. */
  awb: string;
  errors: ManifestError[];
}

/** A manifest read: its rows, and the lines the CSV reader could not read. */
export interface ManifestFile {
  rows: ManifestRow[];
  unreadable: ManifestError[];
}

/**
 * Reads `csv` as a manifest: its columns from the header, each row's cells checked
 * (a reference, the carrier as the status form takes it, the AWB's form), pacing its
 * rows so the server answers others meanwhile.
 * @throws AppError VALIDATION_FAILED (400): text that is not UTF-8 (a replacement
 *   character, the mark of a file read in the wrong encoding), no header or no rows,
 *   past `MANIFEST_MAX_ROWS` rows, a record past 4 KB, or a header without the columns.
 */
export async function readManifest(csv: string | Buffer): Promise<ManifestFile> {
  const text = typeof csv === 'string' ? csv : csv.toString('utf8');
  if (text.includes('\uFFFD')) throw new AppError('VALIDATION_FAILED', manifestMessages.notUtf8);
  const file = await readImportFile(text, {
    maxRows: MANIFEST_MAX_ROWS,
    tooManyRows: `The file has too many rows: at most ${MANIFEST_MAX_ROWS.toLocaleString('en-IN')} at a time`,
    maxRecordChars: MAX_RECORD_CHARS,
    rowTooLong: manifestMessages.rowTooLong,
  });
  const columns = manifestColumns(file.columns);
  if (
    (columns.trackingNumber === undefined && columns.shipmentId === undefined) ||
    columns.carrier === undefined ||
    columns.awb === undefined
  )
    throw new AppError('VALIDATION_FAILED', manifestMessages.columnMissing);
  const cell = (cells: string[], index: number | undefined) => (index === undefined ? '' : (cells[index] ?? '').trim());
  const pace = pacer();
  const rows: ManifestRow[] = [];
  for (const { line, cells } of file.rows) {
    await pace();
    const errors: ManifestError[] = [];
    const trackingNumber = cell(cells, columns.trackingNumber);
    const shipmentCell = cell(cells, columns.shipmentId).replace(/^#/, '');
    let shipmentId: number | null = null;
    if (shipmentCell !== '') {
      if (/^\d{1,15}$/.test(shipmentCell) && Number(shipmentCell) > 0) shipmentId = Number(shipmentCell);
      else errors.push({ line, field: 'Shipment id', message: manifestMessages.shipmentIdInvalid });
    } else if (trackingNumber === '')
      errors.push({ line, field: 'Tracking number', message: manifestMessages.referenceRequired });
    if (trackingNumber.length > 100) errors.push({ line, field: 'Tracking number', message: manifestMessages.tooLong });
    const carrier = carrierName.safeParse(cell(cells, columns.carrier));
    if (!carrier.success)
      errors.push({
        line,
        field: 'Carrier',
        message: carrier.error.issues[0]?.message ?? shipmentMessages.carrierRequired,
      });
    const awb = awbNumber.safeParse(cell(cells, columns.awb));
    if (!awb.success)
      errors.push({ line, field: 'AWB', message: awb.error.issues[0]?.message ?? shipmentMessages.awbRequired });
    rows.push({
      line,
      trackingNumber: trackingNumber.slice(0, 100),
      shipmentId,
      reference: (shipmentCell !== '' ? `#${shipmentCell}` : trackingNumber).slice(0, 100),
      carrier: carrier.success ? carrier.data : cell(cells, columns.carrier).slice(0, 60),
      awb: awb.success ? awb.data : cell(cells, columns.awb).slice(0, 40),
      errors,
    });
  }
  return { rows, unreadable: file.unreadable };
}
