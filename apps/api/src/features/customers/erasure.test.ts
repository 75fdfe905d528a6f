import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { customerMessages as M } from '@haat/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDb, type DatabaseHandle } from '../../platform/db/create-db.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createPostgresDatabase, type TestApp, testDbKind } from '../../test/test-app.js';

/**
 * Issue 33 'Erasure that erases' (decision 0120, the erasure map): a customer is seeded
 * into every place the map lists (two orders with a note and an address, a status note,
 * a vendor's cancel request and the admin's answer, contact messages matched by e-mail
 * and by a phone written otherwise, one deleted, the notifications of each, the
 * activity log, an orders export's file kept a day and its parameters), then erased.
 * Afterwards their name, e-mail, phone, address and note are found nowhere: not through
 * any list, search, global search, export or job file, and not in the database's own
 * bytes (the SQLite file and its WAL read from disk; `pg_dump` of the PostgreSQL
 * database). A bystander seeded the same way stays findable in every one of them, so
 * each look is shown to find a person when there is one.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const digits = () => String(Math.floor(10_000_000 + Math.random() * 89_999_999));

/** A shopper whose every text is unique to this run. */
function person(first: string, last: string) {
  const number = digits();
  return {
    name: `${first} ${last} ${run}`,
    email: `${first.toLowerCase()}.${last.toLowerCase()}.${run}@example.test`,
    phone: `+91 97${number.slice(0, 3)} ${number.slice(3)}`,
    /** The same number as the second order and a contact message write it. */
    localPhone: `97${number}`,
    address: `${number.slice(0, 2)} ${last} Lane ${run}`,
    note: `Leave it with the guard of ${last} ${run}`,
  };
}

const meher = person('Meher', 'Zaveri');
const bystander = person('Tara', 'Bhatt');
/** Every text that identifies Meher. */
const meherTexts = [meher.name, meher.email, meher.phone, meher.localPhone, meher.address, meher.note];

