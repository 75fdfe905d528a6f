import { api as endpoints, jobMessages } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs } from '../../../test/screen-kit';
import { ManifestImportPage } from '../pages/manifest-import-page';

const manifest = 'tracking number,carrier,awb\nTRK100001,Delhivery,DL12345\nTRK404,Delhivery,DL1\n';
const show = () =>
  renderScreen(<ManifestImportPage />, { route: '/admin/shipments/import', path: '/admin/shipments/import' });
const findToast = (text: string | RegExp) => screen.findByText(text, { selector: '[data-title]' });

const job = (state: 'queued' | 'running' | 'done', progress: number) => ({
  _id: '7',
  kind: 'manifest-import',
  state,
  progress,
  total: 2500,
  summary: state === 'done' ? { rows: 2500, shipped: 2498, refused: 2 } : null,
  fileName: state === 'done' ? 'manifest-import-report.csv' : null,
  error: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: state === 'done' ? '2026-11-25T10:01:00.000Z' : null,
  expiresAt: state === 'done' ? '2026-11-26T10:01:00.000Z' : null,
  downloadUrl: state === 'done' ? '/api/jobs/7/file' : null,
});

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('ManifestImportPage', () => {
  it('uploads the file and reports every bad row by line', async () => {
    signInAs('vendor');
    const api = fakeApi({
      [route(endpoints.shipments.importManifest)]: () => ({
        success: true,
        message: '1 shipped, 1 refused',
        counts: { rows: 2, shipped: 1, refused: 1 },
        errors: [{ line: 3, field: 'tracking number', message: 'No shipment of yours to ship for TRK404' }],
      }),
    });
    const user = userEvent.setup();
    show();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.upload(
      screen.getByLabelText('Manifest CSV file'),
      new File([manifest], 'manifest.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await findToast('1 shipped, 1 refused')).toBeInTheDocument();
    expect(screen.getByText('1 shipped, 1 refused, of 2 rows.')).toBeInTheDocument();
    const refused = screen.getByRole('region', { name: 'Rows refused (1)' });
    expect(within(refused).getByText('Line 3')).toBeInTheDocument();
    expect(refused).toHaveTextContent('Line 3 · tracking number: No shipment of yours to ship for TRK404');
    expect(api.callsTo(endpoints.shipments.importManifest)[0]?.body).toEqual({ csv: manifest });
  });

  it('follows a manifest past 1,000 rows as a job, then offers its report', async () => {
    signInAs('vendor');
    let polls = 0;
    fakeApi({
      [route(endpoints.shipments.importManifest)]: () =>
        reply(202, { success: true, message: jobMessages.preparing, job: job('queued', 0) }),
      [route(endpoints.jobs.get, { id: '7' })]: () => ({
        success: true,
        job: ++polls === 1 ? job('running', 1200) : job('done', 2500),
      }),
    });
    const user = userEvent.setup();
    show();
    await user.upload(
      screen.getByLabelText('Manifest CSV file'),
      new File([manifest], 'big.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Importing... 1,200 of 2,500 rows.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(
      await screen.findByText('Done: 2,498 shipped, 2 refused, of 2,500 rows.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download report' })).toBeInTheDocument();
  });

  it('says why the server refused the file, and refuses one too large before sending it', async () => {
    signInAs('vendor');
    const api = fakeApi({
      [route(endpoints.shipments.importManifest)]: () =>
        reply(400, { success: false, message: 'The manifest has no AWB column', code: 'VALIDATION' }),
    });
    const user = userEvent.setup();
    show();
    await user.upload(screen.getByLabelText('Manifest CSV file'), new File(['a,b\n'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The manifest has no AWB column');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Manifest CSV file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large: at most 5 MB');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(api.callsTo(endpoints.shipments.importManifest)).toHaveLength(1);
  });
});
