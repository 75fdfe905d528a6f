import { type Customer, api as endpoints } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs, stubLayout } from '../../../test/screen-kit';
import { CustomerListPage } from '../pages/customer-list-page';

const customer = (id: string, name: string, overrides: Partial<Customer> = {}): Customer => ({
  _id: id,
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@example.test`,
  phone: '+91 98765 43210',
  createdAt: '2026-10-01T10:00:00.000Z',
  ordersCount: 3,
  totalSpent: 4599.5,
  lastOrderAt: '2026-11-20T10:00:00.000Z',
  anonymisedAt: null,
  ...overrides,
});

let undoLayout: () => void = () => undefined;
afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
  undoLayout();
});

describe('CustomerListPage', () => {
  it('shows each customer with their orders, total spent and last order, and searches in the database', async () => {
    signInAs('admin');
    undoLayout = stubLayout();
    const api = fakeApi({
      [route(endpoints.customers.list)]: (call) =>
        call.url.searchParams.get('search')
          ? { success: true, customers: [], total: 0, totalRelation: 'eq', nextCursor: null }
          : {
              success: true,
              customers: [
                customer('1', 'Asha Verma'),
                customer('2', 'Anonymised customer', {
                  phone: null,
                  lastOrderAt: null,
                  ordersCount: 0,
                  totalSpent: 0,
                  anonymisedAt: '2026-11-21T10:00:00.000Z',
                }),
              ],
              total: 2,
              totalRelation: 'eq',
              nextCursor: null,
            },
    });
    const user = userEvent.setup();
    renderScreen(<CustomerListPage />, { route: '/admin/customers', path: '/admin/customers' });

    const table = await screen.findByRole('table', { name: 'Customers' });
    const asha = within(table).getByRole('row', { name: /Asha Verma/ });
    expect(within(asha).getByText('Rs.4,599.50')).toBeInTheDocument();
    expect(within(asha).getByText('3')).toBeInTheDocument();
    expect(within(asha).getByRole('link', { name: 'View customer Asha Verma' })).toHaveAttribute(
      'href',
      '/admin/customers/1',
    );
    const gone = within(table).getByRole('row', { name: /Anonymised customer/ });
    expect(within(gone).getByText('Anonymised')).toBeInTheDocument();
    expect(within(gone).getByText('N/A')).toBeInTheDocument();
    expect(within(gone).getByText('None')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'zz');
    expect(await screen.findByText('No customers match your search')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo(endpoints.customers.list).at(-1)?.url.searchParams.get('search')).toBe('zz'),
    );
  });
});
