import { EXPORT_AT_ONCE_ROWS, jobKinds, jobMessages } from '@haat/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, actorOf } from '../auth/access.js';
import type { Db } from '../db/create-db.js';
import type { ListContext } from '../db/list-search.js';
import type { JobContext, JobRunner } from '../jobs/job-runner.js';
import { toJob } from '../jobs/job-wire.js';
import { insertJob, type JobRow } from '../jobs/jobs.repository.js';
import { yieldToOthers } from '../yield.js';
import { type CsvColumn, csvFileName, csvStream, sendCsv } from './csv-export.js';
import { oneBatch } from './export-batches.js';

/**
 * A list's export, at once or as a job (issue 26 'Exports'; decisions 0105, 0109, 0110).
 * A feature describes its export once (`Exporter`: its file's name, its columns and how
 * its rows are read for a caller and a query) and registers it with the app at start, so
 * any API process can run its jobs. `sendExport` answers an export of up to
 * `EXPORT_AT_ONCE_ROWS` rows at once, as `text/csv`; a larger one is queued as a job
 * and answered 202 with the job to follow.
 */

/** Who asked for an export, as a job keeps them (no token). */
export type ExportActor = Omit<Actor, 'token'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every list's export by name (`registerExporter`), so any process runs their jobs. */
    exporters: Map<string, Exporter>;
    /** This process's job runner (decision 0110). */
    jobs: JobRunner;
  }
}

/** A list's export. `Query` is the list's query as its contract parses it (JSON-safe). */
export interface Exporter<Row = unknown, Query = unknown> {
  /** Its name in jobs (`products`, `order-lines`...). */
  name: string;
  /** The downloaded file's name before its date (`products` → `products-2026-11-25.csv`). */
  fileName: string;
  columns(timeZone: string): CsvColumn<Row>[];
  /** Every row `query` selects that `actor` may see, batch by batch. */
  batches(context: { db: Db; lists: ListContext }, actor: ExportActor, query: Query): AsyncIterable<readonly Row[]>;
}

/** The kind of job an export runs as. */
export const EXPORT_JOB = jobKinds.export;

/** What an export job keeps in its `params`. */
interface ExportParams {
  exporter: string;
  query: unknown;
  actor: ExportActor;
}

/** Makes `exporter` known to the app, so its jobs run in any process. */
export function registerExporter<Row, Query>(app: FastifyInstance, exporter: Exporter<Row, Query>): void {
  app.exporters.set(exporter.name, exporter as Exporter);
}

/**
 * Answers `GET <list path>/export`: reads up to `EXPORT_AT_ONCE_ROWS` + 1 rows; when the
 * list ends within them, the CSV at once; otherwise queues the export as a job for the
 * caller and answers 202 `{ success, message, job }` (the rows read are let go).
 */
export async function sendExport<Row, Query>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  exporter: Exporter<Row, Query>,
  query: Query,
) {
  const { token: _token, ...actor } = actorOf(request);
  const rows: Row[] = [];
  let more = false;
  for await (const batch of exporter.batches({ db: app.db, lists: app.lists }, actor, query)) {
    // Up to ten reads, each synchronous on SQLite: others go between them (decision 0121).
    await yieldToOthers();
    rows.push(...batch);
    if (rows.length > EXPORT_AT_ONCE_ROWS) {
      more = true;
      break;
    }
  }
  if (!more) {
    return sendCsv(reply, exporter.fileName, exporter.columns(app.config.storeTimeZone), oneBatch(rows));
  }
  const params: ExportParams = { exporter: exporter.name, query, actor };
  const job = await insertJob(app.db, {
    kind: EXPORT_JOB,
    ownerUserId: actor.userId,
    params: JSON.stringify(params),
    now: new Date().toISOString(),
  });
  app.jobs.kick();
  return reply.code(202).send({ success: true, message: jobMessages.preparing, job: toJob(job) });
}

/** Writes `csvStream(columns, batches)` into a job's file, as a download would receive it. */
export async function writeCsvToJob<Row>(
  context: JobContext,
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Promise<void> {
  for await (const chunk of csvStream(columns, batches))
    await context.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
}

/**
 * The export jobs' handler: writes the export's CSV (the same columns and rows as at
 * once) into the job's file, saying how many rows are done after each batch and letting
 * other requests in before the next.
 */
export function exportJobHandler(app: FastifyInstance) {
  return async (job: JobRow, context: JobContext) => {
    const params = JSON.parse(job.params) as ExportParams;
    const exporter = app.exporters.get(params.exporter);
    if (!exporter) throw new Error(`No export named ${params.exporter}`);
    let rows = 0;
    async function* counted() {
      for await (const batch of exporter?.batches({ db: app.db, lists: app.lists }, params.actor, params.query) ?? []) {
        yield batch;
        rows += batch.length;
        await context.progress(rows);
        // The next batch's read and its CSV wait for the requests that came meanwhile
        // (SQLite's driver is synchronous; decision 0121).
        await yieldToOthers();
      }
    }
    await writeCsvToJob(context, exporter.columns(app.config.storeTimeZone), counted());
    return { fileName: csvFileName(exporter.fileName), rows };
  };
}
