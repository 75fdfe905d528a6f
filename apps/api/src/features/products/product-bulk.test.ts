import { bulkMessages, productBulkMessages as M, PRODUCT_BULK_LIMIT } from '@haat/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { settledJob } from '../../test/jobs.js';
import { insertManyProducts } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

/**
 * Issue 26 'Bulk actions' on products: `POST /api/products/admin/bulk` does the action to
 * each selected product as the single action would, and answers how many were done and
 * why each refused one was not.
 */

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser & { businessName: string };

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_MS: '50' });
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
});
afterAll(() => t.close());

function bulk(payload: unknown, as: FixtureUser | null = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/products/admin/bulk',
    headers: { ...(as ? authAs(t.app, as) : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

type Overrides = Parameters<typeof createOwnedProduct>[2];

/** `count` products of the vendor, named with `tag`. */
async function products(count: number, tag: string, overrides: Overrides = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await createOwnedProduct(t.db, vendor.vendorId as number, { name: `${tag} ${i}`, ...overrides })).id);
  return ids;
}

function stateOf(id: number) {
  return t.db
    .selectFrom('products')
    .select(['status', 'approvalStatus', 'categoryId', 'subcategoryId', 'rejectionReason', 'updatedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

async function activityOf(id: number) {
  return t.db
    .selectFrom('activityLog')
    .select(['action', 'actorUserId'])
    .where('recordKind', '=', 'product')
    .where('recordId', '=', id)
    .execute();
}

const tagOf = (word: string) => `${word}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('POST /api/products/admin/bulk: who and what', () => {
  it('answers 401 without a token and 403 to a vendor, changing nothing', async () => {
    const [id] = await products(1, tagOf('auth'), { approvalStatus: 'pending', status: 'pending' });
    expect((await bulk({ action: 'approve', ids: [String(id)] }, null)).statusCode).toBe(401);
    expect((await bulk({ action: 'approve', ids: [String(id)] }, vendor)).statusCode).toBe(403);
    expect((await stateOf(id as number))?.approvalStatus).toBe('pending');
  });

  it('refuses a bad body with 400 and a clear message, changing nothing', async () => {
    const [id] = await products(1, tagOf('bad'), { approvalStatus: 'pending', status: 'pending' });
    const ids = [String(id)];
    const cases: [unknown, string | undefined][] = [
      [null, undefined],
      [{ action: 'approve' }, M.selectOne],
      [{ action: 'approve', ids, filter: {} }, M.selectOne],
      [{ action: 'approve', ids: [] }, M.idsEmpty],
      [{ action: 'launch', ids }, M.actionInvalid],
      [{ action: 'move', ids }, M.categoryRequired],
      [{ action: 'approve', ids: ['1099511627776'] }, undefined],
      [{ action: 'approve', ids, versions: ['yesterday'] }, M.versionsInvalid],
      [{ action: 'approve', ids, versions: [] }, M.versionsInvalid],
      [{ action: 'reject', ids, reason: 'bad\u0000reason' }, undefined],
      [{ action: 'approve', ids: Array.from({ length: PRODUCT_BULK_LIMIT + 1 }, (_, i) => String(i + 1)) }, M.tooMany],
      [{ action: 'approve', filter: { status: 'sold' } }, undefined],
      [{ action: 'move', ids, category: '2147483000' }, M.categoryNotFound],
    ];
    for (const [body, message] of cases) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().success).toBe(false);
      if (message) expect(JSON.stringify(res.json()), JSON.stringify(body).slice(0, 80)).toContain(message);
    }
    expect((await stateOf(id as number))?.approvalStatus).toBe('pending');
  });
});

describe('POST /api/products/admin/bulk: each action', () => {
  it('approves the products awaiting approval and skips the rest with a reason, each in the log', async () => {
    const waiting = await products(3, tagOf('appr'), { approvalStatus: 'pending', status: 'pending' });
    const [live] = await products(1, tagOf('live'));
    const res = await bulk({ action: 'approve', ids: [...waiting, live, 2_147_483_000].map(String) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '3 approved, 2 skipped',
      done: 3,
      refused: [
        { _id: String(live), message: M.notAwaitingReview },
        { _id: '2147483000', message: M.notFound },
      ],
    });
    for (const id of waiting) {
      expect(await stateOf(id)).toMatchObject({ approvalStatus: 'approved', status: 'active' });
      expect(await activityOf(id)).toContainEqual({ action: 'approve', actorUserId: admin.id });
    }
  });

  it('rejects with one reason for all', async () => {
    const waiting = await products(2, tagOf('rej'), { approvalStatus: 'pending', status: 'pending' });
    const res = await bulk({ action: 'reject', ids: waiting.map(String), reason: 'Photos are blurred' });
    expect(res.json()).toMatchObject({ message: '2 rejected', done: 2, refused: [] });
    for (const id of waiting)
      expect(await stateOf(id)).toMatchObject({ approvalStatus: 'rejected', rejectionReason: 'Photos are blurred' });
  });

  it('deactivates and activates approved products only', async () => {
    const [active, inactive] = await products(2, tagOf('act'));
    const [pending] = await products(1, tagOf('pend'), { approvalStatus: 'pending', status: 'pending' });
    await t.db
      .updateTable('products')
      .set({ status: 'inactive' })
      .where('id', '=', inactive as number)
      .execute();
    const off = await bulk({ action: 'deactivate', ids: [active, inactive, pending].map(String) });
    expect(off.json()).toMatchObject({
      message: '1 deactivated, 2 skipped',
      refused: [
        { _id: String(inactive), message: M.alreadyInactive },
        { _id: String(pending), message: M.notApproved },
      ],
    });
    expect((await stateOf(active as number))?.status).toBe('inactive');
    const on = await bulk({ action: 'activate', ids: [active, inactive].map(String) });
    expect(on.json()).toMatchObject({ message: '2 activated', done: 2 });
    expect((await stateOf(inactive as number))?.status).toBe('active');
  });

  it('moves products to a category, clearing the subcategory, and deletes them', async () => {
    const now = new Date().toISOString();
    const category = await t.db
      .insertInto('categories')
      .values({ name: tagOf('Moved to'), imageUrl: 'https://img.example.test/c.jpg', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = await products(2, tagOf('move'));
    const moved = await bulk({ action: 'move', ids: ids.map(String), category: String(category.id) });
    expect(moved.json()).toMatchObject({ message: '2 moved', done: 2 });
    for (const id of ids) expect(await stateOf(id)).toMatchObject({ categoryId: category.id, subcategoryId: null });
    const again = await bulk({ action: 'move', ids: ids.map(String), category: String(category.id) });
    expect(again.json().refused).toEqual(ids.map((id) => ({ _id: String(id), message: M.alreadyInCategory })));

    const deleted = await bulk({ action: 'delete', ids: ids.map(String) });
    expect(deleted.json()).toMatchObject({ message: '2 deleted', done: 2 });
    for (const id of ids) {
      expect(await stateOf(id)).toBeUndefined();
      expect(await activityOf(id)).toContainEqual({ action: 'delete', actorUserId: admin.id });
    }
  });
});

describe('POST /api/products/admin/bulk: selections', () => {
  it("acts on every product a filter selects, as the list's filters select them", async () => {
    const tag = tagOf('filt');
    const waiting = await products(3, tag, { approvalStatus: 'pending', status: 'pending' });
    await products(2, tag);
    const res = await bulk({ action: 'approve', filter: { search: tag, approval: 'pending' } });
    expect(res.json()).toMatchObject({ message: '3 approved', done: 3, refused: [] });
    for (const id of waiting) expect((await stateOf(id))?.approvalStatus).toBe('approved');
  });

  // 1,001 products, each changed alone through the single action's service: minutes on a busy 2-core machine.
  it('runs a filter selecting more than the limit as a job: 202, then each product done, one already so skipped, and its owner told', async () => {
    const tag = tagOf('many');
    await insertManyProducts(t.db, PRODUCT_BULK_LIMIT + 1, (i) => ({ name: `${tag} ${i}`, sku: `${tag}-${i}` }));
    await t.db.updateTable('products').set({ status: 'inactive' }).where('sku', '=', `${tag}-7`).execute();
    const res = await bulk({ action: 'deactivate', filter: { search: tag } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(202);
    expect(res.json()).toMatchObject({ success: true, message: bulkMessages.started, job: { kind: 'product-bulk' } });
    const id = res.json().job._id as string;
    const job = await settledJob(t.app, id, admin, { timeoutMs: 150_000, everyMs: 50 });
    expect(job).toMatchObject({
      state: 'done',
      total: PRODUCT_BULK_LIMIT + 1,
      progress: PRODUCT_BULK_LIMIT + 1,
      summary: { done: PRODUCT_BULK_LIMIT, refused: 1 },
    });
    const inactive = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sku', 'like', `${tag}-%`)
      .where('status', '=', 'inactive')
      .executeTakeFirstOrThrow();
    expect(Number(inactive.n)).toBe(PRODUCT_BULK_LIMIT + 1);
    const skipped = await t.app.inject({
      method: 'GET',
      url: job.downloadUrl as string,
      headers: authAs(t.app, admin),
    });
    const seventh = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', `${tag}-7`)
      .executeTakeFirstOrThrow();
    expect(parse(skipped.body, { bom: true })).toEqual([
      ['Product ID', 'Reason'],
      [String(seventh.id), M.alreadyInactive],
    ]);
    const bell = await t.db
      .selectFrom('notifications')
      .select(['kind', 'message', 'link'])
      .where('userId', '=', admin.id)
      .where('kind', '=', 'bulk_done')
      .execute();
    expect(bell).toEqual([
      { kind: 'bulk_done', message: 'Your bulk action is finished: 1,000 done, 1 skipped.', link: `/admin/jobs/${id}` },
    ]);
    // Another admin cannot follow it.
    const other = await createAdmin(t.db);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: authAs(t.app, other) })).statusCode,
    ).toBe(404);
  }, 180_000);

  it('refuses a product saved since the screen showed it, and leaves it as it is', async () => {
    const [kept, changed] = await products(2, tagOf('seen'), { approvalStatus: 'pending', status: 'pending' });
    const shown = await Promise.all([kept, changed].map(async (id) => (await stateOf(id as number))?.updatedAt));
    await t.db
      .updateTable('products')
      .set({ updatedAt: new Date(Date.now() + 1_000).toISOString(), name: 'Renamed meanwhile' })
      .where('id', '=', changed as number)
      .execute();
    const res = await bulk({ action: 'approve', ids: [kept, changed].map(String), versions: shown });
    expect(res.json()).toMatchObject({
      message: '1 approved, 1 skipped',
      refused: [{ _id: String(changed), message: M.changedSince }],
    });
    expect((await stateOf(changed as number))?.approvalStatus).toBe('pending');
  });

  it('two bulk deletes racing over the same products delete each once and refuse the rest', async () => {
    const ids = (await products(12, tagOf('race'))).map(String);
    const [first, second] = await Promise.all([
      bulk({ action: 'delete', ids }),
      bulk({ action: 'delete', ids: [...ids].reverse() }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const answers = [first.json(), second.json()];
    expect(answers[0].done + answers[1].done).toBe(12);
    expect(answers[0].refused.length + answers[1].refused.length).toBe(12);
    for (const refusal of [...answers[0].refused, ...answers[1].refused])
      expect([M.notFound, M.changedSince]).toContain(refusal.message);
    const deletes = await t.db
      .selectFrom('activityLog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('recordKind', '=', 'product')
      .where('action', '=', 'delete')
      .where('recordId', 'in', ids.map(Number))
      .executeTakeFirstOrThrow();
    expect(Number(deletes.n)).toBe(12);
  });
});
