import type { StaffRole } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';

/** A staff member as stored. */
export interface StaffRow {
  id: number;
  name: string;
  email: string;
  staffRole: string | null;
  createdAt: string;
  updatedAt: string;
}

const columns = ['id', 'name', 'email', 'staffRole', 'createdAt', 'updatedAt'] as const;

/** Every admin account not removed, Owners first, then by name. */
export function listStaff(db: Db): Promise<StaffRow[]> {
  return db
    .selectFrom('users')
    .select(columns)
    .where('role', '=', 'admin')
    .where('removedAt', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute() as Promise<StaffRow[]>;
}

/** One admin account not removed, `FOR UPDATE` on PostgreSQL inside a transaction. */
export function findStaff(db: Db, id: number): Promise<StaffRow | undefined> {
  return db
    .selectFrom('users')
    .select(columns)
    .where('id', '=', id)
    .where('role', '=', 'admin')
    .where('removedAt', 'is', null)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst() as Promise<StaffRow | undefined>;
}

/** Sets an admin's staff role, stamped `at` (UTC). */
export async function updateStaffRole(db: Db, id: number, role: StaffRole, at: string): Promise<void> {
  await db.updateTable('users').set({ staffRole: role, updatedAt: at }).where('id', '=', id).execute();
}

/** Marks an account removed at `at` (UTC): it can no longer sign in. */
export async function markRemoved(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('users').set({ removedAt: at, updatedAt: at }).where('id', '=', id).execute();
}
