import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, type FixtureUser } from '../../test/fixtures.js';
import { OTHER_PNG } from '../../test/images.js';
import { runScheduledRound } from '../../test/jobs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { CLEANUP_TASK, type CleanupSettings, runCleanup } from './cleanup.service.js';

/**
 * Issue 23: nothing was ever pruned. A clean-up round deletes notifications past their
 * retention, old checkout keys, revocations of expired tokens and uploads no record
 * points at once past their grace, keeps everything else (the activity log included),
 * and two rounds at once (two processes) delete each row once, without an error. On
 * SQLite and PostgreSQL.
 */

let t: TestApp;
let admin: FixtureUser;
const NOW = new Date('2026-12-01T12:00:00.000Z');
const settings: CleanupSettings = { notificationRetentionDays: 90, checkoutKeyRetentionDays: 7, uploadGraceHours: 24 };
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

async function notification(createdAt: string): Promise<number> {
  const row = await t.db
    .insertInto('notifications')
    .values({
      userId: admin.id,
      kind: 'contact_received',
      title: 'New message',
      message: 'Hi',
      subjectType: 'contact',
      subjectId: 1,
      link: '/admin/contact',
      createdAt,
      readAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let uploadSequence = 0;
async function storedUpload(updatedAt: string): Promise<number> {
  const data = Buffer.from(`upload-${++uploadSequence}-${Math.random()}`);
  const row = await t.db
    .insertInto('uploads')
    .values({
      contentType: 'image/png',
      byteSize: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
      createdAt: updatedAt,
      updatedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ids = async (table: 'notifications' | 'uploads') =>
  (await t.db.selectFrom(table).select('id').orderBy('id').execute()).map((row) => row.id);

describe('the scheduled clean-up (issue 23)', () => {
  it('deletes what is past its retention and unused, and keeps the rest', async () => {
    const oldNotification = await notification(daysAgo(91));
    const keptNotification = await notification(daysAgo(89));
    const now = NOW.toISOString();
    await t.db
      .insertInto('checkoutKeys')
      .values([
        { key: 'old-key', requestHash: 'h', orderId: null, createdAt: daysAgo(8), updatedAt: daysAgo(8) },
        { key: 'new-key', requestHash: 'h', orderId: null, createdAt: daysAgo(1), updatedAt: daysAgo(1) },
      ])
      .execute();
    await t.db
      .insertInto('revokedTokens')
      .values([
        { jti: 'expired', userId: admin.id, expiresAt: daysAgo(0.01), createdAt: daysAgo(1) },
        { jti: 'live', userId: admin.id, expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString(), createdAt: now },
      ])
      .execute();
    const unused = await storedUpload(daysAgo(2));
    const inPost = await storedUpload(daysAgo(2));
    const asFeatured = await storedUpload(daysAgo(2));
    const inProduct = await storedUpload(daysAgo(2));
    const fresh = await storedUpload(daysAgo(0.5));
    await t.db
      .insertInto('blogs')
      .values({
        title: 'Uses uploads',
        category: 'News',
        author: 'A',
        content: `<p>Hi</p><img src="/api/uploads/${inPost}">`,
        image: `/api/uploads/${asFeatured}`,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const category = await t.db
      .insertInto('categories')
      .values({ name: 'Clean', imageUrl: 'https://img.example.test/c.jpg', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await t.db
      .insertInto('products')
      .values({
        vendorId: null,
        categoryId: category.id,
        subcategoryId: null,
        name: 'Pointing at an upload',
        productDetails: 'Details',
        brand: 'Unknown',
        color: null,
        sku: 'CLEAN-1',
        model: null,
        warrantyPeriod: 'No Warranty',
        salePricePaise: 100,
        actualPricePaise: 100,
        manufacturer: null,
        stockQuantity: 1,
        status: 'active',
        approvalStatus: 'approved',
        reviewedBy: null,
        reviewedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('productImages')
      .values({
        productId: product.id,
        position: 0,
        url: `https://shop.example.test/api/uploads/${inProduct}`,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const activityBefore = await t.db.selectFrom('activityLog').select('id').execute();

    const result = await runCleanup(t.db, t.kind, settings, NOW);

    expect(result).toEqual({ notifications: 1, checkoutKeys: 1, revocations: 1, uploads: 1 });
    expect(await ids('notifications')).toEqual([keptNotification]);
    expect(await ids('notifications')).not.toContain(oldNotification);
    expect((await t.db.selectFrom('checkoutKeys').select('key').execute()).map((row) => row.key)).toEqual(['new-key']);
    expect((await t.db.selectFrom('revokedTokens').select('jti').execute()).map((row) => row.jti)).toEqual(['live']);
    expect(await ids('uploads')).toEqual([inPost, asFeatured, inProduct, fresh].sort((a, b) => a - b));
    expect(await ids('uploads')).not.toContain(unused);
    expect(await t.db.selectFrom('activityLog').select('id').execute()).toEqual(activityBefore);
  });

  it('keeps an old unused upload that was uploaded again since (its grace starts again)', async () => {
    const bytes = OTHER_PNG;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...authAs(t.app, admin), 'content-type': 'image/png' },
      payload: bytes,
    });
    expect(first.statusCode, first.body).toBe(201);
    const id = Number(first.json()._id);
    await t.db
      .updateTable('uploads')
      .set({ updatedAt: daysAgo(30) })
      .where('id', '=', id)
      .execute();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...authAs(t.app, admin), 'content-type': 'image/png' },
      payload: bytes,
    });
    expect(Number(again.json()._id)).toBe(id);
    // The round's clock is the real one here: the re-upload just now is within the grace.
    await runCleanup(t.db, t.kind, settings);
    expect(await ids('uploads')).toContain(id);
  });

  it('runs safely as two rounds at once: each old row is deleted once, without an error', async () => {
    const old = await Promise.all(Array.from({ length: 2500 }, () => notification(daysAgo(200))));
    const results = await Promise.all([
      runCleanup(t.db, t.kind, settings, NOW),
      runCleanup(t.db, t.kind, settings, NOW),
    ]);
    const deleted = results.reduce((sum, result) => sum + (result?.notifications ?? 0), 0);
    expect(deleted).toBe(old.length);
    const left = await ids('notifications');
    expect(left.filter((id) => old.includes(id))).toEqual([]);
  });
});

describe('the scheduled clean-up (decision 0116)', () => {
  it('runs as a scheduled task of the job queue: a round once due deletes the old rows', async () => {
    const old = await notification(new Date(Date.now() - 200 * 86_400_000).toISOString());
    const recent = await notification(new Date().toISOString());
    await runScheduledRound(t.app, CLEANUP_TASK);
    const left = await ids('notifications');
    expect(left).not.toContain(old);
    expect(left).toContain(recent);
    const schedule = await t.db
      .selectFrom('jobSchedules')
      .select(['nextRunAt', 'lastRunAt'])
      .where('name', '=', CLEANUP_TASK)
      .executeTakeFirstOrThrow();
    // The next round is an interval (CLEANUP_INTERVAL_MINUTES, 60) after this one.
    expect(Date.parse(schedule.nextRunAt) - Date.parse(schedule.lastRunAt as string)).toBe(60 * 60_000);
  });
});
