import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** `GET /api/health`: 200 once migrations have run, 503 when the database does not answer. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** The liveness check, public, for load balancers and start-up scripts. */
export const healthEndpoints = {
  /**
   * `{ status: 'ok', database }` when the database answers (migrations run before the
   * server listens); 503 `{ status: 'unavailable', database }` when it does not.
   */
  check: endpoint('GET', '/api/health', {
    access: 'public',
    summary: 'Liveness and database check',
    answers: { 503: healthResponse },
  }).output(healthResponse),
};
