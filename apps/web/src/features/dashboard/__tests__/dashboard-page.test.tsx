import { type DashboardSummary, api as endpoints } from '@haat/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeApi, reply, route, stubLayout } from '../../../test/screen-kit';
import { sliceLabel } from '../components/status-chart';
import { commissionCaption, DashboardPage } from '../pages/dashboard-page';

const months = [
  ['2025-12', 'Dec 2025'],
  ['2026-01', 'Jan 2026'],
  ['2026-02', 'Feb 2026'],
  ['2026-03', 'Mar 2026'],
  ['2026-04', 'Apr 2026'],
  ['2026-05', 'May 2026'],
  ['2026-06', 'Jun 2026'],
  ['2026-07', 'Jul 2026'],
  ['2026-08', 'Aug 2026'],
  ['2026-09', 'Sep 2026'],
  ['2026-10', 'Oct 2026'],
  ['2026-11', 'Nov 2026'],
] as const;

function makeSummary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    success: true,
    totalProducts: 1234,
    totalOrders: 56,
    totalUsers: 789,
    ordersToday: 3,
    totalRevenue: 1234567.5,
    monthly: months.map(([month, label], index) => ({ month, label, orders: index, revenue: index * 100 })),
    statusDistribution: [
      { status: 'Order Placed', count: 10 },
      { status: 'Packaging', count: 6 },
      { status: 'On The Road', count: 0 },
      { status: 'Delivered', count: 40 },
    ],
    recentOrders: [
      {
        _id: '9',
        trackingNumber: 'TRK-009',
        customerName: 'Meera Krishnan',
        discountedTotal: 2499,
        status: 'Delivered',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      {
        _id: '8',
        trackingNumber: 'TRK-008',
        customerName: null,
        discountedTotal: 150.5,
        status: 'On The Road',
        createdAt: '2026-11-19T10:00:00.000Z',
      },
    ],
    generatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

const defaultSettings = { success: true, settings: { hidden: [], months: 12 }, updatedAt: null };

/**
 * Answers the summary call with `status` and `body`, and the Dashboard Settings call
 * with `settings` (nothing hidden, 12 months, by default); records the summary calls.
 */
function stubSummary(status: number, body: unknown, settings: unknown = defaultSettings) {
  const api = fakeApi({
    [route(endpoints.dashboard.summary)]: () => reply(status, body),
    [route(endpoints.dashboardSettings.get)]: () => settings,
  });
  return () => api.callsTo(endpoints.dashboard.summary);
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DashboardPage />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it("shows 'Loading dashboard...' while the summary loads", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
  });

  it("hides what the user's Dashboard Settings hide and asks for their period's months", async () => {
    const summaryCalls = stubSummary(200, makeSummary({ monthly: makeSummary().monthly.slice(-3) }), {
      success: true,
      settings: { hidden: ['totalUsers', 'recentOrders'], months: 3 },
      updatedAt: '2026-11-21T10:00:00.000Z',
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Total Products' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Total Users' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recent Orders' })).toBeNull();
    expect(summaryCalls().map((call) => call.url.search)).toEqual(['?months=3']);
  });

  it('shows the heading, the four cards and the revenue in Indian format from one call', async () => {
    const summaryCalls = stubSummary(200, makeSummary());
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect(screen.getByText('Overview of your business metrics')).toBeVisible();
    const card = (name: string) => screen.getByRole('region', { name });
    expect(card('Total Products')).toHaveTextContent('1,234');
    expect(card('Total Orders')).toHaveTextContent('56');
    expect(card('Total Users')).toHaveTextContent('789');
    expect(card('Orders Today')).toHaveTextContent('3');
    expect(card('Total Revenue')).toHaveTextContent('Rs.12,34,567.50');
    expect(card('Total Revenue')).toHaveTextContent('From all completed orders');
    expect(summaryCalls().map((call) => call.url.search)).toEqual(['']);
  });

  it("lists the recent orders with 'N/A' for a missing customer and coloured status badges", async () => {
    stubSummary(200, makeSummary());
    // The list kit renders only the rows in view; jsdom lays nothing out.
    onTestFinished(stubLayout());
    renderPage();
    const table = await screen.findByRole('table', { name: 'Recent Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['TRK-009', 'Meera Krishnan', 'Rs.2,499.00', 'Delivered', '20 Nov 2026'],
      ['TRK-008', 'N/A', 'Rs.150.50', 'On The Road', '19 Nov 2026'],
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Delivered').className).toMatch(/emerald/);
    expect(within(rows[1] as HTMLElement).getByText('On The Road').className).toMatch(/amber/);
  });

  it('shows the empty texts of the charts and the table on a store without orders', async () => {
    stubSummary(
      200,
      makeSummary({
        totalOrders: 0,
        totalRevenue: 0,
        monthly: months.map(([month, label]) => ({ month, label, orders: 0, revenue: 0 })),
        statusDistribution: (['Order Placed', 'Packaging', 'On The Road', 'Delivered'] as const).map((status) => ({
          status,
          count: 0,
        })),
        recentOrders: [],
      }),
    );
    renderPage();
    expect(await screen.findByText('No data available')).toBeVisible();
    expect(screen.getByText('No orders to display')).toBeVisible();
    expect(screen.getByText('No recent orders found')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Total Revenue' })).toHaveTextContent('Rs.0.00');
  });

  it("shows 'Error Loading Dashboard' with the server's message and a Retry that reloads the page", async () => {
    stubSummary(403, { success: false, code: 'FORBIDDEN', message: 'You do not have permission to do this' });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Dashboard' })).toBeVisible();
    expect(alert).toHaveTextContent('You do not have permission to do this');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('sliceLabel', () => {
  it("reads 'status percent%' with a whole percent", () => {
    expect(sliceLabel('Delivered', 40 / 56)).toBe('Delivered 71%');
    expect(sliceLabel('Packaging', 0.105)).toBe('Packaging 11%');
  });
});

describe('commissionCaption (issue 35)', () => {
  it('names the store-funded coupons the commission bore this month, and only when there were some', () => {
    expect(commissionCaption({ allTime: 1000 })).toBe('Rs.1,000.00 all time, net of cancellations and refunds');
    expect(commissionCaption({ allTime: 1000, storeFunded: { thisMonth: 0, allTime: 50 } })).toBe(
      'Rs.1,000.00 all time, net of cancellations and refunds',
    );
    expect(commissionCaption({ allTime: 1000, storeFunded: { thisMonth: 250.5, allTime: 300 } })).toBe(
      'Rs.1,000.00 all time, net of cancellations and refunds; after Rs.250.50 of store-funded coupons this month',
    );
  });
});
