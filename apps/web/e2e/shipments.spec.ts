import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, expectNoSeriousAxeViolations, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 34 in the browser, on the demo store (its servers run without payout holds,
 * PAYOUT_HOLD_DAYS=0): a storefront checkout holding two vendors' products makes a
 * shipment for each. Vendor B starts packing; vendor A starts packing, downloads the packing slip (a PDF) and
 * ships with an AWB: for the admin the order is still Packaging, derived from vendor B's
 * shipment. Vendor B ships half of their units, then the rest. Each vendor marks theirs
 * delivered: A's earnings become available at A's delivery while B's wait for B's own.
 * Seller performance shows the dispatches.
 */

const vendorB = { email: 'meenakshi.iyer@example.com', password: 'vendor123' } as const;

interface ProductRow {
  _id: string;
  name: string;
  salePrice: number;
  stockQuantity: number;
  isApproved: boolean;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/admin/login', { data: who });
  expect(res.ok()).toBe(true);
  return (await res.json()).token as string;
}

/** One of the vendor's own approved products with `units` in stock. */
async function productOf(request: APIRequestContext, token: string, units: number): Promise<ProductRow> {
  const res = await request.get('/api/products/admin/all?limit=200&status=active&stock=in-stock', {
    headers: auth(token),
  });
  const product = ((await res.json()).products as ProductRow[]).find(
    (row) => row.isApproved && row.stockQuantity >= units + 2,
  );
  if (!product) throw new Error('the demo vendor has an approved product in stock');
  return product;
}

/** The vendor's balance as the admin's Payouts reads it (rupees). */
async function availableOf(request: APIRequestContext, admin: string, vendor: string): Promise<number> {
  const profile = await (await request.get('/api/auth/profile', { headers: auth(vendor) })).json();
  const business: string = profile.profile.business.businessName;
  const res = await request.get(`/api/payouts/admin/balances?search=${encodeURIComponent(business)}`, {
    headers: auth(admin),
  });
  return ((await res.json()).balances[0] as { available: number }).available;
}

