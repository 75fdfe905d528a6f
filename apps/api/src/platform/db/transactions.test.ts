import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { BUSY_MESSAGE } from '../http/error-handler.js';
import { isRetryableConflict, runTransaction, TRANSACTION_ATTEMPTS } from './transactions.js';

/**
 * Issue 23 and decision 0090: a transaction that meets a deadlock (40P01), a
 * serialisation failure (40001) or a busy SQLite database runs again, a bounded number
 * of times; whatever still fails answers a retryable 409, never a 500. On PostgreSQL,
 * `catalog_version` goes up once per transaction, at its commit.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An error as the database driver raises it for `code`. */
const databaseError = (code: string) => Object.assign(new Error(`database said ${code}`), { code });

async function contactCount(): Promise<number> {
  return (await t.db.selectFrom('contacts').select('id').execute()).length;
}

async function insertContact(trx: typeof t.db, name: string): Promise<void> {
  const now = new Date().toISOString();
  await trx
    .insertInto('contacts')
    .values({ name, email: 'a@example.test', phone: null, message: 'Hi', createdAt: now, updatedAt: now })
    .execute();
}

describe('runTransaction', () => {
  it('runs a transaction again after a deadlock, keeping only the attempt that committed', async () => {
    const before = await contactCount();
    let attempts = 0;
    const result = await runTransaction(t.db, async (trx) => {
      attempts += 1;
      await insertContact(trx, `Attempt ${attempts}`);
      if (attempts < 3) throw databaseError(attempts === 1 ? '40P01' : '40001');
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(3);
    expect(await contactCount()).toBe(before + 1);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} attempts and throws the conflict, having written nothing`, async () => {
    const before = await contactCount();
    let attempts = 0;
    const failing = runTransaction(t.db, async (trx) => {
      attempts += 1;
      await insertContact(trx, 'Never');
      throw databaseError('40P01');
    });
    await expect(failing).rejects.toSatisfy(isRetryableConflict);
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    expect(await contactCount()).toBe(before);
  });

  it('does not retry any other error', async () => {
    let attempts = 0;
    const failing = runTransaction(t.db, async () => {
      attempts += 1;
      throw databaseError('23505');
    });
    await expect(failing).rejects.toThrow('23505');
    expect(attempts).toBe(1);
  });

  it('inside a transaction already, runs once there and leaves the retry to the outer one', async () => {
    let inner = 0;
    await t.db.transaction().execute(async (trx) => {
      await runTransaction(trx, async () => {
        inner += 1;
      });
    });
    expect(inner).toBe(1);
  });
});

describe('a conflict left after the retries', () => {
  it('answers 409 with Retry-After, not 500', async () => {
    // An app with a route of this test's own, throwing what a transaction left after its retries.
    const probe = await buildApp({
      config: t.config,
      database: { db: t.db, kind: t.kind, close: async () => undefined },
      webRoot: null,
      logger: false,
    });
    probe.get('/probe/deadlock', async () => {
      throw databaseError('40P01');
    });
    await probe.ready();
    try {
      const res = await probe.inject({ method: 'GET', url: '/probe/deadlock' });
      expect(res.statusCode).toBe(409);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ success: false, code: 'CONFLICT', message: BUSY_MESSAGE });
    } finally {
      await probe.close();
    }
  });
});

describe('catalog_version', () => {
  it('goes up when a transaction writing several products commits, and is seen with them', async () => {
    const version = async () =>
      Number(
        (await sql<{ version: string }>`select version from catalog_version where id = 1`.execute(t.db)).rows[0]
          ?.version,
      );
    const now = new Date().toISOString();
    const category = await t.db
      .insertInto('categories')
      .values({ name: 'Versioned', imageUrl: 'https://img.example.test/c.jpg', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await version();
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('categories').set({ name: 'Versioned 2' }).where('id', '=', category.id).execute();
      await trx.updateTable('categories').set({ name: 'Versioned 3' }).where('id', '=', category.id).execute();
    });
    const after = await version();
    expect(after).toBeGreaterThan(before);
    // PostgreSQL raises it once per transaction, at the commit (decision 0090).
    if (t.kind === 'postgres') expect(after).toBe(before + 1);
  });
});
