import { api as endpoints } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import {
  fakeApi,
  renderScreen,
  route,
  signInAs,
  stubLayout,
  stubScreenWidth,
  timestamps,
} from '../../../test/screen-kit';
import { VendorOrdersPage } from '../pages/vendor-orders-page';

const order = (id: string, trackingNumber: string, status: string) => ({
  _id: id,
  trackingNumber,
  customerName: 'Kiran Rao',
  status,
  itemCount: 2,
  total: 3000,
  createdAt: timestamps.createdAt,
});

const placed = order('7', 'TRK100007', 'Order Placed');
const delivered = order('8', 'TRK100008', 'Delivered');

/** The fake API filters by the tracking number as the server would: any case, anywhere. */
function ordersApi() {
  return fakeApi({
    [route(endpoints.vendorPortal.orders)]: ({ url }) => {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const orders = [placed, delivered].filter((o) => o.trackingNumber.toLowerCase().includes(search));
      return { success: true, orders, total: orders.length, nextCursor: null };
    },
  });
}

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('VendorOrdersPage', () => {
  it('searches by tracking number in the database, the search kept in the address', async () => {
    signInAs('vendor');
    // The list kit renders only the rows in view; jsdom lays nothing out.
    onTestFinished(stubLayout());
    const api = ordersApi();
    const user = userEvent.setup();
    const { router } = renderScreen(<VendorOrdersPage />, { route: '/admin/my-orders', path: '/admin/my-orders' });
    const table = await screen.findByRole('table', { name: 'My Orders' });
    expect(within(table).getByRole('link', { name: 'TRK100008' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search by tracking number' }), 'trk100007');
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'TRK100008' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'TRK100007' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=trk100007');
    expect(api.callsTo(endpoints.vendorPortal.orders).at(-1)?.url.searchParams.get('search')).toBe('trk100007');
    expect(api.callsTo(endpoints.vendorPortal.orders).at(-1)?.url.searchParams.get('limit')).toBe('50');
  });

  it('says when no order matches the filters', async () => {
    signInAs('vendor');
    ordersApi();
    renderScreen(<VendorOrdersPage />, { route: '/admin/my-orders', path: '/admin/my-orders?search=nothing' });
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search by tracking number' })).toHaveValue('nothing');
  });

  it('shows a card per order below 768 px, its tracking number opening the order', async () => {
    stubScreenWidth(390);
    signInAs('vendor');
    ordersApi();
    renderScreen(<VendorOrdersPage />, { route: '/admin/my-orders', path: '/admin/my-orders' });
    const list = await screen.findByRole('list', { name: 'My Orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('article', { name: 'TRK100007' });
    expect(within(card).getByRole('link', { name: 'TRK100007' })).toHaveAttribute('href', '/admin/my-orders/7');
    expect(within(card).getByText('Order Placed')).toBeInTheDocument();
  });
});
