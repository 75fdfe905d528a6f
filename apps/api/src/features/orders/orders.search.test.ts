import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersTable } from '../../platform/db/schema.js';
import { authAs, createAdmin, createCustomer, type FixtureUser } from '../../test/fixtures.js';
import { createOrder } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The order search is served by an index of its own (SQLite: the FTS5 table
 * `orders_search`, kept by triggers; PostgreSQL: pg_trgm indexes), and SQLite finds a
 * searched page by one of several plans. These tests hold every answer to what the
 * search means: the tracking number, the billing e-mail or the account's e-mail
 * contains the text, in any case, each character literally; newest first; the total
 * over all pages. The expected answers are computed here from the rows as written.
 */

type Status = OrdersTable['status'];

interface Row {
  id: number;
  trackingNumber: string;
  billingEmail: string;
  userId: number | null;
  status: Status;
  createdAt: string;
}

/** What the test wrote: the orders and the accounts' e-mails. */
interface Store {
  t: TestApp;
  admin: FixtureUser;
  orders: Row[];
  emails: Map<number, string>;
}

const contains = (value: string | undefined, text: string) =>
  value?.toLowerCase().includes(text.toLowerCase()) === true;

/** The orders the search must answer, newest first. */
function expected(store: Store, text: string, status?: Status): string[] {
  return store.orders
    .filter((o) => status === undefined || o.status === status)
    .filter(
      (o) =>
        contains(o.trackingNumber, text) ||
        contains(o.billingEmail, text) ||
        contains(o.userId === null ? undefined : store.emails.get(o.userId), text),
    )
    .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1))
    .map((o) => o.trackingNumber);
}

/**
 * Asks the list for `text` (and `status`) unpaged and then page by page with each of
 * `limits`, checking every page's total, and expects the orders `expected` computes.
 */
async function expectSearch(store: Store, text: string, status?: Status, limits: number[] = [2, 50]) {
  const want = expected(store, text, status);
  const query = `search=${encodeURIComponent(text)}${status ? `&status=${encodeURIComponent(status)}` : ''}`;
  const get = (url: string) =>
    store.t.app.inject({ method: 'GET', url, headers: authAs(store.t.app, store.admin) }).then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    });
  const unpaged = await get(`/api/orders/admin/orders?${query}`);
  expect(
    unpaged.orders.map((o: { trackingNumber: string }) => o.trackingNumber),
    `unpaged ${text}`,
  ).toEqual(want);
  for (const limit of limits) {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body = await get(`/api/orders/admin/orders?${query}&${page}`);
      expect(body.total, `total of ${text} ${status ?? ''}`).toBe(want.length);
      seen.push(...body.orders.map((o: { trackingNumber: string }) => o.trackingNumber));
      cursor = body.nextCursor;
    } while (cursor && seen.length <= want.length);
    expect(seen, `pages of ${limit} of ${text} ${status ?? ''}`).toEqual(want);
  }
}

async function openStore(): Promise<Store> {
  const t = await createTestApp();
  return { t, admin: await createAdmin(t.db), orders: [], emails: new Map() };
}

async function addCustomer(store: Store, email: string) {
  const customer = await createCustomer(store.t.db, { email });
  store.emails.set(customer.id, email);
  return customer;
}

async function addOrder(store: Store, row: Omit<Row, 'id'>): Promise<Row> {
  const made = await createOrder(store.t.db, { ...row, history: [] });
  const order = { ...row, id: made.id };
  store.orders.push(order);
  return order;
}

const at = (day: number, minute = 0) => new Date(Date.UTC(2026, 9, day, 10, minute)).toISOString();

