import { api as endpoints, type TaxSettings } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs, stubLayout, stubScreenWidth } from '../../../test/screen-kit';
import { TaxSettingsPage } from '../pages/tax-settings-page';

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

const settings: TaxSettings = {
  legalName: 'Haat',
  gstin: null,
  state: 'Karnataka',
  stateCode: '29',
  defaultGstRate: 18,
  gstSlabs: [0, 0.25, 3, 5, 18, 40],
  rates: [
    { kind: 'commission_gst', percentage: 18, from: '2017-07-01', inForce: true },
    { kind: 'tcs', percentage: 0.5, from: '2024-07-10', inForce: true },
    { kind: 'tds', percentage: 0.1, from: '2024-10-01', inForce: true },
    { kind: 'tds_no_pan', percentage: 5, from: '2024-10-01', inForce: true },
  ],
  updatedAt: '2026-12-01T10:00:00.000Z',
};

const renderPage = () =>
  renderScreen(<TaxSettingsPage />, { route: '/admin/tax-settings', path: '/admin/tax-settings' });

describe('TaxSettingsPage', () => {
  it('saves the legal identity and a new dated rate, by keyboard, with the version it loaded', async () => {
    onTestFinished(stubLayout());
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.tax.getSettings)]: () => ({ success: true, settings }),
      [route(endpoints.tax.saveSettings)]: () => ({
        success: true,
        settings: {
          ...settings,
          legalName: 'Haat Marketplace Private Limited',
          rates: [...settings.rates, { kind: 'tcs', percentage: 1, from: '2099-04-01', inForce: false }],
          updatedAt: '2026-12-02T10:00:00.000Z',
        },
      }),
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Tax settings' })).toBeVisible();
    expect(await screen.findByLabelText('State')).toHaveValue('29');
    const table = screen.getByRole('table', { name: 'Rates' });
    expect(within(table).getByText('TCS (section 52, CGST Act)')).toBeVisible();
    expect(within(table).getByText('0.1%')).toBeVisible();
    // A rate in force has no Remove.
    expect(screen.queryByRole('button', { name: /Remove rate/ })).toBeNull();

    await user.clear(screen.getByLabelText('Legal name'));
    await user.type(screen.getByLabelText('Legal name'), 'Haat Marketplace Private Limited');
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'TCS (section 52, CGST Act)');
    await user.type(within(dialog).getByLabelText('Rate (%)'), '1');
    await user.type(within(dialog).getByLabelText('From'), '2099-04-01');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      screen.getByRole('button', { name: 'Remove rate: TCS (section 52, CGST Act) from 2099-04-01' }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save Tax Settings' }));
    expect(await screen.findByText('Tax settings saved')).toBeVisible();
    expect(api.callsTo(endpoints.tax.saveSettings)[0]?.body).toEqual({
      legalName: 'Haat Marketplace Private Limited',
      gstin: null,
      state: '29',
      defaultGstRate: 18,
      gstSlabs: [0, 0.25, 3, 5, 18, 40],
      rates: [
        { kind: 'commission_gst', percentage: 18, from: '2017-07-01' },
        { kind: 'tcs', percentage: 0.5, from: '2024-07-10' },
        { kind: 'tds', percentage: 0.1, from: '2024-10-01' },
        { kind: 'tds_no_pan', percentage: 5, from: '2024-10-01' },
        { kind: 'tcs', percentage: 1, from: '2099-04-01' },
      ],
      updatedAt: '2026-12-01T10:00:00.000Z',
    });
  });

  it('refuses a GSTIN of another state before sending, and says so when the settings changed elsewhere', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.tax.getSettings)]: () => ({ success: true, settings }),
      [route(endpoints.tax.saveSettings)]: () =>
        reply(409, {
          success: false,
          code: 'CONFLICT',
          message: 'These settings were changed elsewhere. Reload to see the latest.',
        }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('GSTIN'), '27AAPFU0939F1ZV');
    await user.click(screen.getByRole('button', { name: 'Save Tax Settings' }));
    expect((await screen.findAllByText("The GSTIN's state code must be the store's state")).length).toBeGreaterThan(0);
    expect(api.callsTo(endpoints.tax.saveSettings)).toHaveLength(0);

    await user.clear(screen.getByLabelText('GSTIN'));
    await user.click(screen.getByRole('button', { name: 'Save Tax Settings' }));
    await waitFor(() =>
      expect(screen.getByText('These settings were changed elsewhere. Reload to see the latest.')).toBeVisible(),
    );
  });

  it('shows the rates as cards on a 390 px phone', async () => {
    onTestFinished(stubLayout());
    stubScreenWidth(390);
    signInAs('admin');
    fakeApi({ [route(endpoints.tax.getSettings)]: () => ({ success: true, settings }) });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Rates' });
    expect(screen.queryByRole('table', { name: 'Rates' })).toBeNull();
    expect(within(list).getByRole('article', { name: 'TDS (section 194-O) from 2024-10-01' })).toBeVisible();
  });
});
