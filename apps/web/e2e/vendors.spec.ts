import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 8 in a real browser: a vendor registers, is refused while pending, is approved
 * from the list or the details modal, sees only their own back office; an edit that
 * leaves the password empty keeps it; a deletion is confirmed first (what it does to the
 * vendor's products and sessions is proven by the API tests, vendor-management.test.ts).
 * Spec section 2 'Vendor management', sections 4, 5, 8.
 */

interface NewVendor {
  name: string;
  email: string;
  password: string;
  businessName: string;
}

/** Registers a vendor through `POST /api/vendor/register` without a token, as a sign-up page would. */
async function register(request: APIRequestContext, label: string): Promise<NewVendor> {
  const suffix = uniqueSuffix();
  const vendor = {
    name: `${label} ${suffix}`,
    email: `${label.toLowerCase()}.${suffix.toLowerCase()}@example.test`,
    password: 'vendor-pass-1',
    businessName: `${label} Traders ${suffix}`,
  };
  const res = await request.post('/api/vendor/register', {
    data: { ...vendor, phoneNumber: '+91 98450 00000', address: '14 Residency Road, Bengaluru', status: 'approved' },
  });
  expect(res.status()).toBe(201);
  expect((await res.json()).vendor.status).toBe('pending');
  return vendor;
}

/** Registers a vendor through the sign-up screen linked from the login page. */
async function registerInBrowser(page: Page, label: string): Promise<NewVendor> {
  const suffix = uniqueSuffix();
  const vendor = {
    name: `${label} ${suffix}`,
    email: `${label.toLowerCase()}.${suffix.toLowerCase()}@example.test`,
    password: 'vendor-pass-1',
    businessName: `${label} Traders ${suffix}`,
  };
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register as a vendor' }).click();
  const form = page.getByRole('form', { name: 'Register as a Vendor' });
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText(
      'Name is required, Email is required, Password is required, Business name is required, Phone number is required, Address is required',
    ),
  ).toBeVisible();
  await form.getByLabel('Full Name').fill(vendor.name);
  await expect(form.getByText('Name is required', { exact: true })).toBeHidden();
  await form.getByLabel('Email Address').fill(vendor.email);
  await form.getByLabel('Password').fill(vendor.password);
  await form.getByLabel('Phone Number').fill('+91 98450 00001');
  await form.getByLabel('Business Name').fill(vendor.businessName);
  await form.getByLabel('Business Address').fill('22 Brigade Road, Bengaluru');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Please wait for admin approval.' })).toBeVisible();
  return vendor;
}

