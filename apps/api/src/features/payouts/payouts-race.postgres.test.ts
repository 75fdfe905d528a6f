import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDb } from '../../platform/db/create-db.js';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { approveKyc } from '../../test/kyc-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 25, 'Pay all raced from two processes on PostgreSQL': two API processes (two
 * apps over two connection pools of one database) each take four "Pay all" requests at
 * once, for 20 vendors with money available. However the requests interleave, each
 * vendor gets exactly one payout of their whole balance, taken once: available 0, in
 * payout what the payout holds, one payout entry in the ledger; no answer is a 5xx.
 */

const VENDORS = 20;
const RUNS_PER_PROCESS = 4;

let t: TestApp;
let sibling: FastifyInstance;
let admin: FixtureUser;
const vendorIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const database = createDb(t.config.databaseUrl, { poolSize: 4 });
  sibling = await buildApp({ config: t.config, database, webRoot: null, logger: false });
  sibling.addHook('onClose', () => database.close());
  await sibling.ready();
  admin = await createAdmin(t.db);
  const changedAt = new Date(Date.now() - 30 * 3_600_000).toISOString();
  for (let n = 1; n <= VENDORS; n += 1) {
    const vendor = await createVendor(t.db);
    const vendorId = vendor.vendorId as number;
    vendorIds.push(vendorId);
    await t.db
      .updateTable('vendors')
      .set({
        bankAccountHolder: `Racer ${n}`,
        bankAccountNumber: `9000000${1000 + n}`,
        bankIfsc: 'SBIN0001234',
        bankChangedAt: changedAt,
      })
      .where('id', '=', vendorId)
      .execute();
    await approveKyc(t.db, vendorId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/admin/vendors/${vendorId}/adjustments`,
      headers: { ...authAs(t.app, admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: 500 + n, reason: 'Opening balance' }),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 60_000);
afterAll(async () => {
  await sibling?.close();
  await t?.close();
});

describe('racing "Pay all" on PostgreSQL (issue 25)', () => {
  it('makes one payout per vendor and takes each balance once', async () => {
    const headers = { ...authAs(t.app, admin), 'content-type': 'application/json' };
    const runs = Array.from({ length: RUNS_PER_PROCESS * 2 }, (_, i) =>
      (i % 2 === 0 ? t.app : sibling).inject({ method: 'POST', url: '/api/payouts/admin', headers, payload: '{}' }),
    );
    const answers = await Promise.all(runs);
    expect(answers.filter((res) => res.statusCode >= 500).map((res) => res.body)).toEqual([]);
    // 201 for a run that made payouts, 200 for one that made none (issue 35).
    for (const res of answers) expect(res.statusCode, res.body).toBe(res.json().payouts.length > 0 ? 201 : 200);
    const made = answers.flatMap((res) => res.json().payouts as { vendorId: string; amount: number }[]);
    // A vendor a run neither paid nor named had nothing available when it looked: another run paid them.
    const paidByAny = new Set(made.map((payout) => payout.vendorId));
    for (const res of answers) {
      const paid = new Set((res.json().payouts as { vendorId: string }[]).map((payout) => payout.vendorId));
      const left = new Set((res.json().skipped as { vendorId: string }[]).map((vendor) => vendor.vendorId));
      for (const vendorId of vendorIds.map(String))
        expect(paid.has(vendorId) || left.has(vendorId) || paidByAny.has(vendorId)).toBe(true);
    }
    expect(made).toHaveLength(VENDORS);
    expect(new Set(made.map((payout) => payout.vendorId)).size).toBe(VENDORS);

    const payouts = await t.db.selectFrom('payouts').select(['vendorId', 'amountPaise', 'status']).execute();
    expect(payouts).toHaveLength(VENDORS);
    for (const [index, vendorId] of vendorIds.entries()) {
      const payout = payouts.find((row) => row.vendorId === vendorId);
      expect(Number(payout?.amountPaise)).toBe((500 + index + 1) * 100);
      const balance = await t.db
        .selectFrom('vendorBalances')
        .selectAll()
        .where('vendorId', '=', vendorId)
        .executeTakeFirstOrThrow();
      expect(Number(balance.availablePaise)).toBe(0);
      expect(Number(balance.processingPaise)).toBe(Number(payout?.amountPaise));
      const entries = await t.db
        .selectFrom('vendorLedgerEntries')
        .select(['kind', 'amountPaise'])
        .where('vendorId', '=', vendorId)
        .where('kind', '=', 'payout')
        .execute();
      expect(entries.map((entry) => Number(entry.amountPaise))).toEqual([-Number(payout?.amountPaise)]);
    }
  }, 60_000);
});
