import { healthEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { registerEndpoints } from '../../platform/http/endpoints.js';

/** The liveness check (`healthEndpoints`): public, for load balancers and start-up scripts. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, healthEndpoints, {
    /**
     * `GET /api/health` → `{ status: 'ok', database }` when the database answers, else
     * 503 `{ status: 'unavailable', database }` (logged).
     */
    check: async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const, database: app.dbKind };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.dbKind });
      }
    },
  });
};
