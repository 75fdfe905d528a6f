import {
  type DocumentListResponse,
  financialYearOf,
  indianDate,
  type Order,
  type Shipment,
  splitLineTax,
} from '@haat/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createTeamMember, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { runScheduledRound } from '../../test/jobs.js';
import { approveKyc, gstinFor, panFor } from '../../test/kyc-fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  COMMISSION_INVOICES_TASK,
  commissionInvoicesTask,
  issueCommissionInvoices,
  previousMonth,
} from './commission-invoices.js';
import type { TaxDocumentBody } from './document-body.js';

/**
 * GST documents (issue 35, "Documents"; decision 0144) over HTTP on a fresh database: the
 * seller's tax invoice when their shipment goes on the road (IGST across states,
 * CGST + SGST within one), its own series per seller, credit notes for returns against
 * their invoice, none for units cancelled before they were invoiced, downloads identical
 * for the admin and the seller, another vendor's 404, and the database refusing changes.
 */

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser;
let vendorB: FixtureUser;
let kit: ReturnType<typeof storeKit>;

const json = (as: FixtureUser | null) => ({ ...(as ? authAs(t.app, as) : {}), 'content-type': 'application/json' });
const call = (method: 'GET' | 'PUT', url: string, as: FixtureUser | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: json(as),
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

const shipmentOf = (order: Order, vendor: FixtureUser | null) =>
  order.shipments?.find((shipment) =>
    vendor === null ? shipment.vendor === null : shipment.vendor?._id === String(vendor.vendorId),
  ) as Shipment;

/** Moves `shipment` to `status` as `as` (the admin's route for the admin). */
async function move(as: FixtureUser, shipment: Pick<Shipment, '_id' | 'updatedAt'>, body: Record<string, unknown>) {
  const url =
    as.role === 'admin'
      ? `/api/shipments/admin/${shipment._id}/status`
      : `/api/vendor/shipments/${shipment._id}/status`;
  const res = await call('PUT', url, as, { updatedAt: shipment.updatedAt, ...body });
  if (res.statusCode !== 200) throw new Error(`move: ${res.statusCode} ${res.body}`);
  return res.json().shipment as Shipment;
}

/** Packs and ships `shipment` as `as`; answers it on the road. */
async function ship(as: FixtureUser, shipment: Shipment): Promise<Shipment> {
  const packed = await move(as, shipment, { status: 'Packaging' });
  return move(as, packed, { status: 'On The Road', carrier: 'Delhivery', awb: `DL${shipment._id}X` });
}

async function list(as: FixtureUser, query = ''): Promise<DocumentListResponse> {
  const res = await call('GET', `/api/documents${query}`, as);
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return res.json() as DocumentListResponse;
}

async function bodyOf(id: string): Promise<TaxDocumentBody> {
  const row = await t.db
    .selectFrom('taxDocuments')
    .select('body')
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();
  return JSON.parse(row.body) as TaxDocumentBody;
}

/** A fixture vendor's id (always set for a vendor). */
const vid = (user: FixtureUser) => user.vendorId as number;
const year = (at = new Date()) => financialYearOf(at.toISOString());
const shortYear = (at = new Date()) => `${year(at).slice(2, 4)}${year(at).slice(5, 7)}`;

/** An order of 3 of vendor A's units at Rs.500, 2 of vendor B's at Rs.300 and 1 of the store's at Rs.100, to Maharashtra. */
async function threeSellerOrder() {
  const a = await kit.product(50_000, 50, vid(vendorA));
  const b = await kit.product(30_000, 50, vid(vendorB));
  const own = await kit.product(10_000, 50);
  const order = await kit.placed([
    { product: a, quantity: 3 },
    { product: b, quantity: 2 },
    { product: own, quantity: 1 },
  ]);
  return order;
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000', PAYOUT_HOLD_DAYS: '7' });
  admin = await createAdmin(t.db);
  vendorA = await createVendor(t.db, { businessName: 'Alpha Traders' });
  vendorB = await createVendor(t.db, { businessName: 'Beta Crafts' });
  await approveKyc(t.db, vid(vendorA), '29'); // Karnataka: IGST to Maharashtra
  await approveKyc(t.db, vid(vendorB), '27'); // Maharashtra: CGST + SGST
  kit = storeKit(t, admin);
});
afterAll(() => t.close());

