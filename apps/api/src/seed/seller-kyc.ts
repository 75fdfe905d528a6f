import { gstinCheckCharacter, indianStateByCode } from '@haat/contract';
import type { Db } from '../platform/db/create-db.js';

/**
 * Gives each of `vendorIds` an approved seller KYC (issue 35; decision 0136: payouts wait
 * for it), as a store that has run for a while has: a company PAN, a GSTIN of one of four
 * states whose PAN and check character are valid (`gstinCheckCharacter`), approved at
 * `at` (UTC ISO). Used by the demo seeder and the large-store generator, whose vendors
 * are paid; a vendor that already has a KYC is left as it is.
 */
export async function approveSeedKyc(db: Db, vendorIds: readonly number[], at: string): Promise<void> {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const [index, vendorId] of vendorIds.entries()) {
    const stateCode = ['29', '27', '07', '33'][index % 4] as string;
    const pan = `AABC${letters[index % 26]}${String(4_210 + index * 37).padStart(4, '0')}${letters[(index * 7 + 3) % 26]}`;
    const first14 = `${stateCode}${pan}1Z`;
    await db
      .insertInto('vendorKyc')
      .values({
        vendorId,
        legalName: `Demo Seller ${index + 1} Private Limited`,
        pan,
        gstin: first14 + gstinCheckCharacter(first14),
        enrolmentNumber: null,
        stateCode,
        address: `${index + 1} Industrial Area, ${indianStateByCode(stateCode)?.name ?? ''}`,
        status: 'approved',
        reasons: '{}',
        isApprovedBefore: false,
        submittedAt: at,
        decidedAt: at,
        decidedBy: null,
        createdAt: at,
        updatedAt: at,
      })
      .onConflict((oc) => oc.column('vendorId').doNothing())
      .execute();
  }
}
