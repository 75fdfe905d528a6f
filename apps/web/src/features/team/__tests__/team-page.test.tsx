import { api as endpoints } from '@haat/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs, stubLayout } from '../../../test/screen-kit';
import { TeamPage } from '../pages/team-page';

const joinedAt = '2026-11-01T10:00:00.000Z';
const owner = { _id: '2', name: 'Vendor One', email: 'vendor@example.com', role: 'owner' as const, joinedAt };
const manager = { _id: '8', name: 'Mira Manager', email: 'mira@example.com', role: 'manager' as const, joinedAt };
const packer = { _id: '9', name: 'Pooja Packer', email: 'pooja@example.com', role: 'staff' as const, joinedAt };

function teamApi() {
  return fakeApi({
    [route(endpoints.team.list)]: () => ({ success: true, members: [owner, manager, packer], invitations: [] }),
    [route(endpoints.team.invite)]: (call) => ({
      success: true,
      message: 'Invitation sent',
      invitation: {
        _id: '5',
        ...(call.body as { email: string; name: string; role: string }),
        expiresAt: joinedAt,
        createdAt: joinedAt,
      },
    }),
    [route(endpoints.team.setRole, { userId: '8' })]: () => ({
      success: true,
      message: 'Ownership handed over',
      member: { ...manager, role: 'owner' },
    }),
    [route(endpoints.team.remove, { userId: '9' })]: () => ({ success: true, message: 'Member removed' }),
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

describe('TeamPage', () => {
  it('lets the owner invite a member with a role', async () => {
    signInAs('vendor', { teamRole: 'owner' });
    const fake = teamApi();
    const user = userEvent.setup();
    renderScreen(<TeamPage />);
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const form = screen.getByRole('form', { name: 'Invite a team member' });
    await user.type(within(form).getByLabelText(/Email/), 'pooja@example.com');
    await user.type(within(form).getByLabelText(/Name/), 'Pooja Packer');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fake.callsTo(endpoints.team.invite)).toHaveLength(1));
    expect(fake.callsTo(endpoints.team.invite)[0]?.body).toEqual({
      email: 'pooja@example.com',
      name: 'Pooja Packer',
      role: 'staff',
    });
  });

  it('hands ownership to a manager after a confirmation, and the session becomes a manager', async () => {
    signInAs('vendor', { teamRole: 'owner' });
    const fake = teamApi();
    const user = userEvent.setup();
    renderScreen(<TeamPage />);
    const table = await screen.findByRole('table', { name: 'Team' });
    expect(within(table).queryByRole('button', { name: 'Make Pooja Packer the owner' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Make Mira Manager the owner' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }));
    await waitFor(() => expect(fake.callsTo(endpoints.team.setRole, { userId: '8' })).toHaveLength(1));
    expect(fake.callsTo(endpoints.team.setRole, { userId: '8' })[0]?.body).toEqual({ role: 'owner' });
    await waitFor(() => expect(sessionStore.get()?.user.teamRole).toBe('manager'));
  });

  it('removes a member after a confirmation', async () => {
    signInAs('vendor', { teamRole: 'owner' });
    const fake = teamApi();
    const user = userEvent.setup();
    renderScreen(<TeamPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove Pooja Packer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fake.callsTo(endpoints.team.remove, { userId: '9' })).toHaveLength(1));
  });

  it('shows a staff member the team without the owner’s controls', async () => {
    signInAs('vendor', { teamRole: 'staff' });
    teamApi();
    renderScreen(<TeamPage />);
    const table = await screen.findByRole('table', { name: 'Team' });
    expect(within(table).getByText('Pooja Packer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite member' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
