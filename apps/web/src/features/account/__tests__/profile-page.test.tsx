import { api as endpoints } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs } from '../../../test/screen-kit';
import { ProfilePage } from '../pages/profile-page';

const vendorProfile = {
  _id: '2',
  name: 'Vendor One',
  email: 'vendor@example.com',
  role: 'vendor',
  business: { businessName: 'One Traders', phoneNumber: '+91 90000 00000', address: '1 MG Road' },
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const findToast = (text: string) => screen.findByText(text, { selector: '[data-title]' });

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it("saves a vendor's name and business details with the version it opened, and the session takes the name", async () => {
    signInAs('vendor');
    const api = fakeApi({
      [route(endpoints.account.profile)]: () => ({ success: true, profile: vendorProfile }),
      [route(endpoints.account.updateProfile)]: (call) => ({
        success: true,
        profile: { ...vendorProfile, ...(call.body as object), updatedAt: '2026-11-02T10:00:00.000Z' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<ProfilePage />);
    const form = await screen.findByRole('form', { name: 'Profile' });
    await user.clear(within(form).getByLabelText('Full Name'));
    await user.type(within(form).getByLabelText('Full Name'), 'Vendor Renamed');
    await user.clear(within(form).getByLabelText('Business Name'));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Business name is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Business Name'), 'Renamed Traders');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Profile updated successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.account.updateProfile)[0]?.body).toEqual({
      name: 'Vendor Renamed',
      business: { businessName: 'Renamed Traders', phoneNumber: '+91 90000 00000', address: '1 MG Road' },
      updatedAt: '2026-11-01T10:00:00.000Z',
    });
    expect(sessionStore.get()?.user.name).toBe('Vendor Renamed');
  });

  it('changes the password and keeps this browser signed in with the fresh token', async () => {
    signInAs('admin');
    const freshToken = `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 7200 }))}.sig`;
    const api = fakeApi({
      [route(endpoints.account.profile)]: () => ({
        success: true,
        profile: { ...vendorProfile, _id: '1', role: 'admin', business: null },
      }),
      [route(endpoints.account.changePassword)]: (call) =>
        (call.body as { currentPassword: string }).currentPassword === 'right-one'
          ? {
              success: true,
              message: 'Password changed successfully! Other sessions have been signed out.',
              token: freshToken,
            }
          : reply(400, {
              success: false,
              code: 'VALIDATION_FAILED',
              message: 'Current password is incorrect',
              errors: { currentPassword: 'Current password is incorrect' },
            }),
    });
    const user = userEvent.setup();
    renderScreen(<ProfilePage />);
    const form = await screen.findByRole('form', { name: 'Security' });
    expect(screen.queryByLabelText('Business Name')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Current Password'), 'wrong-one');
    await user.type(within(form).getByLabelText('New Password'), '123');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await findToast('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('New Password'), '456');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await findToast('Current password is incorrect')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current Password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    );
    await user.clear(within(form).getByLabelText('Current Password'));
    await user.type(within(form).getByLabelText('Current Password'), 'right-one');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await findToast('Password changed successfully! Other sessions have been signed out.')).toBeInTheDocument();
    expect(sessionStore.get()?.token).toBe(freshToken);
    expect(api.callsTo(endpoints.account.changePassword)).toHaveLength(2);
  });
});
