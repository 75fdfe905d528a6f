import { expect, signIn, test } from './support';

/**
 * Issue 27: a toast never covers the form action that raised it. An error toast used to
 * land on "Change Password" and, hovered by the pointer that had just clicked, never
 * went away. Checked on a phone and on a laptop, with the form scrolled to its end.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width}×${viewport.height} the error toast of a wrong current password leaves Change Password uncovered`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto('/admin/profile#security');
    const form = page.getByRole('form', { name: 'Security' });
    await form.getByLabel('Current Password').fill('not-the-password');
    await form.getByLabel('New Password', { exact: true }).fill('another-secret-1');
    const confirm = form.getByLabel('Confirm New Password');
    if ((await confirm.count()) > 0) await confirm.fill('another-secret-1');
    const button = form.getByRole('button', { name: 'Change Password' });
    // The end of the page, where a form's last buttons sit closest to the toasts.
    await page.getByRole('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await button.click();

    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Current password is incorrect' });
    await expect(toast).toBeVisible();
    const [toastBox, buttonBox] = [await toast.boundingBox(), await button.boundingBox()];
    expect(toastBox && buttonBox).toBeTruthy();
    if (!toastBox || !buttonBox) return;
    const overlaps =
      toastBox.x < buttonBox.x + buttonBox.width &&
      buttonBox.x < toastBox.x + toastBox.width &&
      toastBox.y < buttonBox.y + buttonBox.height &&
      buttonBox.y < toastBox.y + toastBox.height;
    expect(overlaps, `toast ${JSON.stringify(toastBox)} over button ${JSON.stringify(buttonBox)}`).toBe(false);
  });
}
