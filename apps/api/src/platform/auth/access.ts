import { type Access, authMessages } from '@haat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/create-db.js';
import { AppError } from '../errors.js';
import { type ActorRow, findActorById } from './actor.repository.js';
import { isTokenRevoked } from './sessions.js';

/**
 * Who may call a route (`Access`: public, staff, admin, vendor), declared on every
 * `/api` endpoint in the contract and set as the route's `config.access`. A route
 * without it stops start-up, so no route is left open by omission.
 */
export type { Access };

/** The signed-in admin or approved vendor behind a request. */
export interface Actor {
  userId: number;
  role: 'admin' | 'vendor';
  /** The vendor profile's id, for vendors. */
  vendorId: number | null;
  name: string;
  email: string;
  /** The request's token: its id and expiry (UTC), for signing it out. */
  token: { jti: string; expiresAt: Date };
}

/**
 * Who writes a record: a signed-in caller, or the one a background job (an import, a
 * bulk action) runs for, which carries no token.
 */
export type WriteActor = Omit<Actor, 'token'>;

/**
 * The JWT's claims: `sub` is the user id, `ver` the account's token version when it
 * was signed, `jti` the token's own id (decision 0050).
 */
export interface TokenClaims {
  sub: string;
  role: 'admin' | 'vendor';
  ver: number;
  jti: string;
  /** Seconds since the epoch, set by the signer. */
  exp?: number;
}

/** One `/api` route as registered, with who may call it. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every `/api` route and its access, in registration order (the authorization test walks it). */
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    /** null on a public route called without a token. */
    actor: Actor | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

/**
 * Why an account may not use the back office, or null when it may.
 * Admins and approved vendors may; a pending or rejected vendor is told why.
 */
export function accountRefusal(actor: ActorRow): AppError | null {
  if (actor.role === 'admin') return null;
  if (actor.role === 'vendor') {
    if (actor.vendorStatus === 'approved') return null;
    if (actor.vendorStatus === 'rejected') return new AppError('ACCOUNT_REJECTED', authMessages.vendorRejected);
    return new AppError('ACCOUNT_PENDING', authMessages.vendorPending);
  }
  return new AppError('FORBIDDEN', authMessages.roleNotAllowed);
}

async function identify(request: FastifyRequest, db: Db): Promise<Actor> {
  let claims: TokenClaims;
  try {
    claims = await request.jwtVerify<TokenClaims>();
  } catch (error) {
    const code = String((error as { code?: string }).code ?? '');
    if (code.includes('EXPIRED')) throw new AppError('TOKEN_EXPIRED', authMessages.invalidToken);
    throw new AppError('TOKEN_INVALID', authMessages.invalidToken);
  }
  const userId = Number(claims.sub);
  // A token without its version or id predates revocable sessions: refused like a bad one.
  if (!Number.isSafeInteger(userId) || typeof claims.jti !== 'string' || !Number.isInteger(claims.ver))
    throw new AppError('TOKEN_INVALID', authMessages.invalidToken);
  const [row, revoked] = await Promise.all([findActorById(db, userId), isTokenRevoked(db, claims.jti)]);
  // Signed out, or the account's sessions were ended (password changed, vendor rejected...).
  if (!row || revoked || row.tokenVersion !== claims.ver)
    throw new AppError('TOKEN_INVALID', authMessages.invalidToken);
  const refusal = accountRefusal(row);
  if (refusal) throw refusal;
  return {
    userId: row.id,
    role: row.role as Actor['role'],
    vendorId: row.vendorId,
    name: row.name,
    email: row.email,
    token: { jti: claims.jti, expiresAt: new Date((claims.exp ?? 0) * 1000) },
  };
}

/**
 * Enforces `config.access` on every request before its body is parsed: 401 without
 * a token or with a bad or expired one, 403 for an account or role that may not act.
 * The account is re-read on each request, so a vendor rejected after sign-in is
 * stopped at once.
 */
export const accessControl = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    app.decorateRequest('actor', null);
    const apiRoutes: ApiRoute[] = [];
    app.decorate('apiRoutes', apiRoutes);

    app.addHook('onRoute', (route) => {
      const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
      if (!isApi) return;
      const access = route.config?.access;
      if (!access) {
        throw new Error(`Route ${route.method} ${route.url} must declare config.access`);
      }
      for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, access });
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access) return;
      const hasToken = Boolean(request.headers.authorization);
      if (!hasToken) {
        if (access === 'public') return;
        throw new AppError('UNAUTHENTICATED', authMessages.missingToken);
      }
      request.actor = await identify(request, options.db);
      if (access === 'admin' && request.actor.role !== 'admin') {
        throw new AppError('FORBIDDEN', authMessages.forbidden);
      }
      if (access === 'vendor' && request.actor.role !== 'vendor') {
        throw new AppError('FORBIDDEN', authMessages.forbidden);
      }
    });
  },
  { name: 'access-control' },
);

/** The actor of a route whose access is `staff`, `admin` or `vendor` (always set there). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', authMessages.missingToken);
  return request.actor;
}
