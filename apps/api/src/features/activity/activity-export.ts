import type { activityExportQuery } from '@haat/contract';
import type { z } from 'zod';
import { type CsvColumn, csvText, csvTime } from '../../platform/csv/csv-export.js';
import { keysetBatches } from '../../platform/csv/export-batches.js';
import type { Exporter } from '../../platform/csv/exporter.js';
import type { Db } from '../../platform/db/create-db.js';
import { type ActivityRow, listActivity } from './activity.repository.js';
import { logConditions } from './activity.service.js';
import type { ActivityChanges } from './activity-changes.js';

/**
 * The activity log as CSV (issue 26 'Exports', `GET /api/activity/export`): every entry
 * the log's filters select, newest first, read in keyset batches so memory stays flat.
 */

/**
 * Every entry `query` selects (person, kind, UTC dates), newest first.
 */
export function activityExportBatches(
  db: Db,
  query: z.output<typeof activityExportQuery>,
): AsyncGenerator<ActivityRow[]> {
  const conditions = logConditions(query);
  return keysetBatches(
    (page) => listActivity(db, conditions, page),
    (row) => ({ key: row.createdAt, id: row.id }),
  );
}

/** A value of a change as a cell's words: empty as `—`, text as is, the rest as JSON. */
function changeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The recorded changes as one cell: `field: before → after`, one per line (secrets were redacted when recorded). */
function changesText(changes: string): string {
  const parsed = JSON.parse(changes) as ActivityChanges;
  return Object.entries(parsed)
    .map(([field, change]) => `${field}: ${changeValue(change.before)} → ${changeValue(change.after)}`)
    .join('\n');
}

/** The activity log's CSV columns; times in `timeZone` (the store's). */
export function activityCsvColumns(timeZone: string): CsvColumn<ActivityRow>[] {
  return [
    { header: 'ID', cell: (row) => String(row.id) },
    { header: 'When', cell: (row) => csvTime(row.createdAt, timeZone) },
    { header: 'Person', cell: (row) => csvText(row.actorName) },
    { header: 'Role', cell: (row) => csvText(row.actorRole) },
    { header: 'Action', cell: (row) => csvText(row.action) },
    { header: 'Kind', cell: (row) => csvText(row.recordKind) },
    { header: 'Record ID', cell: (row) => String(row.recordId) },
    { header: 'Record', cell: (row) => csvText(row.recordLabel) },
    { header: 'Changes', cell: (row) => csvText(changesText(row.changes)) },
  ];
}

/** The activity log's export (`GET /api/activity/export`), admins only. */
export const activityExporter: Exporter<ActivityRow, z.output<typeof activityExportQuery>> = {
  name: 'activity-log',
  fileName: 'activity-log',
  columns: activityCsvColumns,
  batches: ({ db }, _actor, query) => activityExportBatches(db, query),
};
