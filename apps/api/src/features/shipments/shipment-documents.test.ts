import { MANIFEST_AT_ONCE_ROWS, MAX_PACKING_SLIPS, manifestMessages, shipmentMessages } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { settledJob } from '../../test/jobs.js';
import { pageCountOf } from '../../test/pdf.js';
import { insertManyShipments, orderWithShipment } from '../../test/shipment-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

/**
 * Packing slips and courier manifests (issue 34; decisions 0142, 0143), over HTTP on a
 * freshly migrated database: a slip is a PDF of the vendor's own shipment only; many
 * slips are one PDF, capped; a manifest marks the vendor's shipments shipped through the
 * shipments service and reports every bad row by line; a large one runs as a job whose
 * file is the report; a hostile file is a 400.
 */

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser & { businessName: string };
let vendorB: FixtureUser & { businessName: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendorA = await createVendor(t.db, { businessName: 'Ānanda Textiles' });
  vendorB = await createVendor(t.db);
});
afterAll(async () => {
  await t.close();
});

const json = (as: FixtureUser | null) => ({
  ...(as ? authAs(t.app, as) : {}),
  'content-type': 'application/json',
});

/** A fresh Order Placed shipment of `vendor`'s product. */
async function shipmentOf(vendor: FixtureUser, billingFullName?: string) {
  const product = await createOwnedProduct(t.db, vendor.vendorId ?? null, { name: 'Cotton Kurta' });
  return orderWithShipment(t.db, {
    productId: product.id,
    productName: 'Cotton Kurta',
    quantity: 3,
    ...(billingFullName ? { billingFullName } : {}),
  });
}

function slip(as: FixtureUser | null, id: number | string) {
  return t.app.inject({ method: 'GET', url: `/api/vendor/shipments/${id}/packing-slip`, headers: json(as) });
}

function slips(as: FixtureUser | null, ids: readonly (number | string)[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/vendor/shipments/packing-slips',
    headers: json(as),
    payload: JSON.stringify({ ids }),
  });
}

function importCsv(as: FixtureUser | null, csv: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/vendor/shipments/import',
    headers: json(as),
    payload: JSON.stringify({ csv }),
  });
}

