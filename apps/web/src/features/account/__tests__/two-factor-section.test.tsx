import { api as endpoints, securityMessages } from '@haat/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../../app/require-auth';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs } from '../../../test/screen-kit';
import { MailPreferencesSection } from '../components/mail-preferences-section';
import { TwoFactorSection } from '../components/two-factor-section';

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

describe('TwoFactorSection', () => {
  it('sets up with the QR code, turns on with a code and shows the recovery codes once', async () => {
    signInAs('admin');
    let enabled = false;
    const api = fakeApi({
      [route(endpoints.security.twoFactorStatus)]: () => ({
        success: true,
        enabled,
        recoveryCodesLeft: enabled ? 10 : 0,
        requiredForStaff: false,
      }),
      [route(endpoints.security.twoFactorSetup)]: () => ({
        success: true,
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Haat:admin?secret=JBSWY3DPEHPK3PXP',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      }),
      [route(endpoints.security.twoFactorEnable)]: () => {
        enabled = true;
        return { success: true, message: 'Two-factor sign-in is on', recoveryCodes: codes };
      },
    });
    const user = userEvent.setup();
    renderScreen(<TwoFactorSection />);
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const region = await screen.findByRole('region', { name: 'Recovery codes' });
    expect(region).toHaveTextContent('code0-abcde');
    expect(api.callsTo(endpoints.security.twoFactorEnable)[0]?.body).toEqual({ code: '123456' });
    expect(await screen.findByText(/Recovery codes left: 10/)).toBeInTheDocument();
  });
});

describe('require two-factor sign-in for staff (decision 0147)', () => {
  const status = (enabled: boolean) => () => ({
    success: true,
    enabled,
    recoveryCodesLeft: enabled ? 10 : 0,
    requiredForStaff: true,
  });

  it('lets the Owner turn the store setting on', async () => {
    signInAs('admin', { staffRole: 'owner' });
    let required = false;
    const api = fakeApi({
      [route(endpoints.security.twoFactorStatus)]: status(true),
      [route(endpoints.security.settings)]: () => ({ success: true, requireTwoFactorForStaff: required }),
      [route(endpoints.security.saveSettings)]: ({ body }) => {
        required = (body as { requireTwoFactorForStaff: boolean }).requireTwoFactorForStaff;
        return { success: true, requireTwoFactorForStaff: required };
      },
    });
    const user = userEvent.setup();
    renderScreen(<TwoFactorSection />);
    const toggle = await screen.findByRole('checkbox', { name: 'Require two-factor sign-in for staff' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(api.callsTo(endpoints.security.saveSettings)[0]?.body).toEqual({ requireTwoFactorForStaff: true });
    expect(await screen.findByRole('checkbox', { name: 'Require two-factor sign-in for staff' })).toBeChecked();
  });

  it('shows no switch to staff without staff:write', async () => {
    signInAs('admin', { staffRole: 'orders', permissions: ['orders:read'] });
    fakeApi({ [route(endpoints.security.twoFactorStatus)]: status(true) });
    renderScreen(<TwoFactorSection />);
    expect(await screen.findByText(/Recovery codes left: 10/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Require two-factor sign-in for staff' })).toBeNull();
  });

  it('sends staff who must set it up to Profile → Security', async () => {
    signInAs('admin', { staffRole: 'orders', permissions: ['orders:read'], twoFactorSetupRequired: true });
    renderScreen(
      <RequireAuth>
        <p>Orders screen</p>
      </RequireAuth>,
      { route: '/admin/orders', path: '/admin/orders' },
    );
    expect(await screen.findByText('Elsewhere: /admin/profile')).toBeInTheDocument();
    expect(screen.queryByText('Orders screen')).toBeNull();
  });

  it('tells staff why, and opens the back office again once it is on', async () => {
    signInAs('admin', { staffRole: 'orders', permissions: ['orders:read'], twoFactorSetupRequired: true });
    let enabled = false;
    fakeApi({
      [route(endpoints.security.twoFactorStatus)]: () => status(enabled)(),
      [route(endpoints.security.twoFactorSetup)]: () => ({
        success: true,
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Haat:admin?secret=JBSWY3DPEHPK3PXP',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      }),
      [route(endpoints.security.twoFactorEnable)]: () => {
        enabled = true;
        return { success: true, message: 'Two-factor sign-in is on', recoveryCodes: codes };
      },
    });
    const user = userEvent.setup();
    renderScreen(<TwoFactorSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent(securityMessages.staffTwoFactorSetupRequired);
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('region', { name: 'Recovery codes' });
    expect(sessionStore.get()?.user.twoFactorSetupRequired).toBeUndefined();
    expect(screen.queryByText(securityMessages.staffTwoFactorSetupRequired)).toBeNull();
  });
});

describe('MailPreferencesSection', () => {
  it('turns a mail off as it is unticked', async () => {
    signInAs('vendor');
    const api = fakeApi({
      [route(endpoints.mail.preferences)]: () => ({
        success: true,
        preferences: [{ template: 'payout-paid', label: 'Payouts paid', enabled: true }],
      }),
      [route(endpoints.mail.savePreferences)]: () => ({
        success: true,
        preferences: [{ template: 'payout-paid', label: 'Payouts paid', enabled: false }],
      }),
    });
    const user = userEvent.setup();
    renderScreen(<MailPreferencesSection />);
    await user.click(await screen.findByRole('checkbox', { name: 'Payouts paid' }));
    expect(await screen.findByRole('checkbox', { name: 'Payouts paid' })).not.toBeChecked();
    expect(api.callsTo(endpoints.mail.savePreferences)[0]?.body).toEqual({
      preferences: [{ template: 'payout-paid', enabled: false }],
    });
  });
});
