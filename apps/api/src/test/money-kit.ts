import type { Balances, EarningsResponse, Payout } from '@haat/contract';
import { EARNINGS_RELEASE_TASK } from '../features/payouts/payouts.service.js';
import { authAs, type FixtureUser } from './fixtures.js';
import { runScheduledRound } from './jobs.js';
import { approveKyc } from './kyc-fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * The marketplace's money for tests (issue 25): vendors' bank details, earnings and
 * balances, payout runs and their marking, over HTTP; and the clock moved for the holds
 * by back-dating their rows (the one thing a test cannot wait for), with the scheduled
 * release run at once.
 */
export function moneyKit(t: TestApp, admin: FixtureUser) {
  let sequence = 0;
  const json = (as: FixtureUser | null) => ({
    ...(as ? authAs(t.app, as) : {}),
    'content-type': 'application/json',
  });

  /**
   * Saves bank details for `vendor` and back-dates the change past the bank-change hold;
   * unless told `kyc: false`, also gives them an approved KYC
   * (issue 35: payouts wait for one; decision 0136).
   */
  async function bank(vendor: FixtureUser, { aged = true, kyc = true } = {}): Promise<void> {
    const n = ++sequence;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/vendor/bank-details',
      headers: json(vendor),
      payload: JSON.stringify({
        accountHolder: `Holder ${n}`,
        accountNumber: `50100${String(100_000 + n)}`,
        ifsc: 'HDFC0001234',
      }),
    });
    if (res.statusCode !== 200) throw new Error(`bank: ${res.statusCode} ${res.body}`);
    if (kyc) await approveKyc(t.db, vendor.vendorId as number);
    if (aged)
      await t.db
        .updateTable('vendors')
        .set({ bankChangedAt: new Date(Date.now() - 30 * 3_600_000).toISOString() })
        .where('id', '=', vendor.vendorId as number)
        .execute();
  }

  /**
   * Back-dates the delivery of every waiting hold (or of `orderId`'s) by `days`, then runs
   * the scheduled release's round, as the job runner would within `EARNINGS_RELEASE_MINUTES`.
   */
  async function ageDeliveries(days: number, orderId?: string): Promise<void> {
    const at = new Date(Date.now() - days * 86_400_000).toISOString();
    let query = t.db.updateTable('orderPayoutHolds').set({ deliveredAt: at }).where('releasedAt', 'is', null);
    if (orderId !== undefined) query = query.where('orderId', '=', Number(orderId));
    await query.execute();
    await runScheduledRound(t.app, EARNINGS_RELEASE_TASK);
  }

  /** The vendor's own balances and first page of entries. */
  async function earnings(vendor: FixtureUser, query = 'limit=200'): Promise<EarningsResponse> {
    const res = await t.app.inject({ method: 'GET', url: `/api/vendor/earnings?${query}`, headers: json(vendor) });
    if (res.statusCode !== 200) throw new Error(`earnings: ${res.statusCode} ${res.body}`);
    return res.json() as EarningsResponse;
  }

  /** The vendor's balances. */
  async function balances(vendor: FixtureUser): Promise<Balances> {
    return (await earnings(vendor, 'limit=1')).balances;
  }

  /** `POST /api/payouts/admin` as `as` with `body`; the raw reply. */
  function payRun(body: unknown = {}, as: FixtureUser | null = admin) {
    return t.app.inject({
      method: 'POST',
      url: '/api/payouts/admin',
      headers: json(as),
      payload: JSON.stringify(body),
    });
  }

  /** A run that must succeed (201 when it made payouts, 200 when none: issue 35); its payouts. */
  async function payAll(body: unknown = {}): Promise<Payout[]> {
    const res = await payRun(body);
    const payouts = res.statusCode === 200 || res.statusCode === 201 ? (res.json().payouts as Payout[]) : [];
    if (res.statusCode !== (payouts.length > 0 ? 201 : 200)) throw new Error(`pay: ${res.statusCode} ${res.body}`);
    return payouts;
  }

  /** `PUT /api/payouts/admin/{id}` as `as`; the raw reply. */
  function decide(id: string, body: unknown, as: FixtureUser | null = admin) {
    return t.app.inject({
      method: 'PUT',
      url: `/api/payouts/admin/${id}`,
      headers: json(as),
      payload: JSON.stringify(body),
    });
  }

  /** The sum of the vendor's ledger entries as stored (paise). */
  async function ledgerSum(vendorId: number): Promise<number> {
    const row = await t.db
      .selectFrom('vendorLedgerEntries')
      .select((eb) => eb.fn.sum<number>('amountPaise').as('total'))
      .where('vendorId', '=', vendorId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  return { bank, ageDeliveries, earnings, balances, payRun, payAll, decide, ledgerSum, json };
}
