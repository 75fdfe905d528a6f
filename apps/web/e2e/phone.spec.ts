import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/** Issue 12: a phone is a first-class screen; fresh, quiet, honest. */

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1440, height: 900 } as const;

/** Signs in through the API and answers the bearer header. */
async function bearer(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post('/api/auth/admin/login', { data: who });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** Whether the page scrolls sideways (wider than the 390 px screen). */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Submits a vendor product awaiting review, named `name`, with a long unbroken SKU. */
async function submitPendingProduct(request: APIRequestContext, name: string, sku: string) {
  const asVendor = await bearer(request, demo.vendor);
  const categories = await request.get('/api/categories', { headers: asVendor });
  const categoryId = ((await categories.json()) as { categories: { _id: string }[] }).categories[0]?._id;
  const response = await request.post('/api/products/create', {
    headers: asVendor,
    data: {
      name,
      productDetails: 'Hand-woven in Kanchipuram.',
      brand: 'Kanchipuram-Silk-Weavers-Cooperative-Society-Limited',
      sku,
      salePrice: 4999,
      actualPrice: 5999,
      stockQuantity: 4,
      category: categoryId,
      images: ['https://images.example.test/saree.jpg'],
    },
  });
  expect(response.status()).toBe(201);
}

test.describe('at 390×844', () => {
  test.use({ viewport: PHONE });

  test('the sidebar is an overlay: it opens from the menu, closes on navigation, a tap outside and Escape', async ({
    page,
  }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    // No sidebar beside the content: the content has the whole width.
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
    const mainBox = await page.locator('#main-content').boundingBox();
    expect(mainBox?.x).toBe(0);
    expect(mainBox?.width).toBe(PHONE.width);
    await expectNoSidewaysScroll(page);

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });

    // Navigation closes it.
    await menuButton.click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Products', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(menu).toBeHidden();

    // A tap outside closes it.
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/products$/);

    // Escape closes it, and focus goes back to the menu button.
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // The overlay's footer still signs out.
    await menuButton.click();
    await expect(menu.getByText(demo.admin.email, { exact: true })).toBeVisible();
  });

  test('the product list is a list of cards with their actions, long text inside the card', async ({
    page,
    request,
  }) => {
    const suffix = uniqueSuffix();
    const name = `Kanjivaram Silk Saree ${suffix}`;
    const sku = `KSS-${suffix}-${'0123456789'.repeat(4)}`;
    await submitPendingProduct(request, name, sku);

    await signIn(page);
    await page.goto(`/admin/products?search=${encodeURIComponent(suffix)}`);
    const cards = page.getByRole('list', { name: 'Products' });
    const card = cards.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table', { name: 'Products' })).toHaveCount(0);
    // The whole SKU, wrapped inside the card.
    await expect(card.getByText(sku, { exact: true })).toBeVisible();
    const cardBox = await card.boundingBox();
    const skuBox = await card.getByText(sku, { exact: true }).boundingBox();
    expect((skuBox?.x ?? 0) + (skuBox?.width ?? 0)).toBeLessThanOrEqual((cardBox?.x ?? 0) + (cardBox?.width ?? 0));
    await expectNoSidewaysScroll(page);

    // Every action is on screen and works: Approve, then Edit opens the form.
    await card.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(page.getByText('Product approved successfully!')).toBeVisible();
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Delete ${name}` })).toBeInViewport();
    await card.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    // The form fits too, the image URL row included.
    const addImage = page.getByRole('button', { name: 'Add Image' });
    await addImage.scrollIntoViewIfNeeded();
    await expect(addImage).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
  });

  test('the pending queue and the category list are cards with their actions on screen', async ({ page, request }) => {
    const suffix = uniqueSuffix();
    const name = `Pochampally Ikat Dupatta ${suffix}`;
    await submitPendingProduct(request, name, `PID-${suffix}-${'9876543210'.repeat(4)}`);

    await signIn(page);
    await page.goto('/admin/products/pending');
    const pending = page.getByRole('article', { name });
    await pending.scrollIntoViewIfNeeded();
    await expect(pending).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Its actions are on the card, inside the screen's width.
    for (const action of ['Approve', 'Reject']) {
      const button = pending.getByRole('button', { name: action, exact: true });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    await pending.getByRole('link', { name: 'View Details' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto('/admin/categories');
    const categories = page.getByRole('list', { name: 'Categories' });
    const first = categories.getByRole('listitem').first();
    await expect(first).toBeVisible();
    const categoryName = (await first.getAttribute('aria-label')) ?? '';
    for (const action of ['Edit', 'Delete']) {
      const button = first.getByRole('button', { name: `${action} ${categoryName}`, exact: true });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    await first.getByRole('button', { name: `Edit ${categoryName}`, exact: true }).click();
    await expect(page.getByRole('form', { name: 'Edit Category' }).getByLabel('Category Name')).toHaveValue(
      categoryName,
    );
    await expectNoSidewaysScroll(page);
  });

  test('no screen scrolls sideways', async ({ page }) => {
    await signIn(page);
    for (const path of [
      '/admin/dashboard',
      '/admin/products',
      '/admin/products/new',
      '/admin/products/pending',
      '/admin/categories',
      '/admin/orders',
      '/admin/coupons-code',
      '/admin/vendors',
      '/admin/blog',
      '/admin/contact',
      '/admin/website-config',
      '/admin/profile',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // The notifications stream keeps the network busy for good, so 'networkidle' never
      // comes: wait until no spinner is left instead.
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    }
  });

  test('no vendor screen scrolls sideways: the dashboard, Shipments (cards) and the manifest import', async ({
    page,
  }) => {
    await signIn(page, demo.vendor);
    for (const path of [
      '/admin/dashboard',
      '/admin/shipments',
      '/admin/shipments?tab=shipped',
      '/admin/shipments/import',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    }
  });

  test('the dashboard stands its figures two to a row, and an order with a coupon fits the phone', async ({
    page,
    request,
  }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const first = await page.getByRole('region', { name: 'Total Products' }).boundingBox();
    const second = await page.getByRole('region', { name: 'Total Orders' }).boundingBox();
    expect(first && second && Math.abs(first.y - second.y) < 2 && second.x > first.x).toBe(true);
    await expectNoSidewaysScroll(page);

    const login = await request.post('/api/auth/admin/login', { data: demo.admin });
    const token = (await login.json()).token as string;
    const listed = await request.get('/api/orders/admin/orders?limit=50', {
      headers: { authorization: `Bearer ${token}` },
    });
    const withCoupon = ((await listed.json()).orders as { _id: string; coupon: unknown }[]).find((o) => o.coupon);
    if (!withCoupon) throw new Error('the demo store has an order with a coupon among its newest 50');
    await page.goto(`/admin/orders/${withCoupon._id}`);
    await expect(page.getByRole('heading', { name: 'Order Items' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    const total = await page.getByText('Total', { exact: true }).first().boundingBox();
    expect(total && total.x + total.width <= PHONE.width).toBe(true);
  });

  test('the product filters fold under Filters, leaving the search and the first products on the first screen', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/admin/products');
    const filters = page.getByRole('region', { name: 'Filters' });
    const toggle = filters.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(filters.getByLabel('Search products')).toBeVisible();
    await expect(filters.getByLabel('Status', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('article').first()).toBeInViewport();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await filters.getByLabel('Stock', { exact: true }).selectOption('out-of-stock');
    await expect(page).toHaveURL(/stock=out-of-stock/);
    // Folded again, the count still says a filter is in force.
    await toggle.click();
    await expect(filters.getByLabel('Stock', { exact: true })).toHaveCount(0);
    await expect(toggle).toHaveAccessibleName('Filters 1 active');
  });
});

test.describe('at 1440×900', () => {
  test.use({ viewport: DESKTOP });

  test('the collapsed sidebar stays collapsed after a reload', async ({ page }) => {
    await signIn(page);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    const width = async () => (await sidebar.boundingBox())?.width;
    await expect.poll(width).toBe(240);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(width).toBe(64);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect.poll(width).toBe(64);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.reload();
    await expect.poll(width).toBe(240);
  });

  test("each screen names the browser tab: 'Products · Haat'", async ({ page }) => {
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [link, title] of [
      ['Dashboard', 'Dashboard · Haat'],
      ['Products', 'Products · Haat'],
      ['Product Categories', 'Product Categories · Haat'],
      ['Orders', 'Orders · Haat'],
      ['Vendors', 'Vendors · Haat'],
    ] as const) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveTitle(title);
    }
    await page.goto('/admin/no-such-screen');
    await expect(page).toHaveTitle('Page not found · Haat');
  });

  test('a skip link is the first stop of the keyboard and moves focus to the content', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { name: 'Product Management' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/products$/);
  });

  test('the product table shows the whole SKU with a copy button and the vendor, and sorts by name in the database', async ({
    page,
    request,
  }) => {
    const suffix = uniqueSuffix();
    const sku = `LONG-${suffix}-${'ABCDEFGHIJ'.repeat(4)}`;
    await submitPendingProduct(request, `Zari Border Saree ${suffix}`, sku);
    await submitPendingProduct(request, `Assam Muga Saree ${suffix}`, `${sku}-2`);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await page.goto(`/admin/products?search=${encodeURIComponent(suffix)}`);
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByText(sku, { exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Vendor' })).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText('Assam Muga Saree');

    await table.getByRole('button', { name: `Copy SKU ${sku}`, exact: true }).click();
    await expect(page.getByText(`SKU ${sku} copied`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sku);

    // Newest first by default; the Product header sorts by name, A to Z then Z to A.
    const product = table.getByRole('columnheader', { name: /Product/ });
    await product.getByRole('button').click();
    await expect(page).toHaveURL(/sort=name-asc/);
    await expect(product).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('row').nth(1)).toContainText('Assam Muga Saree');
    await product.getByRole('button').click();
    await expect(page).toHaveURL(/sort=name-desc/);
    await expect(table.getByRole('row').nth(1)).toContainText('Zari Border Saree');
  });

  test('signing out in one tab signs out every tab of the browser', async ({ page, context }) => {
    await signIn(page);
    const other = await context.newPage();
    await other.goto('/admin/products');
    await expect(other.getByRole('heading', { name: 'Product Management' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(other).toHaveURL(/\/login$/);
    await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('a form with unsaved changes asks before leaving, and Go Back on a fresh 404 stays in the app', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/admin/products/new');
    await page.getByLabel('Product Name').fill('Half-typed product');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expect(page.getByLabel('Product Name')).toHaveValue('Half-typed product');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);

    // A malformed id is a page that does not exist; Go Back with no earlier page stays in the app.
    const fresh = await page.context().newPage();
    await fresh.goto('/admin/products/edit/not-a-number');
    await expect(fresh.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await fresh.getByRole('button', { name: 'Go Back' }).click();
    await expect(fresh).toHaveURL(/\/admin\/dashboard$/);
  });
});
