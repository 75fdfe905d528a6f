import type { APIRequestContext } from '@playwright/test';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 24 in the browser, on the demo store: a storefront order with a coupon; the
 * admin cancels one unit of a line from the order detail (its stock comes back and the
 * order's totals drop by the unit less its share of the discount); the order is
 * delivered; the admin records a return of another unit with a restocking fee; the
 * dashboard's revenue moved by exactly the order's net total.
 */

interface ProductRow {
  _id: string;
  name: string;
  salePrice: number;
  stockQuantity: number;
  isApproved: boolean;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/admin/login', { data: demo.admin });
  expect(res.ok()).toBe(true);
  return (await res.json()).token;
}

async function revenuePaise(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/dashboard/summary', { headers: auth(token) });
  return Math.round((await res.json()).totalRevenue * 100);
}

async function stockOf(request: APIRequestContext, token: string, id: string): Promise<number> {
  const res = await request.get(`/api/products/${id}`, { headers: auth(token) });
  return (await res.json()).product.stockQuantity;
}

const isoDay = (offsetDays: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offsetDays))
    .toISOString()
    .slice(0, 10);
};

test('an admin cancels a unit, the order is delivered, a unit comes back with a fee, and revenue is the net', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const listed = await request.get('/api/products/admin/all?limit=200&status=active&stock=in-stock', {
    headers: auth(token),
  });
  const products = ((await listed.json()).products as ProductRow[]).filter(
    (p) => p.isApproved && p.stockQuantity >= 3 && p.salePrice >= 500,
  );
  expect(products.length, 'two approved products in stock at Rs.500 or more').toBeGreaterThanOrEqual(2);
  const [a, b] = products as [ProductRow, ProductRow];

  const code = `E2EC${uniqueSuffix()}`;
  const coupon = await request.post('/api/coupons', {
    headers: auth(token),
    data: {
      code,
      discountType: 'percentage',
      discountValue: 10,
      minOrderAmount: 0,
      startDate: isoDay(0),
      endDate: isoDay(30),
    },
  });
  expect(coupon.status(), await coupon.text()).toBe(201);
  const placed = await request.post('/api/orders', {
    data: {
      items: [
        { product: a._id, quantity: 2 },
        { product: b._id, quantity: 1 },
      ],
      billingInfo: {
        fullName: 'E2E Returner',
        email: `e2e.${code.toLowerCase()}@example.test`,
        phone: '+91 90000 00000',
        address: { fullAddress: '1 Test Street', city: 'Pune', province: 'Maharashtra' },
      },
      paymentMethod: 'UPI',
      couponCode: code,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order;
  const stockAfterSale = await stockOf(request, token, a._id);

  // 1. Cancel one unit of the first line from the order detail.
  await signIn(page);
  await page.goto(`/admin/orders/${order._id}`);
  await expect(page.getByRole('heading', { name: order.trackingNumber })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record return' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel items' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel items' });
  await cancelDialog.getByLabel(`Units of ${a.name} to cancel`).fill('1');
  await cancelDialog.getByRole('button', { name: 'Cancel items' }).click();
  await expect(cancelDialog.getByText('Please give a reason')).toBeVisible();
  await cancelDialog.getByLabel('Reason').fill('The customer wants one less');
  await cancelDialog.getByRole('button', { name: 'Cancel items' }).click();
  await expect(page.getByText('Items cancelled', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('1 cancelled')).toBeVisible();
  expect(await stockOf(request, token, a._id)).toBe(stockAfterSale + 1);

  const afterCancel = (
    await (await request.get(`/api/orders/admin/orders/${order._id}`, { headers: auth(token) })).json()
  ).order;
  expect(Math.round(afterCancel.discountedTotal * 100) + Math.round(afterCancel.cancelledTotal * 100)).toBe(
    Math.round(order.discountedTotal * 100),
  );
  expect(afterCancel.cancelledTotal).toBeGreaterThan(0);

  // 2. Delivered, with the revenue read before.
  const before = await revenuePaise(request, token);
  for (const status of ['Packaging', 'On The Road', 'Delivered']) {
    const moved = await request.put('/api/orders/admin/order-status', {
      headers: auth(token),
      data: { orderId: order._id, status },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }

  // 3. One unit of the second line comes back, refunded Rs.100 (a restocking fee kept).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cancel items' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Record return' }).click();
  const returnDialog = page.getByRole('dialog', { name: 'Record return' });
  await returnDialog.getByLabel(`Units of ${b.name} to return`).fill('1');
  await returnDialog.getByLabel('Reason').selectOption('damaged');
  await returnDialog.getByLabel('Refund (Rs.)').fill('100');
  await returnDialog.getByRole('button', { name: 'Record return' }).click();
  await expect(page.getByText('Return recorded', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('1 returned')).toBeVisible();
  await expect(page.getByText('Refunded', { exact: true })).toBeVisible();

  // 4. The dashboard's revenue moved by the order's net total.
  const final = (await (await request.get(`/api/orders/admin/orders/${order._id}`, { headers: auth(token) })).json())
    .order;
  expect(final.refundedTotal).toBe(100);
  expect(final.netTotal).toBe(Math.round((afterCancel.discountedTotal - 100) * 100) / 100);
  expect((await revenuePaise(request, token)) - before).toBe(Math.round(final.netTotal * 100));
});

test('a vendor asks to cancel their items, an admin sees the request on the list and accepts it', async ({
  browser,
  request,
}) => {
  const vendorLogin = await request.post('/api/auth/admin/login', { data: demo.vendor });
  expect(vendorLogin.ok(), await vendorLogin.text()).toBe(true);
  const vendorToken = (await vendorLogin.json()).token;
  const own = await request.get('/api/products/admin/all?limit=100&status=active&stock=in-stock', {
    headers: auth(vendorToken),
  });
  const product = ((await own.json()).products as ProductRow[]).find((p) => p.isApproved && p.stockQuantity >= 1);
  expect(product, 'the demo vendor has an approved product in stock').toBeTruthy();
  if (!product) return;
  const placed = await request.post('/api/orders', {
    data: {
      items: [{ product: product._id, quantity: 1 }],
      billingInfo: {
        fullName: 'E2E Requester',
        email: `e2e.request.${uniqueSuffix().toLowerCase()}@example.test`,
        phone: '+91 90000 00000',
        address: { fullAddress: '2 Test Street', city: 'Pune', province: 'Maharashtra' },
      },
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order;

  const vendorPage = await browser.newPage();
  await signIn(vendorPage, demo.vendor);
  await vendorPage.goto(`/admin/my-orders/${order._id}`);
  await vendorPage.getByRole('button', { name: 'Ask to cancel' }).click();
  const dialog = vendorPage.getByRole('dialog', { name: 'Ask to cancel my items' });
  await dialog.getByLabel('Reason').fill('The last unit is damaged');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(vendorPage.getByText('Cancellation request sent', { exact: true }).first()).toBeVisible();
  await expect(vendorPage.getByText('Awaiting the store')).toBeVisible();
  await expect(vendorPage.getByRole('button', { name: 'Ask to cancel' })).toHaveCount(0);
  await vendorPage.close();

  const adminPage = await browser.newPage();
  await signIn(adminPage);
  await adminPage.goto(`/admin/orders?search=${order.trackingNumber}`);
  await expect(adminPage.getByText('Cancellation requested').first()).toBeVisible();
  await adminPage.goto(`/admin/orders/${order._id}`);
  await expect(adminPage.getByText('The last unit is damaged')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Accept and cancel their items' }).click();
  await expect(adminPage.getByText('Cancellation request accepted', { exact: true }).first()).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: order.trackingNumber })).toBeVisible();
  await expect(adminPage.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await adminPage.close();
});
