import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 23: an order detail for a malformed id must show the app's 'Order Not Found'
 * (spec section 4), so every address under `/admin/` is the app's page, even one that
 * ends like a file name (`/admin/orders/1.5`); a missing file elsewhere stays a 404.
 */

let t: TestApp;
let web: string;

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'haat-spa-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Haat</title>');
  t = await createTestApp({}, { webRoot: web });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('screens under /admin/', () => {
  it.each(['/admin/orders/1.5', '/admin/orders/abc', '/admin/orders/7.json', '/admin/orders/2147483648'])(
    'serves the app for %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    },
  );

  it('still answers 404 to a missing file outside /admin/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });
});
