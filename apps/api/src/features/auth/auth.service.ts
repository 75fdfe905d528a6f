import { authMessages, type SessionUser } from '@haat/contract';
import { accountRefusal } from '../../platform/auth/access.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import type { Db } from '../../platform/db/create-db.js';
import { AppError } from '../../platform/errors.js';
import { countCustomers as countCustomerAccounts, findUserForLogin } from './auth.repository.js';

/**
 * Checks an e-mail and password (spec section 7, `POST /api/auth/admin/login`).
 * Admins and approved vendors may sign in.
 * @returns the user as the session keeps it.
 * @throws AppError INVALID_CREDENTIALS (401) for an unknown e-mail or a wrong password, alike;
 *   ACCOUNT_PENDING / ACCOUNT_REJECTED (403) for a vendor not approved; FORBIDDEN (403) for customers.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<SessionUser> {
  const user = await findUserForLogin(db, email);
  const passwordMatches = await verifyPassword(password, user?.passwordHash);
  if (!user || !passwordMatches) throw new AppError('INVALID_CREDENTIALS', authMessages.invalidCredentials);
  const refusal = accountRefusal(user);
  if (refusal) throw refusal;
  return { _id: String(user.id), name: user.name, email: user.email, role: user.role };
}

/** How many customer accounts the store has (spec section 2, the dashboard's 'Total Users'). */
export function countCustomers(db: Db): Promise<number> {
  return countCustomerAccounts(db);
}
