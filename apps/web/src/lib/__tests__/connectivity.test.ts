import { api, pathOf } from '@haat/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  client,
  errorMessage,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_MESSAGE,
} from '../api-client';
import { connectivity, HEALTH_RETRY_MS } from '../connectivity';

/**
 * A fetch that never answers a call until its signal aborts, and answers the health
 * probe while `healthy` (a network that fails, which the fake API does not play).
 */
function stubServer(state: { healthy: boolean; healthChecks: number }) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === pathOf(api.health.check)) {
        state.healthChecks += 1;
        return state.healthy
          ? Promise.resolve(new Response('{"status":"ok"}', { status: 200 }))
          : Promise.reject(new TypeError('Failed to fetch'));
      }
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      return new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  connectivity.reportAnswered();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a hung or unreachable API', () => {
  it('times a call out after REQUEST_TIMEOUT_MS, marks the API unreachable, and marks it back once health answers', async () => {
    const state = { healthy: false, healthChecks: 0 };
    stubServer(state);
    const call = client.notifications.unreadCount().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(connectivity.isUnreachable()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: TIMEOUT_MESSAGE, status: 0, code: 'TIMEOUT' });
    expect(connectivity.isUnreachable()).toBe(true);

    // Asked again every few seconds while the server stays away.
    await vi.advanceTimersByTimeAsync(HEALTH_RETRY_MS);
    expect(state.healthChecks).toBe(1);
    expect(connectivity.isUnreachable()).toBe(true);
    state.healthy = true;
    await vi.advanceTimersByTimeAsync(HEALTH_RETRY_MS);
    expect(state.healthChecks).toBe(2);
    expect(connectivity.isUnreachable()).toBe(false);
    // Once back, nothing more is asked.
    await vi.advanceTimersByTimeAsync(HEALTH_RETRY_MS * 3);
    expect(state.healthChecks).toBe(2);
  });
});

describe('errorMessage', () => {
  it('gives the server’s words, the screen’s fallback for a 5xx, and the fallback with the reason when the server was not reached', () => {
    expect(errorMessage(new ApiError('Category name already exists', 409, 'CONFLICT'), 'Failed to save category')).toBe(
      'Category name already exists',
    );
    expect(errorMessage(new ApiError('boom', 500, 'INTERNAL'), 'Failed to save category')).toBe(
      'Failed to save category',
    );
    expect(errorMessage(new ApiError(TIMEOUT_MESSAGE, 0, 'TIMEOUT'), 'Failed to save category')).toBe(
      `Failed to save category. ${TIMEOUT_MESSAGE}`,
    );
    expect(
      errorMessage(new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK'), 'Failed to save blog. Please try again.'),
    ).toBe(`Failed to save blog. Please try again. ${NETWORK_ERROR_MESSAGE}`);
    expect(errorMessage(new Error('odd'), 'Failed to load')).toBe('Failed to load');
  });
});
