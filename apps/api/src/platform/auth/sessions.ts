import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/create-db.js';

/**
 * Sessions that can end, on every API process at once (docs/decisions/0050-sessions-end-by-token-version-and-revoked-ids.md).
 * A token carries the account's `ver` (users.token_version) and its own id `jti`.
 * - Raising the account's version (`endAllSessions`) ends every token it holds.
 * - Revoking one `jti` (`revokeToken`, on sign-out) ends that token alone.
 * Both are read from the database on each request, so what one process decides every
 * process sees on the next request.
 *
 * The SQL lives here rather than in a feature repository: these tables belong to the
 * access check. Every function takes the Kysely handle first.
 */

/** Deletes of expired revocations happen at most this often per process, in ms. */
export const REVOCATION_CLEANUP_INTERVAL_MS = 60_000;

/** What a session token identifies: the account, its role and its token version. */
export interface TokenSubject {
  id: number;
  role: 'admin' | 'vendor';
  tokenVersion: number;
}

/**
 * Signs a session token for `user`: `{ sub, role, ver, jti }`, expiring after `JWT_TTL`
 * (the plugin's `expiresIn`). `jti` is a random UUID.
 */
export function issueToken(app: FastifyInstance, user: TokenSubject): string {
  return app.jwt.sign({ sub: String(user.id), role: user.role, ver: user.tokenVersion, jti: randomUUID() });
}

/** True when the token `jti` was signed out. One primary-key lookup. */
export async function isTokenRevoked(db: Db, jti: string): Promise<boolean> {
  const row = await db.selectFrom('revokedTokens').select('jti').where('jti', '=', jti).executeTakeFirst();
  return row !== undefined;
}

/**
 * Signs one token out: records its `jti` until `expiresAt` (UTC, the token's own `exp`).
 * Signing out twice is harmless.
 */
export async function revokeToken(db: Db, jti: string, userId: number, expiresAt: Date): Promise<void> {
  await db
    .insertInto('revokedTokens')
    .values({ jti, userId, expiresAt: expiresAt.toISOString(), createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/**
 * Ends every session of the account `userId` at once: raises its token version, so
 * every token signed before is refused (401) from the next request on, in any process.
 * Pass the transaction of the change that causes it (a password change, a rejection),
 * so both happen or neither.
 */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Deletes revocations of tokens that have expired by `now` (they are refused anyway). */
export async function deleteExpiredRevocations(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('revokedTokens').where('expiresAt', '<', now.toISOString()).execute();
}
