import { api as endpoints, productMessages } from '@haat/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { productListPath } from '../hooks/use-product-filters';
import { ProductListPage } from '../pages/product-list-page';
import { type Call, fakeApi, makeProduct, renderScreen, route, signInAs, stubLayout } from './support';

const counts = {
  success: true,
  totalCount: 120,
  approvedCount: 110,
  activeCount: 100,
  inStockCount: 90,
  pendingApprovalCount: 4,
};

const phone = makeProduct({ name: 'Galaxy Phone', sku: 'PH-1', salePrice: 90, actualPrice: 100, stockQuantity: 5 });
const cable = makeProduct({
  name: 'USB Cable',
  sku: 'CB-2',
  salePrice: 50,
  actualPrice: 50,
  stockQuantity: 0,
  status: 'pending',
  isApproved: false,
  approvalStatus: 'pending',
  subcategory: { _id: '11', name: 'Accessories' },
});

function listApi(products = [phone, cable], total = 120) {
  return fakeApi({
    [route(endpoints.products.staffList)]: () => ({ success: true, products, total, nextCursor: null }),
    [route(endpoints.products.counts)]: () => counts,
    [route(endpoints.products.review, { id: '101' })]: (call: Call) => ({
      success: true,
      message: productMessages.approved,
      product: { ...cable, isApproved: true, approvalStatus: 'approved', status: 'active', ...(call.body as object) },
    }),
    [route(endpoints.products.remove, { id: phone._id })]: () => ({ success: true, message: productMessages.deleted }),
  });
}

const renderList = () => renderScreen(<ProductListPage />, { route: '/admin/products', path: '/admin/products' });

