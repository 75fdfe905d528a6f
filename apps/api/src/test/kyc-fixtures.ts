import { gstinCheckCharacter, INDIAN_STATES } from '@haat/contract';
import type { Db } from '../platform/db/create-db.js';

/**
 * Seller KYC for tests (issue 35; decision 0136): a valid PAN and GSTIN for any vendor,
 * and an approved KYC written straight to the database, so that tests about payouts pay
 * the vendors they mean to (payouts wait for an approved KYC).
 */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A valid company PAN made from `n` (`AAAC` + a letter + four digits + a letter). */
export function panFor(n: number): string {
  return `AAAC${LETTERS[n % 26]}${String(n % 10_000).padStart(4, '0')}${LETTERS[(n * 7) % 26]}`;
}

/** The valid GSTIN of `pan` registered in `stateCode` (entity 1, `Z`, its check character). */
export function gstinFor(pan: string, stateCode = '29'): string {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** Gives `vendorId` an approved KYC (Karnataka unless told), replacing any they have. */
export async function approveKyc(db: Db, vendorId: number, stateCode = '29'): Promise<void> {
  const pan = panFor(vendorId);
  const at = new Date().toISOString();
  await db.deleteFrom('vendorKyc').where('vendorId', '=', vendorId).execute();
  await db
    .insertInto('vendorKyc')
    .values({
      vendorId,
      legalName: `Vendor ${vendorId} Private Limited`,
      pan,
      gstin: gstinFor(pan, stateCode),
      enrolmentNumber: null,
      stateCode,
      address: `${vendorId} MG Road, ${INDIAN_STATES.find((state) => state.code === stateCode)?.name ?? ''}`,
      status: 'approved',
      reasons: '{}',
      isApprovedBefore: false,
      submittedAt: at,
      decidedAt: at,
      decidedBy: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
}
