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
  /**
   * 1 when the store requires two-factor sign-in for staff (`security_settings`, decision
   * 0127) and this admin account has not turned it on (decision 0147), else 0: read in
   * the same query as the rest, so the check costs no query of its own (decision 0156).
   */
  twoFactorSetupRequired: 0 | 1;
}

/**
 * A user with their vendor account: the columns deciding whether and as whom an
 * account may act. The owner of a vendor account is `vendors.user_id`; its managers and
 * staff are `vendor_members` rows (decision 0129), so a member acts for the vendor
 * account (`vendorId`) while remaining themselves (`id`). Whether the account must set up
 * two-factor sign-in first comes from the store's one `security_settings` row (id 1) and
 * the account's secret, which itself is not selected. Sign-in adds the password hash and
 * filters by e-mail; each request filters by id.
 */
export function selectAccount(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('vendors', 'vendors.userId', 'users.id')
    .leftJoin('vendorMembers', 'vendorMembers.userId', 'users.id')
    .leftJoin('vendors as memberOf', 'memberOf.id', 'vendorMembers.vendorId')
    .leftJoin('securitySettings', (join) => join.on('securitySettings.id', '=', 1))
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
      // Literals, not parameters: PostgreSQL would type a parameter in a CASE as text.
      eb
        .case()
        .when(
          eb.and([
            eb('users.role', '=', 'admin'),
            eb('securitySettings.requireTwoFactorForStaff', '=', eb.lit(1)),
            eb.or([eb('users.totpSecret', 'is', null), eb('users.totpSecret', '=', '')]),
          ]),
        )
        .then(eb.lit(1))
        .else(eb.lit(0))
        .end()
        .$castTo<0 | 1>()
        .as('twoFactorSetupRequired'),
    ]);
}

/** Loads a user by id with their vendor account, or undefined. */
export function findActorById(db: Db, userId: number): Promise<ActorRow | undefined> {
  return selectAccount(db).where('users.id', '=', userId).executeTakeFirst() as Promise<ActorRow | undefined>;
}
