import { readFile } from 'node:fs/promises';
import { IMPORT_PREVIEW_ROWS, type ImportPreviewResponse, importMessages, productMessages } from '@haat/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOG_CSV } from '../../../seed/demo-assets.js';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../../test/fixtures.js';
import { settledJob } from '../../../test/jobs.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { readImportBody, runImport as runImportRows } from './product-import.service.js';

/**
 * Issue 26 'Imports' (decision 0111): a product CSV is previewed (the mapping guessed from
 * its header, the first rows as they will be saved, each bad row with its line and the
 * field's message, nothing written), then imported as a job that creates or updates each
 * row by SKU through the product form's service and reports every row.
 */

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;
let otherVendor: FixtureUser;

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_MS: '50' });
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
  otherVendor = await createVendor(t.db);
});
afterAll(() => t.close());

function post(url: string, body: unknown, as?: FixtureUser) {
  return t.app.inject({ method: 'POST', url, payload: body as object, headers: as ? authAs(t.app, as) : {} });
}

async function preview(csv: string, as: FixtureUser, mapping?: Record<string, number>) {
  const res = await post('/api/products/import/preview', { csv, mapping }, as);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as ImportPreviewResponse;
}

/** Starts an import and waits for its job; answers the job and its report's rows. */
async function runImport(csv: string, as: FixtureUser, mapping?: Record<string, number>) {
  const res = await post('/api/products/import', { csv, mapping }, as);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
  expect(res.json().message).toBe(importMessages.started);
  const id = res.json().job._id as string;
  // A ceiling, not a timing: the demo catalog's 747 rows took over 60 s on PostgreSQL at load average 30.
  const job = await settledJob(t.app, id, as, { timeoutMs: 240_000, everyMs: 50 });
  expect(job.error).toBeNull();
  const file = await t.app.inject({ method: 'GET', url: job.downloadUrl as string, headers: authAs(t.app, as) });
  const report = parse(file.body, { bom: true, columns: true }) as Record<string, string>[];
  return { job, report };
}

const productBySku = (sku: string) => t.db.selectFrom('products').selectAll().where('sku', '=', sku).executeTakeFirst();

