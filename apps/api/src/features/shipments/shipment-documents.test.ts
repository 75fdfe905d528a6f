import { MANIFEST_AT_ONCE_ROWS, MAX_PACKING_SLIPS, manifestMessages, shipmentMessages } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTransaction } from '../../platform/db/transactions.js';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { settledJob } from '../../test/jobs.js';
import { pageCountOf } from '../../test/pdf.js';
import { insertManyShipments, orderWithShipment } from '../../test/shipment-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';
import { shipManyInTransaction } from './shipments.service.js';

/**
 * Packing slips and courier manifests (issue 34; decisions 0142, 0143), over HTTP on a
 * freshly migrated database: a slip is a PDF of the vendor's own shipment only; many
 * slips are one PDF, capped; a manifest marks the vendor's shipments shipped through the
 * shipments service and reports every bad row by line; a large one runs as a job whose
 * file is the report; a hostile file is a 400. The rows are shipped set-based
 * (`shipManyInTransaction`, decision 0143) with every rule, invoice and log entry of the
 * status form's move.
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

/** The tax invoices of `shipmentIds`, by shipment id. */
async function invoicesOf(shipmentIds: readonly number[]) {
  const rows = await t.db
    .selectFrom('taxDocuments')
    .select(['id', 'shipmentId', 'serial', 'issuerKey', 'taxablePaise', 'igstPaise', 'totalPaise', 'body'])
    .where('kind', '=', 'invoice')
    .where('shipmentId', 'in', [...shipmentIds])
    .execute();
  return new Map(rows.map((row) => [row.shipmentId as number, row]));
}

