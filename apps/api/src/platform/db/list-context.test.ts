import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { authAs, createAdmin, type FixtureUser } from '../../test/fixtures.js';
import { createOrder } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

/**
 * Decision 0085: an app's list bounds (`UNPAGED_LIST_LIMIT`, `LIST_COUNT_BOUND`) are its
 * own, not the process's. Two apps are built in this process, one after the other, over
 * the same database (so the same rows) with different bounds; each answers by its own,
 * whichever was built last and in whatever order they are asked.
 */

let small: TestApp;
let large: FastifyInstance;
let admin: FixtureUser;

beforeAll(async () => {
  small = await createTestApp({ UNPAGED_LIST_LIMIT: '3', LIST_COUNT_BOUND: '2' });
  // Built second: a process-wide setting would now be this app's for both.
  large = await buildApp({
    config: { ...small.config, unpagedListLimit: 10, listCountBound: 8 },
    database: { db: small.db, kind: small.kind, close: async () => undefined },
    webRoot: null,
    logger: false,
  });
  await large.ready();
  admin = await createAdmin(small.db);
  for (let i = 0; i < 4; i++) {
    await createOwnedProduct(small.db, null);
    await createOrder(small.db);
  }
});
afterAll(async () => {
  await large.close();
  await small.close();
});

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, headers: authAs(app, admin) });

describe('two apps in one process, each with its own list bounds', () => {
  it('refuses an unpaged list past its own UNPAGED_LIST_LIMIT only', async () => {
    for (const url of ['/api/products/admin/all', '/api/orders/admin/orders']) {
      const refused = await get(small.app, url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toContain('more than the 3');
      const answered = await get(large, url);
      expect(answered.statusCode, url).toBe(200);
    }
    expect((await get(large, '/api/products/admin/all')).json().products).toHaveLength(4);
    expect((await get(large, '/api/orders/admin/orders')).json().orders).toHaveLength(4);
  });

  it("counts a page's total up to its own LIST_COUNT_BOUND only", async () => {
    for (const url of [
      '/api/products/admin/all?limit=1',
      '/api/products/admin/all?limit=1&search=owned',
      '/api/orders/admin/orders?limit=1',
      '/api/orders/admin/orders?limit=1&search=trk',
    ]) {
      const bounded = (await get(small.app, url)).json();
      expect(bounded, url).toMatchObject({ total: 2, totalRelation: 'gte' });
      const exact = (await get(large, url)).json();
      expect(exact, url).toMatchObject({ total: 4, totalRelation: 'eq' });
      // And the first app again, after the second answered.
      expect((await get(small.app, url)).json(), url).toMatchObject({ total: 2, totalRelation: 'gte' });
    }
  });
});