const categoryId = async (name: string) => {
  const existing = await t.db.selectFrom('categories').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  const at = new Date().toISOString();
  return (
    await t.db
      .insertInto('categories')
      .values({ name, imageUrl: 'https://img.example.test/c.png', createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
};

const header = 'SKU,Product name,Description,Brand,Sale price,MRP,Stock,Category,Images';

describe('the preview', () => {
  it('guesses the mapping from the header, shows rows as they will be saved, lists each bad row by line, and writes nothing', async () => {
    await categoryId('Kitchen');
    const csv = [
      header,
      'IMP-A1,Steel tumbler,"Food-grade steel, 300 ml",Vessel Co,199,249,12,Kitchen >> Glasses,https://img.example.test/a.jpg | https://img.example.test/b.jpg',
      'IMP-A2,,No name here,,abc,100,-3,Kitchen,',
      'IMP-A3,Jug,A jug,,300,250,1,Kitchen,',
      'IMP-A1,Steel tumbler again,Again,,10,10,1,Kitchen,',
      'IMP-A4,Plate,A plate,,50,,5,,ftp://nope',
    ].join('\n');
    const before = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await preview(csv, admin);
    expect(answer.columns).toEqual(header.split(','));
    expect(answer.mapping).toEqual({
      sku: 0,
      name: 1,
      productDetails: 2,
      brand: 3,
      salePrice: 4,
      actualPrice: 5,
      stockQuantity: 6,
      category: 7,
      images: 8,
    });
    expect(answer.counts).toEqual({ rows: 5, create: 1, update: 0, unchanged: 0, refused: 4 });
    expect(answer.preview[0]).toEqual({
      line: 2,
      outcome: 'create',
      sku: 'IMP-A1',
      name: 'Steel tumbler',
      brand: 'Vessel Co',
      salePrice: 199,
      actualPrice: 249,
      stockQuantity: 12,
      // No column for them: no HSN code, and the store's default rate when created (issue 35).
      hsnCode: null,
      gstRate: null,
      category: 'Kitchen',
      subcategory: 'Glasses',
      images: 2,
    });
    expect(answer.errors).toEqual([
      { line: 3, field: 'Product name', message: productMessages.nameRequired },
      { line: 3, field: 'Sale price', message: productMessages.salePriceRequired },
      { line: 3, field: 'Stock quantity', message: productMessages.stockRequired },
      { line: 4, field: 'Sale price', message: productMessages.salePriceAboveActual },
      { line: 5, field: 'SKU', message: importMessages.skuRepeated(2) },
      { line: 6, field: 'Category', message: productMessages.categoryRequired },
      { line: 6, field: 'Images', message: productMessages.imageUrlInvalid },
    ]);
    const after = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await t.db.selectFrom('subcategories').select('id').where('name', '=', 'Glasses').execute()).toEqual([]);
  });

  it('takes the mapping the screen sends, and shows at most the first rows', async () => {
    const rows = Array.from({ length: IMPORT_PREVIEW_ROWS + 5 }, (_, i) => `Item ${i},MAP-${i},5,Kitchen,Text`);
    const csv = ['Title,Code,Amount,Group,Notes', ...rows].join('\r\n');
    const answer = await preview(csv, admin, {
      name: 0,
      sku: 1,
      salePrice: 2,
      actualPrice: 2,
      category: 3,
      productDetails: 4,
    });
    expect(answer.preview).toHaveLength(IMPORT_PREVIEW_ROWS);
    expect(answer.preview[3]).toMatchObject({ line: 5, sku: 'MAP-3', name: 'Item 3', salePrice: 5, stockQuantity: 0 });
    expect(answer.counts).toMatchObject({ rows: IMPORT_PREVIEW_ROWS + 5, create: IMPORT_PREVIEW_ROWS + 5 });
  });

  it('refuses a file it cannot use, with the reason, and a caller who may not import', async () => {
    const cases: [unknown, string][] = [
      [{ csv: '' }, importMessages.fileRequired],
      [{ csv: 'SKU,Name\n' }, importMessages.noRows],
      [{ csv: 'Name,Price\nTumbler,10' }, importMessages.columnMissing('SKU')],
      [{ csv: 'SKU,Name\nA,B', mapping: { sku: 5 } }, importMessages.columnInvalid],
      [{ csv: 'SKU,Name\nA,B', mapping: { sku: -1 } }, importMessages.columnInvalid],
      [{ csv: 'SKU,Name\nA,B', mapping: { colour: 1 } }, ''],
      [{ csv: 'SKU,Name\nA\u0000,B' }, 'Must not contain NUL characters'],
      [null, ''],
      [{ csv: 42 }, importMessages.fileRequired],
    ];
    for (const [body, message] of cases) {
      for (const url of ['/api/products/import/preview', '/api/products/import']) {
        const res = await post(url, body, vendor);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json().success).toBe(false);
        if (message) expect(res.json().message).toContain(message);
      }
    }
    expect((await post('/api/products/import/preview', { csv: 'SKU\nA' })).statusCode).toBe(401);
    expect((await post('/api/products/import', { csv: 'SKU\nA' })).statusCode).toBe(401);
    const jobs = await t.db.selectFrom('jobs').select('id').where('kind', '=', 'product-import').execute();
    expect(jobs).toEqual([]);
  });
});

describe('the import', () => {
  it('creates new SKUs, updates known ones keeping what the row leaves empty, and reports every row', async () => {
    await categoryId('Kitchen');
    const first = await runImport(
      [
        header,
        'IMP-B1,Copper bottle,"1 litre, copper",Tamra,900,1200,10,Kitchen >> Bottles,https://img.example.test/b1.jpg',
      ].join('\n'),
      admin,
    );
    expect(first.job).toMatchObject({ state: 'done', total: 1, progress: 1, summary: { rows: 1, created: 1 } });
    const created = await productBySku('IMP-B1');
    expect(created).toMatchObject({
      name: 'Copper bottle',
      productDetails: '1 litre, copper',
      brand: 'Tamra',
      salePricePaise: 90_000,
      actualPricePaise: 120_000,
      stockQuantity: 10,
      vendorId: null,
      status: 'active',
      approvalStatus: 'approved',
    });
    const bottles = await t.db
      .selectFrom('subcategories')
      .select(['id', 'categoryId'])
      .where('name', '=', 'Bottles')
      .executeTakeFirstOrThrow();
    expect(created?.subcategoryId).toBe(bottles.id);

    const second = await runImport(
      [
        'sku,stock,sale price',
        'imp-b1,25,',
        'IMP-B1X,3,10',
        'IMP-B1,25,', // repeated
      ].join('\n'),
      admin,
    );
    expect(second.job.summary).toEqual({ rows: 3, created: 0, updated: 1, unchanged: 0, refused: 2 });
    expect(second.report.map((row) => [row.Line, row.SKU, row.Outcome])).toEqual([
      ['2', 'imp-b1', 'updated'],
      ['3', 'IMP-B1X', 'refused'],
      ['4', 'IMP-B1', 'refused'],
    ]);
    expect(second.report[1]?.Message).toContain(productMessages.nameRequired);
    expect(second.report[2]?.Message).toBe(`SKU: ${importMessages.skuRepeated(2)}`);
    expect(await productBySku('IMP-B1')).toMatchObject({
      name: 'Copper bottle',
      stockQuantity: 25,
      salePricePaise: 90_000,
    });

    const third = await runImport(['sku,stock', 'IMP-B1,25'].join('\n'), admin);
    expect(third.job.summary).toMatchObject({ unchanged: 1, updated: 0 });
    const log = await t.db
      .selectFrom('activityLog')
      .select('action')
      .where('recordKind', '=', 'product')
      .where('recordId', '=', created?.id as number)
      .execute();
    expect(log.map((entry) => entry.action).sort()).toEqual(['create', 'update']);
  });

  it("makes a vendor's rows theirs and awaiting approval, refuses another seller's SKU and unknown categories, and tells the admins once", async () => {
    await categoryId('Kitchen');
    await runImport([header, 'IMP-C0,Clay pot,A pot,,100,100,1,Kitchen,'].join('\n'), otherVendor);
    const csv = [
      header,
      'IMP-C1,Brass lamp,A lamp,,500,600,4,Kitchen,',
      'IMP-C2,Brass bell,A bell,,50,60,4,Kitchen,',
      'IMP-C0,Clay pot,Taken over,,100,100,1,Kitchen,',
      'IMP-C3,Rug,A rug,,50,60,4,Carpets >> Wool,',
    ].join('\n');
    const shown = await preview(csv, vendor);
    expect(shown.counts).toEqual({ rows: 4, create: 2, update: 0, unchanged: 0, refused: 2 });
    expect(shown.errors).toEqual([
      { line: 4, field: 'SKU', message: importMessages.skuOfAnother },
      { line: 5, field: 'Category', message: importMessages.categoryNotFound('Carpets') },
    ]);
    const adminBell = () =>
      t.db
        .selectFrom('notifications')
        .select(['message', 'link'])
        .where('userId', '=', admin.id)
        .where('kind', '=', 'product_submitted')
        .execute();
    const heardBefore = (await adminBell()).length;
    const { job } = await runImport(csv, vendor);
    expect(job.summary).toEqual({ rows: 4, created: 2, updated: 0, unchanged: 0, refused: 2 });
    for (const sku of ['IMP-C1', 'IMP-C2'])
      expect(await productBySku(sku)).toMatchObject({
        vendorId: vendor.vendorId,
        status: 'pending',
        approvalStatus: 'pending',
      });
    expect(await productBySku('IMP-C0')).toMatchObject({ vendorId: otherVendor.vendorId, productDetails: 'A pot' });
    expect(await t.db.selectFrom('categories').select('id').where('name', '=', 'Carpets').execute()).toEqual([]);
    const heard = await adminBell();
    expect(heard.length - heardBefore).toBe(1);
    expect(heard.at(-1)).toMatchObject({
      message: expect.stringContaining('imported 2 products for approval'),
      link: '/admin/products/pending',
    });
    const owner = await t.db
      .selectFrom('notifications')
      .select(['kind', 'link', 'message'])
      .where('userId', '=', vendor.id)
      .where('kind', '=', 'import_done')
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({
      kind: 'import_done',
      link: `/admin/products/import/${job._id}`,
      message: 'Your product import is done: 2 created, 2 refused.',
    });
  });

  it('imports the demo catalog with every row accounted for: created, or refused with its reason', async () => {
    const csv = await readFile(DEMO_CATALOG_CSV, 'utf8');
    const shown = await preview(csv, admin);
    expect(shown.mapping).toMatchObject({
      sku: 5,
      name: 3,
      productDetails: 10,
      brand: 13,
      salePrice: 7,
      actualPrice: 6,
      category: 4,
      images: 8,
    });
    const { job, report } = await runImport(csv, admin);
    const summary = job.summary as {
      rows: number;
      created: number;
      updated: number;
      unchanged: number;
      refused: number;
    };
    expect(summary.rows).toBe(shown.counts.rows);
    expect(summary.created + summary.updated + summary.unchanged + summary.refused).toBe(summary.rows);
    expect(summary.created).toBeGreaterThan(600);
    expect(report).toHaveLength(summary.rows);
    for (const row of report.filter((line) => line.Outcome === 'refused')) expect(row.Message).not.toBe('');
    const sample = report.find((line) => line.Outcome === 'created');
    expect(await productBySku(sample?.SKU as string)).toMatchObject({ name: sample?.Name, approvalStatus: 'approved' });

    // The same file again changes nothing.
    const again = await runImport(csv, admin);
    expect(again.job.summary).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: summary.created,
      refused: summary.refused,
    });
  }, 600_000);
});

