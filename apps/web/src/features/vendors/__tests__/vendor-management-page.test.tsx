import { api as endpoints } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import {
  fakeApi,
  renderScreen,
  route,
  signInAs,
  stubLayout,
  stubScreenWidth,
  timestamps,
} from '../../../test/screen-kit';
import { VendorManagementPage } from '../pages/vendor-management-page';

const vendor = (id: string, name: string, status: 'pending' | 'approved' | 'rejected', address = '12 MG Road') => ({
  _id: id,
  name,
  email: `${name.toLowerCase().replaceAll(' ', '.')}@example-long-domain.test`,
  businessName: `${name} Traders`,
  phoneNumber: '+91 98765 43210',
  address,
  status,
  ...timestamps,
});

const meera = vendor('1', 'Meera Nair', 'pending', 'A very long business address that goes on and on');
const ravi = vendor('2', 'Ravi Kumar', 'approved');

function vendorApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [route(endpoints.vendors.list)]: () => ({ success: true, vendors: [meera, ravi], total: 2, nextCursor: null }),
    [route(endpoints.vendors.counts)]: () => ({ success: true, total: 2, approved: 1, pending: 1, rejected: 0 }),
    ...extra,
  });
}

const findToast = (text: string | RegExp) => screen.findByText(text, { selector: '[data-title]' });
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

