import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Unknown `/api/*` paths (and non-GET requests) answer 404 JSON. Any other GET is
 * a screen of the single-page app: it gets `index.html`, and the app's router shows
 * the page or its own 'Page not found'.
 */
export function registerNotFound(app: FastifyInstance, webRoot: string | null) {
  const hasIndex = webRoot !== null && existsSync(join(webRoot, 'index.html'));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A path ending like a file (`/x.js`) is a missing file, not a screen, except under
    // `/admin/`, where every path is a screen: `/admin/orders/1.5` reads the app's own
    // 'Order Not Found' rather than this JSON (issue 23).
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      (path.startsWith('/admin/') || !/\.\w+$/.test(path));
    if (isPage && hasIndex) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      success: false,
      code: 'NOT_FOUND',
      message: `No route ${request.method} ${path}`,
    });
  });
}
