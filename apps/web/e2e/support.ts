import { test as base, expect, type Page } from '@playwright/test';
import { e2ePort } from './ports';

/**
 * Playwright's `test`, pointed at the server of the worker running it: worker
 * `parallelIndex` drives the server on `e2ePort(parallelIndex)`, whose database no
 * other worker touches (playwright.config.ts). Every spec imports `test` from here.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${e2ePort(testInfo.parallelIndex)}`);
  },
});

export { expect };

/** The demo store's sign-ins (apps/api/src/seed/demo-store.ts). */
export const demo = {
  admin: { email: 'admin@example.com', password: 'admin123' },
  vendor: { email: 'vendor@example.com', password: 'vendor123' },
  pendingVendor: { email: 'pending.vendor@example.com', password: 'vendor123' },
} as const;

/** Signs in through the login screen and waits to land in the admin shell. */
export async function signIn(page: Page, who: { email: string; password: string } = demo.admin) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\//);
}

/** A suffix that keeps names made by one run apart from every other run's and the seed's. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

/**
 * Creates a category and its subcategories through the Category Management screen
 * (the signed-in user must be an admin), waiting for each success toast.
 */
export async function createCategory(page: Page, name: string, subcategories: string[] = []) {
  await page.goto('/admin/categories');
  const categoryForm = page.getByRole('form', { name: 'Add New Category' });
  await categoryForm.getByLabel('Category Name').fill(name);
  await categoryForm.getByLabel('Image URL').fill(`https://images.example.test/${encodeURIComponent(name)}.jpg`);
  await categoryForm.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText('Category created successfully!', { exact: true })).toBeVisible();

  const subcategoryForm = page.getByRole('form', { name: 'Add New Subcategory' });
  for (const subcategory of subcategories) {
    await subcategoryForm.getByLabel('Subcategory Name').fill(subcategory);
    await subcategoryForm.getByLabel('Parent Category').selectOption({ label: name });
    await subcategoryForm.getByRole('button', { name: 'Add Subcategory' }).click();
    await expect(page.getByRole('listitem', { name: subcategory, exact: true })).toBeVisible();
  }
}

/**
 * Runs axe (`@axe-core/playwright`) on the page as it stands and fails on any serious or
 * critical violation, naming each rule, its count and its first element (issue 27).
 * `label-content-name-mismatch` (WCAG 2.5.3, label in name: a control's accessible name
 * contains its visible text) is named so it runs whatever axe's defaults (issue 33).
 * Only violations are gathered in full (`resultTypes`): every rule still runs, but axe
 * skips building selectors for each passing node, a third of its time on a long page.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  const serious = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.impact} ${violation.id} (${violation.nodes.length}) ${violation.nodes[0]?.target.join(' ') ?? ''}`,
    );
  expect(serious).toEqual([]);
}
