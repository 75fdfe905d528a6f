import { z } from 'zod';
import { idParams, idString, isoDateTime } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Background jobs (issue 26; decision 0110): an export past `EXPORT_AT_ONCE_ROWS` rows
 * answers 202 with its job instead of the file; the screen follows the job's progress and
 * downloads its file when it is done, and the bell says so too. The file is kept a day.
 */

/** Rows an export answers at once; past them it runs as a job. */
export const EXPORT_AT_ONCE_ROWS = 10_000;

/** How long a finished export's file is kept, in hours. */
export const EXPORT_FILE_HOURS = 24;

export const jobMessages = {
  /** Any job (an export, an import, a bulk action) that is not the caller's, or is gone. */
  notFound: 'Not found: it may have expired, or belong to another account',
  fileGone: 'This file has expired or is not ready yet',
  preparing:
    'This export is large: it is being prepared. You can keep working; the bell will tell you when it is ready.',
  ready: 'Your export is ready',
  failed: 'The export failed. Please try again.',
} as const;

export const jobStates = ['queued', 'running', 'done', 'failed'] as const;

/** The kinds of job (a job's `kind`): a large export, a product import, a large bulk action on products, a large manifest. */
export const jobKinds = {
  export: 'export',
  productImport: 'product-import',
  productBulk: 'product-bulk',
  /** A courier's manifest past `MANIFEST_AT_ONCE_ROWS` rows (issue 34; decision 0143). */
  shipmentImport: 'shipment-import',
} as const;

/** A job as the API answers it: times UTC; `downloadUrl` once its file is ready and until it expires. */
export const job = z.object({
  _id: idString,
  kind: z.string(),
  state: z.enum(jobStates),
  /** Rows written so far. */
  progress: z.number().int().nonnegative(),
  /** The rows it will go through, when known at the start (an import's file); null for an export. */
  total: z.number().int().nonnegative().nullable(),
  /** What a finished job did, by outcome (an import: `created`, `updated`, `unchanged`, `refused`). */
  summary: z.record(z.string(), z.number().int()).nullable(),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  expiresAt: isoDateTime.nullable(),
  downloadUrl: z.string().nullable(),
});
export type Job = z.infer<typeof job>;

/** The answer of an export past `EXPORT_AT_ONCE_ROWS` rows: 202 with the job to follow. */
export const jobStartedResponse = z.object({ success: z.literal(true), message: z.string(), job });
export type JobStartedResponse = z.infer<typeof jobStartedResponse>;

/**
 * A file the API sends instead of JSON (a CSV): the web's typed client answers it as a
 * `File`, named as the server's `content-disposition` names it.
 */
export const fileAnswer = z.file();

/**
 * What a list's export answers (issue 26 'Exports'): its CSV at once (200), or past
 * `EXPORT_AT_ONCE_ROWS` rows 202 with the job preparing it. The client's call answers
 * either, so a screen tells them apart by type (`instanceof Blob`), not by assertion.
 */
export const exportAnswer = z.union([fileAnswer, jobStartedResponse]);
export type ExportAnswer = z.infer<typeof exportAnswer>;

export const jobResponse = z.object({ success: z.literal(true), job });

export const jobEndpoints = {
  /** One of the caller's jobs: its state and progress, and its file's address when done. 404 for another's. */
  get: endpoint('GET', '/api/jobs/{id}', { access: 'staff', tags: ['jobs'], summary: 'One of your jobs' })
    .input(z.object({ params: idParams }))
    .output(jobResponse),
  /** The file a finished job made (a CSV), until it expires; 404 before, after, or for another's. */
  file: endpoint('GET', '/api/jobs/{id}/file', {
    access: 'staff',
    tags: ['jobs'],
    summary: "A finished job's file",
    rawAnswer: true,
  })
    .input(z.object({ params: idParams }))
    .output(fileAnswer),
};
