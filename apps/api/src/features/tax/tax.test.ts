import { checkoutMessages, type Order, type TaxSettings, taxMessages } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { approveKyc } from '../../test/kyc-fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { storeDay } from '../coupons/store-day.js';
import { keptLineTaxes, sellerStateCodes } from './line-tax.js';
import { taxRateOn } from './tax.service.js';

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let sequence = 0;

const json = (as: FixtureUser | null) => ({ ...(as ? authAs(t.app, as) : {}), 'content-type': 'application/json' });
const getSettings = (as: FixtureUser | null = admin) =>
  t.app.inject({ method: 'GET', url: '/api/tax/admin/settings', headers: json(as) });
const putSettings = (payload: unknown, as: FixtureUser | null = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/tax/admin/settings', headers: json(as), payload: JSON.stringify(payload) });
const settings = async (): Promise<TaxSettings> => (await getSettings()).json().settings;
/** The settings as a PUT body: what the screen sends back unchanged. */
const bodyOf = (s: TaxSettings) => ({
  legalName: s.legalName,
  gstin: s.gstin,
  state: s.stateCode,
  defaultGstRate: s.defaultGstRate,
  gstSlabs: s.gstSlabs,
  rates: s.rates.map(({ kind, percentage, from }) => ({ kind, percentage, from })),
  updatedAt: s.updatedAt,
});
const shift = (days: number) => {
  const date = new Date(`${storeDay('UTC')}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

function checkout(
  items: { product: number; quantity: number }[],
  address: Record<string, unknown>,
  couponCode?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: json(null),
    payload: JSON.stringify({
      items,
      billingInfo: {
        fullName: 'Meera Shopper',
        email: `tax${++sequence}@example.test`,
        phone: '+91 90000 00000',
        address: { fullAddress: '12 Lake Road', city: 'Somewhere', ...address },
      },
      paymentMethod: 'UPI',
      ...(couponCode ? { couponCode } : {}),
    }),
  });
}

async function setRate(productId: number, gstRateBp: number, hsnCode: string | null = null) {
  await t.db.updateTable('products').set({ gstRateBp, hsnCode }).where('id', '=', productId).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
  kit = storeKit(t, admin);
});
afterAll(() => t.close());

describe('GET /api/tax/admin/settings', () => {
  it("answers the seeded settings: the store's state, the slabs since 22 September 2025 and the law's dated rates", async () => {
    const res = await getSettings();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      legalName: 'Haat',
      gstin: null,
      state: 'Karnataka',
      stateCode: '29',
      defaultGstRate: 18,
      gstSlabs: [0, 0.25, 3, 5, 18, 40],
      rates: expect.arrayContaining([
        { kind: 'tcs', percentage: 0.5, from: '2024-07-10', inForce: true },
        { kind: 'tds', percentage: 0.1, from: '2024-10-01', inForce: true },
        { kind: 'tds_no_pan', percentage: 5, from: '2024-10-01', inForce: true },
        { kind: 'commission_gst', percentage: 18, from: '2017-07-01', inForce: true },
      ]),
    });
  });

  it('answers 401 without a token and 403 to a vendor', async () => {
    expect((await getSettings(null)).statusCode).toBe(401);
    expect((await getSettings(vendor)).statusCode).toBe(403);
    expect((await putSettings({}, vendor)).statusCode).toBe(403);
  });
});

describe('PUT /api/tax/admin/settings', () => {
  it('saves the legal identity, a state by name or code, and a rate from a later date; a past sale keeps the old rate', async () => {
    const before = await settings();
    const tomorrow = shift(1);
    const res = await putSettings({
      ...bodyOf(before),
      legalName: 'Haat Marketplace Private Limited',
      state: 'Karnataka',
      gstin: '29AAGCB7383J1Z4',
      rates: [...bodyOf(before).rates, { kind: 'tcs', percentage: 1, from: tomorrow }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: TaxSettings = res.json().settings;
    expect(saved).toMatchObject({
      legalName: 'Haat Marketplace Private Limited',
      gstin: '29AAGCB7383J1Z4',
      stateCode: '29',
    });
    expect(saved.rates).toContainEqual({ kind: 'tcs', percentage: 1, from: tomorrow, inForce: false });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(await taxRateOn(t.db, 'tcs', storeDay('UTC'))).toBe(50);
    expect(await taxRateOn(t.db, 'tcs', tomorrow)).toBe(100);
    expect(await taxRateOn(t.db, 'tcs', '2024-07-09')).toBeNull();

    // The rate not yet in force may still be withdrawn.
    const withdrawn = await putSettings({ ...bodyOf(saved), rates: bodyOf(before).rates });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await taxRateOn(t.db, 'tcs', tomorrow)).toBe(50);
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const current = await settings();
    const stale = { ...bodyOf(current), legalName: 'Stale Name', updatedAt: '2020-01-01T00:00:00.000Z' };
    const res = await putSettings(stale);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: taxMessages.stale });
    expect(await settings()).toEqual(current);
  });

  it('answers 400 to a rate already in force changed or removed, a new rate not after today, a default not a slab', async () => {
    const current = await settings();
    const body = bodyOf(current);
    const changed = body.rates.map((rate) => (rate.kind === 'tds' ? { ...rate, percentage: 1 } : rate));
    const cases: [unknown, string][] = [
      [{ ...body, rates: changed }, taxMessages.pastRateChanged('tds', '2024-10-01')],
      [
        { ...body, rates: body.rates.filter((rate) => rate.kind !== 'tcs') },
        taxMessages.pastRateChanged('tcs', '2024-07-10'),
      ],
      [
        { ...body, rates: [...body.rates, { kind: 'tds', percentage: 2, from: storeDay('UTC') }] },
        taxMessages.newRateInPast('tds', storeDay('UTC')),
      ],
      [{ ...body, defaultGstRate: 12 }, taxMessages.defaultNotASlab],
      [{ ...body, gstin: '27AAPFU0939F1ZV' }, taxMessages.gstinStateMismatch],
      [{ ...body, state: 'Atlantis' }, 'State must be an Indian state'],
      [{ ...body, gstSlabs: [5, 5] }, taxMessages.slabsDuplicate],
    ];
    for (const [payload, message] of cases) {
      const res = await putSettings(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await settings()).toEqual(current);
  });
});

describe('products: hsnCode and gstRate', () => {
  const productBody = (overrides: Record<string, unknown> = {}) => ({
    name: `Tax Shirt ${++sequence}`,
    productDetails: 'Cotton',
    sku: `TAX-${sequence}-${Date.now()}`,
    salePrice: 499,
    actualPrice: 599,
    stockQuantity: 5,
    category: 0,
    ...overrides,
  });
  let categoryId: number;

  beforeAll(async () => {
    const id = await kit.product(100, 1);
    categoryId = (await t.db.selectFrom('products').select('categoryId').where('id', '=', id).executeTakeFirstOrThrow())
      .categoryId;
  });

  it('saves both on create, keeps them on an edit without them, and takes the default rate when none is given', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: json(admin),
      payload: JSON.stringify(productBody({ category: categoryId, hsnCode: '6109', gstRate: 5 })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().product;
    expect(product).toMatchObject({ hsnCode: '6109', gstRate: 5 });

    const edit = productBody({ category: categoryId, name: 'Renamed shirt' });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/edit/${product._id}`,
      headers: json(admin),
      payload: JSON.stringify({ ...edit, sku: product.sku, updatedAt: product.updatedAt }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().product).toMatchObject({ name: 'Renamed shirt', hsnCode: '6109', gstRate: 5 });

    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: json(admin),
      payload: JSON.stringify(productBody({ category: categoryId })),
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().product).toMatchObject({ hsnCode: null, gstRate: 18 });
  });

  it("answers 400 to an HSN code that is not 4 to 8 digits and a rate not among the store's slabs", async () => {
    for (const [extra, message] of [
      [{ hsnCode: '123' }, taxMessages.hsnInvalid],
      [{ gstRate: 12 }, taxMessages.gstRateNotASlab([0, 0.25, 3, 5, 18, 40])],
      [{ gstRate: 0.123 }, taxMessages.gstRateInvalid],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products/create',
        headers: json(admin),
        payload: JSON.stringify(productBody({ category: categoryId, ...extra })),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe('product imports and exports: HSN code and GST rate', () => {
  it('maps the columns by their names, shows them in the preview and refuses a rate that is not a slab', async () => {
    const sku = `IMPTAX-${Date.now()}`;
    const csv = [
      'SKU,Product Name,Product Details,Sale Price,Actual Price,Stock Quantity,Category,HSN Code,GST Rate',
      `${sku}-1,Cotton shirt,Soft,499,599,3,Clothing,6109,5`,
      `${sku}-2,Gold coin,Pure,9999,9999,1,Jewellery,7118,3%`,
      `${sku}-3,Tonic,Bottled,99,99,1,Drinks,2202,12`,
      `${sku}-4,Mug,Ceramic,99,99,1,Kitchen,69,18`,
    ].join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import/preview',
      headers: json(admin),
      payload: JSON.stringify({ csv }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.mapping).toMatchObject({ hsnCode: 7, gstRate: 8 });
    expect(answer.preview[0]).toMatchObject({ sku: `${sku}-1`, hsnCode: '6109', gstRate: 5, outcome: 'create' });
    expect(answer.preview[1]).toMatchObject({ hsnCode: '7118', gstRate: 3, outcome: 'create' });
    expect(answer.errors).toEqual([
      { line: 4, field: 'GST rate (%)', message: taxMessages.gstRateNotASlab([0, 0.25, 3, 5, 18, 40]) },
      { line: 5, field: 'HSN code', message: taxMessages.hsnInvalid },
    ]);
  });

  it("exports each product's HSN code and GST rate", async () => {
    const product = await kit.product(10_000, 1);
    await setRate(product, 25, '71023910');
    const res = await t.app.inject({ method: 'GET', url: '/api/products/admin/all/export', headers: json(admin) });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = (header ?? '').split(',');
    const row = rows.find((line) => line.startsWith(`${product},`))?.split(',') ?? [];
    expect(row[columns.indexOf('HSN Code')]).toBe('71023910');
    expect(row[columns.indexOf('GST Rate')]).toBe('0.25');
  });
});

describe('POST /api/orders: GST on every line', () => {
  it('splits CGST + SGST when the seller is in the state of supply, exact to the paisa', async () => {
    const product = await kit.product(10_500, 10);
    await setRate(product, 500, '6109');
    const res = await checkout([{ product, quantity: 3 }], { province: 'Karnataka', postalCode: '560001' });
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json().order;
    // 3 × Rs. 105 = Rs. 315 at 5%: taxable 300, tax 15 = 7.50 + 7.50.
    expect(order.products[0]?.tax).toEqual({ rate: 5, taxableValue: 300, cgst: 7.5, sgst: 7.5, igst: 0 });
    expect(order.billingInfo.address).toMatchObject({ province: 'Karnataka', postalCode: '560001' });
  });

  it('charges IGST across states, and takes a state by its GST code', async () => {
    const product = await kit.product(11_800, 10);
    const res = await checkout([{ product, quantity: 1 }], { province: '27' });
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json().order;
    expect(order.products[0]?.tax).toEqual({ rate: 18, taxableValue: 100, cgst: 0, sgst: 0, igst: 18 });
    const row = await t.db
      .selectFrom('orderItemTaxes')
      .selectAll()
      .where('orderId', '=', Number(order._id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sellerStateCode: '29', placeOfSupplyCode: '27', rateBp: 1800 });
  });

  it("taxes each line's net after its share of the coupon, the odd paisa to CGST", async () => {
    const a = await kit.product(10_001, 10);
    const b = await kit.product(20_003, 10);
    await setRate(a, 300);
    await setRate(b, 4000);
    const coupon = await kit.coupon(10);
    const res = await checkout(
      [
        { product: a, quantity: 1 },
        { product: b, quantity: 1 },
      ],
      { province: 'karnataka' },
      coupon.code,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json().order;
    const lines = await t.db
      .selectFrom('orderItemTaxes as t')
      .innerJoin('orderItems as i', 'i.id', 't.orderItemId')
      .select(['i.netPaise', 't.taxablePaise', 't.cgstPaise', 't.sgstPaise', 't.igstPaise', 't.rateBp'])
      .where('t.orderId', '=', Number(order._id))
      .orderBy('i.id')
      .execute();
    expect(lines).toHaveLength(2);
    let total = 0;
    for (const line of lines) {
      const net = Number(line.netPaise);
      total += net;
      expect(Number(line.taxablePaise) + Number(line.cgstPaise) + Number(line.sgstPaise)).toBe(net);
      expect(Number(line.cgstPaise) - Number(line.sgstPaise)).toBeGreaterThanOrEqual(0);
      expect(Number(line.cgstPaise) - Number(line.sgstPaise)).toBeLessThanOrEqual(1);
      expect(Number(line.igstPaise)).toBe(0);
    }
    expect(total).toBe(Math.round(order.discountedTotal * 100));
  });

  it("takes a vendor's state from their KYC: within it CGST + SGST, from elsewhere IGST, the store's own line from the store's state", async () => {
    const seller = await createVendor(t.db);
    await approveKyc(t.db, seller.vendorId as number, '27');
    const theirs = await kit.product(11_800, 10, seller.vendorId);
    const ours = await kit.product(11_800, 10);
    const res = await checkout(
      [
        { product: theirs, quantity: 1 },
        { product: ours, quantity: 1 },
      ],
      { province: 'Maharashtra' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db
      .selectFrom('orderItemTaxes as x')
      .innerJoin('orderItems as i', 'i.id', 'x.orderItemId')
      .select(['i.productId', 'x.sellerStateCode', 'x.placeOfSupplyCode', 'x.cgstPaise', 'x.sgstPaise', 'x.igstPaise'])
      .where('x.orderId', '=', Number(res.json().order._id))
      .execute();
    expect(rows.find((row) => row.productId === theirs)).toMatchObject({
      sellerStateCode: '27',
      placeOfSupplyCode: '27',
      cgstPaise: 900,
      sgstPaise: 900,
      igstPaise: 0,
    });
    expect(rows.find((row) => row.productId === ours)).toMatchObject({
      sellerStateCode: '29',
      cgstPaise: 0,
      igstPaise: 1800,
    });

    // A KYC sent back as a draft declares nothing: the store's state stands in.
    await t.db.updateTable('vendorKyc').set({ status: 'draft' }).where('vendorId', '=', seller.vendorId).execute();
    expect(await sellerStateCodes(t.db, [seller.vendorId, null])).toEqual(
      new Map([
        [seller.vendorId, '29'],
        [null, '29'],
      ]),
    );
  });

  it("keeps the tax frozen when the product's rate changes after the sale", async () => {
    const product = await kit.product(11_800, 10);
    const res = await checkout([{ product, quantity: 1 }], { province: 'Maharashtra' });
    const order: Order = res.json().order;
    await setRate(product, 4000);
    const read = await kit.read(order._id);
    expect(read.products[0]?.tax).toEqual({ rate: 18, taxableValue: 100, cgst: 0, sgst: 0, igst: 18 });
  });

  it('recomputes the tax kept on each line after a partial cancellation', async () => {
    const product = await kit.product(11_800, 10);
    const order: Order = (await checkout([{ product, quantity: 3 }], { province: 'Karnataka' })).json().order;
    const itemId = order.products[0]?._id as string;
    const cancelled = await kit.cancel(admin, order._id, {
      reason: 'One unit short',
      items: [{ itemId, quantity: 1 }],
      updatedAt: order.updatedAt,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [kept] = await keptLineTaxes(t.db, Number(order._id));
    expect(kept).toMatchObject({
      orderItemId: Number(itemId),
      keptNetPaise: 23_600,
      taxablePaise: 20_000,
      cgstPaise: 1_800,
      sgstPaise: 1_800,
      igstPaise: 0,
      placed: { taxablePaise: 30_000, cgstPaise: 2_700, sgstPaise: 2_700, igstPaise: 0 },
    });
  });

  it('answers 400 to a province that is no Indian state or union territory, and to a bad PIN code, placing nothing', async () => {
    const product = await kit.product(10_000, 10);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const unknown = await checkout([{ product, quantity: 1 }], { province: 'Ontario' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(checkoutMessages.provinceNotIndian);
    const retired = await checkout([{ product, quantity: 1 }], { province: '99' });
    expect(retired.statusCode).toBe(400);
    const pin = await checkout([{ product, quantity: 1 }], { province: 'Goa', postalCode: '04001' });
    expect(pin.statusCode).toBe(400);
    expect(pin.json().message).toContain(taxMessages.postalCodeInvalid);
    expect(await count()).toBe(before);
  });
});
