import { api as endpoints, staffRolePermissions } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { StaffPage } from '../pages/staff-page';

const owner = { _id: '1', name: 'Olivia Owner', email: 'admin@example.com', role: 'owner' as const, ...timestamps };
const support = { _id: '7', name: 'Sam Support', email: 'sam@example.com', role: 'support' as const, ...timestamps };
const invitation = {
  _id: '3',
  name: 'Farah',
  email: 'farah@example.com',
  role: 'finance',
  expiresAt: '2026-12-08T10:00:00.000Z',
  createdAt: '2026-12-01T10:00:00.000Z',
};

function staffApi() {
  return fakeApi({
    [route(endpoints.staff.list)]: () => ({ success: true, members: [owner, support], invitations: [invitation] }),
    [route(endpoints.staff.invite)]: (call) => ({
      success: true,
      message: 'Invitation sent',
      invitation: { ...invitation, _id: '4', ...(call.body as object) },
    }),
    [route(endpoints.staff.setRole, { id: '7' })]: () => ({
      success: true,
      message: 'Role updated',
      member: { ...support, role: 'orders' },
    }),
    [route(endpoints.staff.remove, { id: '7' })]: () => ({ success: true, message: 'Staff member removed' }),
  });
}

let undoLayout: () => void;
beforeEach(() => {
  undoLayout = stubLayout();
});
afterEach(() => {
  undoLayout();
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

const signInOwner = () => signInAs('admin', { staffRole: 'owner', permissions: [...staffRolePermissions.owner] });

describe('StaffPage', () => {
  it('lists the staff with their roles and the invitations waiting; the Owner is not changeable', async () => {
    signInOwner();
    staffApi();
    renderScreen(<StaffPage />);
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(within(table).getByText('Olivia Owner')).toBeInTheDocument();
    expect(within(table).getByText('Owner')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Remove Olivia Owner' })).not.toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Role of Sam Support' })).toHaveValue('support');
    expect(screen.getByRole('region', { name: 'Invitations waiting' })).toHaveTextContent(
      'Farah (farah@example.com) as Finance',
    );
  });

  it('invites by e-mail with a role', async () => {
    signInOwner();
    const fake = staffApi();
    const user = userEvent.setup();
    renderScreen(<StaffPage />);
    await user.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const form = screen.getByRole('form', { name: 'Invite a staff member' });
    await user.type(within(form).getByLabelText(/Email/), 'farah@example.com');
    await user.type(within(form).getByLabelText(/Name/), 'Farah Finance');
    await user.selectOptions(within(form).getByLabelText(/Role/), 'finance');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fake.callsTo(endpoints.staff.invite)).toHaveLength(1));
    expect(fake.callsTo(endpoints.staff.invite)[0]?.body).toEqual({
      email: 'farah@example.com',
      name: 'Farah Finance',
      role: 'finance',
    });
  });

  it('changes a role with the version shown, and removes after a confirmation', async () => {
    signInOwner();
    const fake = staffApi();
    const user = userEvent.setup();
    renderScreen(<StaffPage />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Sam Support' }), 'orders');
    await waitFor(() => expect(fake.callsTo(endpoints.staff.setRole, { id: '7' })).toHaveLength(1));
    expect(fake.callsTo(endpoints.staff.setRole, { id: '7' })[0]?.body).toEqual({
      role: 'orders',
      updatedAt: timestamps.updatedAt,
    });

    await user.click(screen.getByRole('button', { name: 'Remove Sam Support' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('signed out everywhere');
    expect(fake.callsTo(endpoints.staff.remove, { id: '7' })).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fake.callsTo(endpoints.staff.remove, { id: '7' })).toHaveLength(1));
  });

  it('shows each member as a card on a phone (390 px)', async () => {
    stubScreenWidth(390);
    signInOwner();
    staffApi();
    renderScreen(<StaffPage />);
    const card = await screen.findByRole('article', { name: 'Sam Support' });
    expect(within(card).getByRole('combobox', { name: 'Role of Sam Support' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Remove Sam Support' })).toBeInTheDocument();
  });
});
