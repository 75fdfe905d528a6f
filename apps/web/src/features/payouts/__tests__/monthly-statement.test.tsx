import { api as endpoints, type StatementResponse } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs, stubLayout, stubScreenWidth } from '../../../test/screen-kit';
import { MonthlyStatement } from '../components/monthly-statement';

const saved: string[] = [];
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:statement');
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

const statement = (month: string): StatementResponse => ({
  success: true,
  month,
  figures: {
    sales: 2000,
    returns: 1000,
    commission: 100,
    commissionGst: 18,
    tcs: 4.24,
    tds: 0.85,
    adjustments: 0,
    payouts: 0,
    taxableSupplies: 1694.92,
    suppliesReturned: 847.46,
    net: 876.91,
  },
  lines: [
    {
      // 19:00 UTC on the 2nd is 00:30 on the 3rd in India: the screen shows the Indian date (decision 0157).
      date: `${month}-02T19:00:00.000Z`,
      kind: 'tcs',
      label: 'TCS (GST)',
      orderId: '7',
      trackingNumber: 'TRK100007',
      amount: -8.47,
    },
  ],
});

/** Fakes every month's statement and its two files. */
function statementApi() {
  const months = Array.from({ length: 30 }, (_, back) => {
    const day = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - back, 1));
    return day.toISOString().slice(0, 7);
  });
  return fakeApi(
    Object.fromEntries(
      months.flatMap((month) => [
        [route(endpoints.taxReports.statement, { month }), () => statement(month)],
        [
          route(endpoints.taxReports.statementPdf, { month }),
          () => new File(['%PDF-1.7\n'], `statement-${month}.pdf`, { type: 'application/pdf' }),
        ],
        [
          route(endpoints.taxReports.statementCsv, { month }),
          () => new File(['Section\n'], `statement-${month}.csv`, { type: 'text/csv' }),
        ],
      ]),
    ),
  );
}

const show = () => renderScreen(<MonthlyStatement />, { route: '/admin/earnings', path: '/admin/earnings' });

describe('MonthlyStatement', () => {
  it('shows the month’s figures and entries, changes month by keyboard, and downloads the PDF and the CSV', async () => {
    onTestFinished(stubLayout());
    signInAs('vendor');
    const api = statementApi();
    const user = userEvent.setup();
    show();
    const list = await screen.findByLabelText('Statement figures');
    expect(within(list).getByText('TCS (GST)')).toBeInTheDocument();
    expect(within(list).getByText('Rs.4.24')).toBeInTheDocument();
    expect(within(list).getByText('Net earnings')).toBeInTheDocument();
    expect(within(list).getByText('Rs.876.91')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Statement entries' });
    expect(within(table).getByText('TRK100007')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Date (IST)' })).toBeInTheDocument();
    expect(within(table).getByText(/^3 \w{3} \d{4}$/)).toBeInTheDocument();

    const month = screen.getByRole('combobox', { name: 'Month' });
    const previous = within(month).getAllByRole('option')[1]?.getAttribute('value') ?? '';
    await user.selectOptions(month, previous);
    await waitFor(() => expect(api.callsTo(endpoints.taxReports.statement, { month: previous })).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Statement PDF' }));
    await user.click(screen.getByRole('button', { name: 'Statement CSV' }));
    await waitFor(() => expect(saved).toEqual([`statement-${previous}.pdf`, `statement-${previous}.csv`]));
  });

  it('shows the entries as cards on a phone', async () => {
    stubScreenWidth(390);
    signInAs('vendor');
    statementApi();
    show();
    const list = await screen.findByRole('list', { name: 'Statement entries' });
    expect(within(list).getByRole('article', { name: /TCS/ })).toBeInTheDocument();
  });
});
