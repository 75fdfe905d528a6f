import type { MailPreferencesBody } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';

/** Two-factor sign-in of the signed-in user (issue 36): its state, set-up, turning on and off. */
export function useTwoFactorStatus() {
  return useQuery(queries.security.twoFactorStatus.queryOptions());
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => client.security.twoFactorSetup() });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => client.security.twoFactorEnable({ body: { code } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.security.twoFactorStatus.queryKey() }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => client.security.twoFactorDisable({ body: { code } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.security.twoFactorStatus.queryKey() }),
  });
}

/** The signed-in user's non-essential mails, each on or off (issue 36). */
export function useMailPreferences() {
  return useQuery(queries.mail.preferences.queryOptions());
}

/** `PUT /api/mail/preferences`. */
export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferencesBody) => client.mail.savePreferences({ body }),
    onSuccess: (answer) => queryClient.setQueryData(queries.mail.preferences.queryKey(), answer),
  });
}

/** The store's sign-in rules (`GET /api/auth/admin/security-settings`; the Owner's, `staff:read`). */
export function useSecuritySettings(enabled: boolean) {
  return useQuery({ ...queries.security.settings.queryOptions(), enabled });
}

/** `PUT /api/auth/admin/security-settings` `{ requireTwoFactorForStaff }`. */
export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireTwoFactorForStaff: boolean) =>
      client.security.saveSettings({ body: { requireTwoFactorForStaff } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queries.security.settings.queryKey(), answer);
      void queryClient.invalidateQueries({ queryKey: queries.security.twoFactorStatus.queryKey() });
    },
  });
}
