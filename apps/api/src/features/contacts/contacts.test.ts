import { type Contact, contactMessages as M } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { hostileBodies } from '../../test/hostile-bodies.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: FixtureUser | null,
  payload?: unknown,
  ip?: string,
) {
  return t.app.inject({
    method,
    url,
    ...(ip && { remoteAddress: ip }),
    headers: { ...(as ? authAs(t.app, as) : {}), ...(payload !== undefined && { 'content-type': 'application/json' }) },
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });
}

let sequence = 0;
async function post(overrides: Record<string, unknown> = {}): Promise<Contact> {
  const n = ++sequence;
  const res = await call('POST', '/api/contacts', null, {
    name: `Person ${n}`,
    email: `person${n}@example.test`,
    phone: '+91 98765 43210',
    message: `Message number ${n}`,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().contact;
}

async function countRows(): Promise<number> {
  const row = await t.db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp({ CONTACT_RATE_LIMIT: '1000' });
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
});
afterAll(() => t.close());

describe('POST /api/contacts', () => {
  it('stores a message from anyone and answers 201 with it', async () => {
    const res = await call('POST', '/api/contacts', null, {
      name: '  Asha Rao ',
      email: 'asha@example.test',
      message: 'Do you deliver to Kochi?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: M.received,
      contact: { name: 'Asha Rao', email: 'asha@example.test', phone: null, message: 'Do you deliver to Kochi?' },
    });
  });

  const refusals: Array<[unknown, string]> = [
    [{ email: 'a@b.co', message: 'Hi' }, M.nameRequired],
    [{ name: ' ', email: 'a@b.co', message: 'Hi' }, M.nameRequired],
    [{ name: 'A', message: 'Hi' }, M.emailRequired],
    [{ name: 'A', email: 'not-an-email', message: 'Hi' }, M.emailInvalid],
    [{ name: 'A', email: 'a@b.co', phone: 'call me', message: 'Hi' }, M.phoneInvalid],
    [{ name: 'A', email: 'a@b.co' }, M.messageRequired],
    [{ name: 'A', email: 'a@b.co', message: '' }, M.messageRequired],
    [{ name: 'A\u0000B', email: 'a@b.co', message: 'Hi' }, 'Must not contain NUL characters'],
    [{ name: 'A', email: 'a@b.co', message: 'Hi\u0000' }, 'Must not contain NUL characters'],
  ];
  for (const [body, message] of refusals) {
    it(`answers 400 '${message}' to ${JSON.stringify(body)}, storing nothing`, async () => {
      const before = await countRows();
      const res = await call('POST', '/api/contacts', null, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.json().message).toContain(message);
      expect(await countRows()).toBe(before);
    });
  }

  // Hundreds of requests one after another: well within 20 s on a quiet machine, not always on a loaded one.
  it('never answers 5xx to arbitrary bodies', { timeout: 120_000 }, async () => {
    for (const body of hostileBodies(['name', 'email', 'phone', 'message'], 120)) {
      const res = await call('POST', '/api/contacts', null, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBeLessThan(500);
    }
  });

  it('refuses null, a number, a string and an array as the body with 400', async () => {
    for (const body of [null, 7, 'hello', []]) {
      const res = await call('POST', '/api/contacts', null, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('limits messages per IP address with 429 and its message, counting other addresses apart', async () => {
    const limited = await createTestApp({ CONTACT_RATE_LIMIT: '2' });
    try {
      const send = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/contacts',
          remoteAddress: ip,
          payload: { name: 'Spam', email: 'spam@example.test', message: 'Buy now' },
        });
      expect((await send('203.0.113.5')).statusCode).toBe(201);
      expect((await send('203.0.113.5')).statusCode).toBe(201);
      const third = await send('203.0.113.5');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: M.tooMany });
      expect((await send('203.0.113.6')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/contacts', () => {
  it('answers 401 to anonymous and 403 to a vendor', async () => {
    expect((await call('GET', '/api/contacts', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/contacts', vendor)).statusCode).toBe(403);
    expect((await call('GET', '/contacts', vendor)).statusCode).toBe(403);
  });

  it('lists every message newest first without limit, also at the spec path /contacts', async () => {
    const a = await post();
    const b = await post();
    for (const url of ['/api/contacts', '/contacts']) {
      const res = await call('GET', url, admin);
      expect(res.statusCode).toBe(200);
      const ids = res.json().contacts.map((contact: Contact) => contact._id);
      expect(ids.indexOf(b._id)).toBeLessThan(ids.indexOf(a._id));
      expect(res.json().total).toBeUndefined();
    }
  });

  it('pages by keyset with the total, visiting every message once', async () => {
    for (let i = 0; i < 5; i++) await post();
    const all = (await call('GET', '/api/contacts', admin)).json().contacts as Contact[];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/contacts?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', url, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(all.length);
      seen.push(...res.json().contacts.map((contact: Contact) => contact._id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((contact) => contact._id));
  });

  it('searches name, e-mail, message and phone, case-insensitively, in pages too', async () => {
    const byName = await post({ name: 'Zubin Kapadia' });
    const byEmail = await post({ email: 'quirky.mail@example.test' });
    const byMessage = await post({ message: 'Is the Xylophone in stock?' });
    const byPhone = await post({ phone: '+91 70000 11111' });
    const cases: Array<[string, string]> = [
      ['zubin', byName._id],
      ['QUIRKY.MAIL', byEmail._id],
      ['xylophone', byMessage._id],
      ['70000 111', byPhone._id],
    ];
    for (const [search, id] of cases) {
      const res = await call('GET', `/api/contacts?search=${encodeURIComponent(search)}&limit=10`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().contacts.map((contact: Contact) => contact._id)).toEqual([id]);
      expect(res.json().total).toBe(1);
    }
    const none = await call('GET', '/api/contacts?search=%25_%5C&limit=10', admin);
    expect(none.json()).toMatchObject({ contacts: [], total: 0, nextCursor: null });
  });

  it('refuses a bad cursor, a limit over 200 and a NUL in the search with 400', async () => {
    const forged = (key: unknown, id: unknown = 1) =>
      Buffer.from(JSON.stringify(['newest', key, id])).toString('base64url');
    for (const query of [
      'cursor=nonsense&limit=5',
      'limit=201',
      'search=%00',
      `cursor=${forged('not a time')}&limit=5`,
      `cursor=${forged('2026-01-01T00:00:00.000Z\u0000')}&limit=5`,
      `cursor=${forged('2026-01-01T00:00:00.000Z', 2 ** 40)}&limit=5`,
      `cursor=${forged(12)}&limit=5`,
    ]) {
      const res = await call('GET', `/api/contacts?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/contacts/:id and DELETE /api/contacts/:id', () => {
  it('answers one message to an admin, 401/403 to others', async () => {
    const contact = await post();
    expect((await call('GET', `/api/contacts/${contact._id}`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/contacts/${contact._id}`, vendor)).statusCode).toBe(403);
    const res = await call('GET', `/api/contacts/${contact._id}`, admin);
    expect(res.json()).toEqual({ success: true, contact });
  });

  it('deletes for an admin only, then answers 404', async () => {
    const contact = await post();
    expect((await call('DELETE', `/api/contacts/${contact._id}`, null)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/contacts/${contact._id}`, vendor)).statusCode).toBe(403);
    const res = await call('DELETE', `/contacts/${contact._id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.deleted });
    const again = await call('DELETE', `/api/contacts/${contact._id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, message: M.notFound });
  });

  it('answers 400 to ids past 32 bits or malformed, 404 to an unknown one', async () => {
    for (const id of ['2147483648', '99999999999999999999', '-1', '0', 'abc', '1.5']) {
      expect((await call('GET', `/api/contacts/${id}`, admin)).statusCode, id).toBe(400);
      expect((await call('DELETE', `/api/contacts/${id}`, admin)).statusCode, id).toBe(400);
    }
    expect((await call('GET', '/api/contacts/2147483647', admin)).statusCode).toBe(404);
  });
});

describe('PUT /api/contacts/:id/handled', () => {
  it('marks a message handled and back, filters the inbox to those not handled, and is for admins only', async () => {
    const first = await post();
    const second = await post();
    expect(first.handledAt).toBeNull();
    expect((await call('PUT', `/api/contacts/${first._id}/handled`, null, { handled: true })).statusCode).toBe(401);
    expect((await call('PUT', `/api/contacts/${first._id}/handled`, vendor, { handled: true })).statusCode).toBe(403);
    for (const bad of [{}, { handled: 'yes' }, null])
      expect((await call('PUT', `/api/contacts/${first._id}/handled`, admin, bad)).statusCode).toBe(400);
    expect((await call('PUT', '/api/contacts/999999/handled', admin, { handled: true })).statusCode).toBe(404);

    const marked = await call('PUT', `/api/contacts/${first._id}/handled`, admin, { handled: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().message).toBe(M.markedHandled);
    expect(marked.json().contact.handledAt).toEqual(expect.any(String));
    const waiting = (await call('GET', '/api/contacts?handled=false&limit=200', admin)).json().contacts as Contact[];
    expect(waiting.map((c) => c._id)).toContain(second._id);
    expect(waiting.map((c) => c._id)).not.toContain(first._id);

    const back = await call('PUT', `/api/contacts/${first._id}/handled`, admin, { handled: false });
    expect(back.json()).toMatchObject({ message: M.markedWaiting, contact: { handledAt: null } });
    const again = (await call('GET', '/api/contacts?handled=false&limit=200', admin)).json().contacts as Contact[];
    expect(again.map((c) => c._id)).toContain(first._id);
    expect((await call('GET', '/api/contacts?handled=maybe', admin)).statusCode).toBe(400);
  });
});

describe('GET /api/contacts/export', () => {
  it('is for admins only', async () => {
    expect((await call('GET', '/api/contacts/export', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/contacts/export', vendor)).statusCode).toBe(403);
  });

  it('answers a CSV with a BOM of every message the search selects, newest first, formulas neutralised', async () => {
    const tag = `exp${Date.now().toString(36)}`;
    const first = await post({ name: `=HYPERLINK("evil") ${tag}`, message: `first ${tag}` });
    const second = await post({
      name: `Anaya Sharma ${tag}`,
      message: `second, "quoted" ${tag}`,
      phone: '+91 98765 00000',
    });
    await post({ message: 'not selected' });
    const res = await call('GET', `/api/contacts/export?search=${tag}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,Received,Name,Email,Phone,Message');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${second._id},`);
    expect(lines[1]).toContain(`"second, ""quoted"" ${tag}"`);
    expect(lines[1]).toContain("'+91 98765 00000");
    expect(lines[2]).toContain(`${first._id},`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""evil"") ${tag}"`);
    expect(lines[2]).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
  });

  it("exports only the waiting messages with the inbox's handled=false filter", async () => {
    const tag = `wait${Date.now().toString(36)}`;
    const waiting = await post({ message: `waiting ${tag}` });
    const handled = await post({ message: `handled ${tag}` });
    expect((await call('PUT', `/api/contacts/${handled._id}/handled`, admin, { handled: true })).statusCode).toBe(200);
    const res = await call('GET', `/api/contacts/export?search=${tag}&handled=false`, admin);
    const ids = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(ids).toEqual([waiting._id]);
  });

  it('answers the header alone when nothing matches, and 400 to a search past 100 characters', async () => {
    const empty = await call('GET', '/api/contacts/export?search=no-such-message-anywhere', admin);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('\uFEFFID,Received,Name,Email,Phone,Message\r\n');
    expect((await call('GET', `/api/contacts/export?search=${'x'.repeat(101)}`, admin)).statusCode).toBe(400);
  });
});

describe('GET /api/contacts/export across read batches', () => {
  it('writes every one of 2,005 matching messages once, newest first, including same-instant ties', async () => {
    const tag = `bulk${Date.now().toString(36)}`;
    const at = '2026-01-01T00:00:00.000Z';
    const rows = Array.from({ length: 2005 }, (_, i) => ({
      name: `Row ${i}`,
      email: `row${i}@example.test`,
      phone: null,
      message: `${tag} ${i}`,
      // Many rows share one instant so the keyset's id tie-break is exercised across batches.
      createdAt: i % 2 === 0 ? at : `2026-01-01T00:00:0${i % 10 === 1 ? 1 : 2}.000Z`,
      updatedAt: at,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('contacts')
        .values(rows.slice(i, i + 500))
        .execute();
    const res = await call('GET', `/api/contacts/export?search=${tag}`, admin);
    expect(res.statusCode).toBe(200);
    const ids = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(ids).toHaveLength(2005);
    expect(new Set(ids).size).toBe(2005);
  });
});