describe('a tax invoice per shipment when it goes on the road', () => {
  it("is issued by the seller in their own series, with rule 46's particulars and the right split", async () => {
    const order = await threeSellerOrder();
    expect(await list(admin, `?kind=invoice`)).toMatchObject({ documents: [] });

    const shippedA = await ship(vendorA, shipmentOf(order, vendorA));
    const shippedB = await ship(vendorB, shipmentOf(order, vendorB));
    const { documents } = await list(admin, '?kind=invoice');
    expect(documents).toHaveLength(2);
    const [invoiceB, invoiceA] = documents as [
      DocumentListResponse['documents'][0],
      DocumentListResponse['documents'][0],
    ];

    // Vendor A, Karnataka to Maharashtra: IGST on 3 × Rs.500 at 18%.
    const splitA = splitLineTax(150_000, 1800, false);
    expect(invoiceA).toMatchObject({
      kind: 'invoice',
      number: `INV/${shortYear()}/0000001`,
      financialYear: year(),
      issuer: { name: `Vendor ${vid(vendorA)} Private Limited`, gstin: gstinFor(panFor(vid(vendorA)), '29') },
      recipient: { name: 'Meera Shopper', gstin: null },
      vendorId: String(vid(vendorA)),
      order: { _id: order._id, trackingNumber: order.trackingNumber },
      shipmentId: shippedA._id,
      taxableValue: splitA.taxablePaise / 100,
      igst: splitA.igstPaise / 100,
      cgst: 0,
      sgst: 0,
      total: 1500,
    });
    expect(invoiceA.number.length).toBeLessThanOrEqual(16);
    expect(invoiceA.hash).toMatch(/^[0-9a-f]{64}$/);
    // Vendor B, within Maharashtra: CGST + SGST, and their own series starts at 1 too.
    const splitB = splitLineTax(60_000, 1800, true);
    expect(invoiceB).toMatchObject({
      number: `INV/${shortYear()}/0000001`,
      shipmentId: shippedB._id,
      cgst: splitB.cgstPaise / 100,
      sgst: splitB.sgstPaise / 100,
      igst: 0,
      total: 600,
    });

    const body = await bodyOf(invoiceA._id);
    expect(body).toMatchObject({
      title: 'Tax invoice',
      supplier: { stateCode: '29', stateName: 'Karnataka', address: `${vid(vendorA)} MG Road, Karnataka` },
      recipient: { name: 'Meera Shopper', address: '12 Lake Road, Pune, Maharashtra', stateCode: '27' },
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      reverseCharge: false,
      order: { trackingNumber: order.trackingNumber, shipmentId: Number(shippedA._id) },
      lines: [{ quantity: 3, rateBp: 1800, ...splitA, totalPaise: 150_000 }],
    });
    expect(body.lines[0]?.description).toMatch(/^Kit Product/);

    // The store's own product: invoiced by the store (Karnataka, its settings) when the admin ships it.
    await ship(admin, shipmentOf(await kit.read(order._id), null));
    const own = (await list(admin, '?kind=invoice')).documents[0];
    expect(own).toMatchObject({
      issuer: { name: 'Haat', gstin: null },
      vendorId: null,
      igst: splitLineTax(10_000, 1800, false).igstPaise / 100,
    });

    // A second order of vendor A's: the next number of A's series.
    const next = await threeSellerOrder();
    await ship(vendorA, shipmentOf(next, vendorA));
    expect((await list(vendorA, '?kind=invoice')).documents.map((doc) => doc.number)).toEqual([
      `INV/${shortYear()}/0000002`,
      `INV/${shortYear()}/0000001`,
    ]);
  });

  it('invoices a line shipped in parts so that its invoices add up to the GST frozen at checkout', async () => {
    const product = await kit.product(33_333, 20, vid(vendorB));
    const order = await kit.placed([{ product, quantity: 3 }]);
    const line = order.products[0]?._id as string;
    const packed = await move(vendorB, shipmentOf(order, vendorB), { status: 'Packaging' });
    const first = await call('PUT', `/api/vendor/shipments/${packed._id}/status`, vendorB, {
      updatedAt: packed.updatedAt,
      status: 'On The Road',
      carrier: 'Delhivery',
      awb: `PART${packed._id}A`,
      items: [{ itemId: line, quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    await move(vendorB, first.json().remainder as Shipment, {
      status: 'On The Road',
      carrier: 'Delhivery',
      awb: `PART${packed._id}B`,
    });
    const invoices = (await list(admin, '?kind=invoice')).documents.filter((doc) => doc.order?._id === order._id);
    expect(invoices).toHaveLength(2);
    const frozen = await t.db
      .selectFrom('orderItemTaxes')
      .select(['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'])
      .where('orderItemId', '=', Number(line))
      .executeTakeFirstOrThrow();
    const sum = (key: 'taxableValue' | 'cgst' | 'sgst' | 'igst') =>
      Math.round(invoices.reduce((total, doc) => total + doc[key] * 100, 0));
    expect({ taxable: sum('taxableValue'), cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst') }).toEqual({
      taxable: Number(frozen.taxablePaise),
      cgst: Number(frozen.cgstPaise),
      sgst: Number(frozen.sgstPaise),
      igst: Number(frozen.igstPaise),
    });
    // The first carries one unit: a third of the line (Rs.333.33 of Rs.999.99), split within Maharashtra.
    const firstInvoice = invoices.find((doc) => doc.shipmentId === packed._id);
    expect(firstInvoice?.total).toBe(333.33);
    expect(firstInvoice?.igst).toBe(0);
  });

  it('lists a vendor only their own, filters by kind and dates, pages by keyset, refuses bad queries', async () => {
    const mine = await list(vendorB);
    expect(mine.documents.length).toBeGreaterThan(0);
    expect(mine.documents.every((doc) => doc.vendorId === String(vid(vendorB)))).toBe(true);
    const today = indianDate(new Date());
    expect((await list(admin, `?from=${today}&to=${today}`)).documents.length).toBeGreaterThan(0);
    expect((await list(admin, '?from=2020-01-01&to=2020-12-31')).documents).toEqual([]);
    const all = await list(admin);
    const first = await list(admin, '?limit=1');
    expect(first.documents).toEqual(all.documents.slice(0, 1));
    const second = await list(admin, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.documents).toEqual(all.documents.slice(1, 2));
    for (const bad of [
      '?kind=bill',
      '?from=2026-13-01',
      '?to=2026-02-30',
      '?from=2026-02-02&to=2026-02-01',
      '?cursor=abc',
      '?limit=0',
    ])
      expect((await call('GET', `/api/documents${bad}`, admin)).statusCode, bad).toBe(400);
  });
});

describe('downloads', () => {
  it('gives the admin and the seller the same bytes, fast; another vendor and strangers get nothing', async () => {
    const [invoice] = (await list(vendorA, '?kind=invoice')).documents;
    const url = `/api/documents/${invoice?._id}/pdf`;
    const byAdmin = await call('GET', url, admin);
    const bySeller = await call('GET', url, vendorA);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['content-type']).toBe('application/pdf');
    expect(byAdmin.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.compare(byAdmin.rawPayload, bySeller.rawPayload)).toBe(0);
    expect((await call('GET', url, vendorB)).statusCode).toBe(404);
    expect((await call('GET', '/api/documents/999999/pdf', admin)).statusCode).toBe(404);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/documents/abc/pdf', admin)).statusCode).toBe(400);
  });

  it("is money: a seller's staff member and an admin without money:read are refused", async () => {
    const staff = await createTeamMember(t.db, vid(vendorA), 'staff');
    const manager = await createTeamMember(t.db, vid(vendorA), 'manager');
    const support = await createAdmin(t.db, { staffRole: 'support' });
    expect((await call('GET', '/api/documents', staff)).statusCode).toBe(403);
    expect((await call('GET', '/api/documents', support)).statusCode).toBe(403);
    expect((await call('GET', '/api/documents', manager)).statusCode).toBe(200);
  });
});

describe('credit notes', () => {
  it('credits a return against its invoice in the seller’s CN series; a cancellation of units never shipped credits nothing', async () => {
    const order = await threeSellerOrder();
    // The store cancels its own unit before it ships: never invoiced, no credit note.
    const cancel = await call('GET', `/api/orders/admin/orders/${order._id}`, admin);
    const ownLine = order.products.find((line) => !line.vendor);
    const cancelled = await kit.cancel(admin, order._id, {
      reason: 'Out of stock',
      items: [{ itemId: ownLine?._id, quantity: 1 }],
      updatedAt: cancel.json().order.updatedAt,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await list(admin, '?kind=credit_note')).documents.filter((doc) => doc.order?._id === order._id)).toEqual(
      [],
    );

    const shipped = await ship(vendorA, shipmentOf(order, vendorA));
    await move(vendorA, shipped, { status: 'Delivered' });
    await move(vendorB, await ship(vendorB, shipmentOf(order, vendorB)), { status: 'Delivered' });
    const [invoice] = (await list(vendorA, '?kind=invoice')).documents;
    expect(invoice?.shipmentId).toBe(shipped._id);
    const lineA = order.products.find((line) => line.vendor?._id === String(vid(vendorA)));
    const current = await kit.read(order._id);
    const returned = await kit.recordReturn(admin, order._id, {
      items: [{ itemId: lineA?._id, quantity: 1 }],
      reason: 'damaged',
      restock: false,
      updatedAt: current.updatedAt,
    });
    expect(returned.statusCode, returned.body).toBe(201);
    const notes = (await list(vendorA, '?kind=credit_note')).documents;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'credit_note',
      number: `CN/${shortYear()}/0000001`,
      refersTo: invoice?.number,
      issuer: invoice?.issuer,
      total: 500,
      igst: splitLineTax(50_000, 1800, false).igstPaise / 100,
    });
    const body = await bodyOf(notes[0]?._id as string);
    expect(body).toMatchObject({
      title: 'Credit note',
      reason: 'Return: damaged',
      refersTo: { number: invoice?.number },
    });
    expect((await call('GET', `/api/documents/${notes[0]?._id}/pdf`, vendorB)).statusCode).toBe(404);
  });
});

describe('erasure (decision 0120)', () => {
  it("keeps a buyer's invoice whole when the buyer is anonymised: a legal obligation", async () => {
    const order = await threeSellerOrder();
    await ship(vendorA, shipmentOf(order, vendorA));
    const [invoice] = (await list(vendorA, '?kind=invoice')).documents;
    expect(invoice?.order?._id).toBe(order._id);
    const before = await t.db
      .selectFrom('taxDocuments')
      .selectAll()
      .where('id', '=', Number(invoice?._id))
      .executeTakeFirstOrThrow();
    const { userId } = await t.db
      .selectFrom('orders')
      .select('userId')
      .where('id', '=', Number(order._id))
      .executeTakeFirstOrThrow();
    expect(userId).not.toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/admin/${userId}/anonymise`,
      headers: authAs(t.app, admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.db
      .selectFrom('taxDocuments')
      .selectAll()
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((JSON.parse(after.body) as TaxDocumentBody).recipient.name).toBe('Meera Shopper');
    const { billingFullName } = await t.db
      .selectFrom('orders')
      .select('billingFullName')
      .where('id', '=', Number(order._id))
      .executeTakeFirstOrThrow();
    expect(billingFullName).not.toBe('Meera Shopper');
  });
});

describe('immutability', () => {
  it('the database refuses to change or delete a document or its lines', async () => {
    const row = await t.db.selectFrom('taxDocuments').select('id').executeTakeFirstOrThrow();
    await expect(
      t.db.updateTable('taxDocuments').set({ totalPaise: 1 }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(t.db.deleteFrom('taxDocuments').where('id', '=', row.id).execute()).rejects.toThrow(/immutable/);
    await expect(t.db.deleteFrom('taxDocumentLines').where('documentId', '=', row.id).execute()).rejects.toThrow(
      /immutable/,
    );
    await expect(sql`update tax_document_lines set quantity = 0`.execute(t.db)).rejects.toThrow(/immutable/);
    expect(await t.db.selectFrom('taxDocuments').select('id').where('id', '=', row.id).executeTakeFirst()).toEqual({
      id: row.id,
    });
  });
});

describe('commission invoices', () => {
  it("the monthly task invoices each vendor's commission of the month with GST at the dated rate, once", async () => {
    const vendorC = await createVendor(t.db, { businessName: 'Gamma Goods' });
    const vendorD = await createVendor(t.db, { businessName: 'Delta Dyes' });
    await approveKyc(t.db, vid(vendorC), '29'); // the store's state: CGST + SGST
    await approveKyc(t.db, vid(vendorD), '27'); // another state: IGST
    const c = await kit.product(40_000, 20, vid(vendorC));
    const d = await kit.product(25_000, 20, vid(vendorD));
    await kit.placed([
      { product: c, quantity: 2 },
      { product: d, quantity: 1 },
    ]);
    const commissionOf = async (vendorId: number) => {
      const row = await t.db
        .selectFrom('vendorLedgerEntries')
        .select(sql<number>`coalesce(sum(amount_paise), 0)`.as('sum'))
        .where('vendorId', '=', vendorId)
        .where('kind', 'in', ['commission', 'commission_reversal'])
        .executeTakeFirstOrThrow();
      return -Number(row.sum);
    };
    const keptC = await commissionOf(vid(vendorC));
    const keptD = await commissionOf(vid(vendorD));
    expect(keptC).toBeGreaterThan(0);

    // The task run in the next month invoices this one (Indian calendar).
    const month = indianDate(new Date().toISOString()).slice(0, 7);
    const [year, m] = month.split('-').map(Number) as [number, number];
    const nextMonth = new Date(Date.UTC(m === 12 ? year + 1 : year, m % 12, 1, 6, 0, 0));
    expect(previousMonth(nextMonth)).toBe(month);
    const task = commissionInvoicesTask(t.db);
    await task.run(nextMonth);
    await task.run(nextMonth); // idempotent: a second round issues nothing
    await runScheduledRound(t.app, COMMISSION_INVOICES_TASK); // registered with the runner

    const ofC = (await list(vendorC, '?kind=commission_invoice')).documents;
    const ofD = (await list(vendorD, '?kind=commission_invoice')).documents;
    expect(ofC).toHaveLength(1);
    expect(ofD).toHaveLength(1);
    const gstC = Math.round((keptC * 1800) / 10_000);
    expect(ofC[0]).toMatchObject({
      kind: 'commission_invoice',
      issuer: { name: 'Haat', gstin: null },
      recipient: {
        name: `Vendor ${vid(vendorC)} Private Limited`,
        gstin: gstinFor(panFor(vid(vendorC)), '29'),
      },
      vendorId: String(vid(vendorC)),
      period: month,
      taxableValue: keptC / 100,
      cgst: (gstC - Math.floor(gstC / 2)) / 100,
      sgst: Math.floor(gstC / 2) / 100,
      igst: 0,
      total: (keptC + gstC) / 100,
    });
    expect(ofC[0]?.number).toMatch(new RegExp(`^COM/${shortYear(nextMonth)}/\\d{7}$`));
    expect(ofD[0]).toMatchObject({ igst: Math.round((keptD * 1800) / 10_000) / 100, cgst: 0, sgst: 0 });
    expect(await bodyOf(ofD[0]?._id as string)).toMatchObject({
      title: 'Tax invoice (commission)',
      placeOfSupply: { code: '27' },
      lines: [{ hsnCode: '998599', rateBp: 1800, taxablePaise: keptD }],
    });
    // Another vendor sees neither.
    expect((await call('GET', `/api/documents/${ofC[0]?._id}/pdf`, vendorD)).statusCode).toBe(404);
    expect((await call('GET', `/api/documents/${ofC[0]?._id}/pdf`, vendorC)).statusCode).toBe(200);
  });

  it('credits a month that gave back more commission than it kept, against the invoice of the sales', async () => {
    const vendorE = await createVendor(t.db, { businessName: 'Epsilon Exports' });
    await approveKyc(t.db, vid(vendorE), '27'); // another state than the store's: IGST
    // Months before now (Indian calendar): the sales in one, their returns in the next.
    const now = new Date();
    const monthOf = (monthsBack: number) => {
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 15, 6, 0, 0));
      return { month: at.toISOString().slice(0, 7), at: at.toISOString() };
    };
    const sold = monthOf(3);
    const returned = monthOf(2);
    const quiet = monthOf(1);
    // The ledger is append-only, not insert-only: the month's entries written at their dates (no clock in tests).
    const entry = (kind: 'commission' | 'commission_reversal', orderId: number, amountPaise: number, at: string) => ({
      vendorId: vid(vendorE),
      kind,
      amountPaise,
      orderId,
      orderItemId: null,
      payoutId: null,
      note: null,
      createdBy: null,
      createdAt: at,
    });
    await t.db
      .insertInto('vendorLedgerEntries')
      .values([
        entry('commission', 910_001, -12_345, sold.at),
        entry('commission', 910_002, -20_000, sold.at),
        // The next month: a small sale, and both earlier sales' commission given back.
        entry('commission', 910_003, -1_000, returned.at),
        entry('commission_reversal', 910_001, 12_345, returned.at),
        entry('commission_reversal', 910_002, 5_000, returned.at),
        // The month after: a sale and its own return: nothing kept, nothing issued.
        entry('commission', 910_004, -3_000, quiet.at),
        entry('commission_reversal', 910_004, 3_000, quiet.at),
      ])
      .execute();
    const issuedAt = (month: string) => new Date(`${month}-28T06:00:00.000Z`);
    expect(await issueCommissionInvoices(t.db, sold.month, issuedAt(sold.month))).toMatchObject({ credited: 0 });
    const [invoice] = (await list(vendorE, '?kind=commission_invoice')).documents;
    expect(invoice).toMatchObject({ taxableValue: 323.45, period: sold.month });

    // Net given back: 123.45 + 50 − 10 = 163.45, with IGST 18% (29.42) to Maharashtra.
    expect(await issueCommissionInvoices(t.db, returned.month, issuedAt(returned.month))).toEqual({
      issued: 0,
      credited: 1,
    });
    expect(await issueCommissionInvoices(t.db, returned.month, issuedAt(returned.month))).toEqual({
      issued: 0,
      credited: 0,
    });
    expect(await issueCommissionInvoices(t.db, quiet.month, issuedAt(quiet.month))).toEqual({
      issued: 0,
      credited: 0,
    });
    const notes = (await list(vendorE, '?kind=credit_note')).documents;
    expect(notes).toHaveLength(1);
    const igst = Math.round((16_345 * 1800) / 10_000);
    expect(notes[0]).toMatchObject({
      kind: 'credit_note',
      issuer: { name: 'Haat', gstin: null },
      recipient: { name: `Vendor ${vid(vendorE)} Private Limited` },
      vendorId: String(vid(vendorE)),
      order: null,
      refersTo: invoice?.number,
      period: returned.month,
      taxableValue: 163.45,
      igst: igst / 100,
      cgst: 0,
      sgst: 0,
      total: (16_345 + igst) / 100,
    });
    expect(notes[0]?.number).toMatch(/^CN\/\d{4}\/\d{7}$/);
    expect(await bodyOf(notes[0]?._id as string)).toMatchObject({
      title: 'Credit note (commission)',
      refersTo: { number: invoice?.number },
      reason: `Commission given back on returns and cancellations of sales invoiced in ${invoice?.number}`,
      placeOfSupply: { code: '27' },
      lines: [{ hsnCode: '998599', rateBp: 1800, taxablePaise: 16_345, quantity: 1 }],
    });
    const pdf = await call('GET', `/api/documents/${notes[0]?._id}/pdf`, vendorE);
    expect(pdf.statusCode).toBe(200);
    expect((await call('GET', `/api/documents/${notes[0]?._id}/pdf`, vendorA)).statusCode).toBe(404);
  });
});
