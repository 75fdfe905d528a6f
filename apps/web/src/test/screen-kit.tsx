/**
 * The web tests' kit: a fake API standing in for `fetch`, a signed-in session, and a
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

/** A request the screen made, as the fake API saw it. */
export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

type Reply = { status: number; body: unknown };
type Handler = (call: Call) => unknown;

/** A reply with a status other than 200. */
export const reply = (status: number, body: unknown): Reply => ({ status, body });

/**
 * Stands in for the API: `routes` maps 'METHOD /path' to what it answers (a body,
 * or `reply(status, body)`); anything else answers 404. Records every call.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      // The client sends Request objects; a few callers still pass a path and options.
      const request = input instanceof Request ? input : null;
      const url = new URL(request ? request.url : String(input), 'http://localhost');
      const method = request ? request.method : (init?.method ?? 'GET');
      const text = request ? await request.text() : init?.body ? String(init.body) : '';
      const call = { method, url, body: text ? jsonOrText(text) : undefined };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      const answer = handler
        ? await handler(call)
        : reply(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
      const { status, body } =
        answer && typeof answer === 'object' && 'status' in answer && 'body' in answer
          ? (answer as Reply)
          : { status: 200, body: answer };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}

/** A request body as JSON when it is, else its text (an uploaded file's bytes). */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const base64Url = (value: unknown) => btoa(JSON.stringify(value)).replaceAll('=', '');

/** Signs `role` in for the test (a token whose expiry is an hour away). */
export function signInAs(role: 'admin' | 'vendor') {
  const user: SessionUser = {
    _id: role === 'admin' ? '1' : '2',
    name: role === 'admin' ? 'Admin' : 'Vendor One',
    email: `${role}@example.com`,
    role,
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
