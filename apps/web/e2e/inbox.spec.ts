import { expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 27, the contact inbox: a message opens to its whole text, with a reply by e-mail
 * (`mailto:` with the subject) and "Mark handled"; the "Not handled" view then leaves it
 * out, and marking it not handled brings it back.
 */
test('a message opens, is answered by e-mail, is marked handled and leaves the Not handled view', async ({
  page,
  request,
}) => {
  const name = `Inbox Tester ${uniqueSuffix()}`;
  const text = `Where is my parcel?\nIt was due on Monday. (${name})`;
  const sent = await request.post('/api/contacts', {
    data: { name, email: 'inbox.tester@example.test', message: text },
  });
  expect(sent.status()).toBe(201);

  await signIn(page);
  await page.goto(`/admin/contact?search=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Open message from ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Message from ${name}` });
  await expect(dialog).toContainText('It was due on Monday.');
  await expect(dialog).toContainText('Not handled');
  const reply = dialog.getByRole('link', { name: 'Reply by email' });
  await expect(reply).toHaveAttribute('href', /^mailto:inbox\.tester%40example\.test\?subject=Re%3A%20your%20message/);
  await dialog.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('Marked as handled', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark not handled' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByLabel('Show').selectOption('waiting');
  await expect(page).toHaveURL(/show=waiting/);
  await expect(page.getByText('No messages match your search')).toBeVisible();
  await expect(page.getByRole('button', { name: `Open message from ${name}` })).toHaveCount(0);
  await page.getByLabel('Show').selectOption('all');
  await expect(page.getByRole('button', { name: `Open message from ${name}` })).toBeVisible();
});
