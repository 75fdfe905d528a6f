import {
  type Access,
  authMessages,
  grants,
  type Permission,
  type StaffRole,
  securityMessages,
  staffRolePermissions,
  type TeamRole,
  teamRoleAllows,
  teamRoleNeeded,
  twoFactorSetupRoutes,
} from '@haat/contract';
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
  /** The vendor account's id, for vendors: the one they own or are a member of (decision 0129). */
  vendorId: number | null;
  name: string;
  email: string;
  /** An admin's staff role (decision 0128); null for vendors. */
  staffRole: StaffRole | null;
  /** An admin's permissions, from the role; empty for vendors. */
  permissions: readonly Permission[];
  /** A vendor's role in their team (decision 0129); null for admins. */
  teamRole: TeamRole | null;
  /** The request's token: its id and expiry (UTC), for signing it out. */
  token: { jti: string; expiresAt: Date };
  /**
   * A staff account that must turn two-factor sign-in on first (the store requires it;
   * decision 0147): it may call only `twoFactorSetupRoutes`.
   */
  twoFactorSetupRequired?: boolean;
}

/**
 * Who writes a record: a signed-in caller, or the one a background job (an import, a
 * bulk action) runs for, which carries no token.
 */
export type WriteActor = Omit<Actor, 'token' | 'staffRole' | 'permissions' | 'teamRole' | 'twoFactorSetupRequired'>;

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
  /** The staff permission an admin needs (decision 0128). */
  permission?: Permission;
  /** The least seller-team role a vendor needs, as declared (else the path decides; decision 0129). */
  teamRole?: TeamRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    permission?: Permission;
    teamRole?: TeamRole;
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
  // A removed staff or team member is answered as if the account did not exist.
  if (actor.removedAt) return new AppError('INVALID_CREDENTIALS', authMessages.invalidCredentials);
  if (actor.role === 'admin') return null;
  if (actor.role === 'vendor') {
    if (actor.vendorStatus === 'approved') return null;
    if (actor.vendorStatus === 'rejected') return new AppError('ACCOUNT_REJECTED', authMessages.vendorRejected);
    return new AppError('ACCOUNT_PENDING', authMessages.vendorPending);
  }
  return new AppError('FORBIDDEN', authMessages.roleNotAllowed);
}

/**
 * An account's staff role and permissions (admins) or team role (vendors). An admin
 * without a staff role (made by a seed or by hand, as every admin was before roles) is
 * an Owner (decision 0128).
 */
export function rolesOf(row: Pick<ActorRow, 'role' | 'staffRole' | 'teamRole'>): {
  staffRole: StaffRole | null;
  permissions: readonly Permission[];
  teamRole: TeamRole | null;
} {
  if (row.role === 'admin') {
    const staffRole = row.staffRole ?? 'owner';
    return { staffRole, permissions: staffRolePermissions[staffRole], teamRole: null };
  }
  return { staffRole: null, permissions: [], teamRole: row.role === 'vendor' ? (row.teamRole ?? 'staff') : null };
}

/**
 * True when `actor` may use a route of `access` declaring `permission` and `teamRole`
 * at `url` (Fastify's, `/api/vendor/earnings`): an admin needs the permission (an
 * `admin` route declaring none is the Owner's alone); a vendor member needs the team
 * role the route's area asks (`teamRoleNeeded`). The access level itself is checked
 * before.
 */
export function mayUse(
  actor: Pick<Actor, 'role' | 'permissions' | 'teamRole' | 'staffRole'>,
  route: { access: Access; url: string; permission?: Permission; teamRole?: TeamRole },
): boolean {
  if (route.access === 'public') return true;
  if (actor.role === 'admin') {
    if (route.permission) return grants(actor.permissions, route.permission);
    return route.access !== 'admin' || actor.staffRole === 'owner';
  }
  return teamRoleAllows(actor.teamRole ?? 'staff', teamRoleNeeded(route.url, route.teamRole));
}

/** True when a vendor member may see the vendor's money (earnings, payouts): a manager or the owner (decision 0129). */
export function mayUseVendorMoney(actor: Pick<Actor, 'role' | 'teamRole'>): boolean {
  return actor.role === 'vendor' && teamRoleAllows(actor.teamRole ?? 'staff', teamRoleNeeded('/api/vendor/earnings'));
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
    ...(row.twoFactorSetupRequired === 1 && { twoFactorSetupRequired: true }),
    userId: row.id,
    role: row.role as Actor['role'],
    vendorId: row.vendorId,
    name: row.name,
    email: row.email,
    ...rolesOf(row),
    token: { jti: claims.jti, expiresAt: new Date((claims.exp ?? 0) * 1000) },
  };
}

/**
 * Enforces `config.access` on every request before its body is parsed: 401 without
 * a token or with a bad or expired one, 403 for an account or role that may not act,
 * or for a staff account that must set up two-factor sign-in first (decision 0147).
 * The account is re-read on each request, so a vendor rejected after sign-in is
 * stopped at once; whether a staff account must set up two-factor sign-in comes in the
 * same query (decision 0156), never from a cache.
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
      const { permission, teamRole } = route.config ?? {};
      for (const method of [route.method].flat())
        apiRoutes.push({
          method,
          url: route.url,
          access,
          ...(permission && { permission }),
          ...(teamRole && { teamRole }),
        });
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
      // The store requires two-factor sign-in for staff: until it is on, only its set-up (decision 0147).
      if (
        access !== 'public' &&
        request.actor.twoFactorSetupRequired &&
        !twoFactorSetupRoutes.includes(`${request.method} ${request.routeOptions.url ?? ''}`)
      ) {
        throw new AppError('FORBIDDEN', securityMessages.staffTwoFactorSetupRequired);
      }
      if (access === 'admin' && request.actor.role !== 'admin') {
        throw new AppError('FORBIDDEN', authMessages.forbidden);
      }
      if (access === 'vendor' && request.actor.role !== 'vendor') {
        throw new AppError('FORBIDDEN', authMessages.forbidden);
      }
      // The staff member's role, or the team member's, allows this route (decisions 0128, 0129).
      const { permission, teamRole } = request.routeOptions.config;
      if (!mayUse(request.actor, { access, url: request.routeOptions.url ?? '', permission, teamRole })) {
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
