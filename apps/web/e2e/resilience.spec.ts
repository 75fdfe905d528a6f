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
