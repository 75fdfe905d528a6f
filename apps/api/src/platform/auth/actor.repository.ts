import type { StaffRole, TeamRole } from '@haat/contract';
import type { Db } from '../db/create-db.js';

/** The signed-in user a request acts as, with their vendor account when they are a vendor or a member of one. */
export interface ActorRow {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'vendor' | 'customer';
  /** The vendor account: the one the user owns (`vendors.user_id`), else the one they are a member of. */
  vendorId: number | null;
  vendorStatus: 'pending' | 'approved' | 'rejected' | null;
  /** Tokens must carry this version (decision 0050). */
  tokenVersion: number;
  /** An admin's staff role (decision 0128); null for others (an admin without one is an Owner). */
  staffRole: StaffRole | null;
  /** The member's role in the vendor account (decision 0129): null for others. */
  teamRole: TeamRole | null;
  /** When the account was removed from the staff or a team (UTC); it may not act. */
  removedAt: string | null;
}

/**
 * A user with their vendor account: the columns deciding whether and as whom an
 * account may act. The owner of a vendor account is `vendors.user_id`; its managers and
 * staff are `vendor_members` rows (decision 0129), so a member acts for the vendor
 * account (`vendorId`) while remaining themselves (`id`). Sign-in adds the password hash
 * and filters by e-mail; each request filters by id.
 */
export function selectAccount(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('vendors', 'vendors.userId', 'users.id')
    .leftJoin('vendorMembers', 'vendorMembers.userId', 'users.id')
    .leftJoin('vendors as memberOf', 'memberOf.id', 'vendorMembers.vendorId')
    .select((eb) => [
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.tokenVersion',
      'users.staffRole',
      'users.removedAt',
      eb.fn.coalesce('vendors.id', 'memberOf.id').as('vendorId'),
      eb.fn.coalesce('vendors.status', 'memberOf.status').as('vendorStatus'),
      eb
        .case()
        .when('vendors.id', 'is not', null)
        .then('owner')
        .else(eb.ref('vendorMembers.role'))
        .end()
        .$castTo<TeamRole | null>()
        .as('teamRole'),
    ]);
}

/** Loads a user by id with their vendor account, or undefined. */
export function findActorById(db: Db, userId: number): Promise<ActorRow | undefined> {
  return selectAccount(db).where('users.id', '=', userId).executeTakeFirst() as Promise<ActorRow | undefined>;
}

/**
 * True when the store requires two-factor sign-in for staff (`security_settings`,
 * decision 0127) and this account has not turned it on (decision 0147). Only asked for
 * admins: vendors are not staff.
 */
export async function twoFactorSetupRequired(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .leftJoin('securitySettings', (join) => join.on('securitySettings.id', '=', 1))
    .select(['users.totpSecret', 'securitySettings.requireTwoFactorForStaff'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return Number(row?.requireTwoFactorForStaff ?? 0) === 1 && !row?.totpSecret;
}
