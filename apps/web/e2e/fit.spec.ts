import type { Page } from '@playwright/test';
import { demo, expect, signIn, test } from './support';

/**
 * Issue 27's tables that fit: at 1280 and 1440 px wide, with the sidebar open, every
 * list's table fits its box (no sideways scrolling) and each row's actions are on
 * screen, whole; vendors' e-mails are shown whole.
 */

/** The table's width beyond its box (0 when it fits), and the actions of its first rows that are off screen. */
async function overflowOf(page: Page, label: string) {
  const table = page.getByRole('table', { name: label });
  await expect(table.locator('tbody tr').nth(1)).toBeVisible();
  return table.evaluate((element) => {
    const box = element.parentElement as HTMLElement;
    const edge = Math.min(window.innerWidth, box.getBoundingClientRect().right);
    const offScreen = [...element.querySelectorAll('tbody tr')]
      .slice(0, 5)
      .flatMap((row) => [...row.querySelectorAll('button, a')])
      .filter((action) => {
        const bounds = action.getBoundingClientRect();
        return bounds.width > 0 && bounds.right > edge + 0.5;
      })
      .map((action) => action.getAttribute('aria-label') ?? action.textContent);
    return { beyond: box.scrollWidth - box.clientWidth, offScreen };
  });
}

for (const width of [1280, 1440]) {
  test.describe(`at ${width} × 900`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every admin list fits its box with each row’s actions on screen', async ({ page }) => {
      await signIn(page);
      for (const [path, label] of [
        ['/admin/products', 'Products'],
        ['/admin/orders', 'Orders'],
        ['/admin/vendors', 'Vendors'],
        ['/admin/coupons', 'Coupons'],
      ] as const) {
        await page.goto(path);
        expect(await overflowOf(page, label), path).toEqual({ beyond: 0, offScreen: [] });
      }
      // Every vendor's e-mail is shown whole, never cut.
      await page.goto('/admin/vendors');
      const emails = page.getByRole('table', { name: 'Vendors' }).locator('tbody td:nth-child(2) p:nth-child(2)');
      await expect(emails.first()).toContainText('@');
      const cut = await emails.evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
      );
      expect(cut).toEqual([]);
    });

    test('the vendor’s product list fits with each row’s actions on screen', async ({ page }) => {
      await signIn(page, demo.vendor);
      await page.goto('/admin/products');
      expect(await overflowOf(page, 'Products')).toEqual({ beyond: 0, offScreen: [] });
    });
  });
}
