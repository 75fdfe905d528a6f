import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 7's browser flow on the demo store: an admin creates a capped percentage coupon
 * restricted to one category; a storefront order placed through `POST /api/orders` with
 * that code gets exactly the expected discount; the admin finds the order by its
 * number, moves it Order Placed → Packaging → On The Road → Delivered, sees the
 * timeline grow and the form vanish; the dashboard's Delivered count and revenue move
 * by that order.
 */

const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (amount: number) => `Rs.${rupees.format(amount)}`;

interface ProductRow {
  _id: string;
  name: string;
  salePrice: number;
  stockQuantity: number;
  status: string;
  isApproved: boolean;
  category: { _id: string; name: string } | null;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/admin/login', { data: demo.admin });
  expect(res.ok()).toBe(true);
  return (await res.json()).token;
}

async function summary(request: APIRequestContext, token: string) {
  const res = await request.get('/api/dashboard/summary', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const body = await res.json();
  const delivered = body.statusDistribution.find((entry: { status: string }) => entry.status === 'Delivered');
  return { revenue: body.totalRevenue as number, delivered: (delivered?.count ?? 0) as number };
}

const isoDay = (offsetDays: number) => {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offsetDays));
  return day.toISOString().slice(0, 10);
};

test('a coupon made on screen discounts a storefront order, which the admin walks to Delivered', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const listed = await request.get('/api/products/admin/all?limit=200&status=active&stock=in-stock', {
    headers: { authorization: `Bearer ${token}` },
  });
  const products: ProductRow[] = (await listed.json()).products;
  // A product on sale with stock, whose category holds it, priced so the cap bites.
  const product = products.find(
    (candidate) =>
      candidate.isApproved && candidate.stockQuantity >= 2 && candidate.category && candidate.salePrice >= 1000,
  );
  expect(product, 'the demo store has an approved, in-stock product of Rs.1,000 or more').toBeTruthy();
  if (!product?.category) return;
  const categoryName = product.category.name;

  // 1. The admin creates a 20% coupon capped at Rs.150, restricted to the product's category.
  const code = `E2E${uniqueSuffix()}`;
  await signIn(page);
  await page.goto('/admin/coupons-code');
  await expect(page.getByRole('heading', { name: 'Coupon Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New Coupon' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Coupon' })).toBeVisible();

  // Every failed rule of spec section 5, joined in one toast.
  await page.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(
    page.getByText(
      'Coupon code is required, Valid discount value is required, Start date is required, End date is required',
      { exact: true },
    ),
  ).toBeVisible();

  await page.getByLabel('Coupon Code').fill(code);
  await page.getByLabel('Description').fill('E2E capped category coupon');
  await page.getByLabel('Discount Value (%)').fill('20');
  await page.getByLabel('Maximum Discount (Rs.)').fill('150');
  // Days are typed the store's way, day before month (issue 27).
  await page.getByLabel('Start Date').fill(isoDay(0).split('-').reverse().join('/'));
  await page.getByLabel('End Date').fill(isoDay(30).split('-').reverse().join('/'));
  await page.getByLabel('Search categories').fill(categoryName);
  await page
    .getByRole('list', { name: 'Categories to add' })
    .getByRole('button', { name: categoryName, exact: true })
    .click();
  await expect(page.getByRole('list', { name: 'Selected categories' })).toContainText(categoryName);
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(page.getByText('Coupon created successfully!', { exact: true })).toBeVisible();
  // The form closes by itself 1.5 s later and the list shows the coupon.
  await expect(page.getByRole('table', { name: 'Coupons' }).getByText(code, { exact: true })).toBeVisible();

  // 2. A storefront places an order with the code; the server prices it.
  const before = await summary(request, token);
  const placed = await request.post('/api/orders', {
    headers: { 'idempotency-key': `e2e-${code}` },
    data: {
      items: [{ product: product._id, quantity: 2 }],
      billingInfo: {
        fullName: 'E2E Shopper',
        email: `e2e.${code.toLowerCase()}@example.test`,
        phone: '+91 90000 00000',
        address: { fullAddress: '1 Test Street', city: 'Pune', province: 'Maharashtra' },
      },
      paymentMethod: 'UPI',
      couponCode: code.toLowerCase(),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order;
  const subtotal = Math.round(product.salePrice * 100) * 2;
  const expectedDiscount = Math.min(Math.round((subtotal * 20) / 100), 15_000);
  expect(order.totalPrice).toBe(subtotal / 100);
  expect(order.coupon).toEqual({
    code,
    discountAmount: expectedDiscount / 100,
    discountAtPlacement: expectedDiscount / 100,
    fundedBy: 'vendors',
  });
  expect(order.discountedTotal).toBe((subtotal - expectedDiscount) / 100);

  // 3. The admin finds it by its number and walks it to Delivered.
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.trackingNumber);
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByText(order.trackingNumber, { exact: true })).toBeVisible();
  await expect(table.getByText(money(order.discountedTotal), { exact: true })).toBeVisible();
  // The search has settled (the list holds this order alone) before the row is opened,
  // so the click does not land on the unfiltered list's row as it is replaced.
  await expect(page.getByText('Showing 1 of 1 orders')).toBeVisible();
  await page.getByRole('link', { name: `View order ${order.trackingNumber}` }).click();
  await expect(page.getByRole('heading', { name: order.trackingNumber })).toBeVisible();
  await expect(page.getByText(`Discount (${code})`)).toBeVisible();

  const timeline = page.getByRole('list', { name: 'Order timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  const steps = ['Packaging', 'On The Road', 'Delivered'] as const;
  for (const [index, status] of steps.entries()) {
    const select = page.getByLabel('New Status');
    await select.selectOption(status);
    await page.getByLabel('Notes').fill(`E2E step ${status}`);
    await page.getByRole('button', { name: 'Update Status' }).click();
    await expect(page.getByText('Order status updated successfully!').first()).toBeVisible();
    await expect(timeline.getByRole('listitem')).toHaveCount(index + 2);
    await expect(timeline.getByText(`E2E step ${status}`)).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Update Status' })).toHaveCount(0);

  // 4. The dashboard moves by exactly this order.
  const after = await summary(request, token);
  expect(after.delivered).toBe(before.delivered + 1);
  expect(Math.round(after.revenue * 100) - Math.round(before.revenue * 100)).toBe(subtotal - expectedDiscount);
  await page.goto('/admin/dashboard');
  await expect(
    page.getByRole('region', { name: 'Total Revenue', exact: true }).getByText(money(after.revenue), { exact: true }),
  ).toBeVisible();
});

test('the order list says when nothing matches, and a missing order reads Order Not Found', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/orders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('no-such-order-zzz');
  await expect(page.getByText('No orders found')).toBeVisible();
  await expect(page.getByText('No orders match your search criteria')).toBeVisible();
  await page.goto('/admin/orders/999999999');
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  // 'Back to Orders' returns to the list as the user left it.
  await page.getByRole('link', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?search=no-such-order-zzz$/);
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('no-such-order-zzz');
  // An address that cannot name an order reads the spec's Order Not Found too, not 'Page not found'.
  await page.goto('/admin/orders/not-a-number');
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
});

/** Fails when the page scrolls sideways or `locator` ends past the viewport's right edge. */
async function expectWithinWidth(page: Page, locator: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the order list and the coupon list show cards, their actions reachable without sideways scrolling', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const code = `PHONE${uniqueSuffix()}`;
    const created = await request.post('/api/coupons', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        code,
        description: 'Phone layout coupon',
        discountType: 'percentage',
        discountValue: 10,
        minOrderAmount: 0,
        maxDiscountAmount: 50,
        startDate: isoDay(0),
        endDate: isoDay(30),
        isActive: true,
        usageLimit: 5,
        applicableProducts: [],
        applicableCategories: [],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signIn(page);
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
    const orderCards = page.getByRole('list', { name: 'Orders' }).getByRole('article');
    await expect(orderCards.first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Orders' })).toHaveCount(0);
    const view = orderCards.first().getByRole('link', { name: /^View order / });
    await expectWithinWidth(page, view);
    const label = (await view.getAttribute('aria-label')) ?? '';
    const trackingNumber = label.replace('View order ', '');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(trackingNumber);
    await expect(orderCards).toHaveCount(1);
    await view.click();
    await expect(page.getByRole('heading', { name: trackingNumber })).toBeVisible();

    await page.goto('/admin/coupons-code');
    await expect(page.getByRole('heading', { name: 'Coupon Management' })).toBeVisible();
    const card = page.getByRole('list', { name: 'Coupons' }).getByRole('article', { name: code });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table', { name: 'Coupons' })).toHaveCount(0);
    await expect(card.getByText('0 / 5')).toBeVisible();
    for (const action of ['Edit', 'Delete']) {
      const button = card.getByRole('button', { name: `${action} ${code}` });
      await expect(button).toBeVisible();
      await expectWithinWidth(page, button);
    }
    await card.getByRole('button', { name: `Edit ${code}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Coupon' })).toBeVisible();
  });
});
