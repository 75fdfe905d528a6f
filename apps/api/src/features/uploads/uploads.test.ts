import { request as httpRequest } from 'node:http';
import { IMAGE_MAX_EDGE, uploadMessages as M, THUMBNAIL_EDGE, UPLOAD_MAX_BYTES } from '@haat/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { BROKEN_PNG, IMAGES, LARGE_PNG, OTHER_PNG, PHOTO_WITH_EXIF, pngOfSize } from '../../test/images.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sniffImageType } from './uploads.service.js';

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;

function upload(as: FixtureUser | null, payload: Buffer | string, contentType = 'application/octet-stream') {
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...(as ? authAs(t.app, as) : {}), 'content-type': contentType },
    payload,
  });
}

async function countRows(): Promise<number> {
  const row = await t.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
});
afterAll(() => t.close());

describe('sniffImageType', () => {
  it('reads the type from the first bytes only', () => {
    expect(sniffImageType(IMAGES.png)).toBe('image/png');
    expect(sniffImageType(IMAGES.jpeg)).toBe('image/jpeg');
    expect(sniffImageType(IMAGES.gif)).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(IMAGES.webp)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('POST /api/uploads', () => {
  it('answers 401 to anonymous, storing nothing; a vendor uploads as an admin does, the image theirs', async () => {
    expect((await upload(null, IMAGES.png, 'image/png')).statusCode).toBe(401);
    expect(await countRows()).toBe(0);
    const res = await upload(vendor, IMAGES.png, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db
      .selectFrom('uploads')
      .select('ownerUserId')
      .where('id', '=', Number(res.json()._id))
      .executeTakeFirstOrThrow();
    expect(row.ownerUserId).toBe(vendor.id);
  });

  for (const [name, bytes] of Object.entries(IMAGES)) {
    it(`stores a ${name} image re-encoded as WebP, with a thumbnail, both served with a long cache header`, async () => {
      const res = await upload(admin, bytes, name === 'jpeg' ? 'image/jpeg' : 'application/octet-stream');
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: M.uploaded, contentType: 'image/webp' });
      expect(body.url).toBe(`/api/uploads/${body._id}`);
      const served = await t.app.inject({ method: 'GET', url: body.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.length).toBe(body.size);
      expect(sniffImageType(served.rawPayload)).toBe('image/webp');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 40, height: 30 });

      const thumbnail = await t.app.inject({ method: 'GET', url: `${body.url}/thumbnail` });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      expect(thumbnail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
        width: THUMBNAIL_EDGE,
        height: THUMBNAIL_EDGE,
      });
    });
  }

  it('drops EXIF and GPS, turning the photo upright by its orientation first', async () => {
    expect((await sharp(PHOTO_WITH_EXIF).metadata()).exif).toBeDefined();
    const res = await upload(admin, PHOTO_WITH_EXIF, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 20, height: 60 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('HaatTestCamera'))).toBe(false);
  });

  it(`scales an image down to ${IMAGE_MAX_EDGE} px on its longer edge, keeping its shape`, async () => {
    const res = await upload(admin, LARGE_PNG, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: IMAGE_MAX_EDGE, height: 400 });
  });

  it('refuses bytes that start as a PNG but cannot be read with 415, storing nothing', async () => {
    const before = await countRows();
    const res = await upload(admin, BROKEN_PNG, 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: M.unreadable });
    expect(await countRows()).toBe(before);
  });

  it('answers an image stored before thumbnails were made for its thumbnail', async () => {
    const id = await t.db
      .insertInto('uploads')
      .values({
        contentType: 'image/png',
        byteSize: OTHER_PNG.length,
        sha256: 'stored-before-thumbnails',
        data: OTHER_PNG,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const thumbnail = await t.app.inject({ method: 'GET', url: `/api/uploads/${id.id}/thumbnail` });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/png');
    expect(thumbnail.rawPayload.equals(OTHER_PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/2147483647/thumbnail' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/2147483648/thumbnail' })).statusCode).toBe(400);
  });

  it('keeps one row for the same bytes uploaded twice', async () => {
    const first = (await upload(admin, IMAGES.png)).json();
    const before = await countRows();
    const second = (await upload(admin, IMAGES.png, 'image/png')).json();
    expect(second._id).toBe(first._id);
    expect(await countRows()).toBe(before);
  });

  const refusals: Array<[string, Buffer | string, string, number, string]> = [
    ['text', 'hello, not an image', 'text/plain', 415, M.notImage],
    ['JSON', '{"image":"x"}', 'application/json', 415, M.notImage],
    [
      'an SVG',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
      415,
      M.typeMismatch,
    ],
    ['HTML named a PNG', '<html><script>alert(1)</script></html>', 'image/png', 415, M.typeMismatch],
    ['a JPEG named a PNG', IMAGES.jpeg, 'image/png', 415, M.typeMismatch],
    ['an empty body', Buffer.alloc(0), 'image/png', 400, M.empty],
  ];
  for (const [what, payload, type, status, message] of refusals) {
    it(`refuses ${what} with ${status} '${message}', storing nothing`, async () => {
      const before = await countRows();
      const res = await upload(admin, payload, type);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ success: false, message });
      expect(await countRows()).toBe(before);
    });
  }

  it('refuses an image over 2 MB with 413, storing nothing, and takes one of exactly 2 MB', async () => {
    const before = await countRows();
    const res = await upload(admin, pngOfSize(UPLOAD_MAX_BYTES + 1), 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', message: M.tooLarge });
    expect(await countRows()).toBe(before);
    expect((await upload(admin, pngOfSize(UPLOAD_MAX_BYTES), 'image/png')).statusCode).toBe(201);
  });
});

