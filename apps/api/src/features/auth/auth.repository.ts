import { selectAccount } from '../../platform/auth/actor.repository.js';
import type { Db } from '../../platform/db/create-db.js';

/** A user with their password hash and vendor status, for sign-in; the e-mail is matched trimmed and lower-cased. */
export function findUserForLogin(db: Db, email: string) {
  return selectAccount(db)
    .select('users.passwordHash')
    .where('users.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Storefront customer accounts. */
export async function countCustomers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'customer')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
