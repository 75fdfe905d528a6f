import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/create-db.js';

/** How long shutdown waits for requests still being worked on before it closes the database anyway. */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Closes the app, then the database, in that order and without cutting a request short
 * (docs/decisions/0028-shutdown-drains-requests.md): `app.close()` stops accepting
 * connections, answers 503 to requests arriving on kept-alive ones, ends the
 * notification streams and resolves once the sockets are closed; then this waits for
 * the handlers still running (those whose client went away) for up to `drainTimeoutMs`,
 * logging a warning with their number when the wait runs out, and only then closes the
 * database. Resolves once the database is closed.
 */
export async function closeGracefully(
  app: FastifyInstance,
  database: DatabaseHandle,
  { drainTimeoutMs = DRAIN_TIMEOUT_MS }: { drainTimeoutMs?: number } = {},
): Promise<void> {
  await app.close();
  if (!(await app.inFlight.drained(drainTimeoutMs))) {
    app.log.warn(
      { inFlight: app.inFlight.count },
      `shutdown: requests still running after ${drainTimeoutMs} ms; closing the database under them`,
    );
  }
  await database.close();
}