/** A `multipart/form-data` body holding `bytes` as a file in `field`, as a browser form or `curl -F` sends it. */
async function form(field: string, bytes: Buffer, type = 'image/png', extra: Record<string, string> = {}) {
  const data = new FormData();
  for (const [name, value] of Object.entries(extra)) data.append(name, value);
  data.append(field, new Blob([bytes], { type }), 'photo.png');
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

describe('POST /api/uploads as a form (issue 23: multipart/form-data)', () => {
  it.each(['file', 'image'])('stores the image sent in the form field %s, as the raw bytes would be', async (field) => {
    const body = await form(field, IMAGES.webp, 'image/webp', { caption: 'a note' });
    const res = await upload(admin, body.payload, body.contentType);
    expect(res.statusCode).toBe(201);
    const raw = await upload(admin, IMAGES.webp, 'image/webp');
    expect(res.json()).toMatchObject({ success: true, contentType: 'image/webp', _id: raw.json()._id });
  });

  it('refuses a form without the file in file or image with 400, storing nothing', async () => {
    const before = await countRows();
    const body = await form('attachment', IMAGES.png);
    const res = await upload(admin, body.payload, body.contentType);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: M.noFormFile });
    const broken = await upload(admin, Buffer.from('--x\r\nnot a form'), 'multipart/form-data; boundary=x');
    expect(broken.statusCode).toBe(400);
    expect((await upload(admin, 'a', 'multipart/form-data')).statusCode).toBe(400);
    expect(await countRows()).toBe(before);
  });

  it('checks the file in a form as it checks raw bytes: its type by its content, at most 2 MB', async () => {
    const before = await countRows();
    const fake = await form('file', Buffer.from('<svg/>'), 'image/png');
    expect((await upload(admin, fake.payload, fake.contentType)).json()).toMatchObject({ message: M.typeMismatch });
    const big = await form('file', pngOfSize(UPLOAD_MAX_BYTES + 1));
    const res = await upload(admin, big.payload, big.contentType);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: M.tooLarge });
    expect(await countRows()).toBe(before);
  });
});

