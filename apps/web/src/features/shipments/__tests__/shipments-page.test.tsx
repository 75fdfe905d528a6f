import { api as endpoints, type ShipmentSummary, shipmentMessages } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { ShipmentsPage } from '../pages/shipments-page';
import { carriers, shipmentDetail, shipmentRow } from './support';

const placed = shipmentRow('1', 'TRK100001', 'Order Placed');
const packing = shipmentRow('2', 'TRK100002', 'Packaging', { late: true });
const onRoad = shipmentRow('3', 'TRK100003', 'On The Road', {
  carrier: 'Delhivery',
  awb: 'AWB12345',
  shippedAt: '2026-11-02T10:00:00.000Z',
});

const later = '2026-11-02T12:00:00.000Z';
const moved = (row: ShipmentSummary, status: ShipmentSummary['status'], extra: Partial<ShipmentSummary> = {}) => {
  const {
    order: _order,
    customerName: _name,
    units: _units,
    ...shipment
  } = { ...row, status, updatedAt: later, ...extra };
  return { success: true, message: shipmentMessages.moved, shipment, remainder: null, orderStatus: status };
};

/** The queue answering by the tab's query as the server would. */
function queueApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [route(endpoints.shipments.list)]: ({ url }) => {
      const status = url.searchParams.get('status');
      const late = url.searchParams.get('late') === 'true';
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const shipments = [placed, packing, onRoad]
        .filter((row) => (late ? row.late : !status || status === 'all' || row.status === status))
        .filter((row) => row.order.trackingNumber.toLowerCase().includes(search));
      return { success: true, shipments, total: shipments.length, nextCursor: null };
    },
    [route(endpoints.shipments.carriers)]: () => carriers,
    ...extra,
  });
}

const findToast = (text: string | RegExp) => screen.findByText(text, { selector: '[data-title]' });
const show = (path = '/admin/shipments') => renderScreen(<ShipmentsPage />, { route: '/admin/shipments', path });

let undoLayout: () => void;
beforeAll(() => {
  undoLayout = stubLayout();
});
afterAll(() => undoLayout());
const saved: string[] = [];
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:slip');
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

