/**
 * The web tests' kit: a fake API standing in for `fetch` (`fake-api.ts`), a signed-in session, and a
 * screen rendered with its providers. Component tests use it; the end-to-end tests
 * (apps/web/e2e) run the real API and browser.
 */
import type { SessionUser } from '@haat/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { sessionStore } from '../lib/session';

export { type Call, fakeApi, reply, route } from './fake-api';

const base64Url = (value: unknown) => btoa(JSON.stringify(value)).replaceAll('=', '');

/**
 * Signs `role` in for the test (a token whose expiry is an hour away); `extra` adds a
 * staff role and permissions or a team role (issue 36).
 */
export function signInAs(role: 'admin' | 'vendor', extra: Partial<SessionUser> = {}) {
  const user: SessionUser = {
    _id: role === 'admin' ? '1' : '2',
    name: role === 'admin' ? 'Admin' : 'Vendor One',
    email: `${role}@example.com`,
    role,
    ...extra,
  };
  const token = `${base64Url({ alg: 'HS256' })}.${base64Url({ exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
  sessionStore.start(token, user);
}

/**
 * Renders `screen` at `path` (matched by `route`) with a fresh query client, a
 * router and the toast area; other paths render 'Elsewhere: {path}'.
 */
export function renderScreen(
  screen: ReactElement,
  { route, path }: { route: string; path: string } = { route: '/', path: '/' },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: route, element: screen },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

function Elsewhere() {
  return <p>Elsewhere: {useLocation().pathname}</p>;
}

/**
 * jsdom lays nothing out, so a virtualised list would show no rows: give every box
 * a height (the list's viewport 800 px, each row 60 px). Returns the undo.
 */
export function stubLayout() {
  const client = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  const offset = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 60 });
  return () => {
    if (client) Object.defineProperty(HTMLElement.prototype, 'clientHeight', client);
    if (offset) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offset);
  };
}

/** Timestamps for records the fake API answers. */
export const timestamps = { createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };

/**
 * Makes `window.matchMedia` answer as a screen `width` px wide would for `min-width`
 * and `max-width` queries (jsdom has no `matchMedia`). Undone by `vi.unstubAllGlobals()`.
 */
export function stubScreenWidth(width: number) {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)].every(([, side, px]) =>
      side === 'min' ? width >= Number(px) : width <= Number(px),
    );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
