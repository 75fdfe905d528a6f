import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect, signIn, test, uniqueSuffix } from './support';

/**
 * Issue 35's end-to-end test, literally, on the demo store (its servers run without payout
 * or bank-change holds, PAYOUT_HOLD_DAYS=0): a new vendor (added by an admin, with two
 * approved products and bank details) completes their KYC on the KYC screen (legal name,
 * a company PAN, a GSTIN of that PAN and of the state they ship from, the address and the
 * three documents) and submits it; an admin approves it on KYC review; the vendor sells
 * four units (one of a product, three of another) to a buyer in ANOTHER state through the
 * storefront's checkout; the vendor ships them with an AWB and marks them delivered; the
 * admin's Documents shows the tax invoice, IGST, and its PDF downloads; the admin records
 * the return of one line's three units in two parts and their two credit notes add up to
 * the line's GST to the paisa; the month's GSTR-8 shows the vendor's GSTIN row grown by the
 * sale, the return and the TCS; the vendor's monthly statement shows the sale, the return
 * and the TCS; the admin presses "Pay all" on Payouts and the vendor's payout is the
 * balance net of commission, its GST, TCS and TDS, as the ledger adds it up.
 *
 * Pay all also pays every other vendor with money available (the demo vendor among them);
 * the specs that pay the demo vendor settle any payout left in progress first
 * (payouts.spec.ts), so the files do not depend on their order.
 */

/** A company's PAN (fourth letter C: TDS applies from the first rupee, decision 0148). */
const PAN = 'AAGCK7319M';
/**
 * The state the vendor ships from (Haryana) and a GSTIN of it for `PAN` (check character 5).
 * GSTR-8 lists its rows by the seller's state code, and the demo sellers ship from 07 and
 * later: the vendor's row is the first, on screen without scrolling the table.
 */
const shipsFrom = { code: '06', gstin: `06${PAN}1Z5` } as const;
/** The buyer's state: another one, so the supply is interstate (IGST). */
const buyerState = { code: '27', name: 'Maharashtra' } as const;
/** A document's bytes, as kyc.spec.ts uploads them. */
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

interface ProductRow {
  _id: string;
  name: string;
  salePrice: number;
  stockQuantity: number;
  isApproved: boolean;
}

interface LedgerEntry {
  kind: string;
  amount: number;
  trackingNumber: string | null;
}

interface Figures {
  grossSupplies: number;
  suppliesReturned: number;
  netAmount: number;
  igst: number;
  cgst: number;
  sgst: number;
}

interface Gstr8Row extends Figures {
  gstin: string | null;
  placeOfSupplyCode: string;
  placeOfSupply: string;
}

interface DocumentRow {
  _id: string;
  kind: string;
  number: string;
  order: { trackingNumber: string } | null;
  refersTo: string | null;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const paise = (rupees: number) => Math.round(rupees * 100);
const rupeeFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** As the back office writes an amount (apps/web/src/lib/format.ts). */
const rupees = (amount: number) => `Rs.${rupeeFormat.format(amount)}`;

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/admin/login', { data: who });
  expect(res.ok()).toBe(true);
  return (await res.json()).token as string;
}

