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

/** `POST /api/auth/invitations/accept` (issue 36): answers a session like sign-in. */
export function useAcceptInvitation() {
  return useMutation({ mutationFn: (body: AcceptInvitationBodyInput) => client.invitations.accept({ body }) });
}
