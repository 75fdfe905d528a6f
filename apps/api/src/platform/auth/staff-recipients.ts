import { grants, type Permission, staffRolePermissions, staffRoles } from '@haat/contract';
import type { Db } from '../db/create-db.js';

/**
 * The user ids of the staff who may see `permission`'s area (decisions 0128, 0146 and
 * 0154): admins not removed whose role grants it (an admin without a role is an Owner),
 * oldest first. The one rule the staff's bell notices and mails follow, so a mail about
 * vendors goes to those who review vendors, not to a Content editor (the staff's twin of
 * `findVendorRecipients`).
 */
export async function findStaffUserIds(db: Db, permission: Permission): Promise<number[]> {
  const roles = staffRoles.filter((role) => grants(staffRolePermissions[role], permission));
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('removedAt', 'is', null)
    .where((eb) => eb.or([eb('staffRole', 'is', null), eb('staffRole', 'in', roles)]))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
