import { healthResponse } from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

/**
 * `GET /api/health`: 200 `{ status: 'ok', database }` when the database answers
 * (migrations run before the server listens), 503 `{ status: 'unavailable' }`
 * when it does not. Public; for load balancers and start-up scripts.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const, database: app.dbKind };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.dbKind });
      }
    },
  );
};
