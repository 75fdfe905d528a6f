import { api as endpoints } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs } from '../../../test/screen-kit';
import { GlobalSearch } from '../global-search';

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

const answer = (query: string) => ({
  success: true,
  query,
  groups: [
    {
      kind: 'products',
      label: 'Products',
      hits: [
        {
          _id: '7',
          label: 'Copper Kettle',
          detail: 'SKU K-1 · Kitchenly',
          href: '/admin/products/edit/7',
          exact: false,
        },
      ],
    },
    {
      kind: 'orders',
      label: 'Orders',
      hits: [{ _id: '42', label: 'HT261101AAAA01', detail: 'Ravi Kumar', href: '/admin/orders/42', exact: true }],
    },
    { kind: 'customers', label: 'Customers', hits: [] },
  ],
});

function setup() {
  signInAs('admin');
  const api = fakeApi({ [route(endpoints.search.everything)]: (call) => answer(call.url.searchParams.get('q') ?? '') });
  renderScreen(<GlobalSearch />, { route: '/admin/products', path: '/admin/products' });
  return api;
}

describe('GlobalSearch', () => {
  it('searches once typing pauses and lists the hits grouped by kind, without empty kinds', async () => {
    const api = setup();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.type(box, 'kett');
    const list = await screen.findByRole('listbox', { name: 'Search' });
    await within(list).findByRole('option', { name: /Copper Kettle/ });
    expect(within(list).getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(within(list).getByRole('group', { name: 'Orders' })).toBeInTheDocument();
    expect(within(list).queryByRole('group', { name: 'Customers' })).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // Debounced: not one call per key press.
    expect(api.callsTo(endpoints.search.everything).map((c) => c.url.searchParams.get('q'))).toEqual(['kett']);
  });

  it('moves through the options with the arrows and opens the active one on Enter', async () => {
    setup();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.type(box, 'ht26');
    await screen.findByRole('option', { name: /HT261101AAAA01/ });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const order = screen.getByRole('option', { name: /HT261101AAAA01/ });
    expect(order).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', order.id);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /Copper Kettle/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(await screen.findByText('Elsewhere: /admin/orders/42')).toBeInTheDocument();
  });

  it('opens the first hit on Enter when none is active, and closes on Escape', async () => {
    setup();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.type(box, 'copper');
    await screen.findByRole('option', { name: /Copper Kettle/ });
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('copper');
    await user.keyboard('{ArrowDown}{Escape}{Escape}');
    expect(box).toHaveValue('');
    await user.type(box, 'copper{Enter}');
    expect(await screen.findByText('Elsewhere: /admin/products/edit/7')).toBeInTheDocument();
  });

  it('says so when nothing matches, and asks nothing for a single character', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.search.everything)]: (call) => ({
        success: true,
        query: call.url.searchParams.get('q'),
        groups: [],
      }),
    });
    renderScreen(<GlobalSearch />, { route: '/admin/products', path: '/admin/products' });
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.type(box, 'q');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'zx');
    expect(await screen.findByText('No results for "qzx"')).toBeInTheDocument();
    expect(api.callsTo(endpoints.search.everything).map((c) => c.url.searchParams.get('q'))).toEqual(['qzx']);
  });

  it('focuses the box on Ctrl+K from anywhere', async () => {
    setup();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search' });
    expect(box).not.toHaveFocus();
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(box).toHaveFocus());
  });
});