/**
 * Sends `size` bytes to a listening app as a client would, a chunk at a time, and
 * answers what the client saw once the exchange is over: the status and body, and the
 * error the socket met while sending, if any (a reset connection: EPIPE, ECONNRESET).
 */
function sendOverSocket(port: number, path: string, headers: Record<string, string>, size: number) {
  return new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
    const seen: { status?: number; body?: string; error?: string } = {};
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-length': String(size) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          seen.status = res.statusCode;
          seen.body = body;
        });
      },
    );
    req.on('error', (error) => {
      seen.error = error.message;
    });
    req.on('close', () => setTimeout(() => resolve(seen), 50));
    const chunk = Buffer.alloc(64 * 1024, 1);
    let sent = 0;
    const write = () => {
      while (sent < size && !seen.error) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

describe('a body over the limit, over a real connection (issue 23)', () => {
  it('reaches the client still sending it as a 413 with the message, not a reset connection', async () => {
    const served = await createTestApp();
    try {
      const user = await createAdmin(served.db);
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const address = served.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const headers = authAs(served.app, user);
      const image = await sendOverSocket(port, '/api/uploads', { ...headers, 'content-type': 'image/png' }, 12_000_000);
      expect(image).toEqual({ status: 413, body: expect.any(String) });
      expect(JSON.parse(image.body ?? '{}')).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: M.tooLarge });
      const json = await sendOverSocket(
        port,
        '/api/categories/create',
        { ...headers, 'content-type': 'application/json' },
        6_000_000,
      );
      expect(json).toEqual({ status: 413, body: expect.any(String) });
      expect(JSON.parse(json.body ?? '{}')).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    } finally {
      await served.close();
    }
  });
});

describe('GET /api/uploads/:id', () => {
  it('answers 404 to an unknown id and 400 to ids past 32 bits or malformed', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/2147483647' })).statusCode).toBe(404);
    for (const id of ['2147483648', '1e3', 'x', '0']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${id}` })).statusCode, id).toBe(400);
    }
  });
});

describe("a vendor's storage limit (issue 27)", () => {
  it('refuses an upload past VENDOR_UPLOAD_LIMIT_MB with 413 naming the limit; other vendors and admins are not held', async () => {
    const limited = await createTestApp({ VENDOR_UPLOAD_LIMIT_MB: '1' });
    try {
      const owner = await createVendor(limited.db, { email: 'full.vendor@example.test' });
      const other = await createVendor(limited.db, { email: 'other.vendor@example.test' });
      const staff = await createAdmin(limited.db);
      // Random pixels do not compress: each image keeps most of its bytes as WebP.
      const noise = (seed: number) =>
        sharp(Buffer.from(Array.from({ length: 400 * 400 * 3 }, (_, i) => (i * 7919 + seed * 104_729) % 251)), {
          raw: { width: 400, height: 400, channels: 3 },
        })
          .png()
          .toBuffer();
      const send = async (as: FixtureUser, bytes: Buffer) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: { ...authAs(limited.app, as), 'content-type': 'image/png' },
          payload: bytes,
        });
      let seed = 0;
      let refused = await send(owner, await noise(seed));
      while (refused.statusCode === 201 && seed < 40) {
        seed += 1;
        refused = await send(owner, await noise(seed));
      }
      expect(refused.statusCode, refused.body).toBe(413);
      expect(refused.json()).toEqual({ success: false, code: 'PAYLOAD_TOO_LARGE', message: M.storageFull(1) });
      const used = await limited.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.sum<number | string>('byteSize').as('bytes'))
        .where('ownerUserId', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(Number(used.bytes)).toBeLessThanOrEqual(1024 * 1024);
      expect(Number(used.bytes)).toBeGreaterThan(0);
      expect((await send(other, await noise(seed))).statusCode).toBe(201);
      expect((await send(staff, await noise(seed + 1))).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
