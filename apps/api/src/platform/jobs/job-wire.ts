import type { Job } from '@haat/contract';
import type { JobRow } from './jobs.repository.js';

/** A job as the API answers it (decision 0110): times UTC; its file's address while it is kept. */
export function toJob(row: JobRow, now = new Date()): Job {
  const kept = row.state === 'done' && row.expiresAt !== null && Date.parse(row.expiresAt) > now.getTime();
  return {
    _id: String(row.id),
    kind: row.kind,
    state: row.state,
    progress: row.progress,
    total: row.total,
    summary: row.summary === null ? null : (JSON.parse(row.summary) as Record<string, number>),
    fileName: row.fileName,
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    expiresAt: row.expiresAt,
    downloadUrl: kept ? `/api/jobs/${row.id}/file` : null,
  };
}
