import {
  api as endpoints,
  orderCorrectionMessages,
  type PerformanceResponse,
  performanceThresholds,
  shipmentMessages,
  type VendorOrder,
} from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs, timestamps } from '../../../test/screen-kit';
import { VendorDashboardPage } from '../pages/vendor-dashboard-page';
import { VendorOrderPage } from '../pages/vendor-order-page';

const findToast = (text: string | RegExp) => screen.findByText(text, { selector: '[data-title]' });

const shipment = (id: string, status: 'Order Placed' | 'Packaging' | 'On The Road', items: [string, number][]) => ({
  _id: id,
  vendor: { _id: '2', businessName: 'Vendor One Traders' },
  status,
  items: items.map(([itemId, quantity]) => ({ itemId, quantity })),
  shipBy: '2026-11-03T10:00:00.000Z',
  carrier: status === 'On The Road' ? 'Delhivery' : null,
  awb: status === 'On The Road' ? 'DL12345' : null,
  shippedAt: status === 'On The Road' ? '2026-11-02T10:00:00.000Z' : null,
  deliveredAt: null,
  late: status === 'Packaging',
  updatedAt: timestamps.updatedAt,
});

const order: VendorOrder = {
  _id: '7',
  trackingNumber: 'TRK100007',
  status: 'Packaging',
  statusHistory: [{ status: 'Order Placed', updatedAt: timestamps.createdAt }],
  products: [
    {
      _id: '11',
      product: { _id: '5', name: 'Steel Watch', images: [] },
      quantity: 3,
      salePrice: 1499.5,
      cancelledQuantity: 0,
      returnedQuantity: 0,
    },
    {
      _id: '12',
      product: { _id: '6', name: 'Leather Strap', images: [] },
      quantity: 1,
      salePrice: 300,
      cancelledQuantity: 0,
      returnedQuantity: 0,
    },
  ],
  total: 4798.5,
  cancelRequests: [],
  shipTo: {
    fullName: 'Kiran Rao',
    phone: '+91 90000 00000',
    note: null,
    address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
  },
  shipments: [
    shipment('31', 'On The Road', [['11', 1]]),
    shipment('32', 'Packaging', [
      ['11', 2],
      ['12', 1],
    ]),
  ],
  updatedAt: timestamps.updatedAt,
  createdAt: timestamps.createdAt,
};

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe("The vendor's order: their shipments", () => {
  const showOrder = () =>
    renderScreen(<VendorOrderPage />, { route: '/admin/my-orders/:id', path: '/admin/my-orders/7' });

  it('shows each shipment as a block: status, late in words, units, carrier and AWB', async () => {
    signInAs('vendor');
    fakeApi({ [route(endpoints.vendorPortal.order, { id: '7' })]: () => ({ success: true, order }) });
    showOrder();
    const first = await screen.findByRole('article', { name: 'Shipment 1: Vendor One Traders' });
    expect(within(first).getByText('On The Road')).toBeInTheDocument();
    expect(within(first).getByText('DL12345')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Shipment 2: Vendor One Traders' });
    expect(within(second).getByText('Late')).toBeInTheDocument();
    expect(within(second).getByText('Steel Watch × 2')).toBeInTheDocument();
    expect(within(second).getByText('Not shipped yet')).toBeInTheDocument();
  });

  it("offers 'Ask to cancel' while a unit of theirs is not yet shipped, not once all are on the road", async () => {
    signInAs('vendor');
    fakeApi({ [route(endpoints.vendorPortal.order, { id: '7' })]: () => ({ success: true, order }) });
    showOrder();
    expect(await screen.findByRole('button', { name: 'Ask to cancel' })).toBeInTheDocument();
    cleanup();
    const shipped = {
      ...order,
      shipments: [
        shipment('31', 'On The Road', [['11', 1]]),
        shipment('32', 'On The Road', [
          ['11', 2],
          ['12', 1],
        ]),
      ],
    };
    fakeApi({ [route(endpoints.vendorPortal.order, { id: '7' })]: () => ({ success: true, order: shipped }) });
    showOrder();
    expect(await screen.findByRole('article', { name: 'Shipment 2: Vendor One Traders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to cancel' })).not.toBeInTheDocument();
  });

  it('cancels their unshipped units with a reason and the version; a stale one keeps what was typed', async () => {
    signInAs('vendor');
    let reads = 0;
    let tries = 0;
    const later = '2026-11-02T12:00:00.000Z';
    const api = fakeApi({
      [route(endpoints.vendorPortal.order, { id: '7' })]: () => ({
        success: true,
        order: ++reads === 1 ? order : { ...order, updatedAt: later },
      }),
      [route(endpoints.shipments.vendorCancel, { id: '7' })]: () =>
        ++tries === 1
          ? reply(409, { success: false, message: 'This order was changed meanwhile. Reload it.', code: 'STALE' })
          : {
              success: true,
              message: shipmentMessages.cancelledOwn,
              orderStatus: 'Packaging',
              shipments: order.shipments ?? [],
            },
    });
    const user = userEvent.setup();
    showOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel my unshipped items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel my unshipped items' });
    // Only the units not yet on the road are offered: 2 of the watch, 1 strap.
    expect(within(dialog).getByLabelText('Steel Watch: up to 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel these units' }));
    expect(within(dialog).getByText(orderCorrectionMessages.itemsRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(orderCorrectionMessages.reasonRequired)).toBeInTheDocument();
    const watch = within(dialog).getByLabelText('Steel Watch: up to 2');
    await user.clear(watch);
    await user.type(watch, '1');
    await user.type(within(dialog).getByLabelText('Reason'), 'Out of stock');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel these units' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('What you entered is kept.');
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Out of stock');
    await user.click(within(dialog).getByRole('button', { name: 'Reload the order' }));
    await vi.waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel these units' }));
    expect(await findToast(shipmentMessages.cancelledOwn)).toBeInTheDocument();
    const sent = api.callsTo(endpoints.shipments.vendorCancel, { id: '7' });
    expect(sent[0]?.body).toEqual({
      items: [{ itemId: '11', quantity: 1 }],
      reason: 'Out of stock',
      updatedAt: timestamps.updatedAt,
    });
    expect(sent[1]?.body).toMatchObject({ updatedAt: later });
  });
});

const performance = (late: number, cancelled: number): PerformanceResponse => ({
  success: true,
  days30: {
    dispatched: 50,
    late: Math.round(late * 50),
    lateDispatchRate: late,
    orderedUnits: 200,
    sellerCancelledUnits: Math.round(cancelled * 200),
    cancellationRate: cancelled,
    deliveredUnits: 100,
    returnedUnits: 3,
    returnRate: 0.03,
  },
  days90: {
    dispatched: 140,
    late: 2,
    lateDispatchRate: 2 / 140,
    orderedUnits: 600,
    sellerCancelledUnits: 3,
    cancellationRate: 0.005,
    deliveredUnits: 400,
    returnedUnits: 8,
    returnRate: 0.02,
  },
  thresholds: { ...performanceThresholds },
});

describe("The vendor's dashboard", () => {
  it('leads with what needs them today, each count opening its tab, and shows their performance against the targets', async () => {
    signInAs('vendor');
    fakeApi({
      [route(endpoints.vendorPortal.dashboard)]: () => ({
        success: true,
        totalProducts: 3,
        productsByApproval: { approved: 2, pending: 1, rejected: 0 },
        totalOrders: 4,
        ordersToday: 1,
        totalRevenue: 1000,
        statusDistribution: [],
        recentOrders: [],
      }),
      [route(endpoints.dashboardSettings.get)]: () => ({
        success: true,
        settings: { hidden: [], months: 12 },
        updatedAt: null,
      }),
      [route(endpoints.shipments.summary)]: () => ({ success: true, toPack: 4, toShip: 2, dueToday: 3, late: 1 }),
      [route(endpoints.shipments.myPerformance)]: () => performance(0.06, 0.01),
    });
    renderScreen(<VendorDashboardPage />);
    const today = await screen.findByRole('region', { name: 'Needs you today' });
    expect(await within(today).findByRole('link', { name: /To pack\s*4/ })).toHaveAttribute('href', '/admin/shipments');
    expect(within(today).getByRole('link', { name: /Late\s*1/ })).toHaveAttribute('href', '/admin/shipments?tab=late');
    expect(within(today).getByRole('link', { name: /Due today\s*3/ })).toBeInTheDocument();
    const figures = await screen.findByRole('region', { name: 'Seller performance' });
    expect(within(figures).getByText('Targets: late dispatch under 4%, cancellations under 2.5%.')).toBeInTheDocument();
    // Over or under in words, not colour alone: 6% late is over 4%, 1% cancelled is under 2.5%.
    expect(within(figures).getByText('6%')).toBeInTheDocument();
    expect(within(figures).getAllByText('Over the 4% target')).toHaveLength(1);
    expect(within(figures).getAllByText('Under the 2.5% target')).toHaveLength(2);
    expect(within(figures).getAllByText('Under the 4% target')).toHaveLength(1);
    expect(within(figures).getAllByText('Shipments dispatched')).toHaveLength(2);
  });
});
