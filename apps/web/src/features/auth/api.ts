import type { AcceptInvitationBodyInput, LoginBody } from '@haat/contract';
import { useMutation } from '@tanstack/react-query';
import { client } from '../../lib/api-client';

/** Spec section 8, Login. */
export const loginErrors = {
  failed: 'Login failed. Please try again.',
  noToken: 'Invalid token',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/** Sign-in (`authEndpoints.login`, `POST /api/auth/admin/login`). */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => client.auth.login({ body }) });
}

/** The second step of a two-factor sign-in (`POST /api/auth/2fa/verify`, issue 36). */
export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: (body: { challenge: string; code: string }) => client.security.twoFactorVerify({ body }),
  });
}

/** `POST /api/auth/password-reset/request`: the same answer whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => client.security.resetRequest({ body: { email } }) });
}

/** `POST /api/auth/password-reset/confirm`. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => client.security.resetConfirm({ body }),
  });
}

/** `POST /api/auth/verify-email`. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: (token: string) => client.security.verifyEmail({ body: { token } }) });
}

/** `POST /api/auth/invitations/accept` (issue 36): answers a session like sign-in. */
export function useAcceptInvitation() {
  return useMutation({ mutationFn: (body: AcceptInvitationBodyInput) => client.invitations.accept({ body }) });
}
