import { demo, expect, signIn, test, uniqueSuffix } from './support';

// Issue 10, 'Activity log': approving a product shows in the log with the admin's name
// and the changed fields, and in the product's own history.

const suffix = uniqueSuffix();
const productName = `Activity Kettle ${suffix}`;

test('an approval shows in the activity log and in the product history', async ({ page, request }) => {
  // The vendor submits a product through the API; it awaits approval.
  const login = await request.post('/api/auth/admin/login', { data: demo.vendor });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const categories = await request.get('/api/categories', { headers });
  const category = (await categories.json()).categories[0]._id as string;
  const created = await request.post('/api/products/create', {
    headers,
    data: {
      name: productName,
      productDetails: 'A steel kettle.',
      brand: 'Acme',
      sku: `KETTLE-${suffix}`,
      warrantyPeriod: '1 Year',
      salePrice: 1499,
      actualPrice: 1999,
      stockQuantity: 3,
      category,
      subcategory: null,
      images: [`https://images.example.test/kettle-${suffix}.jpg`],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = (await created.json()).product._id as string;

  // The admin approves it on its screen.
  await signIn(page);
  await page.goto(`/admin/products/${productId}`);
  await expect(page.getByLabel('Product Name')).toHaveValue(productName);
  await page.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Product approved successfully!', { exact: true })).toBeVisible();

  // The activity log, from the sidebar, shows it first with the admin's name and the change.
  await page.getByRole('link', { name: 'Activity log' }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.getByRole('heading', { name: 'Activity log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Activity log' });
  const row = table.getByRole('row').filter({ hasText: productName }).filter({ hasText: 'Approved' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Store Admin');
  await expect(row).toContainText('Approval status: pending → approved');
  await expect(row).toContainText('Status: pending → active');

  // Filtered to products, in the address; the record links to the product's screen.
  await page.getByLabel('Record', { exact: true }).selectOption({ label: 'Product' });
  await expect(page).toHaveURL(/kind=product/);
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: `Product: ${productName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${productId}$`));

  // The product's own history lists the approval and the vendor's submission.
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Approved by Store Admin')).toBeVisible();
  await expect(history.getByText(/Created by/)).toBeVisible();
  await expect(history).toContainText('Approval status: pending → approved');
});
