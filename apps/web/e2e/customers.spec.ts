import { expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 26 'Customers' in a real browser: an admin finds a shopper by part of their
 * e-mail, opens their page with their orders, and anonymises them on request; the
 * order keeps its total and loses their name.
 */

test('an admin finds a customer, sees their orders, and anonymises them on request', async ({ page, request }) => {
  const suffix = uniqueSuffix().toLowerCase();
  const email = `nandini.${suffix}@example.test`;
  const products = await (await request.get('/api/products?limit=1')).json();
  const product = products.products[0]._id as string;
  const placed = await request.post('/api/orders', {
    data: {
      items: [{ product, quantity: 2 }],
      billingInfo: {
        fullName: `Nandini ${suffix}`,
        email,
        phone: '+91 99887 76655',
        note: null,
        address: { fullAddress: '7 Lake View', city: 'Kochi', province: 'Kerala' },
      },
      paymentMethod: 'Cash on Delivery',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order;

  await signIn(page);
  await page.getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await page.getByLabel('Search customers').fill(`nandini.${suffix}`);
  await expect(page).toHaveURL(new RegExp(`search=nandini.${suffix}`));
  await page.getByRole('link', { name: `View customer Nandini ${suffix}` }).click();

  await expect(page.getByRole('heading', { name: `Nandini ${suffix}`, level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const orders = page.getByRole('list', { name: 'Orders' });
  await expect(orders.getByRole('link', { name: order.trackingNumber })).toBeVisible();

  await page.getByRole('button', { name: 'Anonymise customer' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Anonymise this customer?' });
  await expect(dialog.getByText('This cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Anonymise' }).click();
  await expect(page.getByRole('heading', { name: 'Anonymised customer', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);

  // The order keeps its total and its lines, and names no one.
  await orders.getByRole('link', { name: order.trackingNumber }).click();
  await expect(page.getByRole('heading', { name: 'Order Items' })).toBeVisible();
  await expect(page.getByText(`Nandini ${suffix}`)).toHaveCount(0);
  await expect(page.getByText('Anonymised customer').first()).toBeVisible();
});
