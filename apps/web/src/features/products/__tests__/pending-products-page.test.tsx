import { api as endpoints, productMessages } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { PendingProductsPage } from '../pages/pending-products-page';
import { type Call, fakeApi, makeProduct, renderScreen, route, signInAs, timestamps } from './support';

const vendorRef = { _id: '7', businessName: 'Ravi Traders', name: 'Ravi' };
const lamp = makeProduct({
  _id: '301',
  name: 'Desk Lamp',
  status: 'pending',
  isApproved: false,
  approvalStatus: 'pending',
  vendor: vendorRef,
  subcategory: { _id: '11', name: 'Lighting' },
});
const kettle = makeProduct({
  _id: '302',
  name: 'Kettle',
  status: 'pending',
  isApproved: false,
  approvalStatus: 'pending',
  vendor: vendorRef,
});

function pendingApi(products = [lamp, kettle], more: Parameters<typeof fakeApi>[0] = {}) {
  let waiting = [...products];
  const review = (call: Call) => {
    const id = call.url.pathname.split('/').at(-1);
    const product = waiting.find((p) => p._id === id);
    waiting = waiting.filter((p) => p._id !== id);
    const approved = (call.body as { isApproved: boolean }).isApproved;
    return {
      success: true,
      message: approved ? productMessages.approved : productMessages.rejected,
      product: { ...product, isApproved: approved, approvalStatus: approved ? 'approved' : 'rejected' },
    };
  };
  return fakeApi({
    [route(endpoints.products.pending)]: () => ({
      success: true,
      products: waiting,
      total: waiting.length,
      nextCursor: null,
    }),
    [route(endpoints.vendors.list)]: () => ({
      success: true,
      vendors: [
        {
          ...vendorRef,
          email: 'ravi@example.com',
          phoneNumber: '1',
          address: 'Pune',
          status: 'approved',
          ...timestamps,
        },
      ],
    }),
    [route(endpoints.categories.list)]: () => ({
      success: true,
      categories: [
        { _id: '10', name: 'Electronics', imageUrl: '', subcategoryCount: 0, productCount: 2, ...timestamps },
      ],
    }),
    [route(endpoints.products.review, { id: '301' })]: review,
    [route(endpoints.products.review, { id: '302' })]: review,
    [route(endpoints.products.reviewRevision, { id: '9' })]: () => {
      const product = waiting.find((p) => p.revision?._id === '9');
      waiting = waiting.filter((p) => p !== product);
      return { success: true, message: productMessages.revisionApproved, product: { ...product, revision: null } };
    },
    ...more,
  });
}

