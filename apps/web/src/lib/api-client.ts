import type { ApiError as ApiErrorBody } from '@haat/contract';
import { sessionStore } from './session';

/** A failed API call: the server's message (in the product's words), status and code. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

/** Builds `path?query`, leaving out empty values. */
export function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Calls the API on this origin with the session's bearer token and JSON bodies.
 * A 401 on a signed-in session ends it (an expired token tells the user so).
 * @throws ApiError with the server's message, or a generic one when the server gave none.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const session = sessionStore.get();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (session) headers.authorization = `Bearer ${session.token}`;

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Could not reach the server. Check your connection and try again.', 0, 'NETWORK');
  }

  const body = (await response.json().catch(() => null)) as (Partial<ApiErrorBody> & T) | null;
  if (!response.ok) {
    if (response.status === 401 && session) {
      if (body?.code === 'TOKEN_EXPIRED') sessionStore.expire();
      else sessionStore.end();
    }
    throw new ApiError(
      body?.message || `Request failed (${response.status})`,
      response.status,
      body?.code ?? 'UNKNOWN',
      body?.errors,
    );
  }
  return body as T;
}

/** The message to show for a failed call: the server's, else the screen's fallback (spec section 8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : fallback;
}
