import type { SessionUser } from '@haat/contract';
import { useSyncExternalStore } from 'react';

/**
 * The browser session (spec section 4): the token and the user, both in local
 * storage. A stored token is reused only while its expiry is in the future.
 */

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. You have been logged out.';

export interface Session {
  token: string;
  user: SessionUser;
  /** When the token expires, ms since the epoch. */
  expiresAt: number;
}

/** The `exp` claim of a JWT in ms since the epoch, or null when it has none or is malformed. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

function readStored(): Session | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const userText = localStorage.getItem(USER_KEY);
    if (!token || !userText) return null;
    const expiresAt = tokenExpiry(token);
    if (expiresAt === null || expiresAt <= Date.now()) return null;
    return { token, user: JSON.parse(userText) as SessionUser, expiresAt };
  } catch {
    return null;
  }
}

let current: Session | null = readStored();
if (!current) {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const sessionStore = {
  get: (): Session | null => current,

  /** Starts a session after a successful sign-in. @throws Error('Invalid token') when the token carries no expiry. */
  start(token: string, user: SessionUser) {
    const expiresAt = tokenExpiry(token);
    if (expiresAt === null) throw new Error('Invalid token');
    // The user first: another tab reacts to the token's change and reads both.
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    localStorage.setItem(TOKEN_KEY, token);
    current = { token, user, expiresAt };
    notify();
  },

  /** Ends the session and forgets the stored token and user. */
  end() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    if (current) {
      current = null;
      notify();
    }
  },

  /** Ends a session that ran out, telling the user (spec section 4). */
  expire() {
    if (!current) return;
    sessionStore.end();
    window.alert(SESSION_EXPIRED_MESSAGE);
  },

  /**
   * Follows a sign-out or sign-in made in another tab of this browser (issue 12): the
   * browser fires `storage` in every other tab when one changes local storage. A
   * removed token (or a cleared store) ends the session here too, without the expiry
   * alert; a new token is adopted as stored. Returns the unsubscribe function.
   */
  followOtherTabs(): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || (event.key !== null && event.key !== TOKEN_KEY)) return;
      const stored = readStored();
      if (stored?.token === current?.token) return;
      current = stored;
      notify();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },

  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The current session, re-rendering on sign-in and sign-out. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/**
 * The name shown for a user (spec section 2, sidebar footer): name, firstName,
 * username, the part of the e-mail before the at-sign, then 'User'.
 */
export function displayName(user: Partial<Record<'name' | 'firstName' | 'username' | 'email', string | null>> | null) {
  return (
    user?.name?.trim() ||
    user?.firstName?.trim() ||
    user?.username?.trim() ||
    user?.email?.split('@')[0]?.trim() ||
    'User'
  );
}
