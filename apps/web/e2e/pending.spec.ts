import type { APIRequestContext } from '@playwright/test';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/** Signs in through the API and answers the bearer header. */
async function bearer(request: APIRequestContext, who: { email: string; password: string }) {
  const response = await request.post('/api/auth/admin/login', { data: who });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

test('the pending screen loads the next cards as the admin scrolls down', async ({ page, request }) => {
  const suffix = uniqueSuffix();
  const category = `Brassware ${suffix}`;
  const submitted = 57;

  const asAdmin = await bearer(request, demo.admin);
  const created = await request.post('/api/categories/create', {
    headers: asAdmin,
    data: { _id: null, name: category, imageUrl: `https://images.example.test/brass-${suffix}.jpg` },
  });
  expect(created.status()).toBe(201);
  const categoryId = ((await created.json()) as { category: { _id: string } }).category._id;

  const asVendor = await bearer(request, demo.vendor);
  for (let n = 1; n <= submitted; n += 1) {
    const response = await request.post('/api/products/create', {
      headers: asVendor,
      data: {
        name: `Brass Diya ${n} ${suffix}`,
        productDetails: 'Hand-cast in Moradabad.',
        sku: `DIYA-${suffix}-${n}`,
        salePrice: 349,
        actualPrice: 499,
        stockQuantity: 12,
        category: categoryId,
        images: [`https://images.example.test/diya-${suffix}-${n}.jpg`],
      },
    });
    expect(response.status()).toBe(201);
  }

  await signIn(page);
  await page.goto('/admin/products/pending');
  await page.getByLabel('Category').selectOption({ label: category });
  await expect(page.getByRole('status')).toHaveText(`${submitted} products awaiting approval`);
  const cards = page.getByRole('list', { name: 'Pending products' }).getByRole('article');
  await expect(cards).toHaveCount(50);

  // Scrolling to the foot of the list loads the rest; nobody presses 'Load more'.
  await cards.last().scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(submitted);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
