import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths';
import { sessionStore, useSession } from '../lib/session';

/**
 * Logs the user out when the token expires (spec section 4), alerting
 * 'Session expired. You have been logged out.' and going to /login. Checked every
 * second rather than with one long timer, so a sleeping laptop or a changed clock
 * cannot skip it. It also follows the session of the browser's other tabs: a sign-out
 * there ends it here, and the screens under /admin then go to /login.
 */
export function SessionWatcher() {
  const session = useSession();
  const navigate = useNavigate();

  // Signing out in one tab signs out every tab of the browser (issue 12).
  useEffect(() => sessionStore.followOtherTabs(), []);

  useEffect(() => {
    if (!session) return;
    const check = () => {
      if (Date.now() >= session.expiresAt) {
        sessionStore.expire();
        navigate(paths.login, { replace: true });
      }
    };
    check();
    const timer = window.setInterval(check, 1000);
    return () => window.clearInterval(timer);
  }, [session, navigate]);

  return null;
}
