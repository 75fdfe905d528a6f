import { type ActivityEntry, activityMessages, api as endpoints } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { HistoryPanel } from '../../../components/ui/history-panel';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs, stubLayout, stubScreenWidth } from '../../../test/screen-kit';
import { ActivityLogPage } from '../pages/activity-log-page';

const entry = (id: string, overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  _id: id,
  actor: { _id: '1', name: 'Asha Admin', role: 'admin' },
  action: 'approve',
  kind: 'product',
  recordId: '42',
  label: 'Blue Kettle',
  changes: { approvalStatus: { before: 'pending', after: 'approved' } },
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const people = { success: true, people: [{ _id: '1', name: 'Asha Admin', role: 'admin' }] };

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('ActivityLogPage', () => {
  it('lists who did what to which record, with the changed fields, in the store time zone', async () => {
    signInAs('admin');
    // The list kit renders only the rows in view; jsdom lays nothing out.
    onTestFinished(stubLayout());
    fakeApi({
      [route(endpoints.activity.list)]: () => ({
        success: true,
        entries: [entry('2'), entry('1', { action: 'delete', kind: 'coupon', label: 'SAVE10', changes: {} })],
        timeZone: 'Asia/Kolkata',
        total: 2,
        nextCursor: null,
      }),
      [route(endpoints.activity.people)]: () => people,
    });
    renderScreen(<ActivityLogPage />);
    expect(await screen.findByText('2 changes')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: activityMessages.title });
    const [, first] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('Asha Admin')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Approved')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByRole('link', { name: 'Product: Blue Kettle' })).toHaveAttribute(
      'href',
      '/admin/products/edit/42',
    );
    expect(within(first as HTMLElement).getByRole('listitem')).toHaveTextContent('Approval status: pending → approved');
    // 10:00 UTC is 3:30 PM in Kolkata.
    expect(within(first as HTMLElement).getByText(/20 Nov 2026, 03:30 pm/i)).toBeInTheDocument();
    // A deleted record has no screen to link to.
    expect(within(table).queryByRole('link', { name: 'Coupon: SAVE10' })).toBeNull();
    expect(within(table).getByText('Coupon: SAVE10')).toBeInTheDocument();
  });

  it('sends the filters to the API and keeps them in the address', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.activity.list)]: (call) =>
        call.url.searchParams.get('kind')
          ? { success: true, entries: [], timeZone: 'UTC', total: 0, nextCursor: null }
          : { success: true, entries: [entry('1')], timeZone: 'UTC', total: 1, nextCursor: null },
      [route(endpoints.activity.people)]: () => people,
    });
    const user = userEvent.setup();
    const { router } = renderScreen(<ActivityLogPage />, {
      route: '/admin/activity',
      path: '/admin/activity?person=1',
    });
    expect(await screen.findByText('1 change')).toBeInTheDocument();
    expect(api.callsTo(endpoints.activity.list).at(-1)?.url.searchParams.get('person')).toBe('1');
    await screen.findByRole('option', { name: 'Asha Admin (Admin)' });
    expect(screen.getByRole('combobox', { name: 'Person' })).toHaveValue('1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Record' }), 'coupon');
    expect(await screen.findByText(activityMessages.emptyFiltered)).toBeInTheDocument();
    const last = api.callsTo(endpoints.activity.list).at(-1);
    expect(last?.url.searchParams.get('kind')).toBe('coupon');
    expect(last?.url.searchParams.get('limit')).toBe('50');
    expect(router.state.location.search).toContain('kind=coupon');
  });

  it('refuses a date range that ends before it starts, without asking the API', async () => {
    signInAs('admin');
    const api = fakeApi({ [route(endpoints.activity.people)]: () => people });
    renderScreen(<ActivityLogPage />, { route: '/', path: '/?from=2026-05-02&to=2026-05-01' });
    expect(await screen.findByRole('alert')).toHaveTextContent(activityMessages.dateRange);
    expect(api.callsTo(endpoints.activity.list)).toHaveLength(0);
  });

  it('shows cards on a phone', async () => {
    stubScreenWidth(390);
    signInAs('admin');
    fakeApi({
      [route(endpoints.activity.list)]: () => ({
        success: true,
        entries: [entry('1')],
        timeZone: 'UTC',
        total: 1,
        nextCursor: null,
      }),
      [route(endpoints.activity.people)]: () => people,
    });
    renderScreen(<ActivityLogPage />);
    const list = await screen.findByRole('list', { name: activityMessages.title });
    expect(within(list).getByRole('link', { name: 'Product: Blue Kettle' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('HistoryPanel', () => {
  it("lists a record's history, or says there is none", async () => {
    signInAs('vendor');
    fakeApi({
      [route(endpoints.activity.history, { kind: 'product', id: '42' })]: () => ({
        success: true,
        entries: [entry('1')],
        timeZone: 'UTC',
        total: 1,
        nextCursor: null,
      }),
      [route(endpoints.activity.history, { kind: 'product', id: '43' })]: () => ({
        success: true,
        entries: [],
        timeZone: 'UTC',
        total: 0,
        nextCursor: null,
      }),
    });
    renderScreen(
      <>
        <HistoryPanel kind="product" id="42" />
        <HistoryPanel kind="product" id="43" />
      </>,
    );
    const [withEntries, empty] = await screen.findAllByRole('region', { name: activityMessages.historyTitle });
    expect(await within(withEntries as HTMLElement).findByText('Asha Admin', { exact: false })).toBeInTheDocument();
    expect(withEntries).toHaveTextContent('Approval status: pending → approved');
    expect(await within(empty as HTMLElement).findByText(activityMessages.historyEmpty)).toBeInTheDocument();
  });
});
