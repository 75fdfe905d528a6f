import { z } from 'zod';

/** `GET /api/health`: 200 once migrations have run, 503 when the database does not answer. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponse>;
