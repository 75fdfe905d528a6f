import { demo, expect, signIn, test } from './support';

/** Issue 10: the top bar's global search, and Dashboard Settings kept on the server. */

test("searching an order's tracking number from another screen opens the order", async ({ page }) => {
  await signIn(page);
  // A tracking number from the dashboard's Recent Orders.
  const recent = page.getByRole('table', { name: 'Recent Orders' });
  const text = await recent.getByRole('row').nth(1).innerText();
  const tracking = text.match(/HT[0-9A-Z]{12}/)?.[0];
  expect(tracking, text).toBeTruthy();

  await page.goto('/admin/products');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill((tracking as string).toLowerCase());
  const option = page.getByRole('option', { name: new RegExp(tracking as string) }).first();
  await expect(option).toBeVisible();
  await expect(page.getByRole('group', { name: 'Orders' })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  await expect(page.getByRole('main')).toContainText(tracking as string);
});

test('Ctrl+K focuses the search box from anywhere; arrows and Escape work the list', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/categories');
  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await page.keyboard.type('zzqqxxjj');
  await expect(page.getByText('No results for "zzqqxxjj"')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
});

test("a vendor's search finds their own orders only", async ({ page }) => {
  await signIn(page, demo.vendor);
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('HT');
  await expect(page.getByRole('group', { name: 'Orders' }).getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Customers' })).toHaveCount(0);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/admin\/(my-orders|products\/edit)\/\d+$/);
});

test('hiding a dashboard card in Dashboard Settings lasts after a reload', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Dashboard Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard-settings$/);
  const totalUsers = page.getByRole('checkbox', { name: 'Total Users' });
  await expect(totalUsers).toBeChecked();
  await totalUsers.uncheck();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Dashboard settings saved')).toBeVisible();

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('region', { name: 'Total Orders' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Total Orders' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total Users' })).toHaveCount(0);

  // Put it back, so the demo store's dashboard is whole again for other specs.
  await page.goto('/admin/dashboard-settings');
  await page.getByRole('checkbox', { name: 'Total Users' }).check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Dashboard settings saved')).toBeVisible();
});
