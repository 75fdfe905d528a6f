import {
  type BulkResponse,
  bulkMessages,
  toRupees,
  type Vendor,
  type VendorCountsResponse,
  type VendorStatusBody,
  type vendorBulkBody,
  vendorMessages,
  type vendorRegisterBody,
  type vendorUpdateBody,
} from '@haat/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/access.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { endAllSessions } from '../../platform/auth/sessions.js';
import { bulkSummary, distinctIds, eachRecord, versionsById } from '../../platform/bulk.js';
import { isUniqueViolation } from '../../platform/db/constraint-errors.js';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { diffFields, recordActivity } from '../activity/activity.service.js';
import { eraseKycOf } from '../kyc/kyc.service.js';
import { vendorOwedPaise } from '../payouts/ledger.service.js';
import {
  countVendorsByStatus,
  deleteVendorUser,
  findVendorAccount,
  handProductsToStore,
  insertVendorAccount,
  isEmailTaken,
  setVendorStatus,
  updateVendorAccount,
} from './vendor-management.repository.js';

/**
 * Vendor management (spec section 2 'Vendor management', section 4 'Vendor status',
 * section 7's vendor calls). Every write runs in one transaction; a vendor leaving the
 * approved state, or given a new password, loses every session (decision 0050).
 */

type RegisterBody = z.output<typeof vendorRegisterBody>;
type UpdateBody = z.output<typeof vendorUpdateBody>;
type VendorAccountRow = NonNullable<Awaited<ReturnType<typeof findVendorAccount>>>;

const emailTaken = () => new AppError('CONFLICT', vendorMessages.emailTaken, { email: vendorMessages.emailTaken });
const changedMeanwhile = () => new AppError('CONFLICT', vendorMessages.changedMeanwhile);
const vendorNotFound = () => notFound(vendorMessages.notFound);

/** A stale `updatedAt` (the version the form loaded) is refused. */
function checkVersion(loaded: string | undefined, current: string): void {
  if (isStaleVersion(loaded, current)) throw changedMeanwhile();
}

