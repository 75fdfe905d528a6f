import { api, pathOf } from '@haat/contract';
import { useSyncExternalStore } from 'react';

/**
 * Whether the API can be reached (issue 27: an unreachable API shows one offline
 * banner that goes away by itself). A call that cannot reach the server, or gets no
 * answer in time, marks it unreachable; from then on `/api/health` is asked every
 * `HEALTH_RETRY_MS` until it answers, and any answer to any call marks it reachable
 * again at once.
 */

/** How often the health of an unreachable API is asked. */
export const HEALTH_RETRY_MS = 5000;
/** How long one health check may take. */
const HEALTH_TIMEOUT_MS = 5000;

let unreachable = false;
let retry: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (unreachable === next) return;
  unreachable = next;
  for (const listener of listeners) listener();
}

/**
 * Asks `/api/health` once; an answer of any kind means the server is there, none that it
 * cannot be reached (the banner shows, and it is asked again every `HEALTH_RETRY_MS`). A
 * plain `fetch`, not the typed client, whose calls report to this module themselves.
 * @returns whether the server answered.
 */
async function askHealth(): Promise<boolean> {
  retry = null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HEALTH_TIMEOUT_MS);
  try {
    await fetch(pathOf(api.health.check), { signal: controller.signal, cache: 'no-store' });
    set(false);
    return true;
  } catch {
    set(true);
    scheduleCheck();
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function scheduleCheck() {
  if (unreachable && retry === null) retry = setTimeout(() => void askHealth(), HEALTH_RETRY_MS);
}

export const connectivity = {
  /** A call could not reach the server or timed out: show the banner and start asking. */
  reportUnreachable(): void {
    set(true);
    scheduleCheck();
  },
  /** The server answered a call (with any status). */
  reportAnswered(): void {
    set(false);
  },
  /**
   * Asks `/api/health` now, whether or not a call has failed yet: a stream that dropped or
   * a screen's code that failed to load may mean the server is gone, and the banner
   * should say so at once rather than at the next call (issue 33).
   * @returns whether the server answered.
   */
  probe(): Promise<boolean> {
    if (retry !== null) clearTimeout(retry);
    return askHealth();
  },
  /** Asks now instead of at the next retry (the banner's "Try now"). */
  checkNow(): void {
    void connectivity.probe();
  },
  isUnreachable: () => unreachable,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** True while the API cannot be reached. */
export function useUnreachable(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isUnreachable, () => false);
}
