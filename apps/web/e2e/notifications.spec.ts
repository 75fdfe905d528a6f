import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 10's live notifications in a real browser on the demo store: the admin sits on
 * the dashboard while a storefront order is placed through `POST /api/orders`; the
 * bell's count goes up without a reload and the new order opens from the panel. A
 * vendor's product approved by the admin (through the API) shows in the vendor's
 * bell, whose panel fits a 390 px phone.
 */

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/admin/login', { data: who });
  expect(res.ok()).toBe(true);
  return (await res.json()).token;
}

/** The unread count the bell's label announces. */
/**
 * The caller's unread count as the server has it, once the bell shows the same: read
 * before an event, so a bell still loading (or earlier tests' notifications) cannot
 * make the count after the event look wrong.
 */
async function settledBellCount(page: Page, request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/api/notifications/unread-count', {
    headers: { authorization: `Bearer ${token}` },
  });
  const unread = (await answer.json()).unread as number;
  await expect.poll(() => bellCount(page)).toBe(unread);
  return unread;
}

async function bellCount(page: Page): Promise<number> {
  const label = await page
    .getByRole('button', { name: /^Notifications \(\d+ unread\)$/ })
    .getByText(/^Notifications \(\d+ unread\)$/)
    .textContent();
  return Number(label?.match(/\((\d+) unread\)/)?.[1]);
}

test('a storefront order raises the admin’s bell without a reload and opens from it', async ({ page, request }) => {
  const token = await tokenOf(request, demo.admin);
  const listed = await request.get('/api/products/admin/all?limit=50&status=active&stock=in-stock', {
    headers: { authorization: `Bearer ${token}` },
  });
  const products: { _id: string; isApproved: boolean; stockQuantity: number }[] = (await listed.json()).products;
  const product = products.find((candidate) => candidate.isApproved && candidate.stockQuantity >= 1);
  expect(product, 'the demo store has an approved product in stock').toBeTruthy();

  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const before = await settledBellCount(page, request, token);
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  const placed = await request.post('/api/orders', {
    data: {
      items: [{ product: product?._id, quantity: 1 }],
      billingInfo: {
        fullName: 'Live Shopper',
        email: `live.${uniqueSuffix().toLowerCase()}@example.test`,
        phone: '+91 90000 00000',
        address: { fullAddress: '1 Test Street', city: 'Pune', province: 'Maharashtra' },
      },
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).order as { _id: string; trackingNumber: string };

  // The count goes up on the page as it is: no reload, no navigation.
  await expect.poll(() => bellCount(page)).toBeGreaterThan(before);
  expect(navigations).toBe(0);
  const badge = page.getByTestId('notifications-badge');
  const after = await bellCount(page);
  await expect(badge).toHaveText(after > 9 ? '9+' : String(after));

  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const unreadItem = panel.getByRole('button', {
    name: new RegExp(`^New order received \\(unread\\) Order ${order.trackingNumber}:`),
  });
  await expect(unreadItem).toBeVisible();

  // Mark all as read empties the count; the item stays, read.
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications (0 unread)' })).toBeVisible();
  await expect(badge).toBeHidden();
  const readItem = panel.getByRole('button', {
    name: new RegExp(`^New order received Order ${order.trackingNumber}:`),
  });
  await expect(readItem).toBeVisible();

  // Choosing it opens the order.
  await readItem.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order._id}$`));
  await expect(badge).toBeHidden();
});

test('approving a vendor’s product shows in the vendor’s bell, on a 390 px phone', async ({ browser, request }) => {
  const adminToken = await tokenOf(request, demo.admin);
  const vendorToken = await tokenOf(request, demo.vendor);
  const categories = (await (await request.get('/api/categories')).json()).categories as { _id: string }[];
  const name = `Live Lamp ${uniqueSuffix()}`;
  const created = await request.post('/api/products/create', {
    headers: { authorization: `Bearer ${vendorToken}` },
    data: {
      name,
      productDetails: 'A lamp made for the live notifications test',
      sku: `LIVE-${uniqueSuffix()}`,
      salePrice: 499,
      actualPrice: 699,
      stockQuantity: 20,
      category: categories[0]?._id,
      images: [],
    },
  });
  expect(created.status()).toBe(201);
  const productId = (await created.json()).product._id as string;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, demo.vendor);
  const before = await settledBellCount(page, request, vendorToken);

  const approved = await request.put(`/api/products/admin/approve/${productId}`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { isApproved: true },
  });
  expect(approved.status()).toBe(200);

  await expect.poll(() => bellCount(page)).toBe(before + 1);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(
    panel.getByRole('button', { name: new RegExp(`^Product approved \\(unread\\) ${name} was approved`) }),
  ).toBeVisible();
  const box = await panel.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
