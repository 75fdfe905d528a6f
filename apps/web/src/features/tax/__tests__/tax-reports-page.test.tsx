import { api as endpoints, type Gstr8Response, type TdsResponse } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs, stubLayout, stubScreenWidth } from '../../../test/screen-kit';
import { TaxReportsPage } from '../pages/tax-reports-page';

const saved: string[] = [];
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:report');
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

const figures = { grossSupplies: 1694.92, suppliesReturned: 847.46, netAmount: 847.46, igst: 4.24, cgst: 0, sgst: 0 };
const gstr8: Gstr8Response = {
  success: true,
  month: '2026-11',
  rows: [
    {
      gstin: '29AAACA0001A1Z5',
      legalName: 'Loom House Private Limited',
      stateCode: '29',
      state: 'Karnataka',
      placeOfSupplyCode: '27',
      placeOfSupply: 'Maharashtra',
      ...figures,
    },
  ],
  states: [{ stateCode: '29', state: 'Karnataka', ...figures }],
  totals: figures,
};
const tds: TdsResponse = {
  success: true,
  quarter: '2026-Q3',
  from: '2026-10-01',
  to: '2026-12-31',
  rows: [
    {
      pan: 'AAACA0001A',
      vendorId: '1',
      legalName: 'Loom House Private Limited',
      rate: 0.1,
      amountCredited: 847.46,
      tdsDeducted: 0.85,
      firstCredited: '2026-11-02',
      lastCredited: '2026-11-20',
    },
  ],
  totals: { amountCredited: 847.46, tdsDeducted: 0.85 },
};

function reportsApi() {
  return fakeApi({
    [route(endpoints.taxReports.gstr8)]: () => gstr8,
    [route(endpoints.taxReports.gstr8Export)]: (call) =>
      new File(['GSTIN of supplier'], `gstr8-${call.url.searchParams.get('month')}.csv`, { type: 'text/csv' }),
    [route(endpoints.taxReports.tds)]: () => tds,
  });
}

const show = () => renderScreen(<TaxReportsPage />, { route: '/admin/tax-reports', path: '/admin/tax-reports' });

describe('TaxReportsPage', () => {
  it('shows the month’s GSTR-8 and the quarter’s TDS, changes period by keyboard, and downloads the CSV', async () => {
    onTestFinished(stubLayout());
    signInAs('admin');
    const api = reportsApi();
    const user = userEvent.setup();
    show();
    expect(await screen.findByRole('heading', { name: 'Tax reports' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'GSTR-8' });
    expect(within(table).getByText('29AAACA0001A1Z5')).toBeInTheDocument();
    expect(within(table).getByText('Maharashtra')).toBeInTheDocument();
    expect(within(table).getAllByText('Rs.847.46').length).toBeGreaterThan(0);
    expect(screen.getByRole('table', { name: 'By state' })).toBeInTheDocument();
    const tdsTable = await screen.findByRole('table', { name: 'TDS under section 194-O' });
    expect(within(tdsTable).getByText('AAACA0001A')).toBeInTheDocument();
    expect(within(tdsTable).getByText('0.1%')).toBeInTheDocument();

    // The month by keyboard: focus the picker and step to the month before.
    const month = screen.getByRole('combobox', { name: 'Month' });
    const previous = within(month).getAllByRole('option')[1]?.getAttribute('value') ?? '';
    await user.selectOptions(month, previous);
    await waitFor(() =>
      expect(api.callsTo(endpoints.taxReports.gstr8).at(-1)?.url.searchParams.get('month')).toBe(previous),
    );
    const quarter = screen.getByRole('combobox', { name: 'Quarter' });
    const earlier = within(quarter).getAllByRole('option')[1]?.getAttribute('value') ?? '';
    expect(earlier).toMatch(/^\d{4}-Q[1-4]$/);
    await user.selectOptions(quarter, earlier);
    await waitFor(() =>
      expect(api.callsTo(endpoints.taxReports.tds).at(-1)?.url.searchParams.get('quarter')).toBe(earlier),
    );

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([`gstr8-${previous}.csv`]));
    expect(api.callsTo(endpoints.taxReports.gstr8Export).at(-1)?.url.searchParams.get('month')).toBe(previous);
  });

  it('shows the reports as cards on a phone', async () => {
    stubScreenWidth(390);
    signInAs('admin');
    reportsApi();
    show();
    const list = await screen.findByRole('list', { name: 'GSTR-8' });
    expect(screen.queryByRole('table', { name: 'GSTR-8' })).toBeNull();
    expect(within(list).getByRole('article', { name: /29AAACA0001A1Z5/ })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'TDS under section 194-O' })).toBeInTheDocument();
  });
});