let dir: string;
let database: DatabaseHandle;
let databaseUrl: string;
let drop: () => Promise<void> = async () => undefined;
let app: FastifyInstance;
let admin: FixtureUser;
let vendor: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let product: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'haat-erasure-'));
  // A file on SQLite, so its bytes (and its WAL's) can be read from disk.
  databaseUrl = `sqlite:${join(dir, 'store.db')}`;
  if (testDbKind === 'postgres') {
    const target = await createPostgresDatabase({ fromTemplate: true });
    databaseUrl = target.url;
    drop = target.drop;
  }
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    CONTACT_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '1000',
  });
  database = createDb(config.databaseUrl, { poolSize: 4 });
  await migrateToLatest(database.db);
  app = await buildApp({ config, database, webRoot: null, logger: false });
  await app.ready();
  admin = await createAdmin(database.db);
  vendor = await createVendor(database.db);
  const t: TestApp = { app, db: database.db, kind: database.kind, config, close: async () => undefined };
  kit = storeKit(t, admin);
  product = await kit.product(25_000, 1_000, vendor.vendorId as number);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: FixtureUser | null, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      ...(as ? authAs(app, as) : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: FixtureUser | null, payload?: unknown) {
  const res = await call(method, url, as, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return res;
}

type Shopper = typeof meher;

/** Places an order through the real checkout as `shopper`, the phone written as `phone`; answers its id. */
async function order(shopper: Shopper, phone: string): Promise<string> {
  const res = await ok('POST', '/api/orders', null, {
    items: [{ product, quantity: 2 }],
    billingInfo: {
      fullName: shopper.name,
      email: shopper.email,
      phone,
      note: shopper.note,
      address: { fullAddress: shopper.address, city: 'Bengaluru', province: 'Karnataka' },
    },
    paymentMethod: 'UPI',
  });
  return res.json().order._id as string;
}

/** Sends a contact message from the storefront; answers its id. */
async function contact(body: { name: string; email: string; phone?: string; message: string }): Promise<string> {
  return (await ok('POST', '/api/contacts', null, body)).json().contact._id as string;
}

/** Seeds `shopper` into every place of the erasure map; answers their orders and customer id. */
async function seedEverywhere(shopper: Shopper) {
  // Invited to the staff before they shopped (issue 36): the invitation names them.
  const invited = await call('POST', '/api/staff/admin/invitations', admin, {
    email: shopper.email,
    name: shopper.name,
    role: 'support',
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const first = await order(shopper, shopper.phone);
  const second = await order(shopper, shopper.localPhone);
  // A status note naming them, a vendor's cancel request quoting them and the admin's answer.
  await ok('PUT', '/api/orders/admin/order-status', admin, {
    orderId: first,
    status: 'Packaging',
    notes: `Called ${shopper.name} on ${shopper.phone}`,
  });
  await ok('POST', `/api/vendor/orders/${second}/cancel-request`, vendor, {
    reason: `${shopper.name} (${shopper.email}) asked us to cancel`,
  });
  const request = await database.db
    .selectFrom('orderCancelRequests')
    .select('id')
    .where('orderId', '=', Number(second))
    .executeTakeFirstOrThrow();
  await ok('POST', `/api/orders/admin/${second}/cancel-requests/${request.id}/decline`, admin, {
    reason: `Spoke to ${shopper.name} at ${shopper.address}: they keep it`,
  });
  // Contact messages: by e-mail (in another case), by the phone written otherwise, and one deleted.
  await contact({
    name: shopper.name,
    email: shopper.email.toUpperCase(),
    phone: shopper.phone,
    message: `Where is my order? I live at ${shopper.address}.`,
  });
  await contact({
    name: shopper.name,
    email: `other.${shopper.email}`,
    phone: `0${shopper.localPhone.slice(0, 5)}-${shopper.localPhone.slice(5)}`,
    message: `Please call ${shopper.name} back.`,
  });
  const deleted = await contact({ name: shopper.name, email: shopper.email, message: 'Never mind.' });
  await ok('DELETE', `/api/contacts/${deleted}`, admin);
  const customer = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', shopper.email)
    .executeTakeFirstOrThrow();
  return { orders: [first, second], customerId: customer.id };
}

/**
 * An orders export's file made before the erasure and kept a day (decision 0110): the
 * real export's CSV of `shopper`'s orders, stored as a finished job's file in two pieces
 * split inside their e-mail, with the export's search (their e-mail) in its parameters.
 */
async function exportJobOf(shopper: Shopper): Promise<number> {
  const csv = Buffer.from(
    (await ok('GET', `/api/orders/admin/orders/export?search=${encodeURIComponent(shopper.email)}`, admin)).body,
  );
  expect(csv.includes(shopper.email)).toBe(true);
  const split = csv.indexOf(shopper.email) + 5;
  const now = new Date();
  const job = await database.db
    .insertInto('jobs')
    .values({
      kind: 'export',
      ownerUserId: admin.id,
      params: JSON.stringify({
        exporter: 'order-lines',
        query: { search: shopper.email },
        actor: { userId: admin.id },
      }),
      state: 'done',
      progress: 2,
      fileName: 'order-lines.csv',
      fileBytes: csv.length,
      createdAt: now.toISOString(),
      finishedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('jobFileChunks')
    .values([
      { jobId: job.id, seq: 1, bytes: csv.subarray(0, split) },
      { jobId: job.id, seq: 2, bytes: csv.subarray(split) },
    ])
    .execute();
  return job.id;
}

/** Everything the API answers about people: lists, searches, the global search, notifications, the log, every export. */
async function everythingTheApiSays(orderIds: readonly string[], texts: readonly string[]): Promise<Answers> {
  const urls: [string, FixtureUser][] = [
    ['/api/customers/admin?limit=100', admin],
    ['/api/customers/admin/export', admin],
    ['/api/orders/admin/orders?limit=100', admin],
    ['/api/orders/admin/orders/export', admin],
    ['/api/contacts?limit=100', admin],
    ['/api/contacts', admin],
    ['/api/contacts/export', admin],
    ['/api/notifications?limit=100', admin],
    ['/api/notifications?limit=100', vendor],
    ['/api/activity?limit=100', admin],
    ['/api/activity/export', admin],
    ['/api/vendor/orders?limit=100', vendor],
    ['/api/vendor/orders/export', vendor],
  ];
  for (const id of orderIds) {
    urls.push([`/api/orders/admin/orders/${id}`, admin], [`/api/vendor/orders/${id}`, vendor]);
    urls.push([`/api/activity/order/${id}`, admin]);
  }
  for (const text of texts) {
    const q = encodeURIComponent(text);
    urls.push(
      [`/api/customers/admin?limit=100&search=${q}`, admin],
      [`/api/orders/admin/orders?limit=100&search=${q}`, admin],
      [`/api/contacts?limit=100&search=${q}`, admin],
      [`/api/search?q=${encodeURIComponent(text.slice(0, 100))}`, admin],
    );
  }
  const answers: Answers = new Map();
  for (const [url, as] of urls) {
    const res = await call('GET', url, as);
    expect(res.statusCode, `GET ${url}: ${res.body.slice(0, 300)}`).toBe(200);
    // The global search repeats the text it was asked: only its hits say what it found.
    const body = url.startsWith('/api/search') ? JSON.stringify(res.json().groups) : res.body;
    answers.set(`${as.role} GET ${url}`, body);
  }
  return answers;
}

/** Each answer's body by the call that got it. */
type Answers = Map<string, string>;

/** Which of `texts` the answers hold, each with the first call whose answer held it. */
function foundIn(answers: Answers, texts: readonly string[]): string[] {
  return texts.flatMap((text) => {
    const where = [...answers].find(([, body]) => body.includes(text));
    return where ? [`${text} (${where[0]})`] : [];
  });
}

const pgDump = promisify(execFile);

/**
 * The database's own bytes: on SQLite the file and its WAL as they are on disk; on
 * PostgreSQL `pg_dump` of the test database (data only).
 */
async function databaseBytes(): Promise<string> {
  if (database.kind === 'postgres') {
    const { stdout } = await pgDump('pg_dump', ['--data-only', '--no-owner', databaseUrl], {
      maxBuffer: 512 * 1024 * 1024,
    });
    return stdout;
  }
  const file = join(dir, 'store.db');
  const parts = [readFileSync(file)];
  if (existsSync(`${file}-wal`)) parts.push(readFileSync(`${file}-wal`));
  return Buffer.concat(parts).toString('latin1');
}

/**
 * The texts of `texts` that the planner's statistics quote: SQLite's STAT4 samples of
 * index keys, PostgreSQL's most common values and histogram bounds.
 */
async function quotedByStatistics(texts: readonly string[]): Promise<string[]> {
  const quoted: string[] = [];
  for (const text of texts) {
    const rows =
      database.kind === 'postgres'
        ? await sql`select 1 from pg_stats where schemaname = current_schema()
            and position(${text} in coalesce(most_common_vals::text, '') || coalesce(histogram_bounds::text, '')) > 0`.execute(
            database.db,
          )
        : await sql`select 1 from sqlite_stat4 where instr(sample, cast(${text} as blob)) > 0`.execute(database.db);
    if (rows.rows.length > 0) quoted.push(text);
  }
  return quoted;
}

/** The texts of `texts` that `haystack` holds (latin1 bytes of UTF-8 text match the same way: the texts are ASCII). */
const found = (haystack: string, texts: readonly string[]) => texts.filter((text) => haystack.includes(text));

describe('POST /api/customers/admin/{id}/anonymise erases the person everywhere', () => {
  it('leaves their name, e-mail, phone, address and note in no answer, export, job file or database byte', async () => {
    const seeded = await seedEverywhere(meher);
    const other = await seedEverywhere(bystander);
    const meherJob = await exportJobOf(meher);
    const bystanderJob = await exportJobOf(bystander);
    // The planner's statistics sample the tables, as (auto)ANALYZE would; on SQLite, what
    // was written so far moves from the WAL into the file, as its own checkpoints would.
    await sql`analyze`.execute(database.db);
    if (database.kind === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
    expect(await quotedByStatistics([meher.email])).toEqual([meher.email]);

    // Before: every look finds them (so a look that finds nothing afterwards means something).
    const api = await everythingTheApiSays(seeded.orders, meherTexts);
    expect(foundIn(api, meherTexts)).toHaveLength(meherTexts.length);
    expect(found(await databaseBytes(), [meher.name, meher.email, meher.note])).toEqual([
      meher.name,
      meher.email,
      meher.note,
    ]);

    const res = await call('POST', `/api/customers/admin/${seeded.customerId}/anonymise`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ customer: { name: M.anonymousName, phone: null, ordersCount: 2 } });

    // After: no answer of the API holds them; the bystander's are all still there.
    const after = await everythingTheApiSays([...seeded.orders, ...other.orders], [...meherTexts, bystander.name]);
    expect(foundIn(after, meherTexts)).toEqual([]);
    expect(foundIn(after, [bystander.name, bystander.email, bystander.phone])).toHaveLength(3);

    // Their export's file is gone (its job reads as expired, and the runner's next look
    // deletes it); the bystander's is kept whole.
    expect((await call('GET', `/api/jobs/${meherJob}/file`, admin)).statusCode).toBe(404);
    expect(await database.db.selectFrom('jobFileChunks').select('seq').where('jobId', '=', meherJob).execute()).toEqual(
      [],
    );
    const kept = await call('GET', `/api/jobs/${bystanderJob}/file`, admin);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toContain(bystander.email);

    // The inbox keeps that two messages came, without who sent them or what they said.
    const inbox = (await ok('GET', '/api/contacts?limit=100', admin)).json().contacts as {
      name: string;
      email: string;
      phone: string | null;
      message: string;
    }[];
    expect(inbox.filter((message) => message.name === M.anonymousName)).toEqual([
      expect.objectContaining({ message: M.erasedText, phone: null }),
      expect.objectContaining({ message: M.erasedText, phone: null }),
    ]);

    // Nor do the database's statistics or its own bytes hold them, while they hold the bystander.
    expect(await quotedByStatistics(meherTexts)).toEqual([]);
    expect(await quotedByStatistics([bystander.email])).toEqual([bystander.email]);
    const bytes = await databaseBytes();
    expect(found(bytes, meherTexts)).toEqual([]);
    expect(found(bytes, [bystander.name, bystander.email, bystander.note])).toEqual([
      bystander.name,
      bystander.email,
      bystander.note,
    ]);
  });

  it('a checkout with the anonymised address is refused, and one with their old address makes a new customer', async () => {
    const again = person('Ira', 'Kapoor');
    const { customerId } = await seedEverywhere(again);
    expect((await call('POST', `/api/customers/admin/${customerId}/anonymise`, admin)).statusCode).toBe(200);

    const refused = await call('POST', '/api/orders', null, {
      items: [{ product, quantity: 1 }],
      billingInfo: {
        fullName: again.name,
        email: `anonymised-${customerId}@anonymised.invalid`,
        phone: again.phone,
        note: null,
        address: { fullAddress: again.address, city: 'Pune', province: 'Maharashtra' },
      },
      paymentMethod: 'UPI',
    });
    expect(refused.statusCode).toBe(400);

    const fresh = await order(again, again.phone);
    const placed = await database.db
      .selectFrom('orders')
      .select('userId')
      .where('id', '=', Number(fresh))
      .executeTakeFirstOrThrow();
    expect(placed.userId).not.toBe(customerId);
    const anonymised = await database.db
      .selectFrom('orders')
      .select(['billingFullName', 'billingEmail'])
      .where('userId', '=', customerId)
      .execute();
    expect(anonymised.every((row) => row.billingFullName === M.anonymousName)).toBe(true);
  });
});
