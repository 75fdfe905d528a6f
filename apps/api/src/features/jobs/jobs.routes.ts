import { jobEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { getJob, jobFile } from './jobs.service.js';

/** A user's background jobs (issue 26; decision 0110; `jobEndpoints`): staff, their own only. */
export const jobRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, jobEndpoints, {
    /** `GET /api/jobs/{id}` → `{ success, job }`. Errors: 400 bad id; 404 none or another's. */
    get: async (request) => ({
      success: true as const,
      job: await getJob(app.db, actorOf(request), request.params.id),
    }),

    /**
     * `GET /api/jobs/{id}/file` → the finished export's CSV as a download. Errors: 400; 404
     * none, another's, not ready or expired.
     */
    file: async (request, reply) => {
      const file = await jobFile(app.db, actorOf(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
};
