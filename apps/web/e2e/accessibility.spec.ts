import type { Page } from '@playwright/test';
import { demo, expect, expectNoSeriousAxeViolations, signIn, test } from './support';

/**
 * Issue 27: axe finds no serious or critical violation on any screen, at 1440×900 and on
 * a 390 px phone, as an admin and as a vendor, forms and dialogs included.
 */

const adminScreens = [
  '/admin/dashboard',
  '/admin/products',
  '/admin/products/new',
  '/admin/products/pending',
  '/admin/categories',
  '/admin/orders',
  '/admin/customers',
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
  '/admin/kyc-review',
];
const vendorScreens = [
  '/admin/dashboard',
  '/admin/products',
  '/admin/my-orders',
  '/admin/shipments',
  '/admin/shipments/import',
  '/admin/earnings',
  '/admin/kyc',
  '/admin/profile',
];

/** Opens `path` and waits until its heading is shown and nothing is loading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('every admin screen', async ({ page }) => {
      // Seventeen screens and three forms, each checked by axe: minutes on a busy 2-core machine.
      test.setTimeout(360_000);
      await signIn(page);
      for (const path of adminScreens) {
        await open(page, path);
        await expectNoSeriousAxeViolations(page, path);
      }
      // An order's detail, and the forms that open in place or in dialogs.
      await open(page, '/admin/orders');
      await page
        .getByRole('link', { name: /^View order / })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: 'Order Items' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'order detail');
      await open(page, '/admin/customers');
      await page
        .getByRole('link', { name: /^View customer / })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'customer detail');
      await open(page, '/admin/coupons-code');
      await page.getByRole('button', { name: 'Add New Coupon' }).click();
      await expect(page.getByRole('button', { name: /Create Coupon|Save/ }).first()).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'coupon form');
      await open(page, '/admin/commission-rates');
      await page.getByRole('button', { name: 'Add rate' }).click();
      await expect(page.getByRole('dialog', { name: 'Add commission rate' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'commission rate dialog');
    });

    test('every vendor screen', async ({ page }) => {
      // Eight screens, each checked by axe: a minute or more on a busy 2-core machine.
      test.setTimeout(240_000);
      await signIn(page, demo.vendor);
      for (const path of vendorScreens) {
        await open(page, path);
        await expectNoSeriousAxeViolations(page, `vendor ${path}`);
      }
    });
  });
}