async function getJson(request: APIRequestContext, path: string, token: string) {
  const res = await request.get(path, { headers: auth(token) });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** The month's GSTR-8 row of `gstin` for supplies to `placeOfSupplyCode`, zeros when there is none yet. */
async function gstr8RowOf(
  request: APIRequestContext,
  admin: string,
  month: string,
  gstin: string,
  placeOfSupplyCode: string,
): Promise<Figures> {
  const report = await getJson(request, `/api/tax/admin/gstr8?month=${month}`, admin);
  const row = (report.rows as Gstr8Row[]).find(
    (candidate) => candidate.gstin === gstin && candidate.placeOfSupplyCode === placeOfSupplyCode,
  );
  return row ?? { grossSupplies: 0, suppliesReturned: 0, netAmount: 0, igst: 0, cgst: 0, sgst: 0 };
}

/** Every ledger entry of the vendor's (newest first, all pages). */
async function ledgerOf(request: APIRequestContext, vendor: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await getJson(
      request,
      `/api/vendor/earnings?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      vendor,
    );
    entries.push(...(page.entries as LedgerEntry[]));
    cursor = page.hasMore ? (page.nextCursor as string) : null;
  } while (cursor);
  return entries;
}

/** The order's documents of `kind` as `GET /api/documents` lists them (the newest 200). */
async function documentsOf(request: APIRequestContext, admin: string, kind: string, trackingNumber: string) {
  const list = await getJson(request, `/api/documents?kind=${kind}&limit=200`, admin);
  return (list.documents as DocumentRow[]).filter((row) => row.order?.trackingNumber === trackingNumber);
}

/** The order's (newest) document of `kind`. */
async function documentOf(request: APIRequestContext, admin: string, kind: string, trackingNumber: string) {
  return (await documentsOf(request, admin, kind, trackingNumber))[0];
}

/** Opens Documents at `kind` and reads the row of the order's document. */
async function documentsRow(page: Page, kind: string, number: string) {
  await page.goto(`/admin/documents?kind=${kind}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: number });
  await expect(row).toBeVisible();
  return row;
}

