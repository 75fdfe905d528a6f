import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';

/** A member as the team lists it. */
export interface TeamRow {
  userId: number;
  name: string;
  email: string;
  role: 'owner' | 'manager' | 'staff';
  joinedAt: string;
}

/** The vendor account's owner (`vendors.user_id`) and business name, `FOR UPDATE` on PostgreSQL in a transaction. */
export function findVendorAccount(db: Db, vendorId: number) {
  return db
    .selectFrom('vendors')
    .select(['id', 'userId', 'businessName'])
    .where('id', '=', vendorId)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The members (managers and staff) of the vendor account, with the columns of a `TeamRow`, to filter further. */
function selectMembers(db: Db, vendorId: number) {
  return db
    .selectFrom('vendorMembers')
    .innerJoin('users', 'users.id', 'vendorMembers.userId')
    .select([
      'users.id as userId',
      'users.name',
      'users.email',
      'vendorMembers.role',
      'vendorMembers.createdAt as joinedAt',
    ])
    .where('vendorMembers.vendorId', '=', vendorId);
}

/** The owner and every member of the vendor account. */
export async function listTeam(db: Db, vendorId: number): Promise<TeamRow[]> {
  const owner = await db
    .selectFrom('vendors')
    .innerJoin('users', 'users.id', 'vendors.userId')
    .select(['users.id as userId', 'users.name', 'users.email', 'vendors.createdAt as joinedAt'])
    .where('vendors.id', '=', vendorId)
    .executeTakeFirst();
  const members = await selectMembers(db, vendorId)
    .where('users.removedAt', 'is', null)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  return [...(owner ? [{ ...owner, role: 'owner' as const }] : []), ...members];
}

/** A member (manager or staff) of the vendor account, or undefined. */
export function findMember(db: Db, vendorId: number, userId: number) {
  return selectMembers(db, vendorId).where('vendorMembers.userId', '=', userId).executeTakeFirst();
}
