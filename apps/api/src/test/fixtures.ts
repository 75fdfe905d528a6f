import type { StaffRole } from '@haat/contract';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../platform/auth/passwords.js';
import { issueToken } from '../platform/auth/sessions.js';
import type { Db } from '../platform/db/create-db.js';

/**
 * Builders for the rows tests need, written straight to the database, and the
 * bearer header of any user. Defaults are realistic; override what a test is about.
 */

let sequence = 0;
const next = () => ++sequence;
const now = () => new Date().toISOString();

/** One hash reused by every fixture user (hashing is deliberately slow). */
let passwordHash: Promise<string> | undefined;
export const FIXTURE_PASSWORD = 'secret123';
const fixtureHash = () => {
  passwordHash ??= hashPassword(FIXTURE_PASSWORD);
  return passwordHash;
};

export interface FixtureUser {
  id: number;
  email: string;
  name: string;
  role: 'admin' | 'vendor' | 'customer';
  vendorId: number | null;
}

/** Inserts an admin: the Owner unless `staffRole` says another staff role (decision 0128). */
export async function createAdmin(
  db: Db,
  overrides: { name?: string; email?: string; staffRole?: StaffRole } = {},
): Promise<FixtureUser> {
  const n = next();
  const email = overrides.email ?? `admin${n}@example.test`;
  const name = overrides.name ?? `Admin ${n}`;
  const user = await db
    .insertInto('users')
    .values({
      name,
      email,
      passwordHash: await fixtureHash(),
      role: 'admin',
      staffRole: overrides.staffRole ?? 'owner',
      phone: null,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, email, name, role: 'admin', vendorId: null };
}

/** Inserts a vendor user and profile (approved unless told otherwise). */
export async function createVendor(
  db: Db,
  overrides: {
    status?: 'pending' | 'approved' | 'rejected';
    businessName?: string;
    name?: string;
    email?: string;
  } = {},
): Promise<FixtureUser & { businessName: string }> {
  const n = next();
  const email = overrides.email ?? `vendor${n}@example.test`;
  const name = overrides.name ?? `Vendor ${n}`;
  const businessName = overrides.businessName ?? `Vendor Business ${n}`;
  const user = await db
    .insertInto('users')
    .values({
      name,
      email,
      passwordHash: await fixtureHash(),
      role: 'vendor',
      phone: null,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const vendor = await db
    .insertInto('vendors')
    .values({
      userId: user.id,
      businessName,
      phoneNumber: '+91 98765 43210',
      address: `${n} MG Road, Bengaluru`,
      status: overrides.status ?? 'approved',
      reviewedBy: null,
      reviewedAt: null,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, email, name, role: 'vendor', vendorId: vendor.id, businessName };
}

/** Inserts a storefront customer (no password). */
export async function createCustomer(db: Db, overrides: { name?: string; email?: string } = {}): Promise<FixtureUser> {
  const n = next();
  const email = overrides.email ?? `customer${n}@example.test`;
  const name = overrides.name ?? `Customer ${n}`;
  const user = await db
    .insertInto('users')
    .values({ name, email, passwordHash: null, role: 'customer', phone: null, createdAt: now(), updatedAt: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, email, name, role: 'customer', vendorId: null };
}

/**
 * `{ authorization: 'Bearer …' }` for a user, signed as the login route signs: a new
 * token id each call, and the account's token version (0, a new account's, unless given).
 */
export function authAs(
  app: FastifyInstance,
  user: Pick<FixtureUser, 'id' | 'role'>,
  tokenVersion = 0,
): { authorization: string } {
  const token = issueToken(app, { id: user.id, role: user.role as 'admin' | 'vendor', tokenVersion });
  return { authorization: `Bearer ${token}` };
}

/**
 * Inserts a member (`manager` or `staff`) of the vendor account `vendorId` (decision
 * 0129): a vendor user acting for that account.
 */
export async function createTeamMember(
  db: Db,
  vendorId: number,
  role: 'manager' | 'staff',
  overrides: { name?: string; email?: string } = {},
): Promise<FixtureUser> {
  const n = next();
  const email = overrides.email ?? `member${n}@example.test`;
  const name = overrides.name ?? `Member ${n}`;
  const user = await db
    .insertInto('users')
    .values({
      name,
      email,
      passwordHash: await fixtureHash(),
      role: 'vendor',
      phone: null,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('vendorMembers')
    .values({ userId: user.id, vendorId, role, createdAt: now(), updatedAt: now() })
    .execute();
  return { id: user.id, email, name, role: 'vendor', vendorId };
}