test('an interstate sale: IGST invoice, a return and its credit note, GSTR-8, the statement, the payout', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await tokenOf(request, demo.admin);
  // The reports' months are Indian (UTC+05:30, decision 0157).
  const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

  // 0. A new vendor, as an admin's 'Add New Vendor' adds one, with no KYC yet; two products
  // of theirs approved and bank details given (their screens are other specs').
  const suffix = uniqueSuffix();
  const seller = {
    name: `Gst Seller ${suffix}`,
    email: `gst.${suffix.toLowerCase()}@example.test`,
    password: 'vendor-pass-1',
    businessName: `Gst Traders ${suffix}`,
  };
  const business = seller.businessName;
  const added = await request.post('/api/vendor/register', {
    headers: auth(admin),
    data: { ...seller, phoneNumber: '+91 98450 00001', address: '21 Sohna Road, Gurugram', status: 'approved' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const vendor = await tokenOf(request, seller);
  const categories = await getJson(request, '/api/categories', vendor);
  const category = categories.categories[0]._id as string;
  const products: ProductRow[] = [];
  for (const [index, salePrice] of [1499, 899].entries()) {
    const created = await request.post('/api/products/create', {
      headers: auth(vendor),
      data: {
        name: `Gst Lamp ${index + 1} ${suffix}`,
        productDetails: 'A brass lamp.',
        brand: 'Acme',
        sku: `GST-LAMP-${index + 1}-${suffix}`,
        warrantyPeriod: '1 Year',
        salePrice,
        actualPrice: salePrice + 500,
        stockQuantity: 5,
        gstRate: 18,
        hsnCode: '9405',
        category,
        subcategory: null,
        images: [`https://images.example.test/gst-lamp-${index + 1}-${suffix}.jpg`],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()).product as ProductRow;
    const approved = await request.put(`/api/products/admin/approve/${product._id}`, {
      headers: auth(admin),
      data: { isApproved: true },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
    products.push(product);
  }
  const [kept, sentBack] = products as [ProductRow, ProductRow];
  const bank = await request.put('/api/vendor/bank-details', {
    headers: auth(vendor),
    data: { accountHolder: seller.businessName, accountNumber: '501000987654321', ifsc: 'HDFC0001234' },
  });
  expect(bank.ok(), await bank.text()).toBe(true);

  // 1. The vendor completes their KYC on its screen and submits it.
  const vendorPage = await (await browser.newContext()).newPage();
  await signIn(vendorPage, seller);
  await vendorPage.getByRole('link', { name: 'KYC', exact: true }).click();
  await expect(vendorPage).toHaveURL(/\/admin\/kyc$/);
  await expect(vendorPage.getByRole('heading', { level: 1, name: 'KYC' })).toBeVisible();
  await expect(vendorPage.getByText('Not started. Payouts wait until your KYC is approved.')).toBeVisible();
  const form = vendorPage.getByRole('form', { name: 'KYC details' });
  await form.getByLabel('Legal name').fill(`Gst Traders ${suffix} Private Limited`);
  await form.getByLabel('PAN', { exact: true }).fill(PAN);
  await form.getByLabel('GSTIN', { exact: true }).fill(shipsFrom.gstin);
  await form.getByLabel('State you ship from').selectOption(shipsFrom.code);
  await form.getByLabel('Registered address').fill('21 Sohna Road, Gurugram 122018');
  for (const [label, name] of [
    ['Upload PAN card', 'pan.pdf'],
    ['Upload GST certificate', 'gst.pdf'],
    ['Upload Cancelled cheque', 'cheque.pdf'],
  ] as const) {
    await form.getByLabel(label).setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await expect(form.getByRole('button', { name: `View ${label.slice('Upload '.length)}` })).toBeVisible();
  }
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(vendorPage.getByText('KYC submitted for review', { exact: true }).first()).toBeVisible();
  await expect(
    vendorPage.getByText('Submitted: an admin is reviewing it. Payouts wait until it is approved.'),
  ).toBeVisible();

  // 2. An admin approves it on KYC review; the vendor's KYC says so.
  await signIn(page);
  await page.getByRole('link', { name: 'KYC review' }).click();
  await expect(page).toHaveURL(/\/admin\/kyc-review/);
  await page.getByRole('link', { name: `Review ${business}` }).click();
  await expect(page.getByRole('heading', { name: `KYC: ${business}` })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('KYC approved', { exact: true }).first()).toBeVisible();
  await vendorPage.reload();
  await expect(vendorPage.getByText(/^Approved: your earnings can be paid out/)).toBeVisible();
  const kyc = (await getJson(request, '/api/vendor/kyc', vendor)).kyc as {
    status: string;
    gstin: string;
    businessName: string;
    state: { code: string; name: string };
  };
  expect(kyc.status).toBe('approved');
  expect(kyc.gstin).toBe(shipsFrom.gstin);
  expect(kyc.state.code).toBe(shipsFrom.code);
  expect(kyc.businessName).toBe(business);

  const gstr8Before = await gstr8RowOf(request, admin, month, kyc.gstin, buyerState.code);
  const statementBefore = (await getJson(request, `/api/vendor/statements/${month}`, vendor)).figures;
  const balancesBefore = (await getJson(request, '/api/vendor/earnings?limit=1', vendor)).balances as {
    available: number;
    pending: number;
  };
  expect(balancesBefore).toMatchObject({ available: 0, pending: 0 });

  // 3. A storefront checkout of two of the vendor's products, shipped to another state.
  const placed = await request.post('/api/orders', {
    data: {
      items: [
        { product: kept._id, quantity: 1 },
        { product: sentBack._id, quantity: 3 },
      ],
      billingInfo: {
        fullName: 'E2E GST Buyer',
        email: `e2e.gst.${uniqueSuffix().toLowerCase()}@example.test`,
        phone: '+91 90000 00000',
        address: { fullAddress: '1 Test Street', city: 'Somewhere', province: buyerState.name },
      },
      paymentMethod: 'UPI',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order as { _id: string; trackingNumber: string };
  const tracking = order.trackingNumber;

  // 4. The vendor packs, ships with an AWB and marks it delivered (the screens are shipments.spec.ts's).
  const queue = await getJson(request, `/api/vendor/shipments?search=${tracking}`, vendor);
  let shipment = queue.shipments[0] as { _id: string; updatedAt: string };
  const awb = `DLG${uniqueSuffix()}`;
  for (const step of [
    { status: 'Packaging' },
    { status: 'On The Road', carrier: 'Delhivery', awb },
    { status: 'Delivered' },
  ]) {
    const moved = await request.put(`/api/vendor/shipments/${shipment._id}/status`, {
      headers: auth(vendor),
      data: { ...step, updatedAt: shipment.updatedAt },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    shipment = (await moved.json()).shipment;
  }

  // 5. Documents: the tax invoice, IGST (an interstate supply), and its PDF.
  const invoice = await documentOf(request, admin, 'invoice', tracking);
  if (!invoice) throw new Error('a tax invoice was issued at dispatch');
  expect(invoice.igst).toBeGreaterThan(0);
  expect(invoice.cgst).toBe(0);
  expect(invoice.sgst).toBe(0);
  const invoiceRow = await documentsRow(page, 'invoice', invoice.number);
  await expect(invoiceRow).toContainText(tracking);
  await expect(invoiceRow).toContainText(`IGST ${rupees(invoice.igst)}`);
  await expect(invoiceRow).toContainText(kyc.gstin);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    invoiceRow.getByRole('button', { name: `Download ${invoice.number}` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await pdf.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // 6. The admin records the return of the second line in two parts (one unit, then two):
  // its credit notes' taxable value and IGST add up to the line's frozen figures, to the
  // paisa (decision 0152: each return credits its share of the units taken back so far).
  const detail = await getJson(request, `/api/orders/admin/orders/${order._id}`, admin);
  const line = (
    detail.order.products as {
      _id: string;
      product: { _id: string | null };
      tax: { taxableValue: number; igst: number };
    }[]
  ).find((item) => item.product._id === sentBack._id);
  if (!line) throw new Error('the order holds the returned product');
  let updatedAt = detail.order.updatedAt as string;
  for (const quantity of [1, 2]) {
    const returned = await request.post(`/api/orders/admin/${order._id}/returns`, {
      headers: auth(admin),
      data: { items: [{ itemId: line._id, quantity }], reason: 'damaged', restock: true, updatedAt },
    });
    expect(returned.status(), await returned.text()).toBe(201);
    updatedAt = (await returned.json()).order.updatedAt;
  }
  const creditNotes = await documentsOf(request, admin, 'credit_note', tracking);
  expect(creditNotes).toHaveLength(2);
  for (const note of creditNotes) {
    expect(note.refersTo).toBe(invoice.number);
    expect(note.igst).toBeGreaterThan(0);
  }
  const credited = (key: 'taxableValue' | 'igst') => creditNotes.reduce((sum, note) => sum + paise(note[key]), 0);
  expect(credited('taxableValue')).toBe(paise(line.tax.taxableValue));
  expect(credited('igst')).toBe(paise(line.tax.igst));
  const creditNote = creditNotes[0] as DocumentRow;
  const creditRow = await documentsRow(page, 'credit_note', creditNote.number);
  await expect(creditRow).toContainText(`Against ${invoice.number}`);
  await expect(creditRow).toContainText(`IGST ${rupees(creditNote.igst)}`);

  // 7. The ledger of the order: the sale, its commission and GST, TCS, TDS, the refund.
  const mine = (await ledgerOf(request, vendor)).filter((entry) => entry.trackingNumber === tracking);
  const sumOf = (kind: string) =>
    mine.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + paise(entry.amount), 0);
  for (const kind of ['sale', 'commission', 'commission_gst', 'tcs', 'tds', 'refund'])
    expect(
      mine.some((entry) => entry.kind === kind),
      `a ${kind} entry for ${tracking}`,
    ).toBe(true);
  expect(sumOf('sale')).toBeGreaterThan(0);
  expect(sumOf('tcs')).toBeLessThan(0);
  expect(sumOf('tds')).toBeLessThan(0);
  // What the order leaves the vendor: the sale less the refund, the commission (less its
  // reversal), its GST, TCS and TDS, and nothing else.
  const kindsOfMoney = ['sale', 'refund', 'commission', 'commission_reversal', 'commission_gst', 'tcs', 'tds'];
  expect(mine.filter((entry) => !kindsOfMoney.includes(entry.kind))).toEqual([]);
  const orderNet = kindsOfMoney.reduce((sum, kind) => sum + sumOf(kind), 0);
  expect(orderNet).toBeGreaterThan(0);

  // 8. GSTR-8 of the month: the vendor's GSTIN row has grown by the sale, the return and the TCS.
  const gstr8After = await gstr8RowOf(request, admin, month, kyc.gstin, buyerState.code);
  expect(paise(gstr8After.grossSupplies) - paise(gstr8Before.grossSupplies)).toBe(paise(invoice.taxableValue));
  expect(paise(gstr8After.suppliesReturned) - paise(gstr8Before.suppliesReturned)).toBe(credited('taxableValue'));
  expect(paise(gstr8After.igst) - paise(gstr8Before.igst)).toBe(-sumOf('tcs'));
  expect(gstr8After.cgst).toBe(gstr8Before.cgst);
  await page.goto('/admin/tax-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax reports' })).toBeVisible();
  const gstr8Row = page
    .getByRole('table', { name: 'GSTR-8' })
    .getByRole('row')
    .filter({ hasText: kyc.gstin })
    .filter({ hasText: buyerState.name });
  await expect(gstr8Row).toBeVisible();
  await expect(gstr8Row).toContainText(rupees(gstr8After.grossSupplies));
  await expect(gstr8Row).toContainText(rupees(gstr8After.suppliesReturned));
  await expect(gstr8Row).toContainText(rupees(gstr8After.igst));

  // 9. The vendor's monthly statement: the sale, the return and the TCS.
  const statementAfter = (await getJson(request, `/api/vendor/statements/${month}`, vendor)).figures;
  expect(paise(statementAfter.sales) - paise(statementBefore.sales)).toBe(sumOf('sale'));
  expect(paise(statementAfter.returns) - paise(statementBefore.returns)).toBe(-sumOf('refund'));
  expect(paise(statementAfter.tcs) - paise(statementBefore.tcs)).toBe(-sumOf('tcs'));
  await vendorPage.getByRole('link', { name: 'Earnings' }).click();
  await expect(vendorPage.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  const figure = (label: string) =>
    vendorPage.getByLabel('Statement figures').getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(figure('Sales')).toHaveText(rupees(statementAfter.sales));
  await expect(figure('Returns and cancellations')).toHaveText(rupees(statementAfter.returns));
  await expect(figure('TCS (GST)')).toHaveText(rupees(statementAfter.tcs));
  // Its entries (the screen lists the whole month, virtualised): the order's sale, return and TCS.
  const statement = await getJson(request, `/api/vendor/statements/${month}`, vendor);
  const kinds = (statement.lines as { kind: string; trackingNumber: string | null }[])
    .filter((entry) => entry.trackingNumber === tracking)
    .map((entry) => entry.kind);
  expect(kinds).toEqual(expect.arrayContaining(['sale', 'refund', 'tcs']));
  expect(kinds).toHaveLength(mine.length);

  // 10. Payouts: the vendor's balance, net of commission, its GST, TCS and TDS, paid.
  const balancesAfter = (await getJson(request, '/api/vendor/earnings?limit=1', vendor)).balances as {
    available: number;
    pending: number;
  };
  expect(paise(balancesAfter.available) + paise(balancesAfter.pending)).toBe(
    paise(balancesBefore.available) + paise(balancesBefore.pending) + orderNet,
  );
  await page.goto('/admin/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay all' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pay all vendors' });
  await confirm.getByRole('button', { name: 'Pay all' }).click();
  await expect(page.getByText(/payouts? created/).first()).toBeVisible();
  const payouts = await getJson(request, '/api/payouts/admin?status=Pending&limit=200', admin);
  const theirs = (payouts.payouts as { _id: string; businessName: string; amount: number }[]).filter(
    (row) => row.businessName === business,
  );
  expect(theirs, "Pay all made the vendor's one payout").toHaveLength(1);
  const payout = theirs[0] as { amount: number };
  // The whole balance, which is what the order left: the sale less the return, the
  // commission, its GST, TCS and TDS (a new vendor had nothing before it).
  expect(paise(payout.amount)).toBe(paise(balancesAfter.available));
  expect(paise(payout.amount)).toBe(orderNet);
  await page.getByLabel('Payout status').selectOption('Pending');
  const payoutRow = page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: business });
  await expect(payoutRow).toContainText(rupees(payout.amount));
  const settled = (await getJson(request, '/api/vendor/earnings?limit=1', vendor)).balances as {
    available: number;
    processing: number;
  };
  expect(settled.available).toBe(0);
  expect(paise(settled.processing)).toBe(paise(payout.amount));
  await vendorPage.context().close();
});
