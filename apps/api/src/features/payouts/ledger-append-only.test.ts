import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTransaction } from '../../platform/db/transactions.js';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { post } from './ledger.repository.js';

let t: TestApp;
let admin: FixtureUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

/** Posts an adjustment of `rupees` to a new vendor over HTTP; answers the vendor and the entry's id. */
async function adjusted(rupees: number): Promise<{ vendorId: number; entryId: number }> {
  const vendor = await createVendor(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payouts/admin/vendors/${vendor.vendorId}/adjustments`,
    headers: { ...authAs(t.app, admin), 'content-type': 'application/json' },
    payload: JSON.stringify({ amount: rupees, reason: 'Opening balance' }),
  });
  expect(res.statusCode).toBe(201);
  return { vendorId: vendor.vendorId as number, entryId: Number(res.json().entry._id) };
}

/** The entry as stored. */
function stored(entryId: number) {
  return t.db
    .selectFrom('vendorLedgerEntries')
    .select(['amountPaise', 'note'])
    .where('id', '=', entryId)
    .executeTakeFirst();
}

describe('vendor_ledger_entries (decision 0115)', () => {
  it('refuses a direct UPDATE of an entry, by the Kysely builder and in raw SQL, and keeps it as posted', async () => {
    const { entryId } = await adjusted(250);
    await expect(
      t.db.updateTable('vendorLedgerEntries').set({ amountPaise: 1 }).where('id', '=', entryId).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`update vendor_ledger_entries set note = 'changed' where id = ${entryId}`.execute(t.db),
    ).rejects.toThrow(/append-only/);
    expect(await stored(entryId)).toEqual({ amountPaise: 25_000, note: 'Opening balance' });
  });

  it('refuses a direct DELETE of an entry, and of every entry, and keeps them', async () => {
    const { entryId } = await adjusted(-75.5);
    await expect(t.db.deleteFrom('vendorLedgerEntries').where('id', '=', entryId).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from vendor_ledger_entries`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await stored(entryId)).toEqual({ amountPaise: -7_550, note: 'Opening balance' });
  });

  it('has no updated_at: an entry never changes', async () => {
    const { entryId } = await adjusted(1);
    const row = await sql<Record<string, unknown>>`select * from vendor_ledger_entries where id = ${entryId}`.execute(
      t.db,
    );
    // Column names come back camel-cased (the app's CamelCasePlugin).
    expect(Object.keys(row.rows[0] ?? {})).toContain('createdAt');
    expect(Object.keys(row.rows[0] ?? {})).not.toContain('updatedAt');
  });
});

describe('post', () => {
  it('writes the entries and the balance change together, and refuses to run outside a transaction', async () => {
    const vendor = await createVendor(t.db);
    const vendorId = vendor.vendorId as number;
    const at = new Date().toISOString();
    await expect(post(t.db, [{ vendorId, kind: 'adjustment', amountPaise: 100 }], at)).rejects.toThrow(/transaction/);
    await runTransaction(t.db, (trx) =>
      post(
        trx,
        [
          { vendorId, kind: 'sale', amountPaise: 10_000, held: true },
          { vendorId, kind: 'commission', amountPaise: -1_000, held: true },
          { vendorId, kind: 'adjustment', amountPaise: 500 },
        ],
        at,
      ),
    );
    const balance = await t.db
      .selectFrom('vendorBalances')
      .select(['pendingPaise', 'availablePaise', 'processingPaise', 'paidPaise'])
      .where('vendorId', '=', vendorId)
      .executeTakeFirstOrThrow();
    expect(Object.values(balance).map(Number)).toEqual([9_000, 500, 0, 0]);
    const entries = await t.db
      .selectFrom('vendorLedgerEntries')
      .select('id')
      .where('vendorId', '=', vendorId)
      .execute();
    expect(entries).toHaveLength(3);
  });

  it('writes nothing when a posting is refused: a payout is never held', async () => {
    const vendor = await createVendor(t.db);
    const vendorId = vendor.vendorId as number;
    await expect(
      runTransaction(t.db, (trx) =>
        post(trx, [{ vendorId, kind: 'payout', amountPaise: -100, held: true }], new Date().toISOString()),
      ),
    ).rejects.toThrow(/never held/);
    const entries = await t.db
      .selectFrom('vendorLedgerEntries')
      .select('id')
      .where('vendorId', '=', vendorId)
      .execute();
    expect(entries).toHaveLength(0);
  });
});