const renderPending = () =>
  renderScreen(<PendingProductsPage />, { route: '/admin/products/pending', path: '/admin/products/pending' });

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('PendingProductsPage', () => {
  it('shows the banner and a card per product with its details and actions', async () => {
    signInAs('admin');
    pendingApi();
    renderPending();

    expect(await screen.findByText('2 products awaiting approval')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Desk Lamp' });
    for (const text of [
      'Ravi Traders',
      'Pending Approval',
      'A fine product',
      'Acme',
      lamp.sku,
      'Rs.90.00',
      'Lighting',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/admin/products/301?from=pending',
    );
    expect(screen.getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/admin/products');
  });

  it('approves one and rejects the other; each leaves the list', async () => {
    signInAs('admin');
    const api = pendingApi();
    const user = userEvent.setup();
    renderPending();

    const lampCard = await screen.findByRole('article', { name: 'Desk Lamp' });
    await user.click(within(lampCard).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Product approved successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Desk Lamp' })).not.toBeInTheDocument());
    expect(await screen.findByText('1 product awaiting approval')).toBeInTheDocument();

    await user.click(within(screen.getByRole('article', { name: 'Kettle' })).getByRole('button', { name: 'Reject' }));
    // Rejecting asks first, and for a reason (issue 12).
    const dialog = await screen.findByRole('dialog', { name: 'Reject Product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject Product' }));
    expect(await within(dialog).findByText(productMessages.rejectReasonRequired)).toBeInTheDocument();
    expect(api.callsTo(endpoints.products.review, { id: '302' })).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason for rejection'), 'Blurry photos');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Product' }));
    expect(await screen.findByText('Product rejected successfully!')).toBeInTheDocument();
    expect(await screen.findByText('No pending products')).toBeInTheDocument();
    expect(screen.getByText('All products have been reviewed. Great job!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.products.review, { id: '302' })[0]?.body).toEqual({
      isApproved: false,
      reason: 'Blurry photos',
      updatedAt: kettle.updatedAt,
    });
  });

  it('approves the selected products at once after asking, and names each one skipped', async () => {
    signInAs('admin');
    const api = pendingApi(undefined, {
      [route(endpoints.products.bulk)]: () => ({
        success: true,
        message: '1 approved, 1 skipped',
        done: 1,
        refused: [{ _id: kettle._id, message: 'Changed since it was selected. Review it again.' }],
      }),
    });
    const user = userEvent.setup();
    renderPending();

    await user.click(await screen.findByRole('checkbox', { name: 'Select all loaded products' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 products selected')).toBeInTheDocument();
    // The queue reviews: Approve and Reject, nothing else.
    expect(within(bar).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve 2 products?' });
    expect(api.callsTo(endpoints.products.bulk)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(api.callsTo(endpoints.products.bulk)).toHaveLength(1));
    expect(api.callsTo(endpoints.products.bulk)[0]?.body).toEqual({
      action: 'approve',
      ids: [lamp._id, kettle._id],
      versions: [lamp.updatedAt, kettle.updatedAt],
    });
    const result = await screen.findByRole('region', { name: 'Bulk action result' });
    expect(result).toHaveTextContent('Kettle: Changed since it was selected. Review it again.');
  });

  it('says that nothing matches the filters, not that all is reviewed, when a filter empties the queue', async () => {
    signInAs('admin');
    pendingApi([]);
    renderScreen(<PendingProductsPage />, {
      route: '/admin/products/pending',
      path: '/admin/products/pending?vendor=7',
    });
    expect(await screen.findByText('No products match these filters')).toBeInTheDocument();
    expect(screen.queryByText('All products have been reviewed. Great job!')).not.toBeInTheDocument();
  });

  it("shows a vendor's pending changes to a live product, before and after, and approves them", async () => {
    signInAs('admin');
    const revised = makeProduct({
      _id: '303',
      name: 'Teapot',
      vendor: vendorRef,
      revision: {
        _id: '9',
        status: 'pending',
        reason: null,
        changes: [{ field: 'name', label: 'Product Name', before: 'Teapot', after: 'Glass Teapot' }],
        proposed: {
          name: 'Glass Teapot',
          productDetails: 'A fine product',
          brand: 'Acme',
          color: null,
          model: null,
          warrantyPeriod: 'No Warranty',
          manufacturer: null,
          category: { _id: '10', name: 'Electronics' },
          subcategory: null,
          images: [],
        },
        reviewedAt: null,
        createdAt: '2026-11-02T10:00:00.000Z',
        updatedAt: '2026-11-02T10:00:00.000Z',
      },
    });
    const api = pendingApi([revised]);
    const user = userEvent.setup();
    renderPending();

    const card = await screen.findByRole('article', { name: 'Teapot' });
    expect(within(card).getByText('Changes Pending')).toBeInTheDocument();
    const changes = within(card).getByRole('region', { name: 'Proposed changes' });
    expect(within(changes).getByText('Product Name')).toBeInTheDocument();
    expect(within(changes).getByText('Glass Teapot')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(productMessages.revisionApproved)).toBeInTheDocument();
    expect(api.callsTo(endpoints.products.reviewRevision, { id: '9' })[0]?.body).toEqual({
      isApproved: true,
      updatedAt: '2026-11-02T10:00:00.000Z',
    });
  });

  it('asks the server for one vendor and one category', async () => {
    signInAs('admin');
    const api = pendingApi();
    const user = userEvent.setup();
    renderPending();

    await user.selectOptions(
      screen.getByLabelText('Vendor'),
      await screen.findByRole('option', { name: 'Ravi Traders' }),
    );
    await user.selectOptions(
      screen.getByLabelText('Category'),
      await screen.findByRole('option', { name: 'Electronics' }),
    );

    await waitFor(() => {
      const params = api.callsTo(endpoints.products.pending).at(-1)?.url.searchParams;
      expect(params?.get('vendor')).toBe('7');
      expect(params?.get('category')).toBe('10');
    });
  });

  it('keeps the vendor and category in the address, replacing the entry, and opens on the address', async () => {
    signInAs('admin');
    const api = pendingApi();
    const user = userEvent.setup();
    const { router } = renderPending();

    await user.selectOptions(
      screen.getByLabelText('Vendor'),
      await screen.findByRole('option', { name: 'Ravi Traders' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?vendor=7'));
    expect(router.state.historyAction).toBe('REPLACE');

    cleanup();
    renderScreen(<PendingProductsPage />, {
      route: '/admin/products/pending',
      path: '/admin/products/pending?category=10',
    });
    await screen.findByRole('option', { name: 'Electronics' });
    expect(screen.getByLabelText('Category')).toHaveValue('10');
    expect(screen.getByLabelText('Vendor')).toHaveValue('');
    await waitFor(() => {
      const params = api.callsTo(endpoints.products.pending).at(-1)?.url.searchParams;
      expect(params?.get('category')).toBe('10');
      expect(params?.get('vendor') ?? '').toBe('');
    });
  });
});
