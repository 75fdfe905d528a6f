import type { Browser, Page } from '@playwright/test';
import { createCategory, demo, expect, signIn, test, uniqueSuffix } from './support';

// One story told in order: the vendor submits, the admin reviews, the vendor sees the outcome.
test.describe.configure({ mode: 'serial' });

const suffix = uniqueSuffix();
const category = `Handloom ${suffix}`;
const toApprove = `Ikat Cotton Saree ${suffix}`;
const toReject = `Block Print Stole ${suffix}`;
const vendorBusiness = 'Sharma Handlooms & Textiles';

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  return page;
}

async function submitProduct(page: Page, name: string, sku: string) {
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Add New Product' }).click();
  // A vendor's form has neither status nor vendor (spec section 1).
  await expect(page.getByRole('region', { name: 'Basic Information' })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Vendor Assignment' })).toHaveCount(0);
  await expect(page.getByText('Please wait for admin approval.')).toBeVisible();

  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Product Details').fill('Handwoven in Odisha.');
  await page.getByLabel('Sale Price').fill('2450');
  await page.getByLabel('Actual Price').fill('2999');
  await page.getByLabel('Stock Quantity').fill('4');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
  await page.getByLabel('Image URL').fill(`https://images.example.test/${sku}.jpg`);
  await page.getByRole('button', { name: 'Add Image' }).click();
  await page.getByRole('button', { name: 'Create Product' }).click();
  // Toasts stay while the pointer rests on them: move it off so they expire and uncover the rows.
  await page.mouse.move(0, 0);
  await expect(
    page.getByText('Product submitted successfully! Please wait for admin approval.', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products$/);
}

test('a vendor submits two products, which await approval', async ({ browser }) => {
  const admin = await signedIn(browser, demo.admin);
  await createCategory(admin, category);
  await admin.context().close();

  const vendor = await signedIn(browser, demo.vendor);
  await expect(vendor).toHaveURL(/\/admin\/products$/);
  await submitProduct(vendor, toApprove, `SAREE-${suffix}`);
  await submitProduct(vendor, toReject, `STOLE-${suffix}`);

  await vendor.getByLabel('Search products').fill(suffix);
  const table = vendor.getByRole('table', { name: 'Products' });
  for (const name of [toApprove, toReject]) {
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Pending Approval');
    await expect(row.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
  }
  await expect(vendor.getByLabel('Approval', { exact: true })).toHaveCount(0);
  await expect(vendor.getByRole('link', { name: /^Pending \(/ })).toHaveCount(0);
  await vendor.context().close();
});

test('the admin approves one submission and rejects the other from the pending screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/products');
  await page.getByRole('link', { name: /^Pending \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/admin\/products\/pending$/);
  await expect(page.getByText(/^[\d,]+ products? awaiting approval$/)).toBeVisible();

  await page.getByLabel('Vendor', { exact: true }).selectOption({ label: vendorBusiness });
  await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
  await expect(page.getByText('2 products awaiting approval')).toBeVisible();
  const approveCard = page.getByRole('article', { name: toApprove });
  await expect(approveCard).toContainText(vendorBusiness);
  await expect(approveCard).toContainText('Pending Approval');
  await expect(approveCard).toContainText(`SAREE-${suffix}`);
  await expect(approveCard).toContainText('Rs.2,450.00');

  // View Details opens the product's form.
  await approveCard.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+\?from=pending$/);
  await expect(page.getByLabel('Product Name')).toHaveValue(toApprove);
  await page.goBack();

  await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
  await approveCard.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Product approved successfully!', { exact: true })).toBeVisible();
  await expect(approveCard).toHaveCount(0);
  await expect(page.getByText('1 product awaiting approval')).toBeVisible();

  await page.getByRole('article', { name: toReject }).getByRole('button', { name: 'Reject' }).click();
  // Rejecting asks for the reason the vendor will read (issue 12).
  const dialog = page.getByRole('dialog', { name: 'Reject Product?' });
  await dialog.getByLabel('Reason for rejection').fill('The border print is not described');
  await dialog.getByRole('button', { name: 'Reject Product' }).click();
  await expect(page.getByText('Product rejected successfully!', { exact: true })).toBeVisible();
  // Filtered by vendor and category, the empty queue says that nothing matches the
  // filters, not that everything is reviewed (issue 12).
  await expect(page.getByText('No products match these filters')).toBeVisible();
  await expect(page.getByText('All products have been reviewed. Great job!')).toHaveCount(0);

  await page.getByRole('link', { name: 'All Products' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
});

test('the vendor sees the outcome of each review', async ({ page }) => {
  await signIn(page, demo.vendor);
  await page.getByLabel('Search products').fill(suffix);
  const table = page.getByRole('table', { name: 'Products' });
  const approved = table.getByRole('row', { name: new RegExp(toApprove) });
  const rejected = table.getByRole('row', { name: new RegExp(toReject) });
  await expect(approved).toContainText('Approved');
  await expect(approved).toContainText('Active');
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText('Reason: The border print is not described');
  await expect(rejected).not.toContainText('Approved');
});