/** Opens the vendor's Shipments at `tab`, searched for the order's tracking number. */
async function openQueue(page: Page, tab: string, trackingNumber: string) {
  await page.goto(`/admin/shipments?tab=${tab}&search=${trackingNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipments' })).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fills the Mark shipped dialog (carrier from the list, the AWB, the units of a line) and sends it. */
async function markShipped(page: Page, awb: string, units?: { line: string; of: number; ship: number }) {
  const dialog = page.getByRole('dialog', { name: 'Mark shipped' });
  await dialog.getByLabel('Carrier').selectOption('Delhivery');
  await dialog.getByLabel('AWB').fill(awb);
  if (units)
    await dialog
      .getByLabel(new RegExp(`^${escapeRegExp(units.line)}.*: units of ${units.of}$`))
      .fill(String(units.ship));
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog).toBeHidden();
}

test('two vendors ship their own parts of one order, each paid after their own delivery', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await tokenOf(request, demo.admin);
  const tokenA = await tokenOf(request, demo.vendor);
  const tokenB = await tokenOf(request, vendorB);
  const productA = await productOf(request, tokenA, 1);
  const productB = await productOf(request, tokenB, 2);
  const beforeA = await availableOf(request, admin, tokenA);
  const beforeB = await availableOf(request, admin, tokenB);

  // A storefront checkout: one unit of A's product, two of B's.
  const placed = await request.post('/api/orders', {
    data: {
      items: [
        { product: productA._id, quantity: 1 },
        { product: productB._id, quantity: 2 },
      ],
      billingInfo: {
        fullName: 'E2E Shipments Buyer',
        email: `e2e.shipments.${uniqueSuffix()}@example.test`,
        phone: '+91 90000 00000',
        address: { fullAddress: '1 Test Street', city: 'Pune', province: 'Maharashtra' },
      },
      paymentMethod: 'UPI',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order as { _id: string; trackingNumber: string };
  const tracking = order.trackingNumber;

  // Vendor B starts packing at once (through the API; the screen's Start packing is vendor A's below).
  const queueB = await request.get(`/api/vendor/shipments?search=${tracking}`, { headers: auth(tokenB) });
  const shipmentB = (await queueB.json()).shipments[0] as { _id: string; updatedAt: string };
  const packed = await request.put(`/api/vendor/shipments/${shipmentB._id}/status`, {
    headers: auth(tokenB),
    data: { status: 'Packaging', updatedAt: shipmentB.updatedAt },
  });
  expect(packed.ok(), await packed.text()).toBe(true);

  // 1. Vendor A: To pack → Start packing; the packing slip is a PDF; Mark shipped with an AWB.
  await signIn(page, demo.vendor);
  await page.getByRole('link', { name: 'Shipments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shipments' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search shipments' }).fill(tracking);
  await page.getByRole('button', { name: `Start packing ${tracking}` }).click();
  await expect(page.getByText('Shipment updated', { exact: true }).first()).toBeVisible();
  await openQueue(page, 'to-ship', tracking);
  await expectNoSeriousAxeViolations(page, 'shipments');
  const [slip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Packing slip ${tracking}` }).click(),
  ]);
  expect(slip.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await slip.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.getByRole('button', { name: `Mark shipped ${tracking}` }).click();
  await expectNoSeriousAxeViolations(page, 'mark shipped dialog');
  const awbA = `DLA${uniqueSuffix()}`;
  await markShipped(page, awbA);
  await openQueue(page, 'shipped', tracking);
  await expect(page.getByText(awbA)).toBeVisible();

  // 2. For the admin the order is still Packaging: vendor B has not shipped.
  // A context of its own (axe runs only in a page of a context made with newContext).
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage);
  await adminPage.goto(`/admin/orders/${order._id}`);
  const shipments = adminPage.getByRole('region', { name: 'Shipments' });
  await expect(shipments).toBeVisible();
  await expect(shipments.getByText(/The order's status, Packaging, is derived/)).toBeVisible();
  await expect(adminPage.getByText('Derived from its shipments')).toBeVisible();
  await expect(shipments.getByRole('article').filter({ hasText: awbA })).toContainText('On The Road');
  await expectNoSeriousAxeViolations(adminPage, 'order detail with shipments');

  // 3. Vendor B ships one of their two units, then the one left behind.
  const pageB = await (await browser.newContext()).newPage();
  await signIn(pageB, vendorB);
  await openQueue(pageB, 'to-ship', tracking);
  await pageB.getByRole('button', { name: `Mark shipped ${tracking}` }).click();
  await markShipped(pageB, `DLB1${uniqueSuffix()}`, { line: productB.name, of: 2, ship: 1 });
  await expect(
    pageB.getByText('Shipped; the units left stay in a new shipment', { exact: true }).first(),
  ).toBeVisible();
  await openQueue(pageB, 'to-ship', tracking);
  await pageB.getByRole('button', { name: `Mark shipped ${tracking}` }).click();
  await markShipped(pageB, `DLB2${uniqueSuffix()}`);
  await openQueue(pageB, 'shipped', tracking);
  await expect(pageB.getByRole('button', { name: `Mark delivered ${tracking}` })).toHaveCount(2);

  // 4. Vendor A's part delivered: A's earnings are available, B's not yet.
  await openQueue(page, 'shipped', tracking);
  await page.getByRole('button', { name: `Mark delivered ${tracking}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Mark delivered?' })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await expect(page.getByText('Shipment updated', { exact: true }).first()).toBeVisible();
  await expect.poll(() => availableOf(request, admin, tokenA)).toBeGreaterThan(beforeA);
  expect(await availableOf(request, admin, tokenB)).toBe(beforeB);

  // 5. Vendor B's two parcels delivered: B's earnings too; the order is Delivered.
  for (let left = 2; left > 0; left--) {
    await openQueue(pageB, 'shipped', tracking);
    await expect(pageB.getByRole('button', { name: `Mark delivered ${tracking}` })).toHaveCount(left);
    await pageB
      .getByRole('button', { name: `Mark delivered ${tracking}` })
      .first()
      .click();
    await pageB
      .getByRole('alertdialog', { name: 'Mark delivered?' })
      .getByRole('button', { name: 'Mark delivered' })
      .click();
    await expect(pageB.getByRole('alertdialog')).toBeHidden();
  }
  await expect.poll(() => availableOf(request, admin, tokenB)).toBeGreaterThan(beforeB);
  await adminPage.reload();
  await expect(
    adminPage.getByRole('region', { name: 'Shipments' }).getByText(/The order's status, Delivered/),
  ).toBeVisible();

  // 6. Seller performance shows the dispatches: on B's dashboard and on B's details for the admin.
  await pageB.goto('/admin/dashboard');
  const mine = pageB.getByRole('region', { name: 'Seller performance' });
  await expect(mine).toBeVisible();
  const dispatched30 = mine.getByRole('heading', { name: 'Last 30 days' }).locator('..');
  const count = Number(
    await dispatched30.getByText('Shipments dispatched').locator('xpath=following-sibling::dd').textContent(),
  );
  expect(count).toBeGreaterThanOrEqual(2);
  await expect(pageB.getByRole('region', { name: 'Needs you today' })).toBeVisible();
  await expectNoSeriousAxeViolations(pageB, 'vendor dashboard');
  await adminPage.context().close();
  await pageB.context().close();
});