describe('ShipmentsPage', () => {
  it('opens on To pack, each tab sending its own query and kept in the address; the search too', async () => {
    signInAs('vendor');
    const api = queueApi();
    const user = userEvent.setup();
    const { router } = show();
    const table = await screen.findByRole('table', { name: 'Shipments' });
    expect(within(table).getByRole('link', { name: 'TRK100001' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'TRK100002' })).not.toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.list).at(-1)?.url.searchParams.get('status')).toBe('Order Placed');
    expect(screen.getByRole('link', { name: 'To pack' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'Late' }));
    expect(await screen.findByRole('link', { name: 'TRK100002' })).toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.list).at(-1)?.url.searchParams.get('late')).toBe('true');
    expect(router.state.location.search).toBe('?tab=late');
    // The late mark is said in words, not by colour alone.
    expect(within(screen.getByRole('table', { name: 'Shipments' })).getByText('Late')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Shipped' }));
    expect(await screen.findByText('AWB12345')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search shipments' }), 'awb1');
    await vi.waitFor(() =>
      expect(api.callsTo(endpoints.shipments.list).at(-1)?.url.searchParams.get('search')).toBe('awb1'),
    );
    expect(router.state.location.search).toBe('?tab=shipped&search=awb1');
  });

  it('starts packing a row with its version, and says a stale one was changed by someone else', async () => {
    signInAs('vendor');
    let tries = 0;
    const api = queueApi({
      [route(endpoints.shipments.setStatus, { id: '1' })]: () =>
        ++tries === 1
          ? reply(409, { success: false, message: shipmentMessages.changedMeanwhile, code: 'STALE' })
          : moved(placed, 'Packaging'),
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Start packing TRK100001' }));
    expect(await findToast(shipmentMessages.changedMeanwhile)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start packing TRK100001' }));
    expect(await findToast(shipmentMessages.moved)).toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.setStatus, { id: '1' }).at(-1)?.body).toEqual({
      status: 'Packaging',
      updatedAt: timestamps.updatedAt,
    });
    // The queue is read again after each try.
    expect(api.callsTo(endpoints.shipments.list).length).toBeGreaterThanOrEqual(3);
  });

  it('marks one shipped with a carrier from the list, an AWB and part of the units', async () => {
    signInAs('vendor');
    const api = queueApi({
      [route(endpoints.shipments.get, { id: '1' })]: () => ({ success: true, shipment: shipmentDetail(placed) }),
      [route(endpoints.shipments.setStatus, { id: '1' })]: () => ({
        ...moved(placed, 'On The Road', { items: [{ itemId: '11', quantity: 1 }] }),
        message: shipmentMessages.partlyShipped,
        remainder: moved(placed, 'Packaging').shipment,
      }),
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Mark shipped TRK100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(within(dialog).getByText(shipmentMessages.carrierRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(shipmentMessages.awbRequired)).toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.setStatus, { id: '1' })).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'Blue Dart');
    await user.type(within(dialog).getByLabelText('AWB'), 'bd-778899');
    const watch = await within(dialog).findByLabelText('Steel Watch (SKU SW-1): units of 2');
    await user.clear(watch);
    await user.type(watch, '1');
    await user.clear(within(dialog).getByLabelText('Leather Strap: units of 1'));
    await user.type(within(dialog).getByLabelText('Leather Strap: units of 1'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await findToast(shipmentMessages.partlyShipped)).toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.setStatus, { id: '1' })[0]?.body).toEqual({
      status: 'On The Road',
      carrier: 'Blue Dart',
      awb: 'BD-778899',
      items: [{ itemId: '11', quantity: 1 }],
      updatedAt: timestamps.updatedAt,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps what was typed on a stale version, reloads the shipment and sends its new version', async () => {
    signInAs('vendor');
    let reads = 0;
    let tries = 0;
    const api = queueApi({
      [route(endpoints.shipments.get, { id: '2' })]: () => ({
        success: true,
        shipment: shipmentDetail(packing, ++reads === 1 ? packing.updatedAt : later),
      }),
      [route(endpoints.shipments.setStatus, { id: '2' })]: () =>
        ++tries === 1
          ? reply(409, { success: false, message: shipmentMessages.changedMeanwhile, code: 'STALE' })
          : moved(packing, 'On The Road'),
    });
    const user = userEvent.setup();
    show('/admin/shipments?tab=to-ship');
    await user.click(await screen.findByRole('button', { name: 'Mark shipped TRK100002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'Other (type its name)');
    await user.type(within(dialog).getByLabelText('Other carrier'), 'Gati');
    await user.type(within(dialog).getByLabelText('AWB'), 'GATI0001');
    await within(dialog).findByLabelText('Steel Watch (SKU SW-1): units of 2');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(shipmentMessages.changedMeanwhile);
    expect(alert).toHaveTextContent('What you entered is kept.');
    expect(within(dialog).getByRole('button', { name: 'Mark shipped' })).toBeDisabled();
    expect(within(dialog).getByLabelText('AWB')).toHaveValue('GATI0001');

    await user.click(within(dialog).getByRole('button', { name: 'Reload the shipment' }));
    await vi.waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Other carrier')).toHaveValue('Gati');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await findToast(shipmentMessages.moved)).toBeInTheDocument();
    const sent = api.callsTo(endpoints.shipments.setStatus, { id: '2' });
    expect(sent.map((call) => (call.body as { updatedAt: string }).updatedAt)).toEqual([timestamps.updatedAt, later]);
    expect(sent[1]?.body).toMatchObject({ carrier: 'Gati', awb: 'GATI0001' });
    expect(sent[1]?.body).not.toHaveProperty('items');
  });

  it('marks the selected shipped in bulk, one carrier and an AWB each, and lists the refused', async () => {
    signInAs('vendor');
    const api = queueApi({
      [route(endpoints.shipments.bulk)]: () => ({
        success: true,
        message: '1 shipped, 1 skipped',
        done: 1,
        refused: [{ _id: '2', message: shipmentMessages.changedMeanwhile }],
      }),
    });
    const user = userEvent.setup();
    show('/admin/shipments?tab=late');
    await screen.findByRole('link', { name: 'TRK100002' });
    // Late holds only TRK100002 here; pick it and then To pack's row via the all-loaded box.
    await user.click(screen.getByRole('checkbox', { name: 'Select shipment of order TRK100002' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 shipment selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 1 shipment shipped' });
    expect(within(dialog).queryByText('Units to ship now')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'Delhivery');
    await user.type(within(dialog).getByLabelText('AWB for TRK100002'), 'DL1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(within(dialog).getByText(shipmentMessages.awbInvalid)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('AWB for TRK100002'), '2345');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    const result = await screen.findByRole('region', { name: 'Bulk action result' });
    expect(within(result).getByText(/TRK100002/)).toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.bulk)[0]?.body).toEqual({
      action: 'ship',
      ids: ['2'],
      versions: [timestamps.updatedAt],
      carrier: 'Delhivery',
      awbs: ['DL12345'],
    });
  });

  it('asks one AWB per shipment when many are shipped at once', async () => {
    signInAs('vendor');
    const second = shipmentRow('4', 'TRK100004', 'Order Placed');
    fakeApi({
      [route(endpoints.shipments.list)]: () => ({
        success: true,
        shipments: [placed, second],
        total: 2,
        nextCursor: null,
      }),
      [route(endpoints.shipments.carriers)]: () => carriers,
    });
    const user = userEvent.setup();
    show();
    await screen.findByRole('link', { name: 'TRK100001' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded shipments' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 shipments selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 2 shipments shipped' });
    expect(within(dialog).getByLabelText('AWB for TRK100001')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('AWB for TRK100004')).toBeInTheDocument();
    expect(within(dialog).queryByText('Units to ship now')).not.toBeInTheDocument();
  });

  it('starts packing the selected in bulk after asking, with their versions', async () => {
    signInAs('vendor');
    const api = queueApi({
      [route(endpoints.shipments.bulk)]: () => ({ success: true, message: '1 packing', done: 1, refused: [] }),
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('checkbox', { name: 'Select shipment of order TRK100001' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Start packing' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Start packing: 1 shipment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Start packing' }));
    expect(await findToast('1 packing')).toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.bulk)[0]?.body).toEqual({
      action: 'pack',
      ids: ['1'],
      versions: [timestamps.updatedAt],
    });
  });

  it('marks a shipment on the road delivered after asking', async () => {
    signInAs('vendor');
    const api = queueApi({
      [route(endpoints.shipments.setStatus, { id: '3' })]: () => moved(onRoad, 'Delivered'),
    });
    const user = userEvent.setup();
    show('/admin/shipments?tab=shipped');
    await user.click(await screen.findByRole('button', { name: 'Mark delivered TRK100003' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Mark delivered?' });
    await user.click(within(confirm).getByRole('button', { name: 'Mark delivered' }));
    expect(await findToast(shipmentMessages.moved)).toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.setStatus, { id: '3' })[0]?.body).toEqual({
      status: 'Delivered',
      updatedAt: timestamps.updatedAt,
    });
  });

  it('downloads a packing slip per shipment and one PDF for the selected, and says when it cannot', async () => {
    signInAs('vendor');
    const pdf = (name: string) => new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });
    const api = queueApi({
      [route(endpoints.shipments.packingSlip, { id: '1' })]: () => pdf('packing-slip-TRK100001.pdf'),
      [route(endpoints.shipments.packingSlips)]: () =>
        reply(404, { success: false, message: shipmentMessages.notFound, code: 'NOT_FOUND' }),
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Packing slip TRK100001' }));
    await vi.waitFor(() => expect(saved).toEqual(['packing-slip-TRK100001.pdf']));
    await user.click(screen.getByRole('checkbox', { name: 'Select shipment of order TRK100001' }));
    await user.click(screen.getByRole('button', { name: 'Packing slips (PDF)' }));
    expect(await findToast(shipmentMessages.notFound)).toBeInTheDocument();
    expect(api.callsTo(endpoints.shipments.packingSlips)[0]?.body).toEqual({ ids: ['1'] });
  });

  it('shows a card per shipment at 390 px, its actions at the foot', async () => {
    stubScreenWidth(390);
    signInAs('vendor');
    queueApi();
    show();
    const list = await screen.findByRole('list', { name: 'Shipments' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('article', { name: 'Shipment of order TRK100001' });
    expect(within(card).getByRole('button', { name: 'Start packing TRK100001' })).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Select shipment of order TRK100001' })).toBeInTheDocument();
  });

  it('says when a tab is empty and when the queue cannot be read', async () => {
    signInAs('vendor');
    fakeApi({
      [route(endpoints.shipments.list)]: ({ url }) =>
        url.searchParams.get('status') === 'Delivered'
          ? { success: true, shipments: [], total: 0, nextCursor: null }
          : reply(500, { success: false, message: 'boom', code: 'INTERNAL' }),
    });
    show('/admin/shipments?tab=delivered');
    expect(await screen.findByText('No shipments in Delivered')).toBeInTheDocument();
    cleanup();
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load shipments');
  });
});