describe('an import taken up again after its process died (issue 33)', () => {
  it('reports what every row did, the rows written before the crash included', async () => {
    await categoryId('Pottery');
    const existing = Array.from({ length: 5 }, (_, i) => `IMP-R${i}`);
    await runImport(
      [header, ...existing.map((sku) => `${sku},Clay lamp ${sku},A lamp,,100,120,1,Pottery,`)].join('\n'),
      admin,
    );
    // Updates first, then new products, one refused row among them.
    const csv = [
      header,
      ...existing.map((sku) => `${sku},Clay lamp ${sku},A lamp,,150,180,2,Pottery,`),
      ...Array.from({ length: 40 }, (_, i) => `IMP-N${i},Clay cup ${i},A cup,,50,60,3,Pottery,`),
      'IMP-BAD,,No name,,abc,,1,Pottery,',
    ].join('\n');

    // The runner is held, so the job waits while its "first attempt" runs here and dies
    // after 25 rows, as a process killed mid-import leaves it.
    await t.app.jobs.stop();
    const res = await post('/api/products/import', { csv }, admin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
    const jobId = res.json().job._id as string;
    const { file, mapping } = await readImportBody({ csv });
    const died = new Error('the process died');
    await expect(
      runImportRows(
        t.db,
        t.app.events,
        { userId: admin.id, role: 'admin', vendorId: null, name: admin.name, email: admin.email },
        file,
        mapping,
        {
          jobId: Number(jobId),
          onProgress: async (rows) => {
            if (rows >= 25) throw died;
          },
        },
      ),
    ).rejects.toBe(died);
    expect(await productBySku('IMP-N19')).toBeDefined();
    expect(await productBySku('IMP-N20')).toBeUndefined();

    // Taken up again by the runner, it ends the import and reports the whole of it.
    await t.app.jobs.start();
    const job = await settledJob(t.app, jobId, admin, { timeoutMs: 240_000, everyMs: 50 });
    expect(job.state).toBe('done');
    expect(job.summary).toEqual({ rows: 46, created: 40, updated: 5, unchanged: 0, refused: 1 });
    const download = await t.app.inject({
      method: 'GET',
      url: job.downloadUrl as string,
      headers: authAs(t.app, admin),
    });
    const report = parse(download.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(report.map((row) => [row.SKU, row.Outcome])).toEqual([
      ...existing.map((sku) => [sku, 'updated']),
      ...Array.from({ length: 40 }, (_, i) => [`IMP-N${i}`, 'created']),
      ['IMP-BAD', 'refused'],
    ]);
    expect(await productBySku('IMP-N39')).toMatchObject({ salePricePaise: 5_000 });
    expect(await productBySku('IMP-R0')).toMatchObject({ salePricePaise: 15_000 });
  }, 300_000);
});
