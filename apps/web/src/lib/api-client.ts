import { type ApiError as ApiErrorBody, api } from '@haat/contract';
import { createORPCClient } from '@orpc/client';
import type { ContractRouterClient } from '@orpc/contract';
import { OpenAPILink } from '@orpc/openapi-client/fetch';
import { createTanstackQueryUtils } from '@orpc/tanstack-query';
import { connectivity } from './connectivity';
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

/** How long a call may take before the user is told and the screen is usable again. */
export const REQUEST_TIMEOUT_MS = 30_000;

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';

/**
 * Sends one request of the client: at most `REQUEST_TIMEOUT_MS`, and a server that
 * cannot be reached, or does not answer in time, becomes an `ApiError` with status 0
 * and shows the offline banner (`connectivity`) until it answers again. A caller's own
 * abort (a query no longer wanted) stays an abort. The timer is a plain `setTimeout`,
 * so tests can move a fake clock past it.
 */
async function send(request: Request): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(request, { signal: AbortSignal.any([request.signal, timeout.signal]) });
    connectivity.reportAnswered();
    return response;
  } catch (error) {
    if (timeout.signal.aborted) {
      connectivity.reportUnreachable();
      throw new ApiError(TIMEOUT_MESSAGE, 0, 'TIMEOUT');
    }
    if ((error as Error).name === 'AbortError') throw error;
    connectivity.reportUnreachable();
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The error an answer other than 2xx becomes: the server's message, status, code and
 * field errors. A 401 on a signed-in session ends it (an expired token tells the user so).
 */
function toApiError(body: unknown, response: { status: number }): ApiError {
  const error = (body && typeof body === 'object' ? body : {}) as Partial<ApiErrorBody>;
  if (response.status === 401 && sessionStore.get()) {
    if (error.code === 'TOKEN_EXPIRED') sessionStore.expire();
    else sessionStore.end();
  }
  return new ApiError(
    error.message || `Request failed (${response.status})`,
    response.status,
    error.code ?? 'UNKNOWN',
    error.errors,
  );
}

const link = new OpenAPILink(api, {
  url: () => window.location.origin,
  headers: (): Record<string, string> => {
    const session = sessionStore.get();
    return session ? { authorization: `Bearer ${session.token}` } : {};
  },
  fetch: (request) => send(request),
  // Any answer other than 2xx throws our own error, with the server's words.
  customErrorResponseBodyDecoder: (body, response) => {
    throw toApiError(body, response);
  },
});

/**
 * The API, typed from the contract's endpoints (decision 0075): `client.coupons.update({
 * params: { id }, body })` calls `PUT /api/coupons/{id}` with the session's token and
 * answers the parsed body of a 2xx, typed as the contract declares it.
 * @throws ApiError with the server's message, status and code for any other answer,
 * or status 0 when the server could not be reached or took too long.
 */
export const client: ContractRouterClient<typeof api> = createORPCClient(link);

/**
 * TanStack Query's options for every endpoint, keyed by its place in the contract:
 * `queries.coupons.list.queryOptions()`, `queries.products.key()` for everything of a
 * feature (what a mutation invalidates), `queries.coupons.update.mutationOptions()`.
 */
export const queries = createTanstackQueryUtils(client);

/**
 * The message to show for a failed call: the server's, else the screen's fallback (spec
 * section 8). When the server could not be reached or did not answer in time, the
 * fallback says so too ('Failed to save category. The server took too long to answer.
 * Please try again.'; issue 27: the user is told what happened).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return `${fallback}${/[.!?]$/.test(fallback) ? '' : '.'} ${error.message}`;
  return error.status < 500 ? error.message : fallback;
}
