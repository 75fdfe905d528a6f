import { apiError, type Endpoint, type EndpointMeta, type Endpoints } from '@haat/contract';
import type { ContractProcedure, InferSchemaInput, InferSchemaOutput } from '@orpc/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';

/**
 * Registers the API's routes from the contract's endpoint declarations (decision 0075):
 * each route's method, path, schemas, access and documented answers come from its
 * `endpoint(...)` in `packages/contract`, and a feature's routes file supplies only the
 * handlers. Validation (Fastify with the contract's Zod schemas), access control
 * (`config.access`, platform/auth/access.ts) and the error handler are the platform's,
 * as for any route.
 */

// biome-ignore lint/suspicious/noExplicitAny: matches any declared endpoint, to read its schemas' types.
type AnyProcedure = ContractProcedure<any, any, any, any>;

/** The parsed input of an endpoint (`{ params?, query?, headers?, body? }`, after the schemas' transforms). */
type InputOf<E> = E extends ContractProcedure<infer I, infer _O, infer _E, infer _M> ? InferSchemaOutput<I> : never;
type PartOf<E, K extends 'params' | 'query' | 'headers' | 'body'> =
  InputOf<E> extends { [P in K]?: infer V } ? V : unknown;

/** What a handler may return for the endpoint's success status: the answer before serialisation. */
export type EndpointAnswer<E> =
  E extends ContractProcedure<infer _I, infer O, infer _E, infer _M> ? InferSchemaInput<O> : never;

/**
 * The request an endpoint's handler gets: its params, query, headers and body as the
 * contract parsed them (a `rawBody` endpoint's body is what its plugin's parser made).
 */
export type EndpointRequest<E> = FastifyRequest<{
  Params: PartOf<E, 'params'>;
  Querystring: PartOf<E, 'query'>;
  Headers: PartOf<E, 'headers'>;
  Body: PartOf<E, 'body'>;
}>;

/**
 * An endpoint's handler: the answer for its success status (the contract's `status`,
 * 200 by default), or the reply when the handler sent it itself (bytes kept ready, a
 * 304, a stream). Throws `AppError` for the error handler to answer.
 */
export type EndpointHandler<E> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointAnswer<E> | FastifyReply>;

/**
 * Fastify's own options a route may add to its declaration: body limit, compression,
 * rate limit, and a `preHandler` that must run before the rate limit's own (a second
 * limit counted on every attempt, as sign-in's per address).
 */
export type EndpointOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'compress' | 'preHandler'> & {
  config?: Pick<FastifyContextConfig, 'rateLimit'>;
};

/** A handler, or a handler with route options. */
export type EndpointRoute<E> = EndpointHandler<E> | { options: EndpointOptions; handler: EndpointHandler<E> };

/** The handlers of every endpoint of a feature: leaving one out fails the typecheck. */
export type EndpointRoutes<E extends Endpoints> = { [K in keyof E]: EndpointRoute<E[K]> };

/** An endpoint's declaration as oRPC keeps it. */
function declarationOf(endpoint: Endpoint) {
  const { route, meta, inputSchema, outputSchema } = (endpoint as AnyProcedure)['~orpc'];
  const input = (inputSchema as z.ZodObject | undefined)?.shape ?? {};
  return {
    method: route.method as string,
    path: route.path as string,
    summary: route.summary as string | undefined,
    description: route.description as string | undefined,
    tags: route.tags as readonly string[] | undefined,
    status: (route.successStatus as number | undefined) ?? 200,
    meta: meta as EndpointMeta,
    params: input.params as z.ZodType | undefined,
    query: input.query as z.ZodType | undefined,
    headers: input.headers as z.ZodType | undefined,
    body: input.body as z.ZodType | undefined,
    output: outputSchema as z.ZodType | undefined,
  };
}

/** True when a body schema has an `updatedAt` field: the edit carries its version (decision 0018). */
function carriesVersion(body: z.ZodType | undefined): boolean {
  let schema: unknown = body;
  // Unwrap pipes and transforms down to the object the client sends.
  for (let depth = 0; schema && depth < 8; depth += 1) {
    const def = (schema as { _zod?: { def?: { type?: string; in?: unknown; shape?: Record<string, unknown> } } })._zod
      ?.def;
    if (!def) return false;
    if (def.type === 'object') return Boolean(def.shape && 'updatedAt' in def.shape);
    if (def.type === 'pipe') schema = def.in;
    else return false;
  }
  return false;
}

/**
 * The answers an endpoint documents: its success answer (under `status` and any
 * `otherSuccessStatuses`), the errors its declaration implies (400 for any input; 401
 * and 403 for a refused token or account, on every endpoint since a public one still
 * checks a token it is sent; 404 for a path with parameters; 409 for a versioned body;
 * 413 and 415 for any body; 429 when rate limited), the errors it declares itself, and
 * its other answers of their own shape.
 */
export function documentedAnswers(endpoint: Endpoint): Record<number, z.ZodType> {
  const { status, output, params, query, headers, body, meta } = declarationOf(endpoint);
  const errors = new Set<number>([401, 403, ...(meta.errors ?? [])]);
  if (params || query || headers || body) errors.add(400);
  if (params) errors.add(404);
  if (body) {
    errors.add(413);
    errors.add(415);
    if (carriesVersion(body)) errors.add(409);
  }
  if (meta.rateLimited) errors.add(429);
  const answers: Record<number, z.ZodType> = { ...meta.answers };
  if (output) for (const code of [status, ...(meta.otherSuccessStatuses ?? [])]) answers[code] = output;
  for (const code of [...errors].sort((a, b) => a - b)) answers[code] = apiError;
  return answers;
}

/** `/api/coupons/{id}` (the contract's, OpenAPI's) → `/api/coupons/:id` (Fastify's). */
export function routeUrl(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Registers every endpoint of `endpoints` on `app` with its handler from `routes`.
 * The route's success status is set before the handler runs; a handler may still
 * choose another (`reply.status(...)`) or send the reply itself.
 */
export function registerEndpoints<E extends Endpoints>(
  app: FastifyInstance,
  endpoints: E,
  routes: EndpointRoutes<E>,
): void {
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const route = routes[name] as EndpointRoute<Endpoint> | undefined;
    if (!route) throw new Error(`No handler for the endpoint ${name}`);
    const { handler, options } = typeof route === 'function' ? { handler: route, options: {} } : route;
    const declaration = declarationOf(endpoint);
    app.route({
      ...options,
      method: declaration.method,
      url: routeUrl(declaration.path),
      config: {
        ...(options as EndpointOptions).config,
        access: declaration.meta.access,
        ...(declaration.meta.permission && { permission: declaration.meta.permission }),
        ...(declaration.meta.teamRole && { teamRole: declaration.meta.teamRole }),
      },
      schema: {
        tags: declaration.tags ? [...declaration.tags] : [declaration.path.split('/')[2] ?? 'api'],
        summary: declaration.summary,
        description: declaration.description,
        ...(declaration.params ? { params: declaration.params } : {}),
        ...(declaration.query ? { querystring: declaration.query } : {}),
        ...(declaration.headers ? { headers: declaration.headers } : {}),
        // A raw body (bytes) is read and checked by the route's own parser and handler.
        ...(declaration.body && !declaration.meta.rawBody ? { body: declaration.body } : {}),
        response: documentedAnswers(endpoint),
        // A public endpoint needs no token (one sent is still checked).
        ...(declaration.meta.access === 'public' ? { security: [] } : {}),
      },
      handler: async (request, reply) => {
        reply.status(declaration.status);
        return handler(request as EndpointRequest<Endpoint>, reply);
      },
    });
  }
}