let restoreLayout: () => void;
beforeAll(() => {
  restoreLayout = stubLayout();
});
afterAll(() => restoreLayout());
afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('ProductListPage (admin)', () => {
  it('shows every column, the total for the filters and the database counts', async () => {
    signInAs('admin');
    listApi();
    renderList();

    const table = await screen.findByRole('table', { name: 'Products' });
    const phoneRow = within(table).getByRole('row', { name: /Galaxy Phone/ });
    expect(within(phoneRow).getByText('PH-1')).toBeInTheDocument();
    expect(within(phoneRow).getByText('Rs.90.00')).toBeInTheDocument();
    expect(within(phoneRow).getByText('Save Rs.10.00')).toBeInTheDocument();
    expect(within(phoneRow).getByText('Electronics')).toBeInTheDocument();
    expect(within(phoneRow).getByText('Active')).toBeInTheDocument();
    expect(within(phoneRow).getByText('5 in stock')).toBeInTheDocument();
    expect(within(phoneRow).getByText('Approved')).toBeInTheDocument();
    expect(within(phoneRow).getByRole('link', { name: 'Edit Galaxy Phone' })).toHaveAttribute(
      'href',
      `/admin/products/edit/${phone._id}`,
    );

    const cableRow = within(table).getByRole('row', { name: /USB Cable/ });
    expect(within(cableRow).queryByText(/^Save/)).not.toBeInTheDocument();
    expect(within(cableRow).getByText('Accessories')).toBeInTheDocument();
    expect(within(cableRow).getByText('Out of stock')).toBeInTheDocument();
    expect(within(cableRow).getByText('Pending Approval')).toBeInTheDocument();
    expect(within(cableRow).getByRole('button', { name: 'Approve USB Cable' })).toBeInTheDocument();

    expect(screen.getByText('Showing 2 of 120 products')).toBeInTheDocument();
    const footerCounts = await screen.findByRole('list', { name: 'Product counts' });
    expect(footerCounts).toHaveTextContent('100 active');
    expect(footerCounts).toHaveTextContent('90 in stock');
    expect(footerCounts).toHaveTextContent('4 pending approval');
    expect(screen.getByRole('link', { name: 'Pending (4)' })).toHaveAttribute('href', '/admin/products/pending');
    expect(screen.getByRole('link', { name: 'Add New Product' })).toHaveAttribute('href', '/admin/products/new');
  });

  it("shows '10,000+' while the server stopped counting, and the rows' own count once the last page is in", async () => {
    signInAs('admin');
    fakeApi({
      [route(endpoints.products.staffList)]: (call: Call) =>
        call.url.searchParams.has('cursor')
          ? new Promise(() => undefined)
          : { success: true, products: [phone, cable], total: 10_000, totalRelation: 'gte', nextCursor: 'next-page' },
      [route(endpoints.products.counts)]: () => counts,
    });
    renderList();
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(screen.getByText('Showing 2 of 10,000+ products')).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-rowcount', '-1');
    cleanup();

    // A lower bound with no page after it: the rows loaded are the total.
    fakeApi({
      [route(endpoints.products.staffList)]: () => ({
        success: true,
        products: [phone, cable],
        total: 10_000,
        totalRelation: 'gte',
        nextCursor: null,
      }),
      [route(endpoints.products.counts)]: () => counts,
    });
    renderList();
    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
  });

  it('asks the server with the search, once typing pauses, and the filters; chips and Clear all undo them', async () => {
    signInAs('admin');
    const api = listApi();
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table', { name: 'Products' });

    await user.type(screen.getByLabelText('Search products'), 'galaxy');
    await waitFor(() =>
      expect(api.callsTo(endpoints.products.staffList).at(-1)?.url.searchParams.get('search')).toBe('galaxy'),
    );
    // One request for the typed word, not one per keystroke.
    expect(api.calls.filter((c) => c.url.searchParams.has('search'))).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await user.selectOptions(screen.getByLabelText('Stock'), 'Out of Stock');
    await user.selectOptions(screen.getByLabelText('Approval'), 'Pending Approval');
    await waitFor(() => {
      const params = api.callsTo(endpoints.products.staffList).at(-1)?.url.searchParams;
      expect(params?.get('status')).toBe('inactive');
      expect(params?.get('stock')).toBe('out-of-stock');
      expect(params?.get('approval')).toBe('pending');
      expect(params?.get('limit')).toBe('50');
    });

    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Search: "galaxy"', 'Status: Inactive', 'Stock: Out of Stock', 'Approval: Pending Approval']);
    expect(screen.getByRole('region', { name: 'Filters' })).toHaveTextContent('Filters4 active');

    await user.click(screen.getByRole('button', { name: 'Remove filter Stock: Out of Stock' }));
    expect(screen.getByLabelText('Stock')).toHaveValue('all');

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('Filters cleared!')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search products')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('all');
  });

  it('approves a product and tells so', async () => {
    signInAs('admin');
    const api = listApi();
    const user = userEvent.setup();
    renderList();

    await user.click(await screen.findByRole('button', { name: 'Approve USB Cable' }));

    expect(await screen.findByText('Product approved successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.products.review, { id: '101' })[0]?.body).toEqual({
      isApproved: true,
      updatedAt: cable.updatedAt,
    });
  });

  it('deletes a product after the confirmation', async () => {
    signInAs('admin');
    const api = listApi();
    const user = userEvent.setup();
    renderList();

    await user.click(await screen.findByRole('button', { name: 'Delete Galaxy Phone' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Product' });
    expect(dialog).toHaveTextContent('This action cannot be undone');
    expect(dialog).toHaveTextContent('along with its data and images');
    expect(dialog).toHaveTextContent('Orders that sold it keep their lines');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Product' }));

    expect(await screen.findByText('Product deleted successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo(endpoints.products.remove, { id: phone._id })).toHaveLength(1);
  });

  it('says so when no product exists, offering to add the first', async () => {
    signInAs('admin');
    listApi([], 0);
    renderList();

    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add First Product' })).toHaveAttribute('href', '/admin/products/new');
  });

  it('offers no first product when filters hide them all', async () => {
    signInAs('admin');
    listApi([], 0);
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByRole('link', { name: 'Add First Product' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Add First Product' })).not.toBeInTheDocument());
    expect(screen.getByText('No products found')).toBeInTheDocument();
  });

  it('keeps a filter chosen while the search was still waiting to be sent', async () => {
    signInAs('admin');
    const api = listApi();
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table', { name: 'Products' });

    await user.type(screen.getByLabelText('Search products'), 'galaxy');
    await user.selectOptions(screen.getByLabelText('Stock'), 'In Stock');

    await waitFor(() => {
      const params = api.callsTo(endpoints.products.staffList).at(-1)?.url.searchParams;
      expect(params?.get('search')).toBe('galaxy');
      expect(params?.get('stock')).toBe('in-stock');
    });
    expect(screen.getByLabelText('Stock')).toHaveValue('in-stock');
  });
});

describe('ProductListPage bulk actions (admin)', () => {
  it('approves the selected products after asking, sends each version shown, and lists the skipped ones', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.products.staffList)]: () => ({
        success: true,
        products: [phone, cable],
        total: 2,
        nextCursor: null,
      }),
      [route(endpoints.products.counts)]: () => counts,
      [route(endpoints.products.bulk)]: () => ({
        success: true,
        message: '1 approved, 1 skipped',
        done: 1,
        refused: [{ _id: phone._id, message: 'Not awaiting approval' }],
      }),
    });
    const user = userEvent.setup();
    renderList();

    await user.click(await screen.findByRole('checkbox', { name: 'Select Galaxy Phone' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select USB Cable' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 products selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all loaded products' })).toBeChecked();

    await user.click(within(bar).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve 2 products?' });
    // Nothing is sent before the answer to the question.
    expect(api.callsTo(endpoints.products.bulk)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(api.callsTo(endpoints.products.bulk)).toHaveLength(1));
    expect(api.callsTo(endpoints.products.bulk)[0]?.body).toEqual({
      action: 'approve',
      ids: [phone._id, cable._id],
      versions: [phone.updatedAt, cable.updatedAt],
    });
    const result = await screen.findByRole('region', { name: 'Bulk action result' });
    expect(within(result).getByRole('status')).toHaveTextContent('1 approved, 1 skipped');
    expect(within(result).getByText('Galaxy Phone')).toBeInTheDocument();
    expect(result).toHaveTextContent('Galaxy Phone: Not awaiting approval');
    // The selection is spent.
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('acts on every product the filters select when all matching are chosen, and offers nothing to a vendor', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.products.staffList)]: () => ({
        success: true,
        products: [phone, cable],
        total: 40,
        nextCursor: 'next',
      }),
      [route(endpoints.products.counts)]: () => counts,
      [route(endpoints.products.bulk)]: () => ({ success: true, message: '40 deactivated', done: 40, refused: [] }),
    });
    const user = userEvent.setup();
    renderScreen(<ProductListPage />, { route: '/admin/products', path: '/admin/products?status=active' });

    await user.click(await screen.findByRole('checkbox', { name: 'Select all loaded products' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Select all 40 products matching these filters' }));
    expect(within(bar).getByText('All 40 products matching these filters selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Deactivate 40 products?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await waitFor(() => expect(api.callsTo(endpoints.products.bulk)).toHaveLength(1));
    expect(api.callsTo(endpoints.products.bulk)[0]?.body).toEqual({
      action: 'deactivate',
      filter: { status: 'active' },
    });

    cleanup();
    signInAs('vendor');
    listApi();
    renderList();
    await screen.findByRole('table', { name: 'Products' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('ProductListPage filters in the address', () => {
  const lastRequest = (api: ReturnType<typeof listApi>) =>
    api.callsTo(endpoints.products.staffList).at(-1)?.url.searchParams;

  it('opens with the filters its address names, ignoring unknown values', async () => {
    signInAs('admin');
    const api = listApi();
    renderScreen(<ProductListPage />, {
      route: '/admin/products',
      path: '/admin/products?search=lamp&status=inactive&stock=bogus&approval=pending',
    });
    await screen.findByRole('table', { name: 'Products' });

    expect(screen.getByLabelText('Search products')).toHaveValue('lamp');
    expect(screen.getByLabelText('Status')).toHaveValue('inactive');
    expect(screen.getByLabelText('Stock')).toHaveValue('all');
    expect(screen.getByLabelText('Approval')).toHaveValue('pending');
    const params = lastRequest(api);
    expect(params?.get('search')).toBe('lamp');
    expect(params?.get('status')).toBe('inactive');
    expect(params?.has('stock')).toBe(false);
    // Every request of the page carried the filters: none went out unfiltered first.
    expect(
      api.callsTo(endpoints.products.staffList).every((c) => c.url.searchParams.get('status') === 'inactive'),
    ).toBe(true);
  });

  it('writes each filter into the address, replacing the entry, and remembers it for the way back', async () => {
    signInAs('admin');
    listApi();
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByRole('table', { name: 'Products' });

    await user.selectOptions(screen.getByLabelText('Stock'), 'In Stock');
    await user.type(screen.getByLabelText('Search products'), 'galaxy');
    await waitFor(() => expect(router.state.location.search).toBe('?search=galaxy&stock=in-stock'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(productListPath()).toBe('/admin/products?search=galaxy&stock=in-stock');

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(productListPath()).toBe('/admin/products');
  });

  it('adopts an address changed elsewhere, such as the sidebar link to the bare list', async () => {
    signInAs('admin');
    const api = listApi();
    const { router } = renderScreen(<ProductListPage />, {
      route: '/admin/products',
      path: '/admin/products?search=lamp&status=inactive',
    });
    await screen.findByRole('table', { name: 'Products' });

    await act(() => router.navigate('/admin/products'));
    await waitFor(() => expect(screen.getByLabelText('Search products')).toHaveValue(''));
    expect(screen.getByLabelText('Status')).toHaveValue('all');
    await waitFor(() => {
      const params = lastRequest(api);
      expect(params?.has('search')).toBe(false);
      expect(params?.has('status')).toBe(false);
    });
  });
});

describe('ProductListPage (vendor)', () => {
  it('shows where their products stand, without approval filter, buttons or pending link', async () => {
    signInAs('vendor');
    listApi([cable], 1);
    renderList();

    const row = await screen.findByRole('row', { name: /USB Cable/ });
    expect(within(row).getByText('Pending Approval')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Approval')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Pending \(/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Product counts' })).not.toHaveTextContent('pending approval');
  });
});
