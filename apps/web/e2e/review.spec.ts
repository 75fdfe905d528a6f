import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 12, 'Review that never loses work', on a phone (390×844) and a desk (1440×900):
 * approving with unsaved edits, rejecting with a reason the vendor then sees, and a
 * vendor's stock change staying live while a name change waits as a revision and the
 * old name stays public. Products are set up through the API; every step under test
 * goes through the screens.
 */

const messages = {
  approved: 'Product approved successfully!',
  rejected: 'Product rejected successfully!',
  updated: 'Product updated successfully!',
  revisionSubmitted:
    'Product updated successfully! Price and stock changes are live; your other changes await admin approval.',
  revisionApproved: 'Changes approved and published!',
} as const;

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/admin/login', { data: who });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A product the demo vendor submits (pending approval); answers its id. */
async function submitAsVendor(request: APIRequestContext, name: string, sku: string): Promise<string> {
  const token = await tokenOf(request, demo.vendor);
  const categories = await (await request.get('/api/categories')).json();
  const category = categories.categories[0]._id as string;
  const res = await request.post('/api/products/create', {
    headers: bearer(token),
    data: {
      name,
      sku,
      productDetails: 'Hand-thrown stoneware.',
      brand: 'Kumhar',
      salePrice: 450,
      actualPrice: 500,
      stockQuantity: 6,
      category,
      images: [`https://images.example.test/${sku}.jpg`],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).product._id;
}

/** A product of the demo vendor, approved: live on the storefront. */
async function liveProduct(request: APIRequestContext, name: string, sku: string): Promise<string> {
  const id = await submitAsVendor(request, name, sku);
  const res = await request.put(`/api/products/admin/approve/${id}`, {
    headers: bearer(await tokenOf(request, demo.admin)),
    data: { isApproved: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return id;
}

/** The product as the storefront reads it (no token). */
async function storefront(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/products/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).product as { name: string; stockQuantity: number; isApproved: boolean };
}

async function signedIn(browser: Browser, who: { email: string; password: string }, viewport: Viewport) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, who);
  return page;
}

/** Sonner keeps a toast while the pointer rests on it: move the pointer off first. */
async function expectToast(page: Page, text: string) {
  await page.mouse.move(0, 0);
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

interface Viewport {
  width: number;
  height: number;
}

for (const [label, viewport] of [
  ['desk 1440×900', { width: 1440, height: 900 }],
  ['phone 390×844', { width: 390, height: 844 }],
] as const) {
  test.describe(`review on a ${label}`, () => {
    test.use({ viewport });

    test('an admin approves a pending product with unsaved edits: one request, nothing dropped', async ({
      page,
      request,
    }) => {
      const suffix = uniqueSuffix();
      const name = `Clay Kulhad ${suffix}`;
      const id = await submitAsVendor(request, name, `KULHAD-${suffix}`);

      await signIn(page);
      await page.goto('/admin/products/pending');
      const card = page.getByRole('article', { name });
      await card.getByRole('link', { name: 'View Details' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/products/${id}\\?from=pending$`));
      // Opened out of the queue, 'Back to Products' returns to the queue.
      await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute(
        'href',
        /\/admin\/products\/pending/,
      );

      const review = page.getByRole('region', { name: 'Review' });
      await expect(review.getByText('Pending Approval')).toBeVisible();
      await page.getByLabel('Product Name').fill(`${name} (set of 6)`);
      await page.getByLabel('Stock Quantity').fill('12');
      await expect(review.getByText('Your unsaved changes will be saved with your decision.')).toBeVisible();
      await review.getByRole('button', { name: 'Save & Approve' }).click();

      await expectToast(page, messages.approved);
      await expect(page).toHaveURL(/\/admin\/products\/pending$/);
      const published = await storefront(request, id);
      expect(published).toMatchObject({ name: `${name} (set of 6)`, stockQuantity: 12, isApproved: true });
    });

    test('an admin rejects with a reason, and the vendor sees the reason', async ({ browser, request }) => {
      const suffix = uniqueSuffix();
      const name = `Terracotta Lamp ${suffix}`;
      const reason = `The photo shows a different lamp ${suffix}`;
      const id = await submitAsVendor(request, name, `LAMP-${suffix}`);

      const admin = await signedIn(browser, demo.admin, viewport);
      await admin.goto('/admin/products/pending');
      await admin.getByRole('article', { name }).getByRole('button', { name: 'Reject' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Reject Product?' });
      // The reason is required: nothing is rejected without one.
      await dialog.getByRole('button', { name: 'Reject Product' }).click();
      await expect(dialog.getByText('Please give a reason for rejecting this product')).toBeVisible();
      await dialog.getByLabel('Reason for rejection').fill(reason);
      await dialog.getByRole('button', { name: 'Reject Product' }).click();
      await expectToast(admin, messages.rejected);
      await expect(admin.getByRole('article', { name })).toHaveCount(0);
      await admin.context().close();

      const vendor = await signedIn(browser, demo.vendor, viewport);
      await vendor.getByLabel('Search products').fill(suffix);
      // In their list: one state, Rejected, and the reason.
      await expect(vendor.getByText(`Reason: ${reason}`)).toBeVisible();
      // Once the search has narrowed the list to this product: one state, Rejected, not 'Pending' beside it.
      await expect(vendor.getByText('Rejected', { exact: true })).toHaveCount(1);
      // A table row on a desk, a card on a phone.
      const item = vendor.getByRole(viewport.width < 768 ? 'article' : 'row', { name: new RegExp(name) });
      await expect(item).not.toContainText('Pending');
      await vendor.goto(`/admin/products/edit/${id}`);
      const banner = vendor.getByRole('region', { name: 'Review' });
      await expect(banner.getByText('Rejected by the administrator')).toBeVisible();
      await expect(banner.getByText(`Reason: ${reason}`)).toBeVisible();
      await vendor.context().close();
    });

    test("a vendor's stock change stays live; a name change waits as a revision while the old name stays public", async ({
      browser,
      request,
    }) => {
      const suffix = uniqueSuffix();
      const name = `Brass Lota ${suffix}`;
      const newName = `Hammered Brass Lota ${suffix}`;
      const id = await liveProduct(request, name, `LOTA-${suffix}`);

      const vendor = await signedIn(browser, demo.vendor, viewport);
      await vendor.goto(`/admin/products/edit/${id}`);
      await vendor.getByLabel('Stock Quantity').fill('17');
      await vendor.getByRole('button', { name: 'Update Product' }).click();
      await expectToast(vendor, messages.updated);
      expect(await storefront(request, id)).toMatchObject({ name, stockQuantity: 17, isApproved: true });

      await vendor.goto(`/admin/products/edit/${id}`);
      await expect(vendor.getByLabel('Stock Quantity')).toHaveValue('17');
      await vendor.getByLabel('Product Name').fill(newName);
      await vendor.getByRole('button', { name: 'Update Product' }).click();
      await expectToast(vendor, messages.revisionSubmitted);
      // The storefront still reads the approved name.
      expect(await storefront(request, id)).toMatchObject({ name, stockQuantity: 17, isApproved: true });

      await vendor.goto(`/admin/products/edit/${id}`);
      const banner = vendor.getByRole('region', { name: 'Review' });
      await expect(banner.getByText('Your changes await admin approval')).toBeVisible();
      await expect(banner.getByText(newName)).toBeVisible();
      await expect(vendor.getByLabel('Product Name')).toHaveValue(newName);
      await vendor.context().close();

      const admin = await signedIn(browser, demo.admin, viewport);
      await admin.goto('/admin/products/pending');
      const card = admin.getByRole('article', { name });
      await expect(card.getByText('Changes Pending')).toBeVisible();
      const changes = card.getByRole('region', { name: 'Proposed changes' });
      await expect(changes.getByText('Product Name')).toBeVisible();
      await expect(changes.getByText(newName)).toBeVisible();
      await card.getByRole('button', { name: 'Approve' }).click();
      await expectToast(admin, messages.revisionApproved);
      await admin.context().close();
      expect(await storefront(request, id)).toMatchObject({ name: newName, stockQuantity: 17 });
    });
  });
}
