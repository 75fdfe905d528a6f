import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * What the server sends besides the body (issue 11): cache policy for signed-in
 * answers, HSTS when asked for, compressed JSON and web files, no public source maps,
 * and tokens verified with one pinned algorithm and a required expiry.
 */

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed with the test app's own secret, with the header and claims given. */
function signToken(header: object, claims: object, hmac: 'sha256' | 'sha512' = 'sha256'): string {
  const head = `${base64url(header)}.${base64url(claims)}`;
  return `${head}.${createHmac(hmac, SECRET).update(head).digest('base64url')}`;
}

let t: TestApp;
let admin: { authorization: string };
let adminId: number;
let web: string;

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'haat-web-'));
  mkdirSync(join(web, 'assets'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Haat</title>');
  writeFileSync(join(web, 'assets', 'app.js'), script);
  // The build's copy is told apart from one compressed on the fly by its marker.
  writeFileSync(join(web, 'assets', 'app.js.br'), brotliCompressSync(`${script}// built\n`));
  writeFileSync(join(web, 'assets', 'app.js.map'), '{"version":3}');
  t = await createTestApp({}, { webRoot: web });
  const user = await createAdmin(t.db);
  adminId = user.id;
  admin = authAs(t.app, user);
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('Cache-Control', () => {
  it('is no-store on a signed-in JSON answer, also an error', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/api/products/999', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('is left alone on an anonymous public answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('keeps the web files long-lived', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

// The web files are looked up on request, not listed at start (decision 0096): what is
// no file must still reach the not-found handler as before.
describe('the web app beside the API', () => {
  it("answers a screen's path with index.html, to be routed in the browser", async () => {
    for (const url of ['/', '/admin/dashboard', '/admin/products/edit/12?tab=images']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<!doctype html><title>Haat</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404 JSON to an unknown /api path and to a file that is not there', async () => {
    for (const url of ['/api/no-such-thing', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('serves nothing from outside the web root', async () => {
    for (const url of ['/admin/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc/passwd']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toMatch(/root:/);
      expect([200, 403, 404], url).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.body, url).toBe('<!doctype html><title>Haat</title>');
    }
  });

  it('answers 404 to a write to a file', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/assets/app.js', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent for a year when HSTS=true', async () => {
    const behindTls = await createTestApp({ HSTS: 'true' });
    try {
      const res = await behindTls.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await behindTls.close();
    }
  });
});

describe('compression', () => {
  it('compresses a large JSON answer with brotli or gzip, as the client accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the web files compressed at build time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toMatch(/console\.log.*\n\/\/ built\n$/s);
  });
});

describe('source maps', () => {
  it('are not served by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"version":3');
  });

  it('are served when SERVE_SOURCE_MAPS=true', async () => {
    const debugging = await createTestApp({ SERVE_SOURCE_MAPS: 'true' }, { webRoot: web });
    try {
      const res = await debugging.app.inject({ method: 'GET', url: '/assets/app.js.map' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"version":3}');
    } finally {
      await debugging.close();
    }
  });
});

describe('session tokens', () => {
  const now = () => Math.floor(Date.now() / 1000);
  // As issueToken signs them: the account's token version (0 for a new account) and an id.
  const claims = () => ({
    sub: String(adminId),
    role: 'admin',
    ver: 0,
    jti: randomUUID(),
    iat: now(),
    exp: now() + 3600,
  });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

  it('are taken when signed with HS256 and the server secret, with an expiry', async () => {
    const res = await me(signToken({ alg: 'HS256', typ: 'JWT' }, claims()));
    expect(res.statusCode).toBe(200);
  });

  it('are refused when signed with another algorithm, even with the server secret', async () => {
    const res = await me(signToken({ alg: 'HS512', typ: 'JWT' }, claims(), 'sha512'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('are refused without an expiry', async () => {
    const { exp: _exp, ...forever } = claims();
    const res = await me(signToken({ alg: 'HS256', typ: 'JWT' }, forever));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('are refused with alg none', async () => {
    const res = await me(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims())}.`);
    expect(res.statusCode).toBe(401);
  });
});
