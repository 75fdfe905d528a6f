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
 * row and is not read; a vendor with no such row is absent from the map. Two reads,
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
  const owners = await db.selectFrom('vendors').select(['id', 'userId']).where('id', 'in', ids).execute();
  for (const owner of owners) recipients.set(owner.id, [owner.userId]);
  const roles = (['manager', 'staff'] as const).filter((role) => teamRoleAllows(role, teamRoleHearing(subject)));
  const members = await db
    .selectFrom('vendorMembers')
    .innerJoin('users', 'users.id', 'vendorMembers.userId')
    .select(['vendorMembers.vendorId', 'vendorMembers.userId'])
    .where('vendorMembers.vendorId', 'in', ids)
    .where('vendorMembers.role', 'in', roles)
    .where('users.removedAt', 'is', null)
    .orderBy('vendorMembers.createdAt')
    .orderBy('vendorMembers.userId')
    .execute();
  for (const member of members) recipients.get(member.vendorId)?.push(member.userId);
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
