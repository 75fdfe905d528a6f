import { demo, expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 35 'Seller KYC' in the browser, on the demo store: a new vendor fills their KYC
 * (PAN, GSTIN, state, address) and uploads its three documents, a wrong GSTIN is
 * refused under its field, the KYC is submitted; an admin requests a change of address on
 * KYC review; the vendor reads the reason, fixes it and submits again; the admin approves.
 */

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

test('a vendor submits their KYC, an admin asks for a change, then approves it', async ({ page, browser, request }) => {
  // An admin adds an approved vendor, as 'Add New Vendor' does.
  const login = await request.post('/api/auth/admin/login', { data: demo.admin });
  const adminToken = (await login.json()).token as string;
  const suffix = uniqueSuffix();
  const vendor = {
    name: `Kyc Seller ${suffix}`,
    email: `kyc.${suffix.toLowerCase()}@example.test`,
    password: 'vendor-pass-1',
    businessName: `Kyc Traders ${suffix}`,
  };
  const added = await request.post('/api/vendor/register', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { ...vendor, phoneNumber: '+91 98450 00000', address: '14 Residency Road, Bengaluru', status: 'approved' },
  });
  expect(added.status(), await added.text()).toBe(201);

  // 1. The vendor fills the form; a mistyped GSTIN is refused under its field.
  await signIn(page, vendor);
  await page.getByRole('link', { name: 'KYC', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'KYC' })).toBeVisible();
  await expect(page.getByText('Not started. Payouts wait until your KYC is approved.')).toBeVisible();
  const form = page.getByRole('form', { name: 'KYC details' });
  await form.getByLabel('Legal name').fill(`Kyc Traders ${suffix} Private Limited`);
  await form.getByLabel('PAN', { exact: true }).fill('AAACR5055K');
  await form.getByLabel('GSTIN', { exact: true }).fill('27AAACR5055K1Z8');
  await form.getByLabel('State you ship from').selectOption('27');
  await form.getByLabel('Registered address').fill('Maker Chambers IV, Mumbai');
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(form.getByText(/GSTIN's last character \(its check character\) does not match/)).toBeVisible();
  await form.getByLabel('GSTIN', { exact: true }).fill('27AAACR5055K1Z7');
  for (const [label, name] of [
    ['Upload PAN card', 'pan.pdf'],
    ['Upload GST certificate', 'gst.pdf'],
    ['Upload Cancelled cheque', 'cheque.pdf'],
  ] as const) {
    await form.getByLabel(label).setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText(/uploaded\. Save or submit to attach it\./).first()).toBeVisible();
  }
  await expect(form.getByRole('button', { name: 'View Cancelled cheque' })).toBeVisible();
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('KYC submitted for review', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Submitted: an admin is reviewing it. Payouts wait until it is approved.')).toBeVisible();

  // 2. An admin asks for the address on the certificate.
  const admin = await browser.newPage();
  await signIn(admin);
  await admin.getByRole('link', { name: 'KYC review' }).click();
  await admin.getByRole('link', { name: `Review ${vendor.businessName}` }).click();
  await expect(admin.getByRole('heading', { name: `KYC: ${vendor.businessName}` })).toBeVisible();
  await admin.getByLabel('Reason: Address').fill('Give the address on the GST certificate');
  await admin.getByRole('button', { name: 'Request changes' }).click();
  await expect(admin.getByText('Changes requested', { exact: true }).first()).toBeVisible();

  // 3. The vendor reads the reason, fixes the address and submits again.
  await page.reload();
  const reasons = page.getByRole('region', { name: 'Reasons to fix' });
  await expect(reasons.getByText('Give the address on the GST certificate')).toBeVisible();
  await form.getByLabel('Registered address').fill('3rd Floor, Maker Chambers IV, Nariman Point, Mumbai 400021');
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('KYC submitted for review', { exact: true }).first()).toBeVisible();

  // 4. The admin approves; the vendor's KYC says so.
  await admin.reload();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('KYC approved', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByText(/^Approved: your earnings can be paid out/)).toBeVisible();
});
