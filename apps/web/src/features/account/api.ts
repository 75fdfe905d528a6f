import type { PasswordChangeBody, ProfileBody } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import { sessionStore } from '../../lib/session';

/** The signed-in user's own account (user menu: Profile Settings and Security; decision 0050; `accountEndpoints`). */

/** The profile: name, e-mail, role, a vendor's business details and its version. */
export function useProfile() {
  return useQuery({ ...queries.account.profile.queryOptions(), staleTime: 0 });
}

/** Saves the name (and business details); the session's user takes the new name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => client.account.updateProfile({ body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queries.account.profile.queryKey(), answer);
      const session = sessionStore.get();
      if (session) sessionStore.start(session.token, { ...session.user, name: answer.profile.name });
    },
  });
}

/**
 * Changes the password. The server ends every session of the account and answers a
 * fresh token for this one, which replaces the stored token.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => client.account.changePassword({ body }),
    onSuccess: (answer) => {
      const session = sessionStore.get();
      if (session) sessionStore.start(answer.token, session.user);
    },
  });
}

/**
 * Signs this token out on the server (`POST /api/auth/logout`). Failing to reach the
 * server does not keep anyone signed in: the caller ends the local session regardless.
 */
export async function logoutOnServer(): Promise<void> {
  if (!sessionStore.get()) return;
  try {
    await client.account.logout();
  } catch {
    // Already ended on the server (401) or unreachable: the local session ends anyway.
  }
}
