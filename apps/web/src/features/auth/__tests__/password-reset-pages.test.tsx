import { api as endpoints, securityMessages } from '@haat/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route } from '../../../test/screen-kit';
import { ForgotPasswordPage } from '../pages/forgot-password-page';
import { LoginPage } from '../pages/login-page';
import { ResetPasswordPage } from '../pages/reset-password-page';

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('ForgotPasswordPage', () => {
  it('asks for a link and shows the same answer whatever the address', async () => {
    const api = fakeApi({
      [route(endpoints.security.resetRequest)]: () =>
        reply(202, { success: true, message: securityMessages.resetRequested }),
    });
    const user = userEvent.setup();
    renderScreen(<ForgotPasswordPage />);
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(securityMessages.resetRequested);
    expect(api.callsTo(endpoints.security.resetRequest)[0]?.body).toEqual({ email: 'admin@example.com' });
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password with the link’s token and goes to sign in', async () => {
    const api = fakeApi({
      [route(endpoints.security.resetConfirm)]: () => ({ success: true, message: securityMessages.resetDone }),
    });
    const user = userEvent.setup();
    renderScreen(<ResetPasswordPage />, { route: '/reset-password', path: '/reset-password?token=abc123' });
    await user.type(screen.getByLabelText('New Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Elsewhere: /login')).toBeInTheDocument();
    expect(api.callsTo(endpoints.security.resetConfirm)[0]?.body).toEqual({
      token: 'abc123',
      password: 'brand-new-pass',
    });
  });

  it('shows the server’s refusal of a used link', async () => {
    fakeApi({
      [route(endpoints.security.resetConfirm)]: () =>
        reply(400, { success: false, message: securityMessages.resetTokenInvalid, code: 'BAD_REQUEST' }),
    });
    const user = userEvent.setup();
    renderScreen(<ResetPasswordPage />, { route: '/reset-password', path: '/reset-password?token=used' });
    await user.type(screen.getByLabelText('New Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(securityMessages.resetTokenInvalid);
  });
});

describe('LoginPage with two-factor sign-in', () => {
  it('links to Forgot password?, then asks for the code and signs in with it', async () => {
    const user = { _id: '1', name: 'Admin', email: 'admin@example.com', role: 'admin' };
    const token = `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 7200 }))}.sig`;
    const api = fakeApi({
      [route(endpoints.auth.login)]: () => ({
        success: true,
        message: securityMessages.twoFactorRequired,
        twoFactorRequired: true,
        challenge: 'challenge-1',
      }),
      [route(endpoints.security.twoFactorVerify)]: () => ({
        success: true,
        message: 'Logged in successfully',
        token,
        user,
      }),
    });
    const events = userEvent.setup();
    renderScreen(<LoginPage />);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await events.type(screen.getByLabelText('Email'), 'admin@example.com');
    await events.type(screen.getByLabelText('Password'), 'secret123');
    await events.click(screen.getByRole('button', { name: 'Sign In' }));
    await events.type(await screen.findByLabelText('Authentication code'), '123456');
    await events.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Elsewhere: /admin/dashboard')).toBeInTheDocument();
    expect(api.callsTo(endpoints.security.twoFactorVerify)[0]?.body).toEqual({
      challenge: 'challenge-1',
      code: '123456',
    });
    expect(sessionStore.get()?.user.email).toBe('admin@example.com');
  });
});
