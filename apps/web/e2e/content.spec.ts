import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test, uniqueSuffix } from './support';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test('an admin writes a post with bold text, a list and a link, uploads its image, publishes, edits and deletes it', async ({
  page,
  request,
}) => {
  const title = `Festive Lights ${uniqueSuffix()}`;
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog Posts' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Blog posts' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(/Showing \d+ of \d+ posts · \d+ with categories/)).toBeVisible();

  await page.getByRole('link', { name: 'Add New Blog' }).first().click();
  await expect(page).toHaveURL(/\/admin\/blogs\/new$/);
  await page.getByRole('button', { name: 'Publish Blog' }).click();
  await expect(toast(page, 'Please fill in all required fields')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').fill('Home & Living');
  await page.getByLabel('Author').fill('Anita Das');

  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Light up your home with ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('clay diyas');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bullet list' }).click();
  await page.keyboard.type('Scented candles');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Brass trays');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Shop the sale');
  for (let i = 0; i < 'the sale'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  page.once('dialog', (dialog) => void dialog.accept('https://shop.example.test/sale'));
  await page.getByRole('button', { name: 'Link' }).click();
  await expect(editor.locator('a[href="https://shop.example.test/sale"]')).toHaveText('the sale');

  await page.getByLabel('Upload Image').setInputFiles({ name: 'diya.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'Image uploaded successfully!')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Featured image preview' })).toHaveAttribute(
    'src',
    /^\/api\/uploads\/\d+$/,
  );

  await page.getByRole('button', { name: 'Publish Blog' }).click();
  await expect(toast(page, 'Blog published successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blogs$/);
  const card = page.getByRole('listitem', { name: title, exact: true });
  await expect(card).toBeVisible();

  const stored = ((await (await request.get('/api/blogs')).json()).blogs as Array<Record<string, string>>).find(
    (blog) => blog.title === title,
  );
  expect(stored?.content).toContain('<strong>clay diyas</strong>');
  expect(stored?.content).toMatch(/<ul><li><p>Scented candles<\/p><\/li><li><p>Brass trays<\/p><\/li><\/ul>/);
  expect(stored?.content).toContain('href="https://shop.example.test/sale"');
  expect(stored?.image).toMatch(/^\/api\/uploads\/\d+$/);
  const image = await request.get(stored?.image as string);
  // Stored re-encoded as WebP, as every upload is (decision 0107).
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(image.headers()['cache-control']).toContain('immutable');

  // Edit it.
  await card.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/admin\/blogs\/edit\/\d+$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('clay diyas');
  const edited = `${title} (edited)`;
  await page.getByLabel('Title').fill(edited);
  await page.getByRole('button', { name: 'Update Blog' }).click();
  await expect(toast(page, 'Blog updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blogs$/);
  const editedCard = page.getByRole('listitem', { name: edited, exact: true });
  await expect(editedCard).toBeVisible();

  // Delete it: cancel once, then confirm.
  await editedCard.getByRole('button', { name: `Delete ${edited}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Blog' });
  await expect(dialog).toContainText(`Are you sure you want to delete blog "${edited}"? This action cannot be undone.`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Blog deletion cancelled.')).toBeVisible();
  await editedCard.getByRole('button', { name: `Delete ${edited}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete Blog' }).getByRole('button', { name: 'Delete Blog' }).click();
  await expect(toast(page, 'Blog deleted successfully!')).toBeVisible();
  await expect(editedCard).toHaveCount(0);
});

test('a message posted through the public contact API appears in the inbox, is found by search and deleted', async ({
  page,
  request,
}) => {
  const token = uniqueSuffix();
  const name = `Meera ${token}`;
  const posted = await request.post('/api/contacts', {
    data: { name, email: `meera.${token.toLowerCase()}@example.test`, message: `Is the order ${token} shipped yet?` },
  });
  expect(posted.status()).toBe(201);

  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Inquiries' }).click();
  await expect(page.getByRole('heading', { name: 'Contact Inquiries' })).toBeVisible();
  await expect(page.getByText(/^\d+ messages$/)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search messages' }).fill(`order ${token}`);
  await expect(page).toHaveURL(/search=order/);
  const table = page.getByRole('table', { name: 'Contact messages' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'N/A', exact: true })).toBeVisible();
  await expect(page.getByText('1 message', { exact: true })).toBeVisible();

  // Cards on a phone-sized screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('list', { name: 'Contact messages' }).getByRole('article', { name })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  await table.getByRole('button', { name: `Delete message from ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Contact' });
  await expect(dialog).toContainText('Are you sure you want to delete this contact?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Contact deleted successfully!')).toBeVisible();
  await expect(page.getByText('No messages found')).toBeVisible();
  await expect(page.getByText('No messages match your search')).toBeVisible();
});

test('each configuration tab is changed, saved, and read back unchanged after a reload', async ({ page, request }) => {
  const suffix = uniqueSuffix().toLowerCase();
  const field = (label: string) => page.getByLabel(label, { exact: true }).filter({ visible: true });
  const save = async (section: string) => {
    await press(page.getByRole('button', { name: 'Save Changes' }));
    await expect(toast(page, `${section} configuration saved successfully!`)).toBeVisible();
  };
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  // Toasts stack at the bottom right, over the tab's right-hand buttons: use them as a keyboard user does.
  const press = async (button: Locator) => {
    await button.focus();
    await page.keyboard.press('Enter');
  };

  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Website Configuration' }).click();
  await expect(page.getByRole('heading', { name: 'Website Configuration' })).toBeVisible();
  await expect(page.getByText('Customize your website settings and appearance')).toBeVisible();

  const logoUrl = `https://cdn.example.test/logo-${suffix}.png`;
  await field('Logo URL').fill('');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expect(page.getByText('No logo uploaded')).toBeVisible();
  await field('Logo URL').fill(logoUrl);
  await save('Logo');

  await tab('Welcome').click();
  const welcome = `Welcome ${suffix}: handpicked goods from Indian sellers.`;
  await field('Welcome Message').fill(welcome);
  await save('Welcome');

  await tab('Contact').click();
  await field('Phone Number').fill('+91 80 1111 2222');
  await field('Email Address').fill(`care.${suffix}@example.test`);
  await field('Physical Address').fill(`Unit ${suffix}, MG Road, Bengaluru`);
  await save('Contact');

  await tab('Banners').click();
  await expect(page.getByRole('heading', { name: /^Current Banners \(\d+\)$/ })).toBeVisible();
  await press(page.getByRole('button', { name: 'Add Banner' }));
  await expect(toast(page, 'Please fill in both image URL and link URL')).toBeVisible();
  await field('Image URL').fill('banner.jpg');
  await field('Link URL').fill('https://shop.example.test/new');
  await press(page.getByRole('button', { name: 'Add Banner' }));
  await expect(toast(page, 'Please enter a valid image URL')).toBeVisible();
  const bannerUrl = `https://cdn.example.test/banner-${suffix}.jpg`;
  await field('Image URL').fill(bannerUrl);
  await field('Link URL').fill('/sale');
  await press(page.getByRole('button', { name: 'Add Banner' }));
  await expect(toast(page, 'Please enter a valid link URL')).toBeVisible();
  await field('Link URL').fill('https://shop.example.test/new');
  await press(page.getByRole('button', { name: 'Add Banner' }));
  await expect(toast(page, 'Banner added successfully!')).toBeVisible();
  await press(page.getByRole('button', { name: 'Remove banner 1' }));
  await expect(toast(page, 'Banner removed')).toBeVisible();
  const banners = page.getByRole('list', { name: 'Current Banners' }).getByRole('listitem');
  const bannerCount = await banners.count();
  await save('Banners');

  await tab('Social').click();
  await expect(field('Platform').locator('option[value="facebook"]')).toBeDisabled();
  await press(page.getByRole('button', { name: 'Add Link' }));
  await expect(toast(page, 'Please select a platform and enter URL')).toBeVisible();
  await field('Platform').selectOption('pinterest');
  await field('Profile URL').fill('pinterest');
  await press(page.getByRole('button', { name: 'Add Link' }));
  await expect(toast(page, 'Please enter a valid URL')).toBeVisible();
  await field('Profile URL').fill(`https://pinterest.com/haat${suffix}`);
  await press(page.getByRole('button', { name: 'Add Link' }));
  await expect(toast(page, 'Social link added successfully!')).toBeVisible();
  await press(page.getByRole('button', { name: 'Remove Twitter' }));
  await expect(toast(page, 'Social link removed')).toBeVisible();
  await save('Social');

  await tab('Sales Banner').click();
  const preview = page.getByRole('region', { name: 'Sales banner preview' });
  await expect(preview).toContainText('Limited time offer! Shop now and save big!');
  await expect(preview).toContainText('SHOP NOW');
  await field('Discount Text').fill(`40% OFF ${suffix}`);
  await expect(preview).toContainText(`40% OFF ${suffix}`);
  await field('Background Color').fill('#1E1B4B');
  await field('Shop Now Link').fill(`https://shop.example.test/sale-${suffix}`);
  await save('Sales Banner');

  // Read back after a reload, on the screen and from the public API.
  await page.reload();
  await expect(field('Logo URL')).toHaveValue(logoUrl);
  await tab('Welcome').click();
  await expect(field('Welcome Message')).toHaveValue(welcome);
  await tab('Contact').click();
  await expect(field('Email Address')).toHaveValue(`care.${suffix}@example.test`);
  await tab('Banners').click();
  await expect(page.getByRole('list', { name: 'Current Banners' }).getByRole('listitem')).toHaveCount(bannerCount);
  await expect(page.getByRole('list', { name: 'Current Banners' })).toContainText(bannerUrl);
  await tab('Social').click();
  await expect(page.getByRole('listitem', { name: 'Pinterest' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Twitter' })).toHaveCount(0);
  await tab('Sales Banner').click();
  await expect(field('Discount Text')).toHaveValue(`40% OFF ${suffix}`);

  const config = await (await request.get('/api/website-config')).json();
  expect(config).toMatchObject({
    logoUrl,
    welcomeQuote: welcome,
    contactInfo: { phoneNumber: '+91 80 1111 2222', email: `care.${suffix}@example.test` },
    email: `care.${suffix}@example.test`,
    salesBanner: { discountText: `40% OFF ${suffix}`, backgroundColor: '#1E1B4B' },
  });
  expect(config.banners).toHaveLength(bannerCount);
  expect(config.banners.at(-1).imageUrl).toBe(bannerUrl);
  expect(config.socialMediaLinks.map((link: { platform: string }) => link.platform)).toContain('pinterest');
  expect(config.socialMediaLinks.map((link: { platform: string }) => link.platform)).not.toContain('twitter');
});

test('only the blog form loads the rich-text editor', async ({ page }) => {
  const editorChunks: string[] = [];
  page.on('request', (request) => {
    if (/rich-text-editor/.test(request.url())) editorChunks.push(request.url());
  });
  await signIn(page);
  for (const path of ['/admin/blog', '/admin/blogs', '/admin/contact', '/admin/website-config']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(editorChunks).toEqual([]);
  await page.goto('/admin/blogs/new');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  expect(editorChunks).toHaveLength(1);
});
