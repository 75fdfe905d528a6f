import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { api, type Endpoint } from '@haat/contract';
import type { ContractProcedure } from '@orpc/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { routeUrl } from './endpoints.js';

/** The largest value of a signed 32-bit integer: past it an integer's format is int64. */
const INT32_MAX = 2_147_483_647;

const count = { type: 'integer', format: 'int32', minimum: 0, maximum: INT32_MAX };

/** The headers `@fastify/rate-limit` sends with each answer of a rate-limited endpoint. */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed in the window', schema: count },
  'X-RateLimit-Remaining': { description: 'Requests left in the window', schema: count },
  'X-RateLimit-Reset': { description: 'Seconds until the window starts again', schema: count },
};

/** What `@fastify/rate-limit` adds to a 429: when to try again. */
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: count } };

type JsonObject = Record<string, unknown>;

/**
 * Gives every integer schema of the document its format (OpenAPI's `int32` or `int64`),
 * read from the bounds the Zod schema gave it: ids and counts bounded by `MAX_ID` are
 * int32, anything that may be larger int64.
 */
function addIntegerFormats(node: unknown): void {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const value = stack.pop();
    if (!value || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    const schema = value as JsonObject;
    if (schema.type === 'integer' && schema.format === undefined) {
      const bounded =
        typeof schema.maximum === 'number' &&
        schema.maximum <= INT32_MAX &&
        typeof schema.minimum === 'number' &&
        schema.minimum >= -INT32_MAX - 1;
      schema.format = bounded ? 'int32' : 'int64';
    }
    stack.push(...Object.values(schema));
  }
}

/** `{ 'POST /api/auth/admin/login': true, ... }`: the endpoints the contract declares rate limited. */
function rateLimitedOperations(): Set<string> {
  const limited = new Set<string>();
  for (const group of Object.values(api) as Record<string, Endpoint>[]) {
    for (const endpoint of Object.values(group)) {
      // biome-ignore lint/suspicious/noExplicitAny: reads any endpoint's declaration.
      const { route, meta } = (endpoint as ContractProcedure<any, any, any, any>)['~orpc'];
      if (meta.rateLimited) limited.add(`${String(route.method).toLowerCase()} ${routeUrl(String(route.path))}`);
    }
  }
  return limited;
}

/** `/api/coupons/{id}` in the document → `/api/coupons/:id`, as `routeUrl` writes the contract's paths. */
const documentPathAsRoute = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * Completes the generated document with what the schemas imply but the generator does
 * not write: integer formats, and on each rate-limited operation (marked
 * `x-rate-limited`) the rate-limit headers its answers carry.
 */
function completeDocument(document: JsonObject): JsonObject {
  addIntegerFormats(document.paths);
  addIntegerFormats(document.components);
  const limited = rateLimitedOperations();
  for (const [path, operations] of Object.entries((document.paths ?? {}) as Record<string, JsonObject>)) {
    for (const [method, operation] of Object.entries(operations as Record<string, JsonObject>)) {
      if (!limited.has(`${method} ${documentPathAsRoute(path)}`)) continue;
      operation['x-rate-limited'] = true;
      for (const [status, answer] of Object.entries((operation.responses ?? {}) as Record<string, JsonObject>)) {
        if (!/^[24]/.test(status)) continue;
        answer.headers = {
          ...(answer.headers as JsonObject | undefined),
          ...RATE_LIMIT_HEADERS,
          ...(status === '429' ? RETRY_AFTER : {}),
        };
      }
    }
  }
  return document;
}

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
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The token `POST /api/auth/admin/login` answers, sent as `Authorization: Bearer <token>`. Follows RFC8725 (JSON Web Token Best Current Practices): one algorithm (HS256) pinned when signing and verifying, an expiry required on every token, and a token id so each can be revoked (decision 0050).',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? (completeDocument(documentObject.openapiObject as JsonObject) as typeof documentObject.openapiObject)
        : documentObject.swaggerObject,
  });
}

/** The interactive documentation at `/api/docs` (JSON at `/api/docs/json`); register after the routes. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
