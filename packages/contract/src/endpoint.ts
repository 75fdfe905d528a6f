import { type ContractProcedure, oc } from '@orpc/contract';
import type { z } from 'zod';
import type { Permission, TeamRole } from './permissions.js';

/**
 * Every endpoint of the API is declared once, here in the contract, with oRPC's contract
 * builder (decision 0075): its method, path, input (`params`, `query`, `body`), answer,
 * and who may call it. The API registers its Fastify routes from these declarations
 * (`apps/api/src/platform/http/endpoints.ts`) and the web calls them through a client
 * made from them (`apps/web/src/lib/api-client.ts`), so a path or shape changed here
 * changes, or fails the typecheck of, both sides at once.
 */

/**
 * Who may call an endpoint; the API enforces it on every request before its body is
 * read (decision 0004):
 * - `public`: anyone; a token, when sent, must be valid and identifies the caller.
 * - `staff`: a signed-in admin or approved vendor.
 * - `admin`: a signed-in admin.
 * - `vendor`: a signed-in approved vendor (their own back office; admins get 403).
 */
export type Access = 'public' | 'staff' | 'admin' | 'vendor';

/** What an endpoint declares beyond its route and schemas. */
export interface EndpointMeta {
  access: Access;
  /**
   * The staff permission an admin needs (decision 0128), checked with `access` in the
   * API's access control: required on every `admin` route (one left without it is the
   * Owner's alone, and the authorization test fails), optional on a `staff` route (the
   * signed-in user's own things need none). Vendors are judged by `teamRole`.
   */
  permission?: Permission;
  /**
   * The least seller-team role a vendor member needs (decision 0129), when the route's
   * path does not decide it (`teamRoleNeeded`: money areas need a manager, the rest any
   * member): the team's own changes declare `owner`.
   */
  teamRole?: TeamRole;
  /**
   * Error statuses the endpoint answers besides those that follow from its access and
   * input (400 for any input, 401/403 for a refused caller, 404 for a path with an id,
   * 409 for a body carrying `updatedAt`, 413/415 for a body): e.g. 409 for a taken
   * code, 404 for a record named in the body.
   */
  errors?: readonly number[];
  /** The endpoint is rate limited: past its limit it answers 429. */
  rateLimited?: boolean;
  /**
   * The answer is not the JSON `output` (an image's bytes, an event stream, a 304):
   * the API sends it itself, and the schema only documents the usual case.
   */
  rawAnswer?: boolean;
  /**
   * Answers other than the success and the errors, each with its own shape: a health
   * check's 503 `{ status: 'unavailable' }`, which is not the API's error shape.
   */
  answers?: Readonly<Record<number, z.ZodType>>;
  /**
   * The body is bytes, not JSON (an image): the API's route reads it with its own
   * content-type parser and checks it itself, so `body` types the client's call (a
   * `Blob`) and is not handed to the server's validation.
   */
  rawBody?: boolean;
  /**
   * Success statuses answered with the same `output` besides `status` (a replayed
   * checkout answers 200 where a new order answers 201).
   */
  otherSuccessStatuses?: readonly number[];
}

/**
 * The input of an endpoint: the path's parameters, the query string, the request
 * headers it reads (e.g. `Idempotency-Key`) and the JSON body.
 */
export type EndpointInput = z.ZodObject<{
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
}>;

/** An endpoint as declared: an oRPC contract procedure with its `EndpointMeta`. */
// biome-ignore lint/suspicious/noExplicitAny: any input and output schema; the registry and the client infer the real ones.
export type Endpoint = ContractProcedure<any, any, any, EndpointMeta>;

/** A feature's endpoints, by name. */
export type Endpoints = Record<string, Endpoint>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Starts an endpoint's declaration: `endpoint('PUT', '/api/coupons/{id}', { access:
 * 'admin', summary: 'Edit a coupon' })`, then `.input(z.object({ params, body }))`
 * and `.output(answer)`. Path parameters are written `{name}` and named alike in
 * `params` (the contract's tests check every endpoint). `status` is the success
 * status (default 200).
 */
export function endpoint(
  method: Method,
  path: `/api/${string}`,
  {
    summary,
    description,
    status,
    tags,
    ...meta
  }: EndpointMeta & { summary: string; description?: string; status?: number; tags?: string[] },
) {
  return oc
    .$meta<EndpointMeta>(meta)
    .route({ method, path, summary, description, successStatus: status, tags, inputStructure: 'detailed' });
}

/**
 * The path an endpoint answers at, with `params` filled in (each encoded): for the few
 * calls the typed client does not make itself, such as an event stream read with
 * `fetch` (`pathOf(api.notifications.stream)` → `/api/notifications/stream`).
 */
export function pathOf(endpoint: Endpoint, params: Record<string, string> = {}): string {
  const path = endpoint['~orpc'].route.path ?? '';
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The path parameters named in an endpoint's path (`/api/coupons/{id}` → `['id']`). */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}
