import type { FastifyRequest } from 'fastify';

/** The most of a refused body read and thrown away so its sender can read the answer. */
export const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;
/** The longest a refused body's sender is waited for. */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Reads and discards what is left of a request body the server refused (413), up to
 * `DRAIN_LIMIT_BYTES` or `DRAIN_TIMEOUT_MS`, before the answer is sent. A client still
 * sending a body when the server answers and closes the connection sees a reset
 * (`EPIPE`) instead of the 413 and its message (issue 23); once the body is read, it
 * reads the answer. Past the limit the answer goes out at once and the connection
 * closes, so a sender of endless bytes holds nothing for long.
 */
export function drainBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_TIMEOUT_MS);
    timer.unref();
    raw.on('data', onData).on('end', done).on('error', done).on('close', done);
    raw.resume();
  });
}
