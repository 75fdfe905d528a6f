import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 25 in the browser, on the demo store (its servers run without payout holds):
 * an admin sets a 12% rate for a category on Commission rates; a storefront order of the
 * demo vendor's product in it is placed and delivered; the vendor's available balance
 * grows by the sale less 12% and the GST on it, TCS and TDS; the admin presses "Pay all" on Payouts and marks the
 * vendor's payout paid with a UTR; the vendor's Earnings show the payout and Rs.0.00
 * available. Another spec's "Pay all" on the same server (gst.spec.ts) may have left the
 * demo vendor a payout Pending; the test first settles it, as the store would (the bank
 * paid it), so it holds whichever spec ran before it.
 */

interface ProductRow {
  _id: string;
  name: string;
  salePrice: number;
  stockQuantity: number;
  isApproved: boolean;
  status: string;
  category: { _id: string; name: string };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }, path: string) {
  const res = await request.post(path, { data: who });
  expect(res.ok()).toBe(true);
  return (await res.json()).token as string;
}

test('a 12% category rate, a sale delivered, Pay all, marked paid: the vendor sees the payout', async ({
  page,
  browser,
  request,
}) => {
  const admin = await tokenOf(request, demo.admin, '/api/auth/admin/login');
  const vendor = await tokenOf(request, demo.vendor, '/api/auth/admin/login');
  const own = await request.get('/api/products/admin/all?limit=200&status=active&stock=in-stock', {
    headers: auth(vendor),
  });
  const product = ((await own.json()).products as ProductRow[]).find(
    (row) => row.isApproved && row.stockQuantity >= 2 && row.salePrice >= 100,
  );
  if (!product) throw new Error('the demo vendor has an approved product in stock');
  const profile = await (await request.get('/api/auth/profile', { headers: auth(vendor) })).json();
  const business: string = profile.profile.business.businessName;
  const balanceOf = async () => {
    const res = await request.get(`/api/payouts/admin/balances?search=${encodeURIComponent(business)}`, {
      headers: auth(admin),
    });
    return (await res.json()).balances[0] as { available: number; processing: number };
  };
  // A payout another spec left in progress is settled first: the bank paid it.
  const pending = await request.get('/api/payouts/admin?status=Pending&limit=200', { headers: auth(admin) });
  expect(pending.ok(), await pending.text()).toBe(true);
  for (const left of ((await pending.json()).payouts as { _id: string; businessName: string }[]).filter(
    (payout) => payout.businessName === business,
  )) {
    const settledFirst = await request.put(`/api/payouts/admin/${left._id}`, {
      headers: auth(admin),
      data: { status: 'Paid', reference: `UTRE2E${uniqueSuffix()}` },
    });
    expect(settledFirst.ok(), await settledFirst.text()).toBe(true);
  }
  const before = await balanceOf();
  expect(before.processing).toBe(0);

  // 1. The admin adds a 12% rate for the product's category.
  await signIn(page);
  await page.goto('/admin/commission-rates');
  await expect(page.getByRole('heading', { name: 'Commission rates' })).toBeVisible();
  await page.getByRole('button', { name: 'Add rate' }).click();
  const form = page.getByRole('dialog', { name: 'Add commission rate' });
  const name = `E2E ${product.category.name} ${uniqueSuffix()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Percentage').fill('12');
  await form.getByLabel('Category').selectOption(product.category._id);
  await form.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText('Commission rate added', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

  // 2. A storefront order of one unit, delivered.
  const placed = await request.post('/api/orders', {
    data: {
      items: [{ product: product._id, quantity: 1 }],
      billingInfo: {
        fullName: 'E2E Payout Buyer',
        email: `e2e.payout.${uniqueSuffix()}@example.test`,
        phone: '+91 90000 00000',
        address: { fullAddress: '1 Test Street', city: 'Pune', province: 'Maharashtra' },
      },
      paymentMethod: 'UPI',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order;
  for (const status of ['Packaging', 'On The Road', 'Delivered']) {
    const moved = await request.put('/api/orders/admin/order-status', {
      headers: auth(admin),
      data: { orderId: order._id, status },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  // The order's entries in the vendor's ledger: the sale, 12% commission, and the GST on
  // it, TCS and TDS (issue 35) deducted; the balance grows by what they add up to.
  const pricePaise = Math.round(product.salePrice * 100);
  const earnings = await request.get('/api/vendor/earnings?limit=50', { headers: auth(vendor) });
  const entries = (
    (await earnings.json()).entries as { kind: string; amount: number; trackingNumber: string | null }[]
  ).filter((entry) => entry.trackingNumber === order.trackingNumber);
  const paiseOf = (kind: string) =>
    entries.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + Math.round(entry.amount * 100), 0);
  expect(paiseOf('sale')).toBe(pricePaise);
  expect(paiseOf('commission')).toBe(-Math.round(pricePaise * 0.12));
  for (const kind of ['commission_gst', 'tcs', 'tds']) expect(paiseOf(kind), kind).toBeLessThan(0);
  const earnedPaise = entries.reduce((sum, entry) => sum + Math.round(entry.amount * 100), 0);
  const after = await balanceOf();
  expect(Math.round(after.available * 100)).toBe(Math.round(before.available * 100) + earnedPaise);

  // 3. Pay all, then mark the vendor's payout paid with a UTR.
  await page.goto('/admin/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay all' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pay all vendors' });
  await confirm.getByRole('button', { name: 'Pay all' }).click();
  await expect(page.getByText(/payouts? created/).first()).toBeVisible();
  await page.getByLabel('Payout status').selectOption('Pending');
  const row = page
    .getByRole('table', { name: 'Payouts' })
    .getByRole('row')
    .filter({ hasText: business })
    .filter({ hasText: 'Pending' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Mark paid' }).click();
  const paid = page.getByRole('dialog', { name: `Mark paid: ${business}` });
  const utr = `UTRE2E${uniqueSuffix()}`.toUpperCase();
  await paid.getByLabel('Bank reference (UTR)').fill(utr);
  await paid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('Payout marked paid', { exact: true }).first()).toBeVisible();
  const settled = await balanceOf();
  expect(settled.processing).toBe(0);
  expect(settled.available).toBe(0);

  // 4. The vendor's Earnings: the payout with its UTR, nothing available.
  const vendorPage = await browser.newPage();
  await signIn(vendorPage, demo.vendor);
  await vendorPage.getByRole('link', { name: 'Earnings' }).click();
  await expect(vendorPage.getByRole('heading', { name: 'Earnings' })).toBeVisible();
  const available = vendorPage.getByText('Available', { exact: true }).locator('..');
  await expect(available).toContainText('Rs.0.00');
  const payouts = vendorPage.getByRole('list', { name: 'My payouts' });
  await expect(payouts.getByRole('listitem').filter({ hasText: utr })).toContainText('Paid');
  await expect(vendorPage.getByText(order.trackingNumber).first()).toBeVisible();
  await vendorPage.close();
});

/** Presses `button` and reads the file it downloads: its name and its rows, header first. */
async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const text = await readFile((await file.path()) as string, 'utf8');
  return { name: file.suggestedFilename(), rows: parse(text.replace(/^\uFEFF/, '')) as string[][] };
}

test("the bank file and a vendor's ledger download under the server's names", async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/admin/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  const bank = await download(page, 'Bank file');
  expect(bank.name).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(bank.rows[0]?.slice(0, 4)).toEqual(['Vendor', 'Account holder', 'Account number', 'IFSC']);

  const vendorPage = await browser.newPage();
  await signIn(vendorPage, demo.vendor);
  await vendorPage.goto('/admin/earnings');
  await expect(vendorPage.getByRole('heading', { name: 'Earnings' })).toBeVisible();
  const ledger = await download(vendorPage, 'Download CSV');
  expect(ledger.name).toMatch(/^earnings-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(ledger.rows[0]).toEqual(['Date', 'Kind', 'Order', 'Payout', 'Amount', 'Note']);
  expect(ledger.rows.length, 'the demo vendor has ledger entries').toBeGreaterThan(1);
  await vendorPage.close();
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Commission rates, Payouts and Earnings become cards without sideways scrolling', async ({ page, browser }) => {
    const noSidewaysScroll = () =>
      expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signIn(page);
    await page.goto('/admin/commission-rates');
    await expect(page.getByRole('list', { name: 'Commission rates' }).getByRole('listitem').first()).toBeVisible();
    await noSidewaysScroll();
    await page.goto('/admin/payouts');
    await expect(page.getByRole('list', { name: 'Vendor balances' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Payouts' }).getByRole('listitem').first()).toBeVisible();
    await noSidewaysScroll();

    const vendorPage = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(vendorPage, demo.vendor);
    await vendorPage.goto('/admin/earnings');
    await expect(vendorPage.getByRole('list', { name: 'Ledger' }).getByRole('listitem').first()).toBeVisible();
    await expect(vendorPage.getByRole('form', { name: 'Bank details' })).toBeVisible();
    await expect.poll(() => vendorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await vendorPage.close();
  });
});
