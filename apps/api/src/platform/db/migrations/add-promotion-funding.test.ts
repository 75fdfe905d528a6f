import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createVendor } from '../../../test/fixtures.js';
import { createOrder } from '../../../test/order-fixtures.js';
import { createPostgresDatabase, testDbKind } from '../../../test/test-app.js';
import { createDb, type Db } from '../create-db.js';
import { migrations } from './index.js';

/**
 * Migration `2026_12_30_0900_add_promotion_funding` (issue 35; decisions 0131 and 0132)
 * on a store with orders placed before it, on the suite's database: existing coupons and
 * orders become vendor-funded, and each vendor line gets the floor or cap its frozen
 * commission shows; down and up again keep the store usable.
 */

const BEFORE = '2026_12_20_1200_create_import_row_outcomes';
const THIS = '2026_12_30_0900_add_promotion_funding';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyStore(): Promise<Db> {
  let url = 'sqlite::memory:';
  if (testDbKind === 'postgres') {
    const created = await createPostgresDatabase();
    cleanups.push(created.drop);
    url = created.url;
  }
  const database = createDb(url);
  cleanups.push(() => database.close());
  return database.db;
}

const migrator = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

describe(`migration ${THIS}`, () => {
  it('marks existing coupon orders vendor-funded and infers each vendor line’s floor or cap from its commission', async () => {
    const db = await emptyStore();
    expect((await migrator(db).migrateTo(BEFORE)).error).toBeUndefined();
    const vendor = await createVendor(db);
    const withCoupon = await createOrder(db, {
      lines: [
        { productName: 'Floored', quantity: 1, salePricePaise: 30_000 },
        { productName: 'Capped', quantity: 1, salePricePaise: 60_000 },
        { productName: 'At the rate', quantity: 1, salePricePaise: 10_005 },
      ],
      coupon: { code: 'OLD10', discountPaise: 0 },
      shipments: false,
    });
    const without = await createOrder(db, { shipments: false });
    const items = await db
      .selectFrom('orderItems')
      .select(['id', 'productName'])
      .where('orderId', '=', withCoupon.id)
      .execute();
    // 10% of 30,000 is 3,000, raised to a Rs. 50 floor; of 60,000 is 6,000, lowered to a Rs. 20 cap;
    // of 10,005 is 1,000.5, charged 1,001 (half up): neither.
    const charged: Record<string, number> = { Floored: 5_000, Capped: 2_000, 'At the rate': 1_001 };
    for (const item of items)
      await db
        .updateTable('orderItems')
        .set({
          vendorId: vendor.vendorId as number,
          commissionRateBp: 1000,
          netPaise: item.productName === 'At the rate' ? 10_005 : item.productName === 'Floored' ? 30_000 : 60_000,
          commissionPaise: charged[item.productName] as number,
        })
        .where('id', '=', item.id)
        .execute();

    expect((await migrator(db).migrateTo(THIS)).error).toBeUndefined();
    const lines = await db
      .selectFrom('orderItems')
      .select(['productName', 'commissionMinPaise', 'commissionMaxPaise', 'storeFundedPaise'])
      .where('orderId', '=', withCoupon.id)
      .orderBy('id')
      .execute();
    expect(
      lines.map((line) => [
        line.productName,
        line.commissionMinPaise === null ? null : Number(line.commissionMinPaise),
        line.commissionMaxPaise === null ? null : Number(line.commissionMaxPaise),
        Number(line.storeFundedPaise),
      ]),
    ).toEqual([
      ['Floored', 5_000, null, 0],
      ['Capped', null, 2_000, 0],
      ['At the rate', null, null, 0],
    ]);
    const orders = await db.selectFrom('orders').select(['id', 'couponFundedBy']).orderBy('id').execute();
    expect(orders).toEqual([
      { id: withCoupon.id, couponFundedBy: 'vendors' },
      { id: without.id, couponFundedBy: null },
    ]);

    // Down (to the migration before this one) and up again.
    const names = Object.keys(migrations).sort();
    const previous = names[names.indexOf(THIS) - 1] as string;
    expect((await migrator(db).migrateTo(previous)).error).toBeUndefined();
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'order_items')?.columns;
    expect(columns?.some((column) => column.name === 'store_funded_paise')).toBe(false);
    expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
    const again = await db.selectFrom('orders').select('couponFundedBy').where('id', '=', withCoupon.id).execute();
    expect(again).toEqual([{ couponFundedBy: 'vendors' }]);
  });
});
