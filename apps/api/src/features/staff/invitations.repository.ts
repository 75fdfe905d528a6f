import type { Db } from '../../platform/db/create-db.js';
import type { InvitationsTable } from '../../platform/db/schema.js';

/** An invitation as stored, without its token hash. */
export interface InvitationRow {
  id: number;
  kind: InvitationsTable['kind'];
  email: string;
  name: string;
  role: string;
  vendorId: number | null;
  expiresAt: string;
  acceptedAt: string | null;
  createdAt: string;
}

const columns = ['id', 'kind', 'email', 'name', 'role', 'vendorId', 'expiresAt', 'acceptedAt', 'createdAt'] as const;

/** Stores an invitation; @returns its id. */
export async function insertInvitation(db: Db, values: Omit<InvitationsTable, 'id' | 'acceptedAt'>): Promise<number> {
  const row = await db
    .insertInto('invitations')
    .values({ ...values, acceptedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The invitation whose token hashes to `tokenHash`, or undefined. */
export function findInvitationByHash(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').select(columns).where('tokenHash', '=', tokenHash).executeTakeFirst() as Promise<
    InvitationRow | undefined
  >;
}

/** Invitations not accepted and not expired at `now`, for staff (`vendorId` null) or one vendor's team, newest first. */
export function listWaitingInvitations(db: Db, kind: 'staff' | 'team', vendorId: number | null, now: string) {
  return db
    .selectFrom('invitations')
    .select(columns)
    .where('kind', '=', kind)
    .$if(vendorId !== null, (q) => q.where('vendorId', '=', vendorId as number))
    .where('acceptedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('id', 'desc')
    .execute() as Promise<InvitationRow[]>;
}

/** True when `email` has an invitation waiting (not accepted, not expired) at `now`. */
export async function hasWaitingInvitation(db: Db, email: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('invitations')
    .select('id')
    .where('email', '=', email)
    .where('acceptedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the invitation accepted at `now` unless it was already: @returns false when
 * another request used it first (the token is single-use even under a race).
 */
export async function markAccepted(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ acceptedAt: now })
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The account holding `email` (lower-cased), with whether it was removed. */
export function findAccountByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'removedAt']).where('email', '=', email).executeTakeFirst();
}

/**
 * Deletes every invitation to `emails` (lower-cased), used or not: the erasure of a
 * person's data (decision 0120's map) leaves no invitation naming them.
 */
export async function deleteInvitationsTo(db: Db, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .deleteFrom('invitations')
    .where('email', 'in', [...emails])
    .execute();
}
