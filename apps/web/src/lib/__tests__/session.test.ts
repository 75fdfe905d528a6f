import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayName, SESSION_EXPIRED_MESSAGE, sessionStore, tokenExpiry } from '../session';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const tokenExpiringAt = (seconds: number) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ sub: '1', exp: seconds })}.signature`;
const user = { _id: '1', name: 'Store Admin', email: 'admin@example.com', role: 'admin' as const };

afterEach(() => {
  sessionStore.end();
  vi.restoreAllMocks();
});

describe('tokenExpiry', () => {
  it('reads the exp claim in milliseconds', () => {
    expect(tokenExpiry(tokenExpiringAt(1_800_000_000))).toBe(1_800_000_000_000);
  });

  it.each(['', 'not-a-jwt', 'a.b.c', `${base64url({})}.${base64url({ sub: '1' })}.x`])(
    'answers null for %j',
    (token) => {
      expect(tokenExpiry(token)).toBeNull();
    },
  );
});

describe('sessionStore', () => {
  it('keeps the token and the user in local storage', () => {
    const token = tokenExpiringAt(Math.floor(Date.now() / 1000) + 3600);
    sessionStore.start(token, user);
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(sessionStore.get()?.user).toEqual(user);
  });

  it('refuses a token without an expiry', () => {
    expect(() => sessionStore.start('abc', user)).toThrow('Invalid token');
    expect(sessionStore.get()).toBeNull();
  });

  it('logs out with the spec alert when the session expires', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    sessionStore.start(tokenExpiringAt(Math.floor(Date.now() / 1000) + 3600), user);
    sessionStore.expire();
    expect(alert).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(SESSION_EXPIRED_MESSAGE).toBe('Session expired. You have been logged out.');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStore.get()).toBeNull();
  });

  it('notifies subscribers on sign-in and sign-out', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.start(tokenExpiringAt(Math.floor(Date.now() / 1000) + 3600), user);
    sessionStore.end();
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('sessionStore.followOtherTabs', () => {
  /** What the browser does in this tab when another tab of it changes local storage. */
  const otherTabWrites = (key: string | null, write: () => void) => {
    write();
    window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
  };

  it('ends the session when another tab signs out, without the expiry alert', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    sessionStore.start(tokenExpiringAt(Math.floor(Date.now() / 1000) + 3600), user);
    const stop = sessionStore.followOtherTabs();
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);

    otherTabWrites('token', () => localStorage.removeItem('token'));
    expect(sessionStore.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
    unsubscribe();
    stop();
  });

  it('adopts a sign-in made in another tab, and ignores other keys and a stopped follower', () => {
    const stop = sessionStore.followOtherTabs();
    const token = tokenExpiringAt(Math.floor(Date.now() / 1000) + 3600);
    otherTabWrites('haat.sidebar.collapsed', () => localStorage.setItem('haat.sidebar.collapsed', 'true'));
    expect(sessionStore.get()).toBeNull();
    otherTabWrites('token', () => {
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('token', token);
    });
    expect(sessionStore.get()?.user.email).toBe(user.email);
    stop();

    otherTabWrites(null, () => localStorage.clear());
    expect(sessionStore.get()).not.toBeNull();
  });
});

describe('displayName', () => {
  it.each([
    [{ name: 'Asha', firstName: 'A', username: 'a1', email: 'asha@x.in' }, 'Asha'],
    [{ name: '', firstName: 'Ravi', username: 'r1', email: 'ravi@x.in' }, 'Ravi'],
    [{ username: 'meera_k', email: 'meera@x.in' }, 'meera_k'],
    [{ email: 'kiran.s@x.in' }, 'kiran.s'],
    [{}, 'User'],
  ])('shows %j as %s', (who, expected) => {
    expect(displayName(who)).toBe(expected);
  });

  it('answers User without a user', () => {
    expect(displayName(null)).toBe('User');
  });
});
