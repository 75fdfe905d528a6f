import { api as endpoints, type Order } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs } from '../../../test/screen-kit';
import { OrderDetailPage } from '../pages/order-detail-page';

const baseOrder: Order = {
  _id: '7',
  trackingNumber: 'HT261123ABCDEFGH',
  user: { _id: '3', name: 'Meera', email: 'meera@example.test' },
  billingInfo: {
    fullName: 'Meera Shopper',
    email: 'meera@example.test',
    phone: '+91 90000 00000',
    note: null,
    address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
  },
  paymentMethod: 'UPI',
  products: [
    {
      _id: '1',
      product: { _id: '5', name: 'Steel Watch', images: [] },
      quantity: 2,
      salePrice: 1499.5,
      cancelledQuantity: 0,
      returnedQuantity: 0,
    },
  ],
  totalPrice: 2999,
  coupon: { code: 'SAVE10', discountAmount: 299.9 },
  discountedTotal: 2699.1,
  cancelledTotal: 0,
  refundedTotal: 0,
  netTotal: 2699.1,
  status: 'Order Placed',
  statusHistory: [],
  cancellations: [],
  returns: [],
  cancelRequests: [],
  pendingCancelRequests: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const findToast = (text: string) => screen.findByText(text, { selector: '[data-title]' });
const show = () => renderScreen(<OrderDetailPage />, { route: '/admin/orders/:id', path: '/admin/orders/7' });

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('OrderDetailPage', () => {
  it('shows items, totals, the made-up first timeline entry and only the next status', async () => {
    signInAs('admin');
    fakeApi({ [route(endpoints.orders.get, { id: '7' })]: () => ({ success: true, order: baseOrder }) });
    show();
    expect(await screen.findByRole('heading', { name: 'HT261123ABCDEFGH' })).toBeInTheDocument();
    expect(screen.getByText('Steel Watch')).toBeInTheDocument();
    expect(screen.getByText('Discount (SAVE10)')).toBeInTheDocument();
    expect(screen.getByText('Rs.2,699.10')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Order timeline' });
    expect(within(timeline).getByText('Order automatically placed')).toBeInTheDocument();
    const options = within(screen.getByLabelText('New Status')).getAllByRole('option');
    // Only the next status is offered (issue 27); the server still enforces the sequence.
    expect(options.map((option) => option.textContent)).toEqual(['Select status', 'Packaging']);
  });

  it('shows the discount as placed beside what is left of it, and a store-funded coupon (issue 35)', async () => {
    signInAs('admin');
    const order = {
      ...baseOrder,
      coupon: { code: 'SAVE10', discountAmount: 150, discountAtPlacement: 299.9, fundedBy: 'store' as const },
    };
    fakeApi({ [route(endpoints.orders.get, { id: '7' })]: () => ({ success: true, order }) });
    show();
    expect(await screen.findByText('Discount as placed')).toBeInTheDocument();
    expect(screen.getByText('-Rs.299.90')).toBeInTheDocument();
    expect(screen.getByText('-Rs.150.00')).toBeInTheDocument();
    expect(screen.getByText('The store (vendors earn the full price)')).toBeInTheDocument();
  });

  it('asks for a status and sends the next one with the version', async () => {
    signInAs('admin');
    const moved: Order = {
      ...baseOrder,
      status: 'Packaging',
      updatedAt: '2026-11-21T10:00:00.000Z',
      statusHistory: [
        {
          _id: '1',
          status: 'Packaging',
          notes: 'Boxed',
          updatedAt: '2026-11-21T10:00:00.000Z',
          timestamp: '2026-11-21T10:00:00.000Z',
        },
      ],
    };
    const api = fakeApi({
      [route(endpoints.orders.get, { id: '7' })]: () => ({ success: true, order: baseOrder }),
      [route(endpoints.orders.updateStatus)]: () => ({
        success: true,
        message: 'Order status updated successfully!',
        order: moved,
      }),
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Status' }));
    expect(await findToast('Please select a status to update')).toBeInTheDocument();
    // Only the next status is offered.
    expect(
      within(screen.getByLabelText('New Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select status', 'Packaging']);
    expect(api.callsTo(endpoints.orders.updateStatus)).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('New Status'), 'Packaging');
    await user.type(screen.getByLabelText('Notes'), 'Boxed');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await findToast('Order status updated successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.orders.updateStatus)[0]?.body).toEqual({
      orderId: '7',
      status: 'Packaging',
      notes: 'Boxed',
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(within(screen.getByRole('list', { name: 'Order timeline' })).getByText('Boxed')).toBeInTheDocument();
    expect(screen.getByLabelText('New Status')).toHaveValue('');
  });

  it('shows a waiting cancellation request at the top and asks before moving the order on', async () => {
    signInAs('admin');
    const waiting: Order = {
      ...baseOrder,
      cancelRequests: [
        {
          _id: '4',
          vendor: 'Kala Crafts',
          reason: 'Out of stock',
          status: 'pending',
          decisionReason: null,
          createdAt: '2026-11-20T11:00:00.000Z',
          decidedAt: null,
        },
      ],
      pendingCancelRequests: 1,
    };
    const api = fakeApi({
      [route(endpoints.orders.get, { id: '7' })]: () => ({ success: true, order: waiting }),
      [route(endpoints.orders.updateStatus)]: () => ({
        success: true,
        message: 'Order status updated successfully!',
        order: { ...waiting, status: 'Packaging' },
      }),
    });
    show();
    const requests = await screen.findByRole('heading', { name: 'Cancellation requests' });
    // The request stands before the order's items, where the admin looks first.
    const items = screen.getByRole('heading', { name: 'Order Items' });
    expect(requests.compareDocumentPosition(items) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('New Status'), 'Packaging');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'A cancellation request is waiting' });
    expect(api.callsTo(endpoints.orders.updateStatus)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(endpoints.orders.updateStatus)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'A cancellation request is waiting' })).getByRole(
        'button',
        { name: 'Move to Packaging' },
      ),
    );
    expect(await findToast('Order status updated successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.orders.updateStatus)).toHaveLength(1);
  });

  it('shows the restocking fee a return kept', async () => {
    signInAs('admin');
    fakeApi({
      [route(endpoints.orders.get, { id: '7' })]: () => ({
        success: true,
        order: {
          ...baseOrder,
          status: 'Delivered',
          refundedTotal: 1300,
          netTotal: 1399.1,
          returns: [
            {
              _id: '9',
              reason: 'changed_mind',
              note: null,
              restock: true,
              refundAmount: 1300,
              restockingFee: 49.55,
              refundMethod: 'UPI',
              items: [{ itemId: '1', productName: 'Steel Watch', quantity: 1, amount: 1349.55 }],
              by: 'Asha Admin',
              createdAt: '2026-11-22T10:00:00.000Z',
            },
          ],
        } satisfies Order,
      }),
    });
    show();
    expect(await screen.findByText('Restocking fee kept: Rs.49.55')).toBeInTheDocument();
  });

  it('hides the form once Delivered', async () => {
    signInAs('admin');
    fakeApi({
      [route(endpoints.orders.get, { id: '7' })]: () => ({
        success: true,
        order: { ...baseOrder, status: 'Delivered' },
      }),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'HT261123ABCDEFGH' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Status' })).not.toBeInTheDocument();
  });

  it('reads Order Not Found when the order cannot be loaded', async () => {
    signInAs('admin');
    fakeApi({
      [route(endpoints.orders.get, { id: '7' })]: () =>
        reply(404, { success: false, code: 'NOT_FOUND', message: 'Order not found' }),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The order you're looking for doesn't exist or you don't have permission to view it."),
    ).toBeInTheDocument();
    expect(await findToast('Failed to load order details')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/admin/orders');
  });

  it.each([
    ['malformed', 'abc'],
    ['a decimal', '1.5'],
    ['zero', '0'],
    ['past 32 bits', '2147483648'],
    ['a path escaping the call', '7%2F..%2F..%2Fauth%2Fme'],
    ['an encoded space', '7%20'],
  ])('reads Order Not Found for %s id, without asking the server', async (_what, id) => {
    signInAs('admin');
    const api = fakeApi({});
    renderScreen(<OrderDetailPage />, { route: '/admin/orders/:id', path: `/admin/orders/${id}` });
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument();
    expect(await findToast('Failed to load order details')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('reads Order Not Found for an unknown id the server answers 404', async () => {
    signInAs('admin');
    fakeApi({
      [route(endpoints.orders.get, { id: '2147483647' })]: () =>
        reply(404, { success: false, code: 'NOT_FOUND', message: 'Order not found' }),
    });
    renderScreen(<OrderDetailPage />, { route: '/admin/orders/:id', path: '/admin/orders/2147483647' });
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument();
  });
});
