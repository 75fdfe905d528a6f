import { api as endpoints, type Order, type OrderSummary, shipmentMessages } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs, stubLayout, timestamps } from '../../../test/screen-kit';
import { OrderDetailPage } from '../pages/order-detail-page';
import { OrderListPage } from '../pages/order-list-page';

const shipment = (
  id: string,
  vendor: string | null,
  status: 'Order Placed' | 'Packaging' | 'On The Road',
  itemId: string,
  extra = {},
) => ({
  _id: id,
  vendor: vendor ? { _id: `v${id}`, businessName: vendor } : null,
  status,
  items: [{ itemId, quantity: 2 }],
  shipBy: '2026-11-22T10:00:00.000Z',
  carrier: status === 'On The Road' ? 'Blue Dart' : null,
  awb: status === 'On The Road' ? 'BD778899' : null,
  shippedAt: status === 'On The Road' ? '2026-11-21T10:00:00.000Z' : null,
  deliveredAt: null,
  late: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const line = (id: string, name: string) => ({
  _id: id,
  product: { _id: `5${id}`, name, images: [] },
  quantity: 2,
  salePrice: 500,
  cancelledQuantity: 0,
  returnedQuantity: 0,
});

const order: Order = {
  _id: '7',
  trackingNumber: 'HT261123ABCDEFGH',
  user: null,
  billingInfo: {
    fullName: 'Meera Shopper',
    email: 'meera@example.test',
    phone: '+91 90000 00000',
    note: null,
    address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
  },
  paymentMethod: 'UPI',
  products: [line('1', 'Steel Watch'), line('2', 'Cotton Kurta')],
  totalPrice: 2000,
  coupon: null,
  discountedTotal: 2000,
  cancelledTotal: 0,
  refundedTotal: 0,
  netTotal: 2000,
  status: 'Packaging',
  statusHistory: [],
  cancellations: [],
  returns: [],
  cancelRequests: [],
  pendingCancelRequests: 0,
  shipments: [
    shipment('31', 'Asha Crafts', 'On The Road', '1'),
    shipment('32', 'Ravi Textiles', 'Packaging', '2', { late: true }),
  ],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const findToast = (text: string | RegExp) => screen.findByText(text, { selector: '[data-title]' });
const show = () => renderScreen(<OrderDetailPage />, { route: '/admin/orders/:id', path: '/admin/orders/7' });

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = stubLayout();
});
afterAll(() => undoLayout());
afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('OrderDetailPage: shipments', () => {
  it("shows each vendor's shipment as a block and says the order's status is derived", async () => {
    signInAs('admin');
    fakeApi({
      [route(endpoints.orders.get, { id: '7' })]: () => ({ success: true, order }),
    });
    show();
    const section = await screen.findByRole('region', { name: 'Shipments' });
    expect(
      within(section).getByText(
        "The order's status, Packaging, is derived: it is the least advanced of its 2 shipments not cancelled. Each vendor's shipment moves on its own.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Derived from its shipments')).toBeInTheDocument();
    const first = within(section).getByRole('article', { name: 'Shipment 1: Asha Crafts' });
    expect(within(first).getByText('Steel Watch × 2')).toBeInTheDocument();
    expect(within(first).getByText('BD778899')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Mark delivered shipment 1' })).toBeInTheDocument();
    const second = within(section).getByRole('article', { name: 'Shipment 2: Ravi Textiles' });
    expect(within(second).getByText('Late')).toBeInTheDocument();
    expect(within(second).getByText('(late)')).toBeInTheDocument();
  });

  it('ships one shipment on its own through the admin call, and keeps the entry on a stale version', async () => {
    signInAs('admin');
    let tries = 0;
    const later = '2026-11-21T12:00:00.000Z';
    let reads = 0;
    const api = fakeApi({
      [route(endpoints.orders.get, { id: '7' })]: () => ({
        success: true,
        order:
          ++reads === 1
            ? order
            : {
                ...order,
                shipments: [
                  order.shipments?.[0],
                  shipment('32', 'Ravi Textiles', 'Packaging', '2', { updatedAt: later }),
                ],
              },
      }),
      [route(endpoints.shipments.carriers)]: () => ({ success: true, carriers: ['Delhivery'] }),
      [route(endpoints.shipments.adminSetStatus, { id: '32' })]: () => {
        if (++tries === 1)
          return reply(409, { success: false, message: shipmentMessages.changedMeanwhile, code: 'STALE' });
        const moved = shipment('32', 'Ravi Textiles', 'On The Road', '2', { updatedAt: later });
        return {
          success: true,
          message: shipmentMessages.moved,
          shipment: moved,
          remainder: null,
          orderStatus: 'On The Road',
        };
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Mark shipped shipment 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
    expect(within(dialog).getByLabelText('Cotton Kurta: units of 2')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'Delhivery');
    await user.type(within(dialog).getByLabelText('AWB'), 'DL-0001');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(shipmentMessages.changedMeanwhile);
    await user.click(within(dialog).getByRole('button', { name: 'Reload the shipment' }));
    await vi.waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('AWB')).toHaveValue('DL-0001');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await findToast(shipmentMessages.moved)).toBeInTheDocument();
    const sent = api.callsTo(endpoints.shipments.adminSetStatus, { id: '32' });
    expect(sent[0]?.body).toEqual({
      status: 'On The Road',
      carrier: 'Delhivery',
      awb: 'DL-0001',
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(sent[1]?.body).toMatchObject({ updatedAt: later });
  });
});

describe('OrderListPage: Late shipments', () => {
  it('asks the server for orders with a late shipment, the filter kept in the address', async () => {
    signInAs('admin');
    const row: OrderSummary = {
      _id: '7',
      trackingNumber: 'HT261101LATE01',
      user: null,
      billingInfo: order.billingInfo,
      paymentMethod: 'UPI',
      totalPrice: 1000,
      coupon: null,
      discountedTotal: 1000,
      cancelledTotal: 0,
      refundedTotal: 0,
      netTotal: 1000,
      pendingCancelRequests: 0,
      status: 'Order Placed',
      itemCount: 1,
      ...timestamps,
    };
    const api = fakeApi({
      [route(endpoints.orders.list)]: () => ({ success: true, orders: [row], total: 1, nextCursor: null }),
    });
    const user = userEvent.setup();
    const { router } = renderScreen(<OrderListPage />, { route: '/admin/orders', path: '/admin/orders' });
    await screen.findByText('HT261101LATE01');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show orders' }), 'Late shipments');
    await vi.waitFor(() =>
      expect(api.callsTo(endpoints.orders.list).at(-1)?.url.searchParams.get('lateShipments')).toBe('true'),
    );
    expect(router.state.location.search).toBe('?show=late');
  });
});
