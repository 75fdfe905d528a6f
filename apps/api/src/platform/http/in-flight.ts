import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';

/**
 * Counts the requests the app is still working on, so shutdown can wait for them before
 * the database closes (docs/decisions/0028-shutdown-drains-requests.md).
 *
 * A request counts from its first `onRequest` hook until both its response has closed
 * (sent, or its socket gone) and its route handler, if it started, has settled. The
 * second half matters: when a client goes away, Fastify closes the socket but the
 * handler keeps running, and `app.close()` resolves once the sockets are closed, so a
 * handler could otherwise start its next query on a destroyed database. Once the app is
 * closing, a handler whose client has already gone is not started at all: nobody is
 * there to read its answer.
 */
export interface InFlightRequests {
  /** Requests being worked on now. */
  readonly count: number;
  /**
   * Resolves true once no request is being worked on, or false when `timeoutMs`
   * passes first (the caller logs it and closes anyway).
   */
  drained(timeoutMs: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests still being worked on (for a draining shutdown). */
    inFlight: InFlightRequests;
  }
  interface FastifyRequest {
    /** This request's share of the count (in-flight.ts only). */
    inFlightTracker: Tracker | null;
  }
}

/** One request's references: its open response, plus its handler while it runs. */
export interface Tracker {
  refs: number;
}

/**
 * Registers the counting on `app`: call it on the root instance before any plugin or
 * route, so its `onRequest` hook runs first and its `onRoute` hook wraps every handler.
 */
export function registerInFlightTracking(app: FastifyInstance): InFlightRequests {
  let count = 0;
  let closing = false;
  let waiters: (() => void)[] = [];

  const release = (tracker: Tracker) => {
    tracker.refs -= 1;
    if (tracker.refs !== 0) return;
    count -= 1;
    // While closing, an answer just sent may leave its kept-alive socket idle: close it.
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    if (count === 0) {
      const done = waiters;
      waiters = [];
      for (const resolve of done) resolve();
    }
  };

  const inFlight: InFlightRequests = {
    get count() {
      return count;
    },
    drained(timeoutMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== done);
          resolve(false);
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.push(done);
      });
    },
  };
  app.decorate('inFlight', inFlight);
  // A decorated field keeps every request's shape fixed (a WeakMap or a late property would not).
  app.decorateRequest('inFlightTracker', null);

  app.addHook('preClose', async () => {
    closing = true;
  });

  // Callback hooks rather than async ones: no promise per request for this bookkeeping.
  app.addHook('onRequest', (request, reply, done) => {
    const tracker: Tracker = { refs: 1 };
    request.inFlightTracker = tracker;
    count += 1;
    // 'close' fires once the response is sent or its socket is gone, whichever is first.
    if (reply.raw.closed) release(tracker);
    else reply.raw.once('close', () => release(tracker));
    done();
  });

  // A kept-alive connection busy when the close began would otherwise stay open, idle,
  // for the keep-alive timeout (72 s in Fastify) and hold `app.close()` that long: its
  // answers while closing say `Connection: close`, and idle connections are closed as
  // each request is released (above).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function tracked(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const tracker = request.inFlightTracker;
      if (!tracker || tracker.refs === 0) {
        // The client has gone and the request is no longer counted: while closing, the
        // database may be closed under it, so it does not start.
        if (closing) return reply.hijack();
        return handler.call(this, request, reply);
      }
      tracker.refs += 1;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        release(tracker);
        throw error;
      }
      if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
        return Promise.resolve(result).finally(() => release(tracker));
      }
      release(tracker);
      return result;
    } as RouteHandlerMethod;
  });

  return inFlight;
}
