import type { Db } from '../../platform/db/create-db.js';
import { deliver, links, notificationTitles } from './notices.js';

/**
 * The bell when a background job ends (decision 0110): its owner hears of it, each kind
 * of job in its own words and with its own page. A job's end is no change of a feature's
 * records, so no domain event carries it: the job runner calls these when it finishes one.
 */

/** A background job's owner hears that it ended (decision 0110), with its page as the link. */
async function tellJobOwner(
  db: Db,
  job: { id: number; ownerUserId: number },
  kind: 'export_ready' | 'import_done' | 'bulk_done',
  message: string,
  link: string,
  now: string,
): Promise<void> {
  await deliver(db, [job.ownerUserId], {
    kind,
    title: notificationTitles[kind],
    message,
    subjectType: 'job',
    subjectId: job.id,
    link,
    createdAt: now,
  });
}

/**
 * A product import run as a job is done (issue 26 'Imports'): its owner hears what it
 * did, with the import's page (and its report of every row) as the link.
 */
export async function notifyImportDone(
  db: Db,
  job: { id: number; ownerUserId: number },
  summary: Record<string, number>,
  now: string,
): Promise<void> {
  const said = (['created', 'updated', 'unchanged', 'refused'] as const)
    .filter((key) => (summary[key] ?? 0) > 0)
    .map((key) => `${(summary[key] ?? 0).toLocaleString('en-IN')} ${key}`);
  await tellJobOwner(
    db,
    job,
    'import_done',
    `Your product import is done: ${said.length > 0 ? said.join(', ') : 'no rows'}.`,
    links.productImport(job.id),
    now,
  );
}

/**
 * A courier's manifest imported as a job is done (issue 34; decision 0143): its owner
 * hears how many shipments were marked shipped and how many rows were refused, with the
 * job's page (and its report of every row) as the link.
 */
export async function notifyManifestDone(
  db: Db,
  job: { id: number; ownerUserId: number },
  summary: Record<string, number>,
  now: string,
): Promise<void> {
  const shipped = (summary.shipped ?? 0).toLocaleString('en-IN');
  const refused = summary.refused ?? 0;
  await tellJobOwner(
    db,
    job,
    'import_done',
    `Your courier manifest is imported: ${shipped} shipped${refused > 0 ? `, ${refused.toLocaleString('en-IN')} rows refused` : ''}.`,
    links.job(job.id),
    now,
  );
}

/**
 * A bulk action run as a job is finished (issue 26 'Bulk actions'; decision 0112): its
 * owner hears how many records were done and skipped, with the job's page (and its list
 * of the skipped ones) as the link.
 */
export async function notifyBulkDone(
  db: Db,
  job: { id: number; ownerUserId: number },
  summary: Record<string, number>,
  now: string,
): Promise<void> {
  const done = (summary.done ?? 0).toLocaleString('en-IN');
  const refused = summary.refused ?? 0;
  await tellJobOwner(
    db,
    job,
    'bulk_done',
    `Your bulk action is finished: ${done} done${refused > 0 ? `, ${refused.toLocaleString('en-IN')} skipped` : ''}.`,
    links.job(job.id),
    now,
  );
}

/**
 * An export run as a job is ready (issue 26; decision 0110): its owner hears of it, with
 * the export's page as the link, where the file waits for a day.
 */
export async function notifyExportReady(db: Db, job: { id: number; ownerUserId: number }, now: string): Promise<void> {
  await tellJobOwner(
    db,
    job,
    'export_ready',
    'Your export is ready to download. The file is kept for a day.',
    links.export(job.id),
    now,
  );
}

export { settleNotices } from './notices.js';
