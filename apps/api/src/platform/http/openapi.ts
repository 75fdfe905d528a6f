import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document built from the routes' Zod schemas; register before the routes. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Haat back office API',
        description:
          'Every call of the back office. Money is in rupees (two decimals) on the wire and paise in the database; times are UTC ISO 8601. Errors answer `{ success: false, message, code, errors? }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
}

/** The interactive documentation at `/api/docs` (JSON at `/api/docs/json`); register after the routes. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
