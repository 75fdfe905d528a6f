import { expect, signIn, test } from './support';

/**
 * Issue 27, 'An app that survives its server': a screen whose code cannot be loaded (the
 * server unreachable, or a deploy that replaced its files) shows the app's own message
 * inside the shell, with Reload, after reloading the page once by itself; the sidebar
 * stays usable; Reload brings the screen once its code is there again.
 */
test('a screen whose code fails to load shows the app’s message in the shell, and Reload brings it back', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const chunk = /\/assets\/contact-inquiries-page-[^/]*\.js$/;
  await page.route(chunk, (route) => route.abort());

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Inquiries' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be shown' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('The server could not be reached, or the back office was updated');
  await expect(page).toHaveURL(/\/admin\/contact$/);
  // The shell is still there: the sidebar and its links work.
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);

  await page.unroute(chunk);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Contact Inquiries' })).toBeVisible();
});

test('with the server gone, a screen not yet opened keeps the shell, says so with the offline banner at once, and does not leave the app', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  // Nothing reaches the server any more: neither the screen's code nor the API.
  await page.route('**/*', (route) => route.abort('connectionrefused'));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Inquiries' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be shown' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The server cannot be reached.' })).toBeVisible();
  // Reload while the server is gone stays in the app instead of the browser's error page.
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/contact$/);
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();

  await page.unroute('**/*');
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Contact Inquiries' })).toBeVisible();
});

test('a request the API never answers times out after 30 s: the user is told, the form is usable again, and the offline banner comes and goes by itself', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page);
  await page.goto('/admin/categories');
  const form = page.getByRole('form', { name: 'Add New Category' });
  await form.getByLabel('Category Name').fill('Hung Request Category');
  await form.getByLabel('Image URL').fill('https://images.example.test/hung.jpg');

  // The API takes the request and never answers it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/categories/create', async (route) => {
    await held;
    await route.abort();
  });
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await form.getByRole('button', { name: 'Add Category' }).click();
  await expect(form.getByRole('button', { name: 'Processing...' })).toBeVisible();
  await page.clock.runFor(29_000);
  await expect(form.getByRole('button', { name: 'Processing...' })).toBeVisible();

  await page.clock.runFor(1_000);
  // The query library and the toast area pass results on with timers of their own.
  await page.clock.runFor(200);
  await expect(
    page.getByText('Failed to save category. The server took too long to answer. Please try again.', { exact: true }),
  ).toBeVisible();
  await expect(form.getByRole('button', { name: 'Add Category' })).toBeEnabled();
  // What was typed is still there.
  await expect(form.getByLabel('Category Name')).toHaveValue('Hung Request Category');
  const banner = page.getByRole('status').filter({ hasText: 'The server cannot be reached.' });
  await expect(banner).toBeVisible();

  // The server answers its health check: the banner goes by itself.
  await page.clock.runFor(5_000);
  await expect(banner).toBeHidden();
  release();
});

test('with the API unreachable one offline banner shows, and it goes once the API answers again', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'The server cannot be reached.' });
  await expect(banner).toHaveCount(1);
  await expect(banner).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();

  // Try now asks at once; while the API is still cut the banner stays.
  await banner.getByRole('button', { name: 'Try now' }).click();
  await expect(banner).toBeVisible();

  // The API answers again: the banner goes by itself (its health check runs every 5 s).
  await page.unroute('**/api/**');
  await expect(banner).toBeHidden({ timeout: 15_000 });
});
