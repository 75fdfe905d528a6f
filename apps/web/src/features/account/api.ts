import type {
  MessageResponse,
  PasswordChangeBody,
  PasswordChangeResponse,
  ProfileBody,
  ProfileResponse,
} from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { sessionStore } from '../../lib/session';

/** The signed-in user's own account (user menu: Profile Settings and Security; decision 0050). */
const endpoints = {
  profile: '/api/auth/profile',
  password: '/api/auth/password',
  logout: '/api/auth/logout',
} as const;

export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
};

/** The profile: name, e-mail, role, a vendor's business details and its version. */
export function useProfile() {
  return useQuery({
    queryKey: accountKeys.profile(),
    queryFn: ({ signal }) => apiRequest<ProfileResponse>(endpoints.profile, { signal }),
    staleTime: 0,
  });
}

/** Saves the name (and business details); the session's user takes the new name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => apiRequest<ProfileResponse>(endpoints.profile, { method: 'PUT', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(accountKeys.profile(), answer);
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
    mutationFn: (body: PasswordChangeBody) =>
      apiRequest<PasswordChangeResponse>(endpoints.password, { method: 'PUT', body }),
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
    await apiRequest<MessageResponse>(endpoints.logout, { method: 'POST' });
  } catch {
    // Already ended on the server (401) or unreachable: the local session ends anyway.
  }
}
