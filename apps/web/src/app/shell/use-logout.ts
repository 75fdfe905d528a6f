import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logoutOnServer } from '../../features/account/api';
import { paths } from '../../lib/paths';
import { sessionStore } from '../../lib/session';

/**
 * Logs out: signs the token out on the server (`POST /api/auth/logout`, so it stops
 * working even if copied), forgets the session and every cached answer, then goes to /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await logoutOnServer();
    sessionStore.end();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  };
}