async function shipmentRow(id: number) {
  return t.db
    .selectFrom('shipments')
    .select(['status', 'carrier', 'awb', 'shippedAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('packing slips', () => {
  it("answers the vendor's own shipment's slip as a one-page PDF naming the order and the shipment", async () => {
    const own = await shipmentOf(vendorA, 'अनन्या शर्मा');
    const res = await slip(vendorA, own.shipmentId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`packing-slip-${own.trackingNumber}-${own.shipmentId}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCountOf(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain(`(Shipment ${own.shipmentId} of order ${own.trackingNumber})`);
  });

  it("answers another vendor's shipment 404, an admin 403 and an anonymous caller 401", async () => {
    const own = await shipmentOf(vendorA);
    const other = await slip(vendorB, own.shipmentId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, message: shipmentMessages.notFound });
    expect((await slip(admin, own.shipmentId)).statusCode).toBe(403);
    expect((await slip(null, own.shipmentId)).statusCode).toBe(401);
    expect((await slip(vendorA, 99_999_999)).statusCode).toBe(404);
    expect((await slip(vendorA, 'abc')).statusCode).toBe(400);
  });

  it('puts many slips in one PDF in the order asked, a page or more each; refuses one not the vendor’s and too many', async () => {
    const one = await shipmentOf(vendorA);
    const two = await shipmentOf(vendorA);
    const three = await shipmentOf(vendorA);
    const res = await slips(vendorA, [three.shipmentId, one.shipmentId, two.shipmentId]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pageCountOf(res.rawPayload)).toBe(3);
    expect(res.rawPayload.toString('latin1')).toContain(
      `(Shipments ${three.shipmentId}, ${one.shipmentId}, ${two.shipmentId})`,
    );

    const foreign = await shipmentOf(vendorB);
    const mixed = await slips(vendorA, [one.shipmentId, foreign.shipmentId]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().message).toBe(shipmentMessages.notFound);

    const tooMany = await slips(
      vendorA,
      Array.from({ length: MAX_PACKING_SLIPS + 1 }, (_, index) => index + 1),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(`at most ${MAX_PACKING_SLIPS} packing slips`);
    expect((await slips(vendorA, [])).statusCode).toBe(400);
    expect((await slips(null, [one.shipmentId])).statusCode).toBe(401);
  });
});

describe('manifest import', () => {
  it('marks the shipments a good manifest names shipped, with carrier and AWB, by tracking number or shipment id', async () => {
    const byNumber = await shipmentOf(vendorA);
    const byId = await shipmentOf(vendorA);
    const csv = [
      'Order Tracking Number,Shipment ID,Courier,AWB No.',
      `${byNumber.trackingNumber.toLowerCase()},,Delhivery,dl-100200300`,
      `,${byId.shipmentId},Blue Dart,BD99887766`,
    ].join('\r\n');
    const res = await importCsv(vendorA, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: manifestMessages.done(2, 0),
      counts: { rows: 2, shipped: 2, refused: 0 },
      errors: [],
    });
    expect(await shipmentRow(byNumber.shipmentId)).toMatchObject({
      status: 'On The Road',
      carrier: 'Delhivery',
      awb: 'DL-100200300',
    });
    expect(await shipmentRow(byId.shipmentId)).toMatchObject({
      status: 'On The Road',
      carrier: 'Blue Dart',
      awb: 'BD99887766',
    });
    // The order's status follows its one shipment, through the shipments service.
    const order = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', byNumber.orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('On The Road');
  });

  it('reports every bad row by line and ships the good ones', async () => {
    const good = await shipmentOf(vendorA);
    const shipped = await shipmentOf(vendorA);
    const foreign = await shipmentOf(vendorB);
    const noAwb = await shipmentOf(vendorA);
    const twice = await shipmentOf(vendorA);
    await importCsv(vendorA, `Shipment id,Carrier,AWB\n${shipped.shipmentId},DTDC,DT11112222`);

    const csv = [
      'Tracking ID,Carrier,Tracking Number,Shipment',
      `GOOD12345,Ekart,${good.trackingNumber},`, // line 2: good
      `UNKNOWN1,Ekart,NO-SUCH-ORDER,`, // line 3: unknown tracking number
      `FOREIGN1,Ekart,,${foreign.shipmentId}`, // line 4: another vendor's shipment
      `AGAIN123,Ekart,${shipped.trackingNumber},`, // line 5: already shipped
      `,Ekart,${noAwb.trackingNumber},`, // line 6: missing AWB
      `TWICE001,Ekart,,${twice.shipmentId}`, // line 7: good
      `TWICE002,Ekart,${twice.trackingNumber},`, // line 8: the same shipment again
      `GOOD12345,Ekart,${noAwb.trackingNumber},`, // line 9: the AWB of line 2 again
    ].join('\n');
    const res = await importCsv(vendorA, csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ rows: 8, shipped: 2, refused: 6 });
    expect(body.errors).toEqual([
      { line: 3, field: null, message: manifestMessages.notFound },
      { line: 4, field: null, message: manifestMessages.notFound },
      { line: 5, field: null, message: manifestMessages.alreadyShipped('DT11112222') },
      { line: 6, field: 'AWB', message: shipmentMessages.awbRequired },
      { line: 8, field: null, message: manifestMessages.shipmentRepeated(7) },
      { line: 9, field: null, message: manifestMessages.awbRepeated(2) },
    ]);
    expect((await shipmentRow(good.shipmentId)).awb).toBe('GOOD12345');
    expect((await shipmentRow(twice.shipmentId)).awb).toBe('TWICE001');
    expect((await shipmentRow(foreign.shipmentId)).status).toBe('Order Placed');
    expect((await shipmentRow(noAwb.shipmentId)).status).toBe('Order Placed');
    expect((await shipmentRow(shipped.shipmentId)).awb).toBe('DT11112222');
  });

  it('asks for the shipment id when the order holds two of the vendor’s shipments not yet shipped', async () => {
    const first = await shipmentOf(vendorA);
    // A second shipment of vendor A on the same order (as a partial dispatch's remainder would be).
    const now = new Date().toISOString();
    await t.db
      .insertInto('shipments')
      .values({
        orderId: first.orderId,
        vendorId: vendorA.vendorId,
        status: 'Packaging',
        shipBy: now,
        carrier: null,
        awb: null,
        shippedAt: null,
        deliveredAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const res = await importCsv(vendorA, `tracking number,carrier,awb\n${first.trackingNumber},DTDC,DT55556666`);
    expect(res.json().errors).toEqual([{ line: 2, field: null, message: manifestMessages.severalOpen(2) }]);
  });

  it('ships two shipments of one order named by id, and refuses an id with another order’s tracking number', async () => {
    const first = await shipmentOf(vendorA);
    const other = await shipmentOf(vendorA);
    const now = new Date().toISOString();
    const second = await t.db
      .insertInto('shipments')
      .values({
        orderId: first.orderId,
        vendorId: vendorA.vendorId,
        status: 'Packaging',
        shipBy: now,
        carrier: null,
        awb: null,
        shippedAt: null,
        deliveredAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The order's line of 3 units: 2 stay in the first shipment, 1 goes to the second (as a partial dispatch leaves them).
    const line = await t.db
      .selectFrom('shipmentItems')
      .select('orderItemId')
      .where('shipmentId', '=', first.shipmentId)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('shipmentItems').set({ quantity: 2 }).where('shipmentId', '=', first.shipmentId).execute();
    await t.db
      .insertInto('shipmentItems')
      .values({ shipmentId: second.id, orderItemId: line.orderItemId, quantity: 1 })
      .execute();
    const csv = [
      'shipment id,tracking number,carrier,awb',
      `${first.shipmentId},${first.trackingNumber},DTDC,DT70000001`,
      `${second.id},,DTDC,DT70000002`,
      `${other.shipmentId},${first.trackingNumber},DTDC,DT70000003`,
    ].join('\n');
    const res = await importCsv(vendorA, csv);
    expect(res.json().counts).toEqual({ rows: 3, shipped: 2, refused: 1 });
    expect(res.json().errors).toEqual([{ line: 4, field: null, message: manifestMessages.otherOrder }]);
    expect((await shipmentRow(second.id)).awb).toBe('DT70000002');
    expect((await shipmentRow(other.shipmentId)).status).toBe('Order Placed');
  });

  it('answers a hostile or unusable file 400 and changes nothing', async () => {
    const own = await shipmentOf(vendorA);
    const row = `${own.trackingNumber},DTDC,DT12341234`;
    const cases: [string, string][] = [
      [`tracking number,carrier,awb\n${row},${'x'.repeat(10_000)}`, manifestMessages.rowTooLong],
      [`tracking number,carrier,awb\n${own.trackingNumber},Caf\uFFFD Couriers,DT12341234`, manifestMessages.notUtf8],
      [`order,colour,size\n${row}`, manifestMessages.columnMissing],
      ['tracking number,carrier,awb\n', 'The file has no rows under its header'],
      ['"unclosed,quote\n', 'The file could not be read as CSV'],
    ];
    for (const [csv, message] of cases) {
      const res = await importCsv(vendorA, csv);
      expect(res.statusCode, csv.slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    // UTF-16 read as text carries NULs; a body that is not the contract's shape; no file.
    const utf16 = await importCsv(
      vendorA,
      Buffer.from(`tracking number,carrier,awb\n${row}`, 'utf16le').toString('latin1'),
    );
    expect(utf16.statusCode).toBe(400);
    const wrongShape = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/shipments/import',
      headers: json(vendorA),
      payload: JSON.stringify({ csv: ['a'] }),
    });
    expect(wrongShape.statusCode).toBe(400);
    expect((await importCsv(vendorA, '')).statusCode).toBe(400);
    expect((await shipmentRow(own.shipmentId)).status).toBe('Order Placed');
    expect((await importCsv(null, `tracking number,carrier,awb\n${row}`)).statusCode).toBe(401);
    expect((await importCsv(admin, `tracking number,carrier,awb\n${row}`)).statusCode).toBe(403);
  });

  it(`runs a manifest past ${MANIFEST_AT_ONCE_ROWS} rows as a job whose file reports every row, neutralised`, async () => {
    const many = await insertManyShipments(t.db, vendorA.vendorId ?? null, MANIFEST_AT_ONCE_ROWS + 10);
    const lines = many.map((shipment, index) =>
      index === 0
        ? `${shipment.trackingNumber},"=HYPERLINK(""http://x"")",AWB${index + 100000}`
        : index === 1
          ? `NOPE-${index},Ekart,AWB${index + 100000}`
          : `${shipment.trackingNumber},Ekart,AWB${index + 100000}`,
    );
    const res = await importCsv(vendorA, ['Order ID,Courier Name,Waybill', ...lines].join('\n'));
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(manifestMessages.started);
    const job = await settledJob(t.app, res.json().job._id, vendorA, { timeoutMs: 110_000, everyMs: 200 });
    expect(job.state).toBe('done');
    expect(job.total).toBe(many.length);
    expect(job.summary).toEqual({ rows: many.length, shipped: many.length - 1, refused: 1 });

    const file = await t.app.inject({ method: 'GET', url: `/api/jobs/${job._id}/file`, headers: json(vendorA) });
    expect(file.statusCode).toBe(200);
    const report = file.body.split('\n').filter((line) => line !== '');
    expect(report[0]).toContain('Line,Tracking number or shipment,Carrier,AWB,Outcome,Message');
    expect(report).toHaveLength(many.length + 1);
    expect(report[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(report[2]).toContain(`3,NOPE-1,Ekart,AWB100001,refused,${manifestMessages.notFound}`);
    // Each row's outcome was recorded with its move (decision 0121).
    const recorded = await t.db
      .selectFrom('importRowOutcomes')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('jobId', '=', Number(job._id))
      .executeTakeFirstOrThrow();
    expect(Number(recorded.count)).toBe(many.length);
    const last = many[many.length - 1];
    expect((await shipmentRow(last?.shipmentId ?? 0)).status).toBe('On The Road');
    // Vendor B cannot read vendor A's job.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/jobs/${job._id}`, headers: json(vendorB) })).statusCode,
    ).toBe(404);
  }, 120_000);
});