describe('VendorManagementPage', () => {
  it('lists vendors with truncated address and e-mail, the footer counts, and approve only on pending rows', async () => {
    signInAs('admin');
    vendorApi();
    renderScreen(<VendorManagementPage />);
    const table = await screen.findByRole('table', { name: 'Vendors' });
    expect(within(table).getByText('A very long business address t...')).toBeInTheDocument();
    expect(within(table).getAllByText('meera.nair@example-l...').length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 2 vendors')).toBeInTheDocument();
    expect(screen.getByText('Pending: 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve Meera Nair' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Ravi Kumar' })).not.toBeInTheDocument();
    // The load toast waits for a reload the user asks for (decision 0053).
    expect(screen.queryByText('Loaded 2 vendors successfully!')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await findToast('Loaded 2 vendors successfully!')).toBeInTheDocument();
  });

  it('approves a pending vendor with the progress and success toasts', async () => {
    signInAs('admin');
    const api = vendorApi({
      [route(endpoints.vendors.setStatus, { id: '1' })]: () => ({
        success: true,
        message: 'Vendor approved successfully!',
        vendor: { ...meera, status: 'approved' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<VendorManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Approve Meera Nair' }));
    expect(await findToast('Vendor approved successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.vendors.setStatus, { id: '1' })[0]?.body).toMatchObject({ status: 'approved' });
  });

  it('joins every failed rule of the add form in one toast, and editing a field clears its error', async () => {
    signInAs('admin');
    const api = vendorApi();
    const user = userEvent.setup();
    renderScreen(<VendorManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Add New Vendor' }));
    const form = screen.getByRole('form', { name: 'Add New Vendor' });
    await user.click(within(form).getByRole('button', { name: 'Create Vendor' }));
    expect(
      await findToast(
        'Name is required, Email is required, Password is required, Business name is required, Phone number is required, Address is required',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Full Name')).toHaveAccessibleDescription('Name is required');
    await user.type(within(form).getByLabelText('Full Name'), 'A');
    expect(within(form).getByLabelText('Full Name')).not.toHaveAccessibleDescription('Name is required');
    await user.type(within(form).getByLabelText('Email Address'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Create Vendor' }));
    expect(await findToast(/Invalid email format/)).toBeInTheDocument();
    expect(api.callsTo(endpoints.vendors.register)).toHaveLength(0);
    expect(within(form).queryByLabelText('Status')).not.toBeInTheDocument();
  });

  it('edits a vendor leaving the password empty and sends the version it opened', async () => {
    signInAs('admin');
    const api = vendorApi({
      [route(endpoints.vendors.update, { id: '2' })]: () => ({
        success: true,
        message: 'Vendor updated successfully!',
        vendor: ravi,
      }),
    });
    const user = userEvent.setup();
    renderScreen(<VendorManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Ravi Kumar' }));
    const form = screen.getByRole('form', { name: 'Edit Vendor' });
    expect(within(form).getByLabelText('Status')).toHaveValue('approved');
    await user.click(within(form).getByRole('button', { name: 'Update Vendor' }));
    expect(await findToast('Vendor updated successfully!')).toBeInTheDocument();
    const body = api.callsTo(endpoints.vendors.update, { id: '2' })[0]?.body as Record<string, unknown>;
    // Spec section 5: on edit an empty password is omitted, keeping the current one.
    expect(body).not.toHaveProperty('password');
    expect(body.updatedAt).toBe(ravi.updatedAt);
  });

  it('asks before deleting, and cancelling says so', async () => {
    signInAs('admin');
    const api = vendorApi();
    const user = userEvent.setup();
    renderScreen(<VendorManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Ravi Kumar' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Vendor' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete vendor "Ravi Kumar"? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await findToast('Vendor deletion cancelled')).toBeInTheDocument();
    expect(api.callsTo(endpoints.vendors.remove, { id: '2' })).toHaveLength(0);
  });

  it('shows a card per vendor below 768 px, with every action of its row', async () => {
    stubScreenWidth(390);
    signInAs('admin');
    const api = vendorApi();
    const user = userEvent.setup();
    renderScreen(<VendorManagementPage />);
    const list = await screen.findByRole('list', { name: 'Vendors' });
    expect(screen.queryByRole('table', { name: 'Vendors' })).not.toBeInTheDocument();
    const card = within(list).getByRole('article', { name: 'Meera Nair' });
    expect(within(card).getByText('A very long business address t...')).toBeInTheDocument();
    for (const action of ['View details of', 'Edit', 'Approve', 'Reject', 'Delete']) {
      expect(within(card).getByRole('button', { name: `${action} Meera Nair` })).toBeInTheDocument();
    }
    const approved = within(list).getByRole('article', { name: 'Ravi Kumar' });
    expect(within(approved).queryByRole('button', { name: 'Approve Ravi Kumar' })).not.toBeInTheDocument();
    await user.click(within(approved).getByRole('button', { name: 'Delete Ravi Kumar' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete Vendor' })).toBeInTheDocument();
    expect(api.callsTo(endpoints.vendors.remove, { id: '2' })).toHaveLength(0);
  });

  it('keeps the search and status in the address and sends them to the server', async () => {
    signInAs('admin');
    const api = vendorApi();
    const user = userEvent.setup();
    const { router } = renderScreen(<VendorManagementPage />, {
      route: '/admin/vendors',
      path: '/admin/vendors?status=pending',
    });
    await screen.findByRole('table', { name: 'Vendors' });
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('pending');
    await user.type(screen.getByRole('textbox', { name: 'Search vendors' }), 'meera');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?search=meera&status=pending'));
    await vi.waitFor(() =>
      expect(Object.fromEntries(api.callsTo(endpoints.vendors.list).at(-1)?.url.searchParams ?? [])).toMatchObject({
        search: 'meera',
        status: 'pending',
        limit: '50',
      }),
    );
  });

  it('shows the empty state with Add First Vendor', async () => {
    signInAs('admin');
    fakeApi({
      [route(endpoints.vendors.list)]: () => ({ success: true, vendors: [], total: 0, nextCursor: null }),
      [route(endpoints.vendors.counts)]: () => ({ success: true, total: 0, approved: 0, pending: 0, rejected: 0 }),
    });
    renderScreen(<VendorManagementPage />);
    expect(await screen.findByText('No vendors found')).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first vendor.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add First Vendor' })).toBeInTheDocument();
  });
});
