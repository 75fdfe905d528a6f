import type { Db } from '../platform/db/create-db.js';

/**
 * For tests of the commission and payout rules that predate the taxes (decisions 0106,
 * 0131-0133): sets TCS, TDS (with and without PAN) and the GST on commission to 0% from
 * 2025-01-01, so their sales deduct nothing and their figures stay the rules' own. The
 * deductions themselves are tested with the seeded rates (decision 0148:
 * `deductions.test.ts`, `tax-ledger.test.ts`, `payouts.property.test.ts`).
 */
export async function withoutDeductions(db: Db): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('taxRates')
    .values(
      (['tcs', 'tds', 'tds_no_pan', 'commission_gst'] as const).map((kind) => ({
        kind,
        rateBp: 0,
        fromDate: '2025-01-01',
        createdAt: at,
        updatedAt: at,
      })),
    )
    .execute();
}
