import { api as endpoints, performanceThresholds, type Vendor } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs, timestamps } from '../../../test/screen-kit';
import { VendorDetailsModal } from '../components/vendor-details-modal';

const vendor: Vendor = {
  _id: '2',
  name: 'Ravi Kumar',
  email: 'ravi@example.test',
  businessName: 'Ravi Textiles',
  phoneNumber: '+91 98765 43210',
  address: '12 MG Road',
  status: 'approved',
  ...timestamps,
};

const windowOf = (dispatched: number, late: number, cancelled: number, ordered: number) => ({
  dispatched,
  late,
  lateDispatchRate: dispatched ? late / dispatched : 0,
  orderedUnits: ordered,
  sellerCancelledUnits: cancelled,
  cancellationRate: ordered ? cancelled / ordered : 0,
  deliveredUnits: 10,
  returnedUnits: 1,
  returnRate: 0.1,
});

const show = (shown: Vendor = vendor) =>
  renderScreen(
    <VendorDetailsModal vendor={shown} busy={false} onClose={() => {}} onEdit={() => {}} onReview={() => {}} />,
  );

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe("VendorDetailsModal: the vendor's seller performance", () => {
  it('shows 30 and 90 days against the targets, over or under in words', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.shipments.performance, { id: '2' })]: () => ({
        success: true,
        days30: windowOf(20, 1, 1, 20),
        days90: windowOf(60, 1, 0, 80),
        thresholds: { ...performanceThresholds },
      }),
    });
    show();
    const figures = await screen.findByRole('region', { name: 'Seller performance' });
    const month = within(figures).getByRole('heading', { name: 'Last 30 days' }).parentElement as HTMLElement;
    expect(within(month).getByText('20')).toBeInTheDocument();
    // 1 late of 20 is 5%: over the 4% target; 1 cancelled of 20 units is 5%: over 2.5%.
    expect(within(month).getByText('Over the 4% target')).toBeInTheDocument();
    expect(within(month).getByText('Over the 2.5% target')).toBeInTheDocument();
    const quarter = within(figures).getByRole('heading', { name: 'Last 90 days' }).parentElement as HTMLElement;
    expect(within(quarter).getByText('Under the 4% target')).toBeInTheDocument();
    expect(within(quarter).getByText('Under the 2.5% target')).toBeInTheDocument();
    expect(within(quarter).getByText('10%')).toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.performance, { id: '2' })).toHaveLength(1);
  });

  it('says when the figures cannot be read, and asks none for a vendor still pending', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.shipments.performance, { id: '2' })]: () =>
        reply(404, { success: false, message: 'Vendor not found', code: 'NOT_FOUND' }),
    });
    show();
    expect(await screen.findByText('Vendor not found')).toBeInTheDocument();
    cleanup();
    show({ ...vendor, status: 'pending' });
    expect(screen.queryByRole('region', { name: 'Seller performance' })).not.toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.performance, { id: '2' })).toHaveLength(1);
  });
});