describe('GET /api/orders/admin/orders?search= after orders and accounts change', () => {
  let store: Store;
  let asha: FixtureUser;
  let ravi: FixtureUser;

  beforeAll(async () => {
    store = await openStore();
    asha = await addCustomer(store, 'asha.verma@example.test');
    ravi = await addCustomer(store, 'ravi.nair@example.test');
    await addOrder(store, {
      trackingNumber: 'HT261001AAA111',
      billingEmail: 'asha.verma@example.test',
      userId: asha.id,
      status: 'Delivered',
      createdAt: at(1),
    });
    await addOrder(store, {
      trackingNumber: 'HT261002BBB222',
      billingEmail: 'office@acme.example.test',
      userId: ravi.id,
      status: 'Packaging',
      createdAt: at(2),
    });
  });
  afterAll(() => store.t.close());

  it('finds an order written after the migration, by each of its texts', async () => {
    await addOrder(store, {
      trackingNumber: 'HT261003NEW333',
      billingEmail: 'gift.desk@shop.example.test',
      userId: asha.id,
      status: 'Order Placed',
      createdAt: at(3),
    });
    for (const text of ['new333', 'NEW', 'gift.desk', 'asha.verma', 'w3', 'HT2610']) await expectSearch(store, text);
    await expectSearch(store, 'asha', 'Order Placed');
  });

  it('finds an order by its new tracking number, and no longer by its old one', async () => {
    const order = await addOrder(store, {
      trackingNumber: 'HT261004OLD444',
      billingEmail: 'ravi.nair@example.test',
      userId: ravi.id,
      status: 'Order Placed',
      createdAt: at(4),
    });
    await expectSearch(store, 'old444');
    await store.t.db
      .updateTable('orders')
      .set({ trackingNumber: 'HT261004FRESH9' })
      .where('id', '=', order.id)
      .execute();
    order.trackingNumber = 'HT261004FRESH9';
    expect(expected(store, 'old444')).toEqual([]);
    for (const text of ['old444', 'fresh9', 'h9', 'HT261004']) await expectSearch(store, text);
  });

  it('finds an order by its new billing e-mail, and no longer by its old one', async () => {
    const order = store.orders[1] as Row;
    await store.t.db
      .updateTable('orders')
      .set({ billingEmail: 'accounts@zenith.example.test' })
      .where('id', '=', order.id)
      .execute();
    order.billingEmail = 'accounts@zenith.example.test';
    for (const text of ['acme', 'zenith', 'zen', 'ze']) await expectSearch(store, text);
  });

  it('finds an order under its new status once the status changes', async () => {
    const order = store.orders[1] as Row;
    await store.t.db.updateTable('orders').set({ status: 'On The Road' }).where('id', '=', order.id).execute();
    order.status = 'On The Road';
    for (const status of ['Packaging', 'On The Road'] as const) {
      await expectSearch(store, 'zenith', status);
      await expectSearch(store, 'ht', status);
    }
    expect(expected(store, 'zenith', 'On The Road')).toEqual([order.trackingNumber]);
  });

  it('no longer finds a deleted order', async () => {
    const order = await addOrder(store, {
      trackingNumber: 'HT261005GONE55',
      billingEmail: 'short.lived@example.test',
      userId: null,
      status: 'Order Placed',
      createdAt: at(5),
    });
    await expectSearch(store, 'gone55');
    await store.t.db.deleteFrom('orders').where('id', '=', order.id).execute();
    store.orders.splice(store.orders.indexOf(order), 1);
    for (const text of ['gone55', 'short.lived', '55', 'ht']) await expectSearch(store, text);
  });

  it("finds a customer's orders by the account's new e-mail, and no longer by its old one", async () => {
    await store.t.db
      .updateTable('users')
      .set({ email: 'asha.k@newmail.example.test' })
      .where('id', '=', asha.id)
      .execute();
    store.emails.set(asha.id, 'asha.k@newmail.example.test');
    // The first order is billed to the old address, which still finds it as its billing e-mail.
    for (const text of ['newmail', 'asha.k@', 'asha.verma', 'nm', 'gift']) await expectSearch(store, text);
    expect(expected(store, 'newmail')).toHaveLength(2);
  });

  it("finds an order moved to another account by that account's e-mail", async () => {
    const order = store.orders.find((o) => o.trackingNumber === 'HT261004FRESH9') as Row;
    await store.t.db.updateTable('orders').set({ userId: asha.id }).where('id', '=', order.id).execute();
    order.userId = asha.id;
    for (const text of ['newmail', 'ravi.nair']) await expectSearch(store, text);
  });

  it("no longer matches an account's e-mail once the account is deleted", async () => {
    const gone = await addCustomer(store, 'leaving.soon@example.test');
    const order = await addOrder(store, {
      trackingNumber: 'HT261006LEFT66',
      billingEmail: 'billing.only@example.test',
      userId: gone.id,
      status: 'Delivered',
      createdAt: at(6),
    });
    await expectSearch(store, 'leaving.soon');
    await store.t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    order.userId = null;
    store.emails.delete(gone.id);
    expect(expected(store, 'leaving.soon')).toEqual([]);
    for (const text of ['leaving.soon', 'billing.only', 'left66']) await expectSearch(store, text);
  });
});

