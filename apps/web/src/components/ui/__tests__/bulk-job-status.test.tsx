import { api as endpoints, pathOf } from '@haat/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs } from '../../../test/screen-kit';
import { BulkJobStatus } from '../bulk-job-status';

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

const job = (state: string, progress: number, summary: Record<string, number> | null = null) => ({
  _id: '5',
  kind: 'product-bulk',
  state,
  progress,
  total: 1001,
  summary,
  fileName: state === 'done' ? 'products-approve-skipped-2026-11-27.csv' : null,
  error: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  downloadUrl: state === 'done' ? pathOf(endpoints.jobs.file, { id: '5' }) : null,
});

describe('BulkJobStatus', () => {
  it('shows how far a bulk job got, then its result and a link to the skipped, and says it finished once', async () => {
    signInAs('admin');
    let polls = 0;
    fakeApi({
      [route(endpoints.jobs.get, { id: '5' })]: () =>
        ++polls === 1
          ? { success: true, job: job('running', 400) }
          : { success: true, job: job('done', 1001, { done: 1000, refused: 1 }) },
    });
    const onFinished = vi.fn();
    renderScreen(<BulkJobStatus jobId="5" doneWord="approved" onFinished={onFinished} onDismiss={() => undefined} />);
    expect(await screen.findByText('Working in the background... 400 of 1,001 done so far.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Bulk action progress' })).toHaveAttribute('value', '400');
    expect(await screen.findByText('1,000 approved, 1 skipped', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the skipped' })).toHaveAttribute('href', '/admin/jobs/5');
    expect(onFinished).toHaveBeenCalledTimes(1);
  });
});
