import type { Page } from '@playwright/test';
import { demo, expect, signIn, test } from './support';

/** Spec section 2, Login page; section 5, Login validation; section 8, Login errors. */

const email = (page: Page) => page.getByLabel('Email');
const password = (page: Page) => page.getByLabel('Password', { exact: true });
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign In' });
const formAlert = (page: Page) => page.locator('form').getByRole('alert');

test.describe('sign-in validation (spec section 5)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
  });

  test('an empty form asks for both fields, and each error clears as its field is edited', async ({ page }) => {
    await signInButton(page).click();
    await expect(email(page)).toHaveAccessibleDescription('Email is required');
    await expect(password(page)).toHaveAccessibleDescription('Password is required');
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await email(page).pressSequentially('a');
    await expect(page.getByText('Email is required')).toBeHidden();
    await expect(page.getByText('Password is required')).toBeVisible();

    await password(page).pressSequentially('x');
    await expect(page.getByText('Password is required')).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a malformed e-mail and a short password get their own messages', async ({ page }) => {
    await email(page).fill('not-an-email');
    await password(page).fill('12345');
    await signInButton(page).click();
    await expect(email(page)).toHaveAccessibleDescription('Invalid email address');
    await expect(password(page)).toHaveAccessibleDescription('Password must be at least 6 characters');

    await email(page).fill('admin@example.com');
    await expect(page.getByText('Invalid email address')).toBeHidden();
    await password(page).fill('123456');
    await expect(page.getByText('Password must be at least 6 characters')).toBeHidden();
  });

  test("a wrong password shows the server's message and stays on the login screen", async ({ page }) => {
    await email(page).fill(demo.admin.email);
    await password(page).fill('wrong-password');
    await signInButton(page).click();
    await expect(formAlert(page)).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a pending vendor is refused with the reason', async ({ page }) => {
    await email(page).fill(demo.pendingVendor.email);
    await password(page).fill(demo.pendingVendor.password);
    await signInButton(page).click();
    await expect(formAlert(page)).toHaveText(
      'Your vendor account is awaiting approval. Please wait for admin approval.',
    );
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the password can be shown and hidden', async ({ page }) => {
  await page.goto('/login');
  await password(page).fill('secret-words');
  await expect(password(page)).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password(page)).toHaveAttribute('type', 'text');
  await expect(password(page)).toHaveValue('secret-words');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password(page)).toHaveAttribute('type', 'password');
});

test("the button reads 'Signing you in...' while the sign-in is under way, then the admin lands on the dashboard", async ({
  page,
}) => {
  // Hold the sign-in answer until the busy state has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/admin/login', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/login');
  await expect(page.getByText('Need access? Contact your administrator')).toBeVisible();
  await email(page).fill(demo.admin.email);
  await password(page).fill(demo.admin.password);
  await signInButton(page).click();
  const busy = page.getByRole('button', { name: 'Signing you in...' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toEqual(expect.any(String));
});

test('a protected page sends an anonymous visitor to /login and back there after signing in', async ({ page }) => {
  await page.goto('/admin/categories');
  await expect(page).toHaveURL(/\/login$/);
  await email(page).fill(demo.admin.email);
  await password(page).fill(demo.admin.password);
  await signInButton(page).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(page.getByRole('heading', { name: 'Category Management' })).toBeVisible();
});

test("/login, once signed in, says 'Logged In Successfully' and offers the admin panel or logout", async ({ page }) => {
  await signIn(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Logged In Successfully' })).toBeVisible();
  await expect(page.getByText(demo.admin.email)).toBeVisible();

  await page.getByRole('button', { name: 'Go to Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(signInButton(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Logged In Successfully' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test("signing out forgets the previous session's answers: the next sign-in reads the dashboard afresh", async ({
  page,
}) => {
  let summaryCalls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/dashboard/summary') summaryCalls++;
  });
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  expect(summaryCalls).toBe(1);

  // To /login inside the app (a page load would drop the cache anyway), and Logout there.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/login');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await email(page).fill(demo.admin.email);
  await password(page).fill(demo.admin.password);
  await signInButton(page).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect.poll(() => summaryCalls).toBe(2);
});
