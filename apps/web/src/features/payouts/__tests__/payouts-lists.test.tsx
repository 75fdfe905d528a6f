import { api as endpoints, type LedgerEntry, type Payout, type VendorBalance } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import {
  fakeApi,
  renderScreen,
  reply,
  route,
  signInAs,
  stubLayout,
  stubScreenWidth,
  timestamps,
} from '../../../test/screen-kit';
import { EarningsPage } from '../pages/earnings-page';
import { PayoutsPage } from '../pages/payouts-page';

const balance: VendorBalance = {
  vendorId: '5',
  businessName: 'Loom House',
  pending: 100,
  available: 2500.5,
  processing: 0,
  paid: 1000,
  hasBankDetails: true,
  payoutsHeldUntil: null,
};

const payout = (id: string, status: Payout['status']): Payout => ({
  _id: id,
  vendorId: '5',
  businessName: 'Loom House',
  amount: 1200,
  status,
  accountHolder: 'Loom House',
  accountNumber: '123456789012',
  ifsc: 'HDFC0001234',
  reference: status === 'Paid' ? 'UTR123' : null,
  paidOn: null,
  failureReason: null,
  ...timestamps,
});

const entry: LedgerEntry = {
  _id: '9',
  kind: 'sale',
  amount: 880,
  orderId: '3',
  trackingNumber: 'TRK100003',
  payoutId: null,
  note: null,
  createdAt: timestamps.createdAt,
};

/** The Payouts screen's API: the history answers only the status asked for. */
function payoutsApi(balances = [balance]) {
  return fakeApi({
    [route(endpoints.payouts.balances)]: () => ({ success: true, balances, total: balances.length, nextCursor: null }),
    [route(endpoints.payouts.list)]: ({ url }) => {
      const status = url.searchParams.get('status');
      const payouts = [payout('1', 'Pending'), payout('2', 'Paid')].filter((p) => !status || p.status === status);
      return { success: true, payouts, total: payouts.length, nextCursor: null };
    },
  });
}

