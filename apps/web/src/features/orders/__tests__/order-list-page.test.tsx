import { api as endpoints, type OrderSummary } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs, stubLayout, timestamps } from '../../../test/screen-kit';
import { OrderListPage } from '../pages/order-list-page';

const summary = (id: string, trackingNumber: string, email: string | null): OrderSummary => ({
  _id: id,
  trackingNumber,
  user: null,
  billingInfo: {
    fullName: 'Shopper',
    email: email ?? '',
    phone: '1',
    note: null,
    address: { fullAddress: 'a', city: 'c', province: 'p' },
  },
  paymentMethod: 'UPI',
  totalPrice: 1000,
  coupon: null,
  discountedTotal: 900.5,
  cancelledTotal: 0,
  refundedTotal: 0,
  netTotal: 900.5,
  pendingCancelRequests: 0,
  status: 'Packaging',
  itemCount: 1,
  ...timestamps,
});

/** Makes every media query match, as on a phone (below 768 px, `NARROW_SCREEN`). */
const stubPhone = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

let undoLayout: () => void = () => undefined;
afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
  undoLayout();
});

describe('OrderListPage', () => {
  it('shows the orders with their count, and sends the search and status to the server', async () => {
    signInAs('admin');
    undoLayout = stubLayout();
    const api = fakeApi({
      [route(endpoints.orders.list)]: (call) => {
        const search = call.url.searchParams.get('search');
        const orders = search
          ? []
          : [summary('1', 'HT261101AAAAAA', 'a@example.test'), summary('2', 'HT261101BBBBBB', null)];
        return { success: true, orders, total: orders.length, nextCursor: null };
      },
    });
    renderScreen(<OrderListPage />, { route: '/admin/orders', path: '/admin/orders' });
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getByText('HT261101AAAAAA')).toBeInTheDocument();
    expect(within(table).getByText('N/A')).toBeInTheDocument();
    expect(within(table).getAllByText('Rs.900.50')).toHaveLength(2);
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'View order HT261101AAAAAA' })).toHaveAttribute(
      'href',
      '/admin/orders/1',
    );

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'Delivered');
    await user.type(screen.getByPlaceholderText('Search by order number or email...'), 'zz');
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
    expect(screen.getByText('No orders match your search criteria')).toBeInTheDocument();
    const last = api.callsTo(endpoints.orders.list).at(-1);
    expect(last?.url.searchParams.get('search')).toBe('zz');
    expect(last?.url.searchParams.get('status')).toBe('Delivered');
    expect(last?.url.searchParams.get('limit')).toBe('50');
  });

  it("shows '10,000+' when the server stopped counting, and an unknown row count to assistive tech", async () => {
    signInAs('admin');
    undoLayout = stubLayout();
    fakeApi({
      // The next page never arrives: the screen stays on the first one.
      [route(endpoints.orders.list)]: (call) =>
        call.url.searchParams.has('cursor')
          ? new Promise(() => undefined)
          : {
              success: true,
              orders: [summary('1', 'HT261101AAAAAA', 'a@example.test'), summary('2', 'HT261101BBBBBB', null)],
              total: 10_000,
              totalRelation: 'gte',
              nextCursor: 'next-page',
            },
    });
    renderScreen(<OrderListPage />, { route: '/admin/orders', path: '/admin/orders' });
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(screen.getByText('10,000+ orders')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 10,000+ orders')).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-rowcount', '-1');
  });

  it('shows an exact total under the bound without a plus', async () => {
    signInAs('admin');
    undoLayout = stubLayout();
    fakeApi({
      // The next page never arrives: the screen stays on the first one.
      [route(endpoints.orders.list)]: (call) =>
        call.url.searchParams.has('cursor')
          ? new Promise(() => undefined)
          : {
              success: true,
              orders: [summary('1', 'HT261101AAAAAA', 'a@example.test')],
              total: 9_999,
              totalRelation: 'eq',
              nextCursor: 'next-page',
            },
    });
    renderScreen(<OrderListPage />, { route: '/admin/orders', path: '/admin/orders' });
    await screen.findByRole('table', { name: 'Orders' });
    expect(screen.getByText('9,999 orders')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 9,999 orders')).toBeInTheDocument();
  });

  it('shows a card per order on a phone, with its View link and no table', async () => {
    signInAs('admin');
    stubPhone();
    fakeApi({
      [route(endpoints.orders.list)]: () => ({
        success: true,
        orders: [summary('1', 'HT261101AAAAAA', 'a@example.test')],
        total: 1,
        nextCursor: null,
      }),
    });
    renderScreen(<OrderListPage />, { route: '/admin/orders', path: '/admin/orders' });
    const card = await screen.findByRole('article', { name: 'Order HT261101AAAAAA' });
    expect(screen.queryByRole('table', { name: 'Orders' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Orders' })).getByRole('article')).toBe(card);
    expect(within(card).getByText('a@example.test')).toBeInTheDocument();
    expect(within(card).getByText('Rs.900.50')).toBeInTheDocument();
    expect(within(card).getByText('Packaging')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View order HT261101AAAAAA' })).toHaveAttribute(
      'href',
      '/admin/orders/1',
    );
  });

  it('says no orders have been placed yet on an empty store', async () => {
    signInAs('admin');
    fakeApi({ [route(endpoints.orders.list)]: () => ({ success: true, orders: [], total: 0, nextCursor: null }) });
    renderScreen(<OrderListPage />, { route: '/admin/orders', path: '/admin/orders' });
    expect(await screen.findByText('No orders have been placed yet')).toBeInTheDocument();
  });
});

describe('OrderListPage bulk move', () => {
  it('moves the selected orders to their next status after asking, sending the versions shown', async () => {
    signInAs('admin');
    undoLayout = stubLayout();
    const first = summary('1', 'HT261101AAAAAA', 'a@example.test');
    const second = summary('2', 'HT261101BBBBBB', null);
    const api = fakeApi({
      [route(endpoints.orders.list)]: () => ({ success: true, orders: [first, second], total: 2, nextCursor: null }),
      [route(endpoints.orders.bulk)]: () => ({
        success: true,
        message: '1 moved to their next status, 1 skipped',
        done: 1,
        refused: [{ _id: '2', message: 'This order has been delivered; its status cannot change any more' }],
      }),
    });
    const user = userEvent.setup();
    renderScreen(<OrderListPage />, { route: '/admin/orders', path: '/admin/orders' });

    await user.click(await screen.findByRole('checkbox', { name: 'Select all loaded orders' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 orders selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Move to next status' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Move 2 orders to their next status?' });
    expect(api.callsTo(endpoints.orders.bulk)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    const result = await screen.findByRole('region', { name: 'Bulk action result' });
    expect(api.callsTo(endpoints.orders.bulk)[0]?.body).toEqual({
      action: 'advance',
      ids: ['1', '2'],
      versions: [first.updatedAt, second.updatedAt],
    });
    expect(result).toHaveTextContent('1 moved to their next status, 1 skipped');
    expect(result).toHaveTextContent('HT261101BBBBBB: This order has been delivered');
  });
});
