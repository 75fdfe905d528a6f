import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { demo, expect, expectNoSeriousAxeViolations, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 26 'Imports', in a real browser on the demo store: a product CSV is previewed
 * with the columns guessed from its header and a bad row named by its line and field,
 * then imported as a job whose page says what it did and offers the report of every row.
 */

const fileOf = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\n'), 'utf8'),
});

test('an admin imports a CSV with a bad row: the preview names it, the rest are created, the report lists all', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signIn(page);
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();

  await page
    .getByLabel('CSV file')
    .setInputFiles(
      fileOf(`catalog-${suffix}.csv`, [
        'SKU,Product name,Description,Brand,Sale price,MRP,Stock,Category',
        `IMP-${suffix}-1,Imported Tumbler ${suffix},"Steel, 300 ml",Vessel Co,199,249,12,Clothing`,
        `IMP-${suffix}-2,Imported Jug ${suffix},A jug,,300,450,3,Clothing`,
        `IMP-${suffix}-3,Imported Plate ${suffix},A plate,,500,250,3,Clothing`,
      ]),
    );
  // The columns as guessed from the header, editable.
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue('0');
  await expect(page.getByLabel('Actual price')).toHaveValue('5');
  await expect(page.getByLabel('Images')).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: `catalog-${suffix}.csv` })).toHaveText(
    `catalog-${suffix}.csv: 3 rows: 2 new, 0 to update, 0 unchanged, 1 refused.`,
  );
  const refused = page.getByRole('region', { name: /Rows that will be refused/ });
  await expect(refused).toContainText('Line 4 · Sale price: Sale price cannot be more than the actual price');
  await expect(page.getByRole('table', { name: 'Preview of the first rows' }).getByRole('row')).toHaveCount(4);
  await expectNoSeriousAxeViolations(page, 'import preview');

  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/import\/\d+$/);
  await expect(page.getByText('Done: 2 created, 0 updated, 0 unchanged, 1 refused, of 3 rows.')).toBeVisible({
    timeout: 30_000,
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download report' }).click(),
  ]);
  const report = parse(await readFile((await download.path()) as string, 'utf8'), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  expect(report.map((row) => [row.Line, row.Outcome])).toEqual([
    ['2', 'created'],
    ['3', 'created'],
    ['4', 'refused'],
  ]);
  expect(report[2]?.Message).toBe('Sale price: Sale price cannot be more than the actual price');

  await page.getByRole('link', { name: 'Go to products' }).click();
  await page.getByLabel('Search products').fill(suffix);
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('row', { name: new RegExp(`Imported Tumbler ${suffix}`) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`Imported Jug ${suffix}`) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`Imported Plate ${suffix}`) })).toHaveCount(0);
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a vendor's preview shows cards without sideways scrolling, and a row naming an unknown category is refused", async ({
    page,
  }) => {
    const suffix = uniqueSuffix();
    await signIn(page, demo.vendor);
    await page.goto('/admin/products/import');
    await page
      .getByLabel('CSV file')
      .setInputFiles(
        fileOf('mine.csv', [
          'sku,name,details,price,category',
          `VIMP-${suffix},Vendor Import ${suffix},Hand made,99,Clothing`,
          `VIMP-${suffix}-2,Vendor Import Two ${suffix},Hand made,99,No Such Category ${suffix}`,
        ]),
      );
    await expect(page.getByRole('status').filter({ hasText: 'mine.csv' })).toHaveText(
      'mine.csv: 2 rows: 1 new, 0 to update, 0 unchanged, 1 refused.',
    );
    await expect(page.getByRole('region', { name: /Rows that will be refused/ })).toContainText(
      `Line 3 · Category: Category “No Such Category ${suffix}” does not exist`,
    );
    await expect(page.getByRole('article', { name: `Line 2: Vendor Import ${suffix}` })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page, 'import preview on a phone');
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await expect(page.getByText('Done: 1 created, 0 updated, 0 unchanged, 1 refused, of 2 rows.')).toBeVisible({
      timeout: 30_000,
    });
  });
});