/** The Earnings screen's API: the ledger answers only the kind asked for. */
function earningsApi() {
  return fakeApi({
    [route(endpoints.payouts.earnings)]: ({ url }) => {
      const kind = url.searchParams.get('kind');
      const entries = !kind || kind === 'sale' ? [entry] : [];
      return {
        success: true,
        balances: { pending: 0, available: 880, processing: 0, paid: 0 },
        entries,
        total: entries.length,
        nextCursor: null,
      };
    },
    [route(endpoints.payouts.myPayouts)]: () => ({ success: true, payouts: [], total: 0, nextCursor: null }),
    [route(endpoints.payouts.bankDetails)]: () => ({ success: true, bankDetails: null }),
  });
}

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('PayoutsPage', () => {
  it('reads the status, search and order from the address, and writes a changed status back', async () => {
    signInAs('admin');
    // The list kit renders only the rows in view; jsdom lays nothing out.
    onTestFinished(stubLayout());
    const api = payoutsApi();
    const user = userEvent.setup();
    const { router } = renderScreen(<PayoutsPage />, {
      route: '/admin/payouts',
      path: '/admin/payouts?status=Paid&search=Loom&sort=name',
    });
    const payouts = await screen.findByRole('table', { name: 'Payouts' });
    expect(within(payouts).getByText('UTR UTR123')).toBeInTheDocument();
    expect(within(payouts).queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Payout status' })).toHaveValue('Paid');
    expect(screen.getByRole('searchbox', { name: 'Search vendors' })).toHaveValue('Loom');
    expect(screen.getByRole('combobox', { name: 'Sort vendors' })).toHaveValue('name');
    // The list's own call (Pay all also asks for the largest available balance alone).
    const balances = api
      .callsTo(endpoints.payouts.balances)
      .map((call) => call.url.searchParams)
      .findLast((params) => params.get('search') !== null);
    expect([balances?.get('search'), balances?.get('sort')]).toEqual(['Loom', 'name']);
    const vendors = screen.getByRole('table', { name: 'Vendor balances' });
    expect(within(vendors).getByRole('button', { name: 'Pay Loom House' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Payout status' }), 'Pending');
    expect(await within(payouts).findByRole('button', { name: 'Mark paid' })).toBeInTheDocument();
    expect(api.callsTo(endpoints.payouts.list).at(-1)?.url.searchParams.get('status')).toBe('Pending');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('Pending');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('Loom');
  });

  it('says no payout has the status chosen, not that there are no payouts yet', async () => {
    signInAs('admin');
    onTestFinished(stubLayout());
    payoutsApi();
    renderScreen(<PayoutsPage />, { route: '/admin/payouts', path: '/admin/payouts?status=Failed' });
    expect(await screen.findByText('No Failed payouts')).toBeInTheDocument();
    expect(screen.getByText('No payout has this status. Choose All statuses to see every payout.')).toBeInTheDocument();
    expect(screen.queryByText('No payouts yet')).not.toBeInTheDocument();
  });

  it('Pay all with nothing available says so at once instead of asking first', async () => {
    signInAs('admin');
    onTestFinished(stubLayout());
    const api = payoutsApi([{ ...balance, available: 0 }]);
    const user = userEvent.setup();
    renderScreen(<PayoutsPage />, { route: '/admin/payouts', path: '/admin/payouts' });
    await screen.findByRole('table', { name: 'Vendor balances' });
    await user.click(screen.getByRole('button', { name: 'Pay all' }));
    expect(await screen.findByText('No vendor has an available balance to pay')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Pay all vendors' })).not.toBeInTheDocument();
    expect(api.callsTo(endpoints.payouts.create)).toHaveLength(0);
  });

  it('Pay all with a balance available asks first', async () => {
    signInAs('admin');
    onTestFinished(stubLayout());
    payoutsApi();
    const user = userEvent.setup();
    renderScreen(<PayoutsPage />, { route: '/admin/payouts', path: '/admin/payouts' });
    await screen.findByRole('table', { name: 'Vendor balances' });
    await user.click(screen.getByRole('button', { name: 'Pay all' }));
    expect(await screen.findByRole('alertdialog', { name: 'Pay all vendors' })).toBeInTheDocument();
  });

  it('Pay all shows who was left out and why (issue 35)', async () => {
    signInAs('admin');
    onTestFinished(stubLayout());
    const api = fakeApi({
      [route(endpoints.payouts.balances)]: () => ({ success: true, balances: [balance], total: 1, nextCursor: null }),
      [route(endpoints.payouts.list)]: () => ({ success: true, payouts: [], total: 0, nextCursor: null }),
      [route(endpoints.payouts.create)]: () =>
        reply(200, {
          success: true,
          message: 'No payout created: 2 vendors were left out',
          payouts: [],
          skipped: [
            {
              vendorId: '7',
              businessName: 'Loom House',
              reason: 'no_bank_details',
              message: 'No bank details',
              heldUntil: null,
            },
            {
              vendorId: '8',
              businessName: 'Clay Works',
              reason: 'payout_pending',
              message: 'A payout is still Pending',
              heldUntil: null,
            },
          ],
        }),
    });
    const user = userEvent.setup();
    renderScreen(<PayoutsPage />, { route: '/admin/payouts', path: '/admin/payouts' });
    await screen.findByRole('table', { name: 'Vendor balances' });
    await user.click(screen.getByRole('button', { name: 'Pay all' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pay all vendors' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay all' }));
    expect(await screen.findByText('No payout created: 2 vendors were left out')).toBeInTheDocument();
    const left = await screen.findByRole('list', { name: 'Vendors left out' });
    expect(
      within(left)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Loom HouseNo bank details', 'Clay WorksA payout is still Pending']);
    expect(api.callsTo(endpoints.payouts.create)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('list', { name: 'Vendors left out' })).toBeNull();
  });

  it('shows both lists as cards on a phone', async () => {
    stubScreenWidth(390);
    signInAs('admin');
    payoutsApi();
    renderScreen(<PayoutsPage />, { route: '/admin/payouts', path: '/admin/payouts' });
    const payouts = await screen.findByRole('list', { name: 'Payouts' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(payouts).getAllByRole('article', { name: 'Loom House' })).toHaveLength(2);
    const vendors = screen.getByRole('list', { name: 'Vendor balances' });
    expect(within(vendors).getByRole('button', { name: 'Pay Loom House' })).toBeInTheDocument();
  });
});

describe('EarningsPage', () => {
  it('reads the kind from the address and writes a changed kind back', async () => {
    signInAs('vendor');
    onTestFinished(stubLayout());
    const api = earningsApi();
    const user = userEvent.setup();
    const { router } = renderScreen(<EarningsPage />, {
      route: '/admin/earnings',
      path: '/admin/earnings?kind=sale&from=2026-11-01',
    });
    const ledger = await screen.findByRole('table', { name: 'Ledger' });
    expect(within(ledger).getByText('TRK100003')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('sale');
    const asked = api.callsTo(endpoints.payouts.earnings).at(-1)?.url.searchParams;
    expect([asked?.get('kind'), asked?.get('from')]).toEqual(['sale', '2026-11-01']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'refund');
    expect(await screen.findByText('No entries')).toBeInTheDocument();
    expect(api.callsTo(endpoints.payouts.earnings).at(-1)?.url.searchParams.get('kind')).toBe('refund');
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('refund');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-11-01');
  });

  it('takes a day the API would refuse in the address for none', async () => {
    signInAs('vendor');
    const api = earningsApi();
    renderScreen(<EarningsPage />, { route: '/admin/earnings', path: '/admin/earnings?from=2026-02-30&kind=gift' });
    expect(await screen.findByText(/Showing 1 of 1 entries/)).toBeInTheDocument();
    const asked = api.callsTo(endpoints.payouts.earnings).at(-1)?.url.searchParams;
    expect([asked?.get('from'), asked?.get('kind')]).toEqual([null, null]);
  });
});
