import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { sessionStore } from '../../lib/session';

/** Logs out: forgets the session and every cached answer, then goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    sessionStore.end();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  };
}
