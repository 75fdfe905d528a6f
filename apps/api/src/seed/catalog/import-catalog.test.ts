import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVendor } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DEMO_CATALOG_CSV } from '../demo-assets.js';
import { CatalogImportError, importCatalog } from './import-catalog.js';

const catalog = readFileSync(DEMO_CATALOG_CSV);
const brokenRows = readFileSync(new URL('./fixtures/broken-rows.csv', import.meta.url), 'utf8');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const count = async (table: 'products' | 'categories' | 'subcategories' | 'productImages') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function productBySku(sku: string) {
  return t.db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.categoryId')
    .leftJoin('subcategories', 'subcategories.id', 'products.subcategoryId')
    .selectAll('products')
    .select(['categories.name as categoryName', 'subcategories.name as subcategoryName'])
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
}

const imagesOf = async (productId: number) =>
  (
    await t.db
      .selectFrom('productImages')
      .select('url')
      .where('productId', '=', productId)
      .orderBy('position')
      .execute()
  ).map((row) => row.url);

describe('importCatalog: the shared Flipkart sample', () => {
  it('imports all 747 rows into 23 categories and 50 subcategories', async () => {
    const report = await importCatalog(t.db, catalog, { commit: true });
    expect(report.plan.rowsRead).toBe(747);
    expect(report.plan.rejections).toEqual([]);
    expect(report.result?.created).toBe(747);
    expect(await count('products')).toBe(747);
    expect(await count('categories')).toBe(23);
    expect(await count('subcategories')).toBe(50);

    // Sale price from discounted_price, actual from retail_price, whole rupees → paise.
    const sofa = await productBySku('SBEEH3QGU7MFYJFY');
    expect(sofa).toMatchObject({
      name: 'FabHomeDecor Fabric Double Sofa Bed',
      brand: 'FabHomeDecor',
      color: 'Black',
      model: 'FHD112',
      warrantyPeriod: '6 Months',
      salePricePaise: 2_264_600,
      actualPricePaise: 3_215_700,
      categoryName: 'Furniture',
      subcategoryName: 'Living Room Furniture',
      vendorId: null,
      status: 'active',
      approvalStatus: 'approved',
    });
    expect((await imagesOf(sofa.id)).length).toBeGreaterThan(1);
  });

  it('falls back to the Unknown brand for the rows without one', async () => {
    await importCatalog(t.db, catalog, { commit: true });
    const unknown = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('brand', '=', 'Unknown')
      .executeTakeFirstOrThrow();
    expect(Number(unknown.n)).toBe(432);
  });

  it('files a one-level tree that is the product name under Uncategorized / General', async () => {
    await importCatalog(t.db, catalog, { commit: true });
    const uncategorized = await t.db
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.categoryId')
      .innerJoin('subcategories', 'subcategories.id', 'products.subcategoryId')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('categories.name', '=', 'Uncategorized')
      .where('subcategories.name', '=', 'General')
      .executeTakeFirstOrThrow();
    expect(Number(uncategorized.n)).toBe(33);
    const categoryNames = (await t.db.selectFrom('categories').select('name').execute()).map((row) => row.name);
    expect(categoryNames).not.toContain("Vishudh Printed Women's Straight Kurta");
    // A real one-level category stays a category, with a General subcategory.
    const sunglasses = await t.db
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.categoryId')
      .select('products.name')
      .where('categories.name', '=', 'Sunglasses')
      .execute();
    expect(sunglasses).toHaveLength(3);
  });
});

describe('importCatalog: rows it cannot import', () => {
  it('imports the good rows and reports each bad one with its line and reason', async () => {
    const report = await importCatalog(t.db, brokenRows, { commit: true });
    expect(report.plan.rowsRead).toBe(9);
    expect(report.result?.created).toBe(3);
    expect(report.plan.rejections.map(({ line, sku, reason }) => ({ line, sku, reason }))).toEqual([
      { line: 6, sku: 'FIX-BAD-PRICE', reason: 'Valid actual price is required' },
      { line: 7, sku: 'FIX-NO-NAME', reason: 'Product name is required' },
      { line: 8, sku: 'FIX-BAD-TREE', reason: 'The category tree is not a valid JSON list' },
      { line: 9, sku: 'FIX-SALE-HIGH', reason: 'Sale price cannot be more than the actual price' },
      { line: 10, sku: 'fix-good-1', reason: 'The SKU is repeated (first on line 2)' },
      { line: 11, sku: 'FIX-SHORT', reason: 'The row has 6 fields where the header has 15' },
    ]);

    const kurta = await productBySku('FIX-GOOD-1');
    expect(kurta).toMatchObject({
      categoryName: 'Clothing',
      subcategoryName: "Women's Clothing",
      color: 'Blue',
      warrantyPeriod: '1 Year',
      salePricePaise: 89_900,
      actualPricePaise: 129_900,
    });
    // http(s) only, duplicates dropped, in order.
    expect(await imagesOf(kurta.id)).toEqual([
      'http://img.example.com/kurta-1.jpeg',
      'http://img.example.com/kurta-2.jpeg',
    ]);

    // A record spanning lines 3-5; no brand; no discounted price (sells at the retail price).
    expect(await productBySku('FIX-GOOD-2')).toMatchObject({
      brand: 'Unknown',
      salePricePaise: 49_900,
      actualPricePaise: 49_900,
      productDetails: 'Steel bottle.\nKeeps water cold for 24 hours.\nLeak-proof cap.',
      categoryName: 'Kitchen & Dining',
      subcategoryName: 'Bottles & Flasks',
    });
    expect(await productBySku('FIX-GOOD-3')).toMatchObject({
      categoryName: 'Uncategorized',
      subcategoryName: 'General',
    });
  });
});