describe('GET /api/orders/admin/orders?search= with special characters', () => {
  let store: Store;

  beforeAll(async () => {
    store = await openStore();
    const customer = await addCustomer(store, "o'brien+orders@example.test");
    const texts: [string, string][] = [
      ['SP-100%-OFF', 'percent@example.test'],
      ['SP_UNDER_SCORE', 'under_score@example.test'],
      ['SP\\BACK\\SLASH', 'back\\slash@example.test'],
      ['SP"QUOTED"1', 'quote@example.test'],
      ["SP'APOS'2", "apos'trophe@example.test"],
      ['SP*STAR*3', 'star@example.test'],
      ['SP-MINUS-4', 'minus-sign@example.test'],
      ['SP OR NEAR 5', 'or.near@example.test'],
      ['SP(PAREN)6', 'paren@example.test'],
      ['SP{BRACE}:7', 'brace@example.test'],
      ['SP^CARET+8', 'caret@example.test'],
      ['SP.PLAIN.9', 'plain@example.test'],
      ['SP-CAFÉ-10', 'renée@example.test'],
    ];
    for (const [index, [trackingNumber, billingEmail]] of texts.entries()) {
      await addOrder(store, {
        trackingNumber,
        billingEmail,
        userId: index % 3 === 0 ? customer.id : null,
        status: index % 2 === 0 ? 'Delivered' : 'Packaging',
        createdAt: at(1 + index),
      });
    }
  });
  afterAll(() => store.t.close());

  it.each([
    // LIKE wildcards and its escape character, as 1, 2 and 3+ characters.
    '%',
    '0%',
    '100%-',
    '_',
    'p_',
    'under_',
    '\\',
    '\\s',
    'back\\sl',
    // Quotes, and FTS5 syntax: phrases, prefixes, NOT, OR, NEAR, columns, groups, initial tokens.
    '"',
    '""',
    '"quoted"',
    '"quoted',
    "'",
    "o'",
    "o'brien",
    '*',
    'r*',
    'star*',
    '-',
    '-m',
    '-minus',
    'OR',
    'or near',
    'SP OR NEAR',
    'NEAR(',
    '(paren)',
    ')6',
    '{brace}:',
    'tracking_number:',
    'status : x',
    '^caret',
    '+',
    '+orders@',
    'AND',
    'NOT sp',
    // Beyond ASCII, in the case written.
    'é',
    'ée',
    'née@',
    'CAFÉ',
    // Control characters: the index pads its texts with U+0001 and marks statuses with U+0002.
    '\u0001',
    'p\u0001',
    '\u00024\u0002',
    '9\u0001',
  ])('matches %j literally', async (text) => {
    await expectSearch(store, text);
    await expectSearch(store, text, 'Delivered', [3]);
  });

  // No order text can hold a NUL character (PostgreSQL cannot store one), so a search
  // text with one is refused like any other text field's (issue 11), paged or not.
  it.each(['\u0000', 'sp\u0000'])('refuses %j with 400', async (text) => {
    for (const page of ['', '&limit=2', '&status=Delivered&limit=3']) {
      const res = await store.t.app.inject({
        method: 'GET',
        url: `/api/orders/admin/orders?search=${encodeURIComponent(text)}${page}`,
        headers: authAs(store.t.app, store.admin),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });
});

/**
 * SQLite finds a searched page by gathering every match, by taking the newest ids and
 * proving the page, or by walking the list with LIKE (search/plan.ts). These orders
 * make each happen: tracking numbers carry their date, so a date matches orders bunched
 * in time; some orders were written with a time far from their id's neighbours', so the
 * id order and the list order disagree; a few e-mails are shared by many orders.
 */
describe('GET /api/orders/admin/orders?search= whatever the query plan', () => {
  let store: Store;
  const statuses: Status[] = ['Order Placed', 'Packaging', 'On The Road', 'Delivered'];

  beforeAll(async () => {
    store = await openStore();
    const accounts = await Promise.all(
      ['meera.iyer@mail.test', 'kabir.shah@mail.test', 'zoya.khan@post.test'].map((email) => addCustomer(store, email)),
    );
    const names = ['anil', 'bela', 'chetan', 'devi', 'eshan', 'farah', 'gopal', 'hema'];
    const start = Date.UTC(2025, 8, 1);
    const rows: Omit<Row, 'id'>[] = [];
    for (let i = 0; i < 1600; i++) {
      // Mostly in id order, 6 hours apart; every 37th order written with a time from elsewhere.
      const offset = i % 37 === 5 ? ((i * 7919) % 1600) * 6 : i * 6;
      const created = new Date(start + offset * 3_600_000 + (i % 5) * 1000);
      const day = created.toISOString().slice(2, 10).replaceAll('-', '');
      const account = i % 4 === 0 ? (accounts[i % 3] as FixtureUser) : undefined;
      rows.push({
        trackingNumber: `HT${day}${(i * 48_271).toString(36).toUpperCase().padStart(6, '0').slice(-6)}`,
        billingEmail:
          account && i % 8 === 0 ? (account.email as string) : `${names[i % names.length]}${i % 50}@shop.test`,
        userId: account?.id ?? null,
        status: statuses[i % 7 === 0 ? 1 : i % 11 === 0 ? 2 : i % 13 === 0 ? 0 : 3] as Status,
        createdAt: created.toISOString(),
      });
    }
    // Two orders in the same millisecond as another: the list breaks ties by id.
    const tie = rows[900] as Omit<Row, 'id'>;
    rows.push({ ...tie, trackingNumber: 'HT-TIE-ONE', status: 'Delivered' });
    rows.push({ ...tie, trackingNumber: 'HT-TIE-TWO', status: 'Delivered' });
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      const inserted = await store.t.db
        .insertInto('orders')
        .values(
          chunk.map((row) => ({
            ...row,
            billingFullName: 'Plan Test',
            billingPhone: '+91 98765 43210',
            billingNote: null,
            billingAddress: '1 Park Street',
            billingCity: 'Kolkata',
            billingProvince: 'West Bengal',
            paymentMethod: 'Cash on Delivery',
            subtotalPaise: 100_000,
            couponId: null,
            couponCode: null,
            discountPaise: 0,
            discountedTotalPaise: 100_000,
            updatedAt: row.createdAt,
          })),
        )
        .returning('id')
        .execute();
      inserted.forEach((made, k) => {
        store.orders.push({ ...(chunk[k] as Omit<Row, 'id'>), id: made.id });
      });
    }
  });
  afterAll(() => store.t.close());

  it.each([
    // Broad: every order; nearly every order; one in eight orders.
    ['ht', undefined],
    ['HT2', 'Delivered'],
    ['@shop', 'Packaging'],
    ['anil', undefined],
    // Bunched in time: the oldest months, the oldest month, a month in the middle.
    ['ht25', undefined],
    ['HT25', 'Delivered'],
    ['HT2509', undefined],
    ['ht2601', 'Delivered'],
    ['HT2512', 'On The Road'],
    // The accounts' e-mails (some orders billed elsewhere), and a domain shared by two.
    ['meera.iyer', undefined],
    ['mail.test', 'Delivered'],
    ['zoya', 'Order Placed'],
    // Two characters: common, rare, and a digit pair from the dates.
    ['an', undefined],
    ['5@', 'Delivered'],
    ['12', undefined],
    // Rare and absent.
    ['tie', undefined],
    ['hema4', undefined],
    ['gopal', 'Delivered'],
    ['devi1', undefined],
    ['no-such-text', 'Delivered'],
  ] as const)('search %j with status %s', async (text, status) => {
    await expectSearch(store, text, status, [9, 100]);
  });

  // Written last: it adds to the store. On PostgreSQL a rare 2-character text goes
  // through the index of each order's two-character pairs (decision 0035), whose
  // first and last pairs are the start of the tracking number and the end of the
  // account's e-mail.
  it("finds a rare two-character text at either end of an order's texts", async () => {
    const customer = await addCustomer(store, 'pair.end@edge.xj');
    await addOrder(store, {
      trackingNumber: 'QZ250902EDGE01',
      billingEmail: 'pair.start@edge.test',
      userId: customer.id,
      status: 'Delivered',
      createdAt: new Date(Date.UTC(2025, 8, 2, 12)).toISOString(),
    });
    for (const text of ['qz', 'XJ', '.x']) {
      expect(expected(store, text).length, text).toBeGreaterThan(0);
      await expectSearch(store, text, undefined, [9, 100]);
    }
  });
});
