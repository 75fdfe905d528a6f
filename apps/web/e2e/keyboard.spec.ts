import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

/** Presses Tab (or Shift+Tab) `times` times. */
async function tab(page: Page, times = 1, shift = false) {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
}

test('the user menu works from the keyboard: open, arrow keys, Enter, Escape back to its button', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { name: 'Category Management' })).toBeVisible();

  // From the search box, Tab reaches the bell and then the user menu.
  await page.getByRole('combobox', { name: 'Search' }).focus();
  await tab(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeFocused();
  await tab(page);
  const trigger = page.getByRole('button', { name: 'User menu' });
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // The menu is modal: the page behind it, its own button included, is hidden from assistive technology.
  await expect(trigger).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'User menu', includeHidden: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const item = (name: string) => menu.getByRole('menuitem', { name });
  await expect(item('Profile Settings')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Dashboard Settings')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Security')).toBeFocused();
  await page.keyboard.press('End');
  await expect(item('Logout')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(item('Help & Support')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(item('Profile Settings')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  // ArrowDown opens it too; Enter chooses the item under focus.
  await page.keyboard.press('ArrowDown');
  await expect(item('Profile Settings')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard-settings$/);
  await expect(page.getByRole('heading', { name: 'Dashboard Settings' })).toBeVisible();
  await expect(page.getByRole('menu')).toBeHidden();
});

test('the notifications panel opens from the keyboard and Escape returns to the bell', async ({ page }) => {
  await signIn(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Mark all as read');
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
});

test('a delete confirmation works from the keyboard: Tab stays inside, Escape returns to the button that opened it', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/products');
  const firstRow = page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1);
  const edit = firstRow.getByRole('link', { name: /^Edit / });
  await expect(edit).toBeVisible();
  const name = ((await edit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');

  // The row's Delete, opened with Enter.
  const opener = firstRow.getByRole('button', { name: `Delete ${name}` });
  await opener.focus();
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('alertdialog', { name: 'Delete Product' });
  await expect(dialog).toContainText('This action cannot be undone');
  await expect(dialog).toContainText(name);
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  const confirm = dialog.getByRole('button', { name: 'Delete Product' });
  await expect(cancel).toBeFocused();
  await tab(page);
  await expect(confirm).toBeFocused();
  await tab(page);
  await expect(cancel).toBeFocused();
  await tab(page, 5);
  await expect(confirm).toBeFocused();
  await tab(page, 2, true);
  await expect(confirm).toBeFocused();
  // The page behind is inert while the dialog is open.
  await expect(page.getByRole('link', { name: 'Add New Product' })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await expect(page.getByRole('link', { name: 'Add New Product' })).toBeVisible();

  // Enter on Cancel closes it the same way, deleting nothing.
  await page.keyboard.press('Enter');
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await expect(firstRow.getByRole('link', { name: `Edit ${name}` })).toBeVisible();
});

test("a category's delete confirmation returns focus to its Delete button after Escape", async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/categories');
  const first = page.getByRole('list', { name: 'Categories' }).getByRole('listitem').first();
  const opener = first.getByRole('button', { name: /^Delete / }).first();
  await opener.focus();
  await page.keyboard.press('Enter');
  // A category in use says so and offers only Close; an unused one offers Cancel and Delete.
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('Add New Coupon from the keyboard puts focus on the form, and Tab reaches its first field', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/coupons-code');
  await page.getByRole('button', { name: 'Add New Coupon' }).focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: 'Create New Coupon' });
  await expect(heading).toBeFocused();
  await tab(page);
  await expect(page.getByLabel('Coupon Code')).toBeFocused();
});
