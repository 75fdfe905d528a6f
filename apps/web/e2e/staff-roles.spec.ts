import { expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 36's last sentence in the browser, on the demo store: the Owner (the demo admin)
 * invites a Finance member on Staff; the invitation mail waits on the Outbox (the server
 * runs without SMTP_URL), where the Owner reads its link; the invitee opens it, sets a
 * password, is signed in and sees Payouts and not Products, and the Products screen
 * refuses them. The link works once.
 */
test('the Owner invites a Finance member by mail, who accepts and sees Payouts and not Products', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `finance-${uniqueSuffix().toLowerCase()}@example.test`;
  await signIn(page);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const form = page.getByRole('form', { name: 'Invite a staff member' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill('Farah Finance');
  await form.getByLabel('Role').selectOption('finance');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('region', { name: 'Invitations waiting' })).toContainText(
    `Farah Finance (${email}) as Finance`,
  );

  // The invitation mail, read on the Outbox.
  await page.goto('/admin/outbox');
  await page.getByLabel('Search by recipient').fill(email);
  await page
    .getByRole('button', { name: `Preview mail to ${email}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('You are invited to the back office');
  const text = await dialog.getByLabel('Text version').innerText();
  expect(text).toContain('as Finance');
  const link = /\/accept-invitation\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0];
  expect(link).toBeTruthy();

  const invitee = await browser.newPage({ baseURL });
  await invitee.goto(link as string);
  await invitee.getByLabel('Password').fill('finance-pass');
  await invitee.getByRole('button', { name: 'Join' }).click();
  await expect(invitee).toHaveURL(/\/admin\//);
  const nav = invitee.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Payouts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Outbox' })).toHaveCount(0);
  await invitee.goto('/admin/payouts');
  await expect(invitee.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await invitee.goto('/admin/products');
  await expect(invitee.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
  // The Outbox carries reset and invitation links: not theirs either.
  await invitee.goto('/admin/outbox');
  await expect(invitee.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();

  // The link works once.
  const again = await browser.newPage({ baseURL });
  await again.goto(link as string);
  await again.getByLabel('Password').fill('another-pass');
  await again.getByRole('button', { name: 'Join' }).click();
  await expect(again.getByRole('alert')).toContainText('invalid, used or expired');
});