describe('importCatalog: running again', () => {
  it('creates no duplicates and updates the fields that changed', async () => {
    await importCatalog(t.db, brokenRows, { commit: true });
    const again = await importCatalog(t.db, brokenRows, { commit: true });
    expect(again.result).toMatchObject({ created: 0, updated: 0, categoriesCreated: 0, subcategoriesCreated: 0 });
    expect(again.plan.unchanged).toBe(3);
    expect(await count('products')).toBe(3);

    const changed = brokenRows
      .replace('FIX-GOOD-1,1299,899', 'FIX-GOOD-1,1299,799')
      .replace('http://img.example.com/bottle.jpeg', 'https://img.example.com/bottle-v2.jpeg')
      // The SKU matches whatever its case.
      .replace('FIX-GOOD-3,2499', 'fix-good-3,2599');
    const third = await importCatalog(t.db, changed, { commit: true });
    expect(third.result).toMatchObject({ created: 0, updated: 3 });
    expect(third.plan.updates.map((update) => [update.product.body.sku, update.changedFields])).toEqual([
      ['FIX-GOOD-1', ['salePricePaise']],
      ['FIX-GOOD-2', ['images']],
      ['fix-good-3', ['actualPricePaise']],
    ]);
    expect(await count('products')).toBe(3);
    expect((await productBySku('FIX-GOOD-1')).salePricePaise).toBe(79_900);
    expect((await productBySku('FIX-GOOD-3')).actualPricePaise).toBe(259_900);
    expect(await imagesOf((await productBySku('FIX-GOOD-2')).id)).toEqual(['https://img.example.com/bottle-v2.jpeg']);
  });
});

describe('importCatalog: dry run', () => {
  it('reports the plan and writes nothing', async () => {
    const report = await importCatalog(t.db, catalog, { commit: false });
    expect(report.committed).toBe(false);
    expect(report.result).toBeNull();
    expect(report.plan.creates).toHaveLength(747);
    expect(report.plan.categoriesToCreate).toHaveLength(23);
    expect(report.plan.subcategoriesToCreate).toHaveLength(50);
    expect(await count('products')).toBe(0);
    expect(await count('categories')).toBe(0);
    expect(await count('subcategories')).toBe(0);
    expect(await count('productImages')).toBe(0);
  });
});

describe('importCatalog --vendor', () => {
  it('gives the new products to an approved vendor', async () => {
    const vendor = await createVendor(t.db, { email: 'seller@example.test' });
    const report = await importCatalog(t.db, brokenRows, { commit: true, vendorEmail: 'Seller@Example.test' });
    expect(report.vendor?.id).toBe(vendor.vendorId);
    const owners = await t.db.selectFrom('products').select(['vendorId', 'approvalStatus', 'status']).execute();
    expect(owners).toEqual(Array(3).fill({ vendorId: vendor.vendorId, approvalStatus: 'approved', status: 'active' }));
  });

  it('refuses a vendor who is not approved, writing nothing', async () => {
    await createVendor(t.db, { email: 'waiting@example.test', status: 'pending' });
    await expect(
      importCatalog(t.db, brokenRows, { commit: true, vendorEmail: 'waiting@example.test' }),
    ).rejects.toThrow(CatalogImportError);
    await expect(importCatalog(t.db, brokenRows, { commit: true, vendorEmail: 'nobody@example.test' })).rejects.toThrow(
      'No vendor has the e-mail nobody@example.test',
    );
    expect(await count('products')).toBe(0);
  });
});