async function trySignIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function logout(page: Page) {
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function openVendors(page: Page, search: string) {
  await page.goto('/admin/vendors');
  await expect(page.getByRole('heading', { name: 'Vendor Management' })).toBeVisible();
  await page.getByLabel('Search vendors').fill(search);
  await expect(page.getByRole('table', { name: 'Vendors' }).getByText(search, { exact: true }).first()).toBeVisible();
}

test('a vendor registers, waits for approval, is approved and works in their own back office', async ({ page }) => {
  const fromList = await registerInBrowser(page, 'Listed');
  const fromModal = await register(page.request, 'Modal');

  // Pending: refused with the reason.
  await trySignIn(page, fromList);
  await expect(page.locator('form').getByRole('alert')).toHaveText(
    'Your vendor account is awaiting approval. Please wait for admin approval.',
  );

  // The admin approves one from the list and one from the details modal.
  await signIn(page, demo.admin);
  await openVendors(page, fromList.email);
  const row = page.getByRole('row').filter({ hasText: fromList.email });
  await expect(row.getByText('Pending')).toBeVisible();
  await row.getByRole('button', { name: `Approve ${fromList.name}` }).click();
  await expect(page.getByText('Vendor approved successfully!')).toBeVisible();
  await expect(row.getByText('Approved')).toBeVisible();
  await expect(row.getByRole('button', { name: `Approve ${fromList.name}` })).toBeHidden();

  await page.getByLabel('Search vendors').fill(fromModal.email);
  const modalRow = page.getByRole('row').filter({ hasText: fromModal.email });
  await modalRow.getByRole('button', { name: `View details of ${fromModal.name}` }).click();
  const details = page.getByRole('dialog', { name: 'Vendor Details' });
  await expect(details.getByText(fromModal.businessName, { exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Vendor approved successfully!').first()).toBeVisible();
  await expect(details.getByRole('button', { name: 'Approve' })).toBeHidden();
  await page.keyboard.press('Escape');

  // The admin edits a vendor leaving the password empty.
  await modalRow.getByRole('button', { name: `Edit ${fromModal.name}` }).click();
  const form = page.getByRole('form', { name: 'Edit Vendor' });
  await form.getByLabel('Business Name').fill(`${fromModal.businessName} Renamed`);
  await form.getByRole('button', { name: 'Update Vendor' }).click();
  await expect(page.getByText('Vendor updated successfully!')).toBeVisible();
  await logout(page);

  // The vendor's password still works; they see their own screens only.
  await signIn(page, fromModal);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Vendor Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  for (const hidden of ['Vendors', 'Product Categories', 'Coupons Code', 'Blog Posts', 'Website Configuration'])
    await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Figures' }).getByText('My Products', { exact: true })).toBeVisible();
  await page.goto('/admin/vendors');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await logout(page);
});

test("the demo vendor's dashboard and orders show only their own figures and lines", async ({ page }) => {
  await signIn(page, demo.vendor);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Vendor Dashboard' })).toBeVisible();
  await expect(page.getByText('From my lines in delivered orders')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  const firstOrder = page.getByRole('table', { name: 'My Orders' }).getByRole('link').first();
  await firstOrder.click();
  await expect(page.getByRole('region', { name: 'Ship To' })).toBeVisible();
  await expect(page.getByText(/My Total:/)).toBeVisible();
  // No payment or coupon details on a vendor's order.
  await expect(page.getByText('Cash on Delivery')).toHaveCount(0);
});

test('deleting a vendor asks first, and a cancelled deletion deletes nothing', async ({ page }) => {
  // What a deletion does to the vendor's products and sessions is vendor-management.test.ts's.
  const vendor = await register(page.request, 'Leaving');
  await signIn(page, demo.admin);
  await openVendors(page, vendor.email);
  const row = page.getByRole('row').filter({ hasText: vendor.email });

  // Cancel first: nothing is deleted.
  await row.getByRole('button', { name: `Delete ${vendor.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Vendor' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete vendor "${vendor.name}"? This action cannot be undone.`,
  );
  await expect(confirm).toContainText('Their products stay in the catalog, owned by the store and inactive.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Vendor deletion cancelled')).toBeVisible();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${vendor.name}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete Vendor' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Vendor deleted successfully!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: vendor.email })).toHaveCount(0);
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

  test('the vendor list shows a card per vendor, every action reachable without sideways scrolling', async ({
    page,
  }) => {
    const vendor = await register(page.request, 'Phone');
    await signIn(page, demo.admin);
    await page.goto('/admin/vendors');
    await expect(page.getByRole('heading', { name: 'Vendor Management' })).toBeVisible();
    await page.getByLabel('Search vendors').fill(vendor.email);
    const card = page.getByRole('list', { name: 'Vendors' }).getByRole('article', { name: vendor.name });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table', { name: 'Vendors' })).toHaveCount(0);
    await expect(card.getByText('Pending')).toBeVisible();
    for (const action of ['View details of', 'Edit', 'Approve', 'Reject', 'Delete']) {
      const button = card.getByRole('button', { name: `${action} ${vendor.name}` });
      await expect(button).toBeVisible();
      await expectWithinWidth(page, button);
    }

    await card.getByRole('button', { name: `View details of ${vendor.name}` }).click();
    const details = page.getByRole('dialog', { name: 'Vendor Details' });
    await expect(details.getByText(vendor.businessName, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await card.getByRole('button', { name: `Approve ${vendor.name}` }).click();
    await expect(page.getByText('Vendor approved successfully!')).toBeVisible();
    await expect(card.getByText('Approved')).toBeVisible();
    await expect(card.getByRole('button', { name: `Approve ${vendor.name}` })).toHaveCount(0);

    await card.getByRole('button', { name: `Delete ${vendor.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Vendor' });
    await expectWithinWidth(page, confirm.getByRole('button', { name: 'Delete' }));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Vendor deletion cancelled')).toBeVisible();
  });

  test("the vendor's orders show as cards and are searched by tracking number", async ({ page }) => {
    await signIn(page, demo.vendor);
    await page.goto('/admin/my-orders');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'My Orders' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'My Orders' })).toHaveCount(0);
    const link = cards.first().getByRole('link');
    await expectWithinWidth(page, link);

    const trackingNumber = (await link.textContent()) ?? '';
    expect(trackingNumber).not.toBe('');
    await page.getByLabel('Search by tracking number').fill(trackingNumber.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`search=${trackingNumber.toLowerCase()}`));
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('link', { name: trackingNumber })).toBeVisible();

    await cards.first().getByRole('link', { name: trackingNumber }).click();
    await expect(page.getByRole('region', { name: 'Ship To' })).toBeVisible();
    // Back returns to the list as it was searched: the search lives in the address.
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/my-orders\?search=/);
    await expect(cards).toHaveCount(1);
    await expect(page.getByLabel('Search by tracking number')).toHaveValue(trackingNumber.toLowerCase());
  });
});
