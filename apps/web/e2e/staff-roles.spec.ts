import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 36 in the browser, on the demo store: the Owner (the demo admin) invites a
 * Finance member on Staff; the member accepts on `/accept-invitation?token=...` and sees
 * Payouts and not Products.
 *
 * The invitation's mail is not part of this branch, and its token is stored only as a
 * hash (decision 0130), so the link cannot be read back from the database. The test
 * stands in for the mail: it gives the invitation a token it knows, by writing that
 * token's hash into the worker's own database (`.e2e/<port>/store.db`), and opens the
 * link the mail would carry. Everything else goes through the screens.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Points the invitation to `email` at a token of the test's own; @returns the token. */
function knownTokenFor(port: string, email: string): string {
  const token = randomBytes(32).toString('base64url');
  const db = new SQLite(`${repoRoot}.e2e/${port}/store.db`);
  try {
    db.pragma('busy_timeout = 5000');
    const hash = createHash('sha256').update(token).digest('hex');
    const changed = db
      .prepare('update invitations set token_hash = ? where email = ? and accepted_at is null')
      .run(hash, email).changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
  return token;
}

test('the Owner invites a Finance member, who accepts and sees Payouts and not Products', async ({
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

  const token = knownTokenFor(new URL(baseURL ?? '').port, email);
  const invitee = await browser.newPage({ baseURL });
  await invitee.goto(`/accept-invitation?token=${encodeURIComponent(token)}`);
  await invitee.getByLabel('Password').fill('finance-pass');
  await invitee.getByRole('button', { name: 'Join' }).click();
  await expect(invitee).toHaveURL(/\/admin\//);
  const nav = invitee.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Payouts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await invitee.goto('/admin/payouts');
  await expect(invitee.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await invitee.goto('/admin/products');
  await expect(invitee.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();

  // The link works once.
  const again = await browser.newPage({ baseURL });
  await again.goto(`/accept-invitation?token=${encodeURIComponent(token)}`);
  await again.getByLabel('Password').fill('another-pass');
  await again.getByRole('button', { name: 'Join' }).click();
  await expect(again.getByRole('alert')).toContainText('invalid, used or expired');
});
