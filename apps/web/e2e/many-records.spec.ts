import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 26's work on many records at once, in a real browser on the demo store: "Export
 * CSV" downloads what the screen's filters select, all of it, not the rows loaded so far;
 * a bulk approval approves the selected submissions in one go and says how many.
 */

/** Presses Export CSV and reads the downloaded file: its name and its rows as objects by header. */
async function exportCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = await readFile((await download.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFF'), 'a BOM, so Excel reads Indian names').toBe(true);
  const [header = [], ...rows] = parse(text.slice(1)) as string[][];
  return {
    name: download.suggestedFilename(),
    rows: rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? '']))),
  };
}

test('an admin exports the searched products, every one of them, and the orders of one status', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/products');
  await page.getByLabel('Search products').fill('Karatcraft');
  await expect(page).toHaveURL(/search=Karatcraft/);
  const products = await exportCsv(page);
  expect(products.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  // The demo catalog has 25 Karatcraft products: more than a phone's first screen, all in the file.
  expect(products.rows.length).toBeGreaterThanOrEqual(25);
  expect(products.rows.every((row) => row.Brand === 'Karatcraft')).toBe(true);
  expect(products.rows.every((row) => /^\d+\.\d{2}$/.test(row['Sale Price'] ?? ''))).toBe(true);

  await page.goto('/admin/orders');
  await page.getByLabel('Filter by status').selectOption('Delivered');
  await expect(page).toHaveURL(/status=Delivered/);
  const orders = await exportCsv(page);
  expect(orders.name).toMatch(/^order-lines-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(orders.rows.length).toBeGreaterThan(0);
  expect(orders.rows.every((row) => row.Status === 'Delivered')).toBe(true);
  // One row per line: an order of several lines repeats its tracking number.
  const trackingNumbers = new Set(orders.rows.map((row) => row['Tracking Number']));
  expect(trackingNumbers.size).toBeLessThanOrEqual(orders.rows.length);
});

test("a vendor's export holds their own order lines, without the customer's e-mail", async ({ page }) => {
  await signIn(page, demo.vendor);
  await page.goto('/admin/my-orders');
  const lines = await exportCsv(page);
  expect(lines.name).toMatch(/^my-order-lines-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(lines.rows.length).toBeGreaterThan(0);
  expect(Object.keys(lines.rows[0] ?? {})).not.toContain('Email');
  expect(Object.keys(lines.rows[0] ?? {})).toContain('Ship To');
});

test('an admin approves three submissions at once, and the list says how many', async ({ page, request }) => {
  // A vendor submits three products through the API; they await approval.
  const suffix = uniqueSuffix();
  const login = await request.post('/api/auth/admin/login', { data: demo.vendor });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const category = (await (await request.get('/api/categories', { headers })).json()).categories[0]._id as string;
  for (const n of [1, 2, 3]) {
    const created = await request.post('/api/products/create', {
      headers,
      data: {
        name: `Bulk Lamp ${n} ${suffix}`,
        productDetails: 'A brass lamp.',
        brand: 'Acme',
        sku: `BULK-${n}-${suffix}`,
        warrantyPeriod: '1 Year',
        salePrice: 799,
        actualPrice: 999,
        stockQuantity: 4,
        category,
        subcategory: null,
        images: [],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  await signIn(page);
  await page.goto('/admin/products?approval=pending');
  await page.getByLabel('Search products').fill(suffix);
  // The search is applied (in the address) before selecting: a selection belongs to its filters.
  await expect(page).toHaveURL(new RegExp(`search=${suffix}`));
  const lamps = page.getByRole('row', { name: new RegExp(`Bulk Lamp \\d ${suffix}`) });
  await expect(lamps).toHaveCount(3);
  // The searched list, not the one before it, is on screen: every loaded row is one of the three.
  await expect(page.getByText('Showing 3 of 3 products')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all loaded products' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('3 products selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Approve 3 products?' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('region', { name: 'Bulk action result' }).getByRole('status')).toHaveText('3 approved');
  // Approved, they leave the pending filter's list.
  await expect(lamps).toHaveCount(0);
});
