import type { Db } from '../db/create-db.js';

/** The signed-in user a request acts as, with their vendor profile when they are a vendor. */
export interface ActorRow {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'vendor' | 'customer';
  vendorId: number | null;
  vendorStatus: 'pending' | 'approved' | 'rejected' | null;
  /** Tokens must carry this version (decision 0050). */
  tokenVersion: number;
}

/**
 * A user with their vendor profile: the columns deciding whether and as whom an
 * account may act. Sign-in adds the password hash and filters by e-mail; each
 * request filters by id.
 */
export function selectAccount(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('vendors', 'vendors.userId', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.tokenVersion',
      'vendors.id as vendorId',
      'vendors.status as vendorStatus',
    ]);
}

/** Loads a user by id with their vendor profile, or undefined. */
export function findActorById(db: Db, userId: number): Promise<ActorRow | undefined> {
  return selectAccount(db).where('users.id', '=', userId).executeTakeFirst();
}
