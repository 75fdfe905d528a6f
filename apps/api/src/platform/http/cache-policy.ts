import type { FastifyInstance } from 'fastify';

/**
 * `Cache-Control: no-store` on every API answer to a signed-in request (one carrying
 * `Authorization`), unless the route chose a policy of its own: what a signed-in
 * person reads (orders, customers' details, figures) must not stay in a shared or
 * browser cache after they sign out (issue 11).
 */
export function registerCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers.authorization && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