/** A unique-index violation on the e-mail (a concurrent request won the race) is the same 409 as the check. */
async function guardEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** The wire shape of a vendor (spec section 3); the password never leaves the server. */
function toVendor(row: VendorAccountRow): Vendor {
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    businessName: row.businessName,
    phoneNumber: row.phoneNumber,
    address: row.address,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * `GET /api/vendors/:id`: one vendor (details modal).
 * @throws AppError NOT_FOUND (404) 'Vendor not found'.
 */
export async function getVendor(db: Db, vendorId: number): Promise<Vendor> {
  const row = await findVendorAccount(db, vendorId);
  if (!row) throw vendorNotFound();
  return toVendor(row);
}

/**
 * `POST /api/vendor/register` (spec section 7). Anyone may register; the account is
 * pending whatever `status` says, and cannot sign in until an admin approves it. An
 * admin's call ('Add New Vendor') may set the status (default pending, spec section 4)
 * and records the admin as reviewer when it is not pending. The e-mail is unique
 * across every user of any role. The password is hashed (scrypt).
 * @returns the toast's message and the vendor as saved.
 * @throws AppError CONFLICT (409) with `errors.email` when the e-mail is taken.
 */
export async function registerVendor(
  db: Db,
  events: EventBus,
  caller: Actor | null,
  body: RegisterBody,
): Promise<{ message: string; vendor: Vendor }> {
  const isAdmin = caller?.role === 'admin';
  const status = isAdmin ? (body.status ?? 'pending') : 'pending';
  const passwordHash = await hashPassword(body.password);
  const now = new Date().toISOString();
  const id = await guardEmail(() =>
    runTransaction(db, async (trx) => {
      if (await isEmailTaken(trx, body.email)) throw emailTaken();
      const vendorId = await insertVendorAccount(trx, {
        name: body.name,
        email: body.email,
        passwordHash,
        businessName: body.businessName,
        phoneNumber: body.phoneNumber,
        address: body.address,
        status,
        reviewedBy: isAdmin && status !== 'pending' && caller ? caller.userId : null,
        now,
      });
      if (!isAdmin) await events.publish(trx, { type: 'vendor.registered', vendorId, at: now });
      const account = await findVendorAccount(trx, vendorId);
      // A vendor signing up is the actor of their own registration.
      const actor =
        isAdmin && caller ? caller : { userId: account?.userId ?? 0, role: 'vendor' as const, name: body.name };
      const entry = {
        kind: 'vendor' as const,
        recordId: vendorId,
        label: body.businessName,
        changes: diffFields(null, account ?? null),
      };
      await recordActivity(trx, { actor, action: isAdmin ? 'create' : 'register', ...entry });
      return vendorId;
    }),
  );
  return { message: isAdmin ? vendorMessages.created : vendorMessages.registered, vendor: await getVendor(db, id) };
}

/**
 * `PUT /api/vendors/:id` (spec section 7; 'Edit Vendor'), admin only: replaces name,
 * e-mail, business details and status; an empty or absent password keeps the current
 * one, a new one is hashed and ends the vendor's sessions, as does a status other than
 * approved. With `updatedAt`, a vendor saved since answers 409 and nothing changes.
 * @throws AppError NOT_FOUND (404); CONFLICT (409) for a taken e-mail or a stale version.
 */
export async function updateVendor(
  db: Db,
  admin: Actor,
  vendorId: number,
  body: UpdateBody,
): Promise<{ message: string; vendor: Vendor }> {
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  await guardEmail(() =>
    runTransaction(db, async (trx) => {
      const current = await findVendorAccount(trx, vendorId);
      if (!current) throw vendorNotFound();
      checkVersion(body.updatedAt, current.updatedAt);
      if (await isEmailTaken(trx, body.email, current.userId)) throw emailTaken();
      const status = body.status ?? current.status;
      const savedAt = nextVersion(current.updatedAt, new Date().toISOString());
      await updateVendorAccount(
        trx,
        { vendorId, userId: current.userId },
        {
          name: body.name,
          email: body.email,
          passwordHash,
          businessName: body.businessName,
          phoneNumber: body.phoneNumber,
          address: body.address,
          status,
          ...(status !== current.status && { reviewedBy: admin.userId }),
        },
        savedAt,
      );
      const changes = diffFields(current, (await findVendorAccount(trx, vendorId)) ?? null, { ignore: ['userId'] });
      if (passwordHash !== undefined) changes.passwordChanged = { before: false, after: true };
      await recordActivity(trx, {
        actor: admin,
        action: 'update',
        kind: 'vendor',
        recordId: vendorId,
        label: body.businessName,
        changes,
      });
      if (passwordHash !== undefined || (status !== 'approved' && current.status === 'approved'))
        await endAllSessions(trx, current.userId);
    }),
  );
  return { message: vendorMessages.updated, vendor: await getVendor(db, vendorId) };
}

/**
 * `PUT /api/vendors/:id/status` (spec section 4: approve and reject only pending
 * vendors; the list updates locally): sets approved or rejected and who decided, UTC.
 * Deciding an already decided vendor again is allowed for the API's other clients;
 * rejecting an approved one ends their sessions. With `updatedAt`, a stale version is 409.
 * @throws AppError NOT_FOUND (404); CONFLICT (409) for a stale version.
 */
export async function changeVendorStatus(
  db: Db,
  events: EventBus,
  admin: Actor,
  vendorId: number,
  body: VendorStatusBody,
): Promise<{ message: string; vendor: Vendor }> {
  await runTransaction(db, async (trx) => {
    const current = await findVendorAccount(trx, vendorId);
    if (!current) throw vendorNotFound();
    checkVersion(body.updatedAt, current.updatedAt);
    const at = nextVersion(current.updatedAt, new Date().toISOString());
    await setVendorStatus(trx, vendorId, body.status, admin.userId, at);
    if (body.status !== 'approved') await endAllSessions(trx, current.userId);
    await events.publish(trx, {
      type: 'vendor.statusChanged',
      vendor: { id: vendorId, userId: current.userId },
      from: current.status,
      to: body.status,
      at,
    });
    const changes = diffFields({ status: current.status }, { status: body.status });
    const action = body.status === 'approved' ? 'approve' : 'reject';
    await recordActivity(trx, {
      actor: admin,
      action,
      kind: 'vendor',
      recordId: vendorId,
      label: current.businessName,
      changes,
    });
  });
  return {
    message: body.status === 'approved' ? vendorMessages.approved : vendorMessages.rejected,
    vendor: await getVendor(db, vendorId),
  };
}

/**
 * `DELETE /api/vendors/:id`: deletes the vendor and their account (their tokens stop at
 * once). Nothing else is lost: their products pass to the store, inactive, and orders
 * keep their lines; a vendor whose ledger is not settled (issue 25) is refused, so no
 * money owed either way goes with them. One transaction.
 * @returns the message and how many products passed to the store.
 * @throws AppError NOT_FOUND (404); CONFLICT (409) their balance is not zero.
 */
export async function deleteVendor(
  db: Db,
  admin: Actor,
  vendorId: number,
): Promise<{ message: string; productsHandedOver: number }> {
  return runTransaction(db, async (trx) => {
    const current = await findVendorAccount(trx, vendorId);
    if (!current) throw vendorNotFound();
    const owed = await vendorOwedPaise(trx, vendorId);
    if (owed !== 0)
      throw new AppError(
        'CONFLICT',
        vendorMessages.stillOwed(`${owed < 0 ? '-' : ''}Rs. ${toRupees(Math.abs(owed)).toFixed(2)}`),
      );
    const productsHandedOver = await handProductsToStore(trx, vendorId, new Date().toISOString());
    // Their KYC (PAN, GSTIN, address, documents) goes with them: decision 0120's map.
    await eraseKycOf(trx, vendorId);
    await deleteVendorUser(trx, current.userId);
    const changes = diffFields(current, null, { ignore: ['userId'] });
    await recordActivity(trx, {
      actor: admin,
      action: 'delete',
      kind: 'vendor',
      recordId: vendorId,
      label: current.businessName,
      changes,
    });
    return { message: vendorMessages.deleted, productsHandedOver };
  });
}

/** `GET /api/vendors/counts`: the list footer's counts (spec section 2), over every vendor. */
export async function vendorCounts(db: Db): Promise<Omit<VendorCountsResponse, 'success'>> {
  const counts = await countVendorsByStatus(db);
  return { total: counts.pending + counts.approved + counts.rejected, ...counts };
}

/**
 * `POST /api/vendors/bulk` (issue 26 'Bulk actions'): approves or rejects each selected
 * vendor awaiting approval through `changeVendorStatus` (sessions ended on rejection, a
 * notice on approval, an activity entry), under the version read; a vendor already
 * decided, or saved since the screen showed them (`body.versions`), is refused.
 * @returns the summary ('4 approved, 1 skipped'), how many were done, and each refused
 *   vendor with its reason.
 */
export async function bulkVendors(
  db: Db,
  events: EventBus,
  admin: Actor,
  body: z.output<typeof vendorBulkBody>,
): Promise<Omit<BulkResponse, 'success'>> {
  const shown = versionsById(body.ids, body.versions);
  const outcome = await eachRecord(distinctIds(body.ids), async (id) => {
    const current = await findVendorAccount(db, id);
    if (!current) return bulkMessages.notFound;
    if (isStaleVersion(shown.get(id), current.updatedAt)) return bulkMessages.changedSince;
    if (current.status !== 'pending') return vendorMessages.notAwaitingApproval;
    await changeVendorStatus(db, events, admin, id, {
      status: body.action === 'approve' ? 'approved' : 'rejected',
      updatedAt: current.updatedAt,
    });
    return null;
  });
  return { message: bulkSummary(outcome, body.action === 'approve' ? 'approved' : 'rejected'), ...outcome };
}
