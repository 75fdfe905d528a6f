import { kycMessages } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { approvedVendorIds } from './kyc.repository.js';

/**
 * The payout run's KYC check (issue 35 'Payouts wait until KYC is approved'; decision
 * 0136), kept apart from the run's other rules so that it reads as one step: a vendor
 * whose KYC is not approved (none yet, a draft, in review, changes requested, rejected,
 * or back in review after a change of PAN or GSTIN) is not paid.
 */

/** Why a vendor is left out of a payout run by this check. */
export const KYC_NOT_APPROVED = kycMessages.notApprovedForPayout;

/** Splits `vendors` into those whose KYC is approved and those left out ("KYC not approved"). */
export async function splitByKyc<V extends { vendorId: number }>(
  db: Db,
  vendors: readonly V[],
): Promise<{ approved: V[]; leftOut: { vendorId: number; reason: typeof KYC_NOT_APPROVED }[] }> {
  const ids = await approvedVendorIds(
    db,
    vendors.map((vendor) => vendor.vendorId),
  );
  return {
    approved: vendors.filter((vendor) => ids.has(vendor.vendorId)),
    leftOut: vendors
      .filter((vendor) => !ids.has(vendor.vendorId))
      .map((vendor) => ({ vendorId: vendor.vendorId, reason: KYC_NOT_APPROVED })),
  };
}

/** The vendors of `vendors` whose KYC is approved (the others are left out of the run). */
export async function withApprovedKyc<V extends { vendorId: number }>(db: Db, vendors: readonly V[]): Promise<V[]> {
  return (await splitByKyc(db, vendors)).approved;
}
