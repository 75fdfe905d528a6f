import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { demo, expect, signIn, test } from './support';

/**
 * Issue 26's exports in a real browser on the demo store: "Export CSV" downloads what
 * the screen's filters select, all of it, not the rows loaded so far.
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
