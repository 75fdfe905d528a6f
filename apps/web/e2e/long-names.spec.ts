import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 33, 'The screens, as their users met them': every screen at 390 px, as an admin
 * and as a vendor, with the longest names the contract allows in the records it shows
 * (a product, its category and brand, an order's customer, address and note, a contact
 * message), never scrolls sideways: long text wraps or is cut inside the screen. The
 * order detail was 130 to 356 px wider than the phone before.
 */

const PHONE = { width: 390, height: 844 } as const;

/** A word with no place to break, then words: text that must wrap or be cut. */
const long = (words: string, length: number) =>
  `${'Extraordinarily-Long-Unbroken-Word-'.repeat(4)}${words} `.repeat(8).slice(0, length).trim();

async function bearer(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post('/api/auth/admin/login', { data: who });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/**
 * How far the page, or the shell's content area (which scrolls by itself, so the page
 * alone would not show it), runs past its width: 0 when it fits.
 */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    const whole = document.documentElement.scrollWidth - window.innerWidth;
    return Math.max(0, whole, main ? main.scrollWidth - main.clientWidth : 0);
  });

/** Opens `path` and waits until its first heading shows and nothing is loading, then measures it. */
async function expectFits(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect.poll(() => sidewaysOverflow(page), { message: `${path} scrolls sideways` }).toBe(0);
}

test.use({ viewport: PHONE });

test('every screen fits a 390 px phone with the longest names, for an admin and a vendor', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const suffix = uniqueSuffix();
  const asAdmin = await bearer(request, demo.admin);
  const asVendor = await bearer(request, demo.vendor);

  const category = await request.post('/api/categories/create', {
    headers: asAdmin,
    data: { _id: null, name: long(`Category ${suffix}`, 100), imageUrl: 'https://img.example.test/long.jpg' },
  });
  expect(category.status()).toBe(201);
  const categoryId = ((await category.json()) as { category: { _id: string } }).category._id;

  const created = await request.post('/api/products/create', {
    headers: asVendor,
    data: {
      name: long(`Silk Saree ${suffix}`, 200),
      productDetails: long('Hand-woven in Kanchipuram with a zari border', 1000),
      brand: long('Brand', 100),
      sku: `SKU-${'X'.repeat(40)}-${suffix}`,
      salePrice: 12_34_567.89,
      actualPrice: 23_45_678.9,
      stockQuantity: 5,
      category: categoryId,
      images: [],
    },
  });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { product: { _id: string } }).product._id;
  const approved = await request.put(`/api/products/admin/approve/${productId}`, {
    headers: asAdmin,
    data: { isApproved: true },
  });
  expect(approved.status()).toBe(200);

  const placed = await request.post('/api/orders', {
    data: {
      items: [{ product: productId, quantity: 2 }],
      billingInfo: {
        fullName: long(`Customer ${suffix}`, 200),
        email: `long.${suffix.toLowerCase()}@${'example-'.repeat(6)}test.in`,
        phone: '+91 90000 00000',
        note: long('Leave it with the neighbour', 1000),
        address: {
          fullAddress: long('Flat 12, Lake View Apartments, MG Road', 500),
          city: long('Thiruvananthapuram', 100),
          province: 'Kerala',
        },
      },
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).order as { _id: string; user: { _id: string } | null };

  const message = await request.post('/api/contacts', {
    data: {
      name: long(`Sender ${suffix}`, 100),
      email: `sender.${suffix.toLowerCase()}@example.test`,
      message: long('Where is my order', 2000),
    },
  });
  expect(message.status()).toBe(201);

  await signIn(page);
  for (const path of [
    '/admin/dashboard',
    '/admin/products',
    '/admin/products/new',
    `/admin/products/edit/${productId}`,
    '/admin/products/pending',
    '/admin/products/import',
    '/admin/categories',
    '/admin/orders',
    `/admin/orders/${order._id}`,
    '/admin/customers',
    ...(order.user ? [`/admin/customers/${order.user._id}`] : []),
    '/admin/coupons-code',
    '/admin/vendors',
    '/admin/blog',
    '/admin/blogs/new',
    '/admin/contact',
    '/admin/website-config',
    '/admin/profile',
    '/admin/dashboard-settings',
    '/admin/activity',
    '/admin/commission-rates',
    '/admin/tax-settings',
    '/admin/payouts',
  ]) {
    await expectFits(page, path);
  }

  const vendor = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(vendor, demo.vendor);
  for (const path of [
    '/admin/dashboard',
    '/admin/products',
    `/admin/products/edit/${productId}`,
    '/admin/my-orders',
    `/admin/my-orders/${order._id}`,
    '/admin/earnings',
    '/admin/profile',
  ]) {
    await expectFits(vendor, path);
  }
});
