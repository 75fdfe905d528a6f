import { type TeamRole, teamRoleAllows, teamRoleNeeded } from '@haat/contract';
import type { Db } from '../db/create-db.js';

/**
 * Who of a seller's team hears of what (issue 36; docs/decisions/0158-who-of-a-sellers-team-hears-what.md):
 * the one rule every vendor-facing bell notice and mail follows. A notice's subject is
 * the vendor screen it is about; a member hears of it when their team role may open
 * that screen, by the same rule the routes use (`teamRoleNeeded` over
 * `managerOnlyVendorPaths`): orders, shipments, products and the account reach the
 * whole team; earnings, payouts, bank details and KYC (money) the owner and managers.
 */

/** What a vendor-facing notice is about, by the vendor route area that shows it. */
export const vendorNoticeSubjectPaths = {
  orders: '/api/vendor/orders',
  shipments: '/api/vendor/shipments',
  products: '/api/products',
  account: '/api/vendor/dashboard',
  earnings: '/api/vendor/earnings',
  payouts: '/api/vendor/payouts',
  bankDetails: '/api/vendor/bank-details',
  kyc: '/api/vendor/kyc',
} as const;

/** A vendor-facing notice's subject (a key of `vendorNoticeSubjectPaths`). */
export type VendorNoticeSubject = keyof typeof vendorNoticeSubjectPaths;

/** The least team role that hears of `subject`: the role its screens need. */
export function teamRoleHearing(subject: VendorNoticeSubject): TeamRole {
  return teamRoleNeeded(vendorNoticeSubjectPaths[subject]);
}

/**
 * The user ids, per vendor of `vendorIds`, who hear of `subject`: the account's owner
 * (`vendors.user_id`) first, then the members (`vendor_members`, not removed) whose role
 * may open its screens, oldest membership first. A removed member has no membership
 * row and is not read; a vendor with no such row is absent from the map. One read,
 * whatever the number of vendors.
 * @param vendorIds vendor profile ids (`vendors.id`), not user ids.
 */
export async function findVendorRecipients(
  db: Db,
  vendorIds: readonly number[],
  subject: VendorNoticeSubject,
): Promise<Map<number, number[]>> {
  const recipients = new Map<number, number[]>();
  const ids = [...new Set(vendorIds)];
  if (ids.length === 0) return recipients;
  const roles = (['manager', 'staff'] as const).filter((role) => teamRoleAllows(role, teamRoleHearing(subject)));
  // One read: each vendor's owner, with the members who hear (none when no role below the owner does).
  const rows = await db
    .selectFrom('vendors as v')
    .leftJoin('vendorMembers as m', (join) =>
      join.onRef('m.vendorId', '=', 'v.id').on((eb) => (roles.length > 0 ? eb('m.role', 'in', roles) : eb.lit(false))),
    )
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'm.userId').on('u.removedAt', 'is', null))
    .select(['v.id', 'v.userId', 'u.id as memberId'])
    .where('v.id', 'in', ids)
    .orderBy('v.id')
    .orderBy('m.createdAt')
    .orderBy('m.userId')
    .execute();
  for (const row of rows) {
    const heard = recipients.get(row.id) ?? [row.userId];
    if (row.memberId !== null) heard.push(row.memberId);
    recipients.set(row.id, heard);
  }
  return recipients;
}

/** `findVendorRecipients` for one vendor: its owner and the members who hear of `subject` (none for no vendor). */
export async function findVendorRecipientsOf(
  db: Db,
  vendorId: number,
  subject: VendorNoticeSubject,
): Promise<number[]> {
  return (await findVendorRecipients(db, [vendorId], subject)).get(vendorId) ?? [];
}
