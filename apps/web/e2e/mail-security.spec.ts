import { generateSync } from 'otplib';
import { demo, expect, signIn, test } from './support';

/**
 * Issue 36: an admin who forgot the password reads the reset mail on the Outbox (the
 * server runs without SMTP_URL, so mail waits there, read by the same admin still signed
 * in on another device), sets a new password (that other session ends) and signs in;
 * then turns on two-factor sign-in and signs in with a code computed here. The demo
 * admin's password and two-factor state are put back at the end, for the specs after.
 */
test('forgot password → the mail on the Outbox → a new password → two-factor sign-in', async ({
  page,
  browser,
  baseURL,
}) => {
  const newPassword = 'new-admin-pass-36';
  // Another device of the same admin, still signed in, on this worker's server (`baseURL`
  // is the worker's; the project's is the first worker's).
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(demo.admin.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a link to reset its password is on its way');

  // The other device reads the mail on the Outbox.
  await signIn(otherPage);
  await otherPage.goto('/admin/outbox');
  await otherPage.getByLabel('Search by recipient').fill(demo.admin.email);
  await otherPage
    .getByRole('button', { name: `Preview mail to ${demo.admin.email}` })
    .first()
    .click();
  const text = await otherPage.getByRole('dialog').getByLabel('Text version').innerText();
  const link = /\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link as string);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, { email: demo.admin.email, password: newPassword });

  // Every old session ended: the other device is sent back to sign in.
  await otherPage.goto('/admin/outbox');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  // Two-factor sign-in on, from Profile.
  await page.goto('/admin/profile');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('code').first().innerText()).trim();
  const now = Math.floor(Date.now() / 1000);
  await page.getByLabel('Code from the app').fill(generateSync({ secret, epoch: now - 30 }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const recovery = page.getByRole('region', { name: 'Recovery codes' });
  await expect(recovery).toBeVisible();
  const recoveryCode = (await recovery.locator('li').first().innerText()).trim();

  // Signed out, in again with the password and a code.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(demo.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(generateSync({ secret, epoch: now + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\//);

  // Put the demo admin back as the other specs know it.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  expect((await page.request.delete('/api/auth/2fa', { headers, data: { code: recoveryCode } })).status()).toBe(200);
  const restored = await page.request.put('/api/auth/password', {
    headers,
    data: { currentPassword: newPassword, newPassword: demo.admin.password },
  });
  expect(restored.status()).toBe(200);
});