describe('manifest import, set-based (decision 0143)', () => {
  it('ships a mixed manifest’s good rows with their carrier and AWB, invoices them, derives their orders’ status and logs them; refuses another vendor’s, a repeated and a bad row by line', async () => {
    const [one, two, three] = await insertManyShipments(t.db, vendorA.vendorId ?? null, 3, { taxed: true });
    const [foreign] = await insertManyShipments(t.db, vendorB.vendorId ?? null, 1, { taxed: true });
    if (!one || !two || !three || !foreign) throw new Error('fixture');
    const csv = [
      'Order ID,Shipment ID,Courier,AWB',
      `${one.trackingNumber},,Delhivery,MIX-0001`, // line 2: good
      `,${foreign.shipmentId},Delhivery,MIX-0002`, // line 3: vendor B's
      `${two.trackingNumber},,Xpressbees,mix-0003`, // line 4: good
      `,${one.shipmentId},Delhivery,MIX-0004`, // line 5: the shipment of line 2 again
      `${three.trackingNumber},,Delhivery,MIX 0005!`, // line 6: not an AWB
    ].join('\n');
    const res = await importCsv(vendorA, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toEqual({ rows: 5, shipped: 2, refused: 3 });
    expect(res.json().errors).toEqual([
      { line: 3, field: null, message: manifestMessages.notFound },
      { line: 5, field: null, message: manifestMessages.shipmentRepeated(2) },
      { line: 6, field: 'AWB', message: shipmentMessages.awbInvalid },
    ]);

    expect(await shipmentRow(one.shipmentId)).toMatchObject({
      status: 'On The Road',
      carrier: 'Delhivery',
      awb: 'MIX-0001',
    });
    expect(await shipmentRow(two.shipmentId)).toMatchObject({
      status: 'On The Road',
      carrier: 'Xpressbees',
      awb: 'MIX-0003',
    });
    expect((await shipmentRow(one.shipmentId)).shippedAt).not.toBeNull();
    expect((await shipmentRow(three.shipmentId)).status).toBe('Packaging');
    expect((await shipmentRow(foreign.shipmentId)).status).toBe('Packaging');

    // One invoice per shipped row, in vendor A's series one after the other, for the frozen GST; none for the others.
    const invoices = await invoicesOf([one.shipmentId, two.shipmentId, three.shipmentId, foreign.shipmentId]);
    expect([...invoices.keys()].sort((a, b) => a - b)).toEqual([one.shipmentId, two.shipmentId]);
    const [first, second] = [invoices.get(one.shipmentId), invoices.get(two.shipmentId)];
    expect(first).toMatchObject({ taxablePaise: 84_746, igstPaise: 15_254, totalPaise: 100_000 });
    expect(second?.issuerKey).toBe(first?.issuerKey);
    expect(Number(second?.serial)).toBe(Number(first?.serial) + 1);
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({
      order: { trackingNumber: one.trackingNumber, shipmentId: one.shipmentId },
      lines: [{ quantity: 1, hsnCode: '6109', rateBp: 1800 }],
    });

    // Each order's status follows its shipment, with its history entry and the log's two entries.
    const orders = await t.db
      .selectFrom('orders')
      .innerJoin('shipments', 'shipments.orderId', 'orders.id')
      .select(['orders.id', 'orders.status', 'orders.updatedAt', 'shipments.id as shipmentId', 'shipments.shippedAt'])
      .where('shipments.id', 'in', [one.shipmentId, two.shipmentId, three.shipmentId])
      .orderBy('shipments.id')
      .execute();
    expect(orders.map((order) => order.status)).toEqual(['On The Road', 'On The Road', 'Packaging']);
    expect(orders[0]?.updatedAt).toBe(orders[0]?.shippedAt);
    const history = await t.db
      .selectFrom('orderStatusHistory')
      .select(['orderId', 'status', 'changedBy'])
      .where(
        'orderId',
        'in',
        orders.map((order) => order.id),
      )
      .execute();
    expect(history).toHaveLength(2);
    expect(history.every((entry) => entry.status === 'On The Road' && entry.changedBy === vendorA.id)).toBe(true);
    const log = await t.db
      .selectFrom('activityLog')
      .select(['recordId', 'actorUserId', 'changes'])
      .where('recordKind', '=', 'order')
      .where('recordId', '=', orders[0]?.id as number)
      .execute();
    const changes = log.map((entry) => JSON.parse(entry.changes));
    expect(log.every((entry) => entry.actorUserId === vendorA.id)).toBe(true);
    expect(changes).toContainEqual(expect.objectContaining({ status: { before: 'Packaging', after: 'On The Road' } }));
    expect(changes).toContainEqual(
      expect.objectContaining({
        shipment: { before: null, after: one.shipmentId },
        awb: { before: null, after: 'MIX-0001' },
        units: { before: null, after: 1 },
      }),
    );
  });

  it('issues the invoices the status form issues, and a line sent in two shipments of one manifest adds up to its frozen GST', async () => {
    const [byForm, byManifest, split] = await insertManyShipments(t.db, vendorA.vendorId ?? null, 3, { taxed: true });
    if (!byForm || !byManifest || !split) throw new Error('fixture');
    const formed = await t.app.inject({
      method: 'PUT',
      url: `/api/vendor/shipments/${byForm.shipmentId}/status`,
      headers: json(vendorA),
      payload: JSON.stringify({
        status: 'On The Road',
        carrier: 'Delhivery',
        awb: 'FORM-0001',
        updatedAt: (
          await t.db
            .selectFrom('shipments')
            .select('updatedAt')
            .where('id', '=', byForm.shipmentId)
            .executeTakeFirstOrThrow()
        ).updatedAt,
      }),
    });
    expect(formed.statusCode).toBe(200);
    // `split`'s order: a line of 3 units (Rs.3,000 net, 18% IGST frozen), 2 in its shipment and 1 in a second.
    const item = await t.db
      .selectFrom('shipmentItems')
      .select('orderItemId')
      .where('shipmentId', '=', split.shipmentId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('orderItems')
      .set({ quantity: 3, netPaise: 300_000 })
      .where('id', '=', item.orderItemId)
      .execute();
    await t.db
      .updateTable('orderItemTaxes')
      .set({ taxablePaise: 254_237, igstPaise: 45_763 })
      .where('orderItemId', '=', item.orderItemId)
      .execute();
    await t.db.updateTable('shipmentItems').set({ quantity: 2 }).where('shipmentId', '=', split.shipmentId).execute();
    const order = await t.db
      .selectFrom('shipments')
      .select(['orderId', 'shipBy'])
      .where('id', '=', split.shipmentId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const second = await t.db
      .insertInto('shipments')
      .values({
        ...order,
        vendorId: vendorA.vendorId,
        status: 'Packaging',
        carrier: null,
        awb: null,
        shippedAt: null,
        deliveredAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('shipmentItems')
      .values({ shipmentId: second.id, orderItemId: item.orderItemId, quantity: 1 })
      .execute();

    const csv = [
      'Order ID,Shipment ID,Courier,AWB',
      `${byManifest.trackingNumber},,Delhivery,FORM-0002`,
      `,${split.shipmentId},Delhivery,SPLIT-0001`,
      `,${second.id},Delhivery,SPLIT-0002`,
    ].join('\n');
    const res = await importCsv(vendorA, csv);
    expect(res.json().counts).toEqual({ rows: 3, shipped: 3, refused: 0 });

    const invoices = await invoicesOf([byForm.shipmentId, byManifest.shipmentId, split.shipmentId, second.id]);
    const bodyOf = (id: number) => {
      // All but what names the shipment: its number, time, order and the line's product (its order's parcel).
      const { number, issuedAt, order: ref, lines, ...rest } = JSON.parse(invoices.get(id)?.body ?? '{}');
      return { ...rest, lines: lines.map(({ description, ...line }: { description: string }) => line) };
    };
    expect(bodyOf(byManifest.shipmentId)).toEqual(bodyOf(byForm.shipmentId));
    // 2 of 3 units: round(3,000 x 2/3) split at 18%; the second invoice takes the rest of the frozen figures.
    const [two, one] = [invoices.get(split.shipmentId), invoices.get(second.id)];
    expect(Number(two?.taxablePaise) + Number(one?.taxablePaise)).toBe(254_237);
    expect(Number(two?.igstPaise) + Number(one?.igstPaise)).toBe(45_763);
    expect(Number(two?.totalPaise)).toBe(200_000);
    expect(Number(one?.serial)).toBe(Number(two?.serial) + 1);
    // Both of the order's shipments are on the road: so is the order.
    const placed = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(placed.status).toBe('On The Road');
  });

  it('refuses within a batch what the status form would refuse, leaving the rest of the batch shipped', async () => {
    const many = await insertManyShipments(t.db, vendorA.vendorId ?? null, 6, { taxed: true });
    const [good, stale, cancelled, delivered, badCarrier, again] = many;
    const [foreign] = await insertManyShipments(t.db, vendorB.vendorId ?? null, 1);
    if (!good || !stale || !cancelled || !delivered || !badCarrier || !again || !foreign) throw new Error('fixture');
    await t.db.updateTable('shipments').set({ status: 'Cancelled' }).where('id', '=', cancelled.shipmentId).execute();
    await t.db.updateTable('shipments').set({ status: 'Delivered' }).where('id', '=', delivered.shipmentId).execute();
    const versionOf = async (id: number) =>
      (await t.db.selectFrom('shipments').select('updatedAt').where('id', '=', id).executeTakeFirstOrThrow()).updatedAt;
    const againVersion = await versionOf(again.shipmentId);
    const actor = { userId: vendorA.id, role: 'vendor' as const, name: vendorA.name };
    const dispatch = (shipmentId: number, awb: string, extra: { carrier?: string; updatedAt?: string } = {}) => ({
      shipmentId,
      carrier: extra.carrier ?? 'Delhivery',
      awb,
      ...(extra.updatedAt ? { updatedAt: extra.updatedAt } : {}),
    });
    const outcomes = await runTransaction(t.db, (trx) =>
      shipManyInTransaction(
        trx,
        t.app.events,
        actor,
        [
          dispatch(good.shipmentId, 'BATCH-0001'),
          dispatch(stale.shipmentId, 'BATCH-0002', { updatedAt: '2020-01-01T00:00:00.000Z' }),
          dispatch(cancelled.shipmentId, 'BATCH-0003'),
          dispatch(delivered.shipmentId, 'BATCH-0004'),
          dispatch(badCarrier.shipmentId, 'BATCH-0005', { carrier: '   ' }),
          dispatch(foreign.shipmentId, 'BATCH-0006'),
          dispatch(again.shipmentId, 'batch-0007', { updatedAt: againVersion }),
          dispatch(again.shipmentId, 'BATCH-0008', { updatedAt: againVersion }),
          dispatch(999_999_999, 'BATCH-0009'),
          dispatch(good.shipmentId, 'BATCH-0010'),
        ],
        { vendorId: vendorA.vendorId as number },
      ),
    );
    expect(outcomes).toEqual([
      null,
      shipmentMessages.changedMeanwhile,
      shipmentMessages.cancelled,
      shipmentMessages.delivered,
      shipmentMessages.carrierRequired,
      shipmentMessages.notFound,
      null,
      shipmentMessages.changedMeanwhile,
      shipmentMessages.notFound,
      shipmentMessages.onlyForward,
    ]);
    expect(await shipmentRow(good.shipmentId)).toMatchObject({ status: 'On The Road', awb: 'BATCH-0001' });
    expect(await shipmentRow(again.shipmentId)).toMatchObject({ status: 'On The Road', awb: 'BATCH-0007' });
    expect((await shipmentRow(stale.shipmentId)).status).toBe('Packaging');
    expect((await shipmentRow(badCarrier.shipmentId)).status).toBe('Packaging');
    expect((await shipmentRow(foreign.shipmentId)).status).toBe('Packaging');
    expect((await shipmentRow(cancelled.shipmentId)).status).toBe('Cancelled');
    expect([...(await invoicesOf(many.map((row) => row.shipmentId))).keys()].sort((a, b) => a - b)).toEqual(
      [good.shipmentId, again.shipmentId].sort((a, b) => a - b),
    );
  });
});
