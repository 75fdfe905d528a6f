import { api as endpoints, type Job, jobMessages, pathOf } from '@haat/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs } from '../../../test/screen-kit';
import { ExportButton } from '../export-button';

const job = (state: Job['state'], progress: number, downloadUrl: string | null = null): Job => ({
  _id: '7',
  kind: 'export',
  state,
  progress,
  total: null,
  summary: null,
  fileName: state === 'done' ? 'order-lines-2026-11-25.csv' : null,
  error: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: state === 'done' ? '2026-11-25T10:01:00.000Z' : null,
  expiresAt: state === 'done' ? '2026-11-26T10:01:00.000Z' : null,
  downloadUrl,
});

/** A CSV file as the API sends an export. */
const csv = (name: string) => new File(['ID\r\n'], name, { type: 'text/csv' });

const saved: string[] = [];
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  saved.length = 0;
});

describe('ExportButton', () => {
  it('follows a large export prepared as a job and downloads its file when it is ready', async () => {
    signInAs('admin');
    let polls = 0;
    const api = fakeApi({
      [route(endpoints.orders.export)]: () =>
        reply(202, { success: true, message: jobMessages.preparing, job: job('queued', 0) }),
      [route(endpoints.jobs.get, { id: '7' })]: () =>
        ++polls === 1
          ? { success: true, job: job('running', 12_000) }
          : { success: true, job: job('done', 25_000, pathOf(endpoints.jobs.file, { id: '7' })) },
      [route(endpoints.jobs.file, { id: '7' })]: () => csv('order-lines-2026-11-25.csv'),
    });
    const user = userEvent.setup();
    renderScreen(<ExportButton request={() => client.orders.export({ query: {} })} fallbackName="order-lines.csv" />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(jobMessages.preparing)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Preparing... 12,000 rows' }, { timeout: 4000 })).toBeDisabled();
    expect(await screen.findByText(jobMessages.ready, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(api.callsTo(endpoints.jobs.file, { id: '7' })).toHaveLength(1);
    expect(saved).toEqual(['order-lines-2026-11-25.csv']);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('downloads a small export at once', async () => {
    signInAs('admin');
    fakeApi({ [route(endpoints.contacts.export)]: () => csv('contact-messages-2026-11-25.csv') });
    const user = userEvent.setup();
    renderScreen(
      <ExportButton request={() => client.contacts.export({ query: {} })} fallbackName="contact-messages.csv" />,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toEqual(['contact-messages-2026-11-25.csv']));
  });
});
