import { generateSync } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runTransaction } from '../../platform/db/transactions.js';
import type { PlacedLine } from '../../platform/events/domain-events.js';
import { MAIL_DIGEST_MAX_ITEMS } from '../../platform/mail/outbox.js';
import { authAs, createAdmin, createVendor, FIXTURE_PASSWORD } from '../../test/fixtures.js';
import { createOrder } from '../../test/order-fixtures.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { buildSiblingApp, createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';
import { NEW_ORDER_DIGEST_DELAY_MS } from './mail.subscribers.js';
import { queueProductsWaitingDigest } from './products-waiting.js';

/**
 * The outbox, its delivery to a real SMTP server in this process, password reset,
 * e-mail verification and two-factor sign-in (issue 36), on the suite's database.
 */

let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  // Closed first: a delivery the last test's app woke finishes before the mails are cleared.
  await t?.close();
  smtp.refuse = false;
  smtp.mails.length = 0;
  // The mail task only runs when a test asks (MAIL_POLL_MS=0), so what it delivers is the test's.
  t = await createTestApp({
    SMTP_URL: `${smtp.url}?pool=false`,
    MAIL_POLL_MS: '0',
    MAIL_RETRY_DELAY_MS: '1000',
    MAIL_MAX_ATTEMPTS: '2',
    MAIL_LEASE_MS: '1000',
    TWO_FACTOR_RATE_LIMIT: '3',
    PASSWORD_RESET_RATE_LIMIT: '3',
  });
});
afterAll(async () => {
  await t?.close();
});

const outbox = () => t.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute();
const later = (ms: number) => new Date(Date.now() + ms);

/**
 * A fixture order's one line, made `vendorId`'s, as `order.placed` carries it (no
 * commission, its net its price, no GST, a seller within Maharashtra who declared no
 * PAN), for a test that publishes the event itself.
 */
async function placedVendorLine(orderId: number, vendorId: number | null): Promise<PlacedLine> {
  const line = await t.db
    .updateTable('orderItems')
    .set({ vendorId })
    .where('orderId', '=', orderId)
    .returning(['id', 'quantity', 'salePricePaise', 'productName'])
    .executeTakeFirstOrThrow();
  return {
    productId: 1,
    productName: line.productName,
    vendorId,
    quantity: line.quantity,
    stockAfter: 10,
    orderItemId: line.id,
    netPaise: line.quantity * Number(line.salePricePaise),
    commissionPaise: 0,
    storeFundedPaise: 0,
    commissionRateBp: null,
    commissionMinPaise: null,
    commissionMaxPaise: null,
    tax: {
      rateBp: 0,
      taxablePaise: line.quantity * Number(line.salePricePaise),
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      sellerStateCode: '27',
      placeOfSupplyCode: '27',
      sellerPan: null,
      sellerGstin: null,
    },
  };
}

async function login(email: string, password = FIXTURE_PASSWORD, userAgent = 'test-browser') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/admin/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password },
  });
}

function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${path} link in the mail`);
  return match[1];
}

describe('POST /api/auth/password-reset/request and /confirm', () => {
  it('answers an unknown e-mail as a known one and mails nothing', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: 'nobody@example.test' },
    });
    const admin = await createAdmin(t.db);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: admin.email },
    });
    expect(answer.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(answer.json()).toEqual(known.json());
    const rows = await outbox();
    expect(rows.map((row) => row.toEmail)).toEqual([admin.email]);
  });

  it('resets the password once with the mailed link and ends every old session', async () => {
    const admin = await createAdmin(t.db);
    const old = authAs(t.app, admin);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: admin.email } });
    await t.app.mail.deliverDue();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.to).toEqual([admin.email]);
    expect(smtp.mails[0]?.subject).toBe('Reset your password');
    const token = tokenIn(smtp.mails[0]?.decoded ?? '', '/reset-password');

    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: old })).statusCode).toBe(401);
    expect((await login(admin.email, 'brand-new-pass')).statusCode).toBe(200);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'another-pass' },
    });
    expect(reused.statusCode).toBe(400);
    expect((await login(admin.email, 'brand-new-pass')).statusCode).toBe(200);
    // The change is mailed to the account.
    expect((await outbox()).map((row) => row.template)).toContain('password-changed');
  });

  it('refuses a forged or expired token and changes nothing', async () => {
    const admin = await createAdmin(t.db);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: 'forged-token-forged-token', password: 'brand-new-pass' },
    });
    expect(forged.statusCode).toBe(400);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: admin.email } });
    await t.db
      .updateTable('accountTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await t.app.mail.deliverDue();
    const token = tokenIn(smtp.mails[0]?.decoded ?? '', '/reset-password');
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(expired.statusCode).toBe(400);
    expect((await login(admin.email)).statusCode).toBe(200);
  });

  it('limits requests per e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/request',
        payload: { email: 'someone@example.test' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});

describe('POST /api/vendor/register: e-mail verification', () => {
  it('mails the vendor a verification link and the admins the new vendor; verifying marks the address', async () => {
    const admin = await createAdmin(t.db);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/register',
      payload: {
        name: 'Asha',
        email: 'asha@example.test',
        password: 'secret123',
        businessName: 'Asha Crafts',
        phoneNumber: '+91 98765 43210',
        address: '1 MG Road, Bengaluru',
      },
    });
    expect(register.statusCode).toBe(201);
    const rows = await outbox();
    expect(rows.map((row) => [row.toEmail, row.template]).sort()).toEqual([
      [admin.email, 'admin-new-vendor'],
      ['asha@example.test', 'email-verification'],
    ]);
    await t.app.mail.deliverDue();
    const mail = smtp.mails.find((m) => m.to.includes('asha@example.test'));
    const token = tokenIn(mail?.decoded ?? '', '/verify-email');
    const user = () =>
      t.db
        .selectFrom('users')
        .select('emailVerifiedAt')
        .where('email', '=', 'asha@example.test')
        .executeTakeFirstOrThrow();
    expect((await user()).emailVerifiedAt).toBeNull();
    const vendorId = register.json().vendor._id;
    const record = () =>
      t.app.inject({ method: 'GET', url: `/api/vendors/${vendorId}`, headers: authAs(t.app, admin) });
    expect((await record()).json().vendor.emailVerified).toBe(false);
    // Verification holds up nothing: the admin approves the unverified vendor as the spec says.
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/vendors/${vendorId}/status`,
      headers: authAs(t.app, admin),
      payload: { status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    expect((await outbox()).map((row) => row.template)).toContain('vendor-decision');
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verify.statusCode).toBe(200);
    expect((await user()).emailVerifiedAt).not.toBeNull();
    expect((await record()).json().vendor.emailVerified).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
  });
});

describe('mails of the store events', () => {
  it('queues each event’s mail once, to the right people, and delivers it', async () => {
    const admin = await createAdmin(t.db);
    const vendor = await createVendor(t.db);
    const vendorId = vendor.vendorId as number;
    const actor = { userId: admin.id, role: 'admin' as const, name: admin.name };
    const at = new Date().toISOString();
    const publishAll = () =>
      runTransaction(t.db, async (trx) => {
        await t.app.events.publish(trx, {
          type: 'payout.paid',
          actor,
          payout: { id: 7, vendorId, amountPaise: 123_450 },
          reference: 'UTR0001',
          at,
        });
        await t.app.events.publish(trx, {
          type: 'bankDetails.changed',
          vendor: { id: vendorId, businessName: vendor.businessName },
          holdHours: 24,
          at,
        });
        await t.app.events.publish(trx, {
          type: 'vendor.statusChanged',
          vendor: { id: vendorId, userId: vendor.id },
          from: 'pending',
          to: 'approved',
          at,
        });
        await t.app.events.publish(trx, {
          type: 'order.cancelRequestDeclined',
          actor,
          order: { id: 1, trackingNumber: 'TRK1' },
          vendorId,
          requestReason: 'Out of stock',
          reason: 'Already packed',
          at,
        });
      });
    await publishAll();
    // The same events handled again queue nothing more.
    await publishAll();
    const rows = await outbox();
    expect(rows.map((row) => [row.toEmail, row.template]).sort()).toEqual(
      [
        [vendor.email, 'payout-paid'],
        [vendor.email, 'bank-details-changed'],
        [admin.email, 'admin-bank-details-changed'],
        [vendor.email, 'vendor-decision'],
        [vendor.email, 'cancel-request-answered'],
      ].sort(),
    );
    const round = await t.app.mail.deliverDue();
    expect(round.sent).toBe(5);
    const paid = smtp.mails.find((mail) => mail.subject?.includes('was paid'));
    expect(paid?.decoded).toContain('Rs. 1,234.50');
    expect(paid?.decoded).toContain('UTR0001');
    expect((await outbox()).every((row) => row.status === 'sent' && row.html !== null)).toBe(true);
  });

  it('gathers a vendor’s new orders in one digest, sent once it is due', async () => {
    const vendor = await createVendor(t.db);
    for (const trackingNumber of ['TRKA1', 'TRKA2']) {
      const order = await createOrder(t.db, { trackingNumber, lines: [{ quantity: 2 }] });
      const line = await placedVendorLine(order.id, vendor.vendorId);
      await runTransaction(t.db, (trx) =>
        t.app.events.publish(trx, {
          type: 'order.placed',
          orderId: order.id,
          trackingNumber,
          discountedTotalPaise: order.discountedTotalPaise,
          lines: [line],
          at: new Date().toISOString(),
        }),
      );
    }
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toBe('2 new orders to pack');
    // It waits to gather more, then goes.
    expect((await t.app.mail.deliverDue()).sent).toBe(0);
    expect((await t.app.mail.deliverDue(later(NEW_ORDER_DIGEST_DELAY_MS + 1000))).sent).toBe(1);
    expect(smtp.mails[0]?.decoded).toContain('Order TRKA2: 2 units');
  });

  it('lists the first 50 orders of a digest and counts the rest', async () => {
    const vendor = await createVendor(t.db);
    const at = new Date().toISOString();
    const orders: { order: Awaited<ReturnType<typeof createOrder>>; line: PlacedLine }[] = [];
    for (let n = 1; n <= MAIL_DIGEST_MAX_ITEMS + 2; n++) {
      const order = await createOrder(t.db, { trackingNumber: `TRKB${n}` });
      orders.push({ order, line: await placedVendorLine(order.id, vendor.vendorId) });
    }
    await runTransaction(t.db, async (trx) => {
      for (const { order, line } of orders)
        await t.app.events.publish(trx, {
          type: 'order.placed',
          orderId: order.id,
          trackingNumber: order.trackingNumber,
          discountedTotalPaise: order.discountedTotalPaise,
          lines: [line],
          at,
        });
    });
    const [row] = await outbox();
    expect(row?.subject).toBe(`${MAIL_DIGEST_MAX_ITEMS + 2} new orders to pack`);
    const data = JSON.parse(row?.data ?? '{}') as { items: unknown[]; more?: number };
    expect([data.items.length, data.more]).toEqual([MAIL_DIGEST_MAX_ITEMS, 2]);
    expect((await t.app.mail.deliverDue(later(NEW_ORDER_DIGEST_DELAY_MS + 1000))).sent).toBe(1);
    expect(smtp.mails[0]?.decoded).toContain(`Order TRKB${MAIL_DIGEST_MAX_ITEMS}: 1 unit`);
    expect(smtp.mails[0]?.decoded).not.toContain(`Order TRKB${MAIL_DIGEST_MAX_ITEMS + 1}:`);
    expect(smtp.mails[0]?.decoded).toContain('And 2 more orders');
  });

  it('mails each admin the day’s digest of products waiting for review, once a day', async () => {
    const admin = await createAdmin(t.db);
    const vendor = await createVendor(t.db);
    await createOwnedProduct(t.db, vendor.vendorId, { approvalStatus: 'pending', name: 'Brass Lamp' });
    const now = new Date();
    expect(await queueProductsWaitingDigest(t.db, now)).toBe(1);
    expect(await queueProductsWaitingDigest(t.db, now)).toBe(0);
    const rows = await outbox();
    expect(rows.map((row) => [row.toEmail, row.subject])).toEqual([[admin.email, '1 product waiting for review']]);
    expect(rows[0]?.data).toContain('Brass Lamp');
  });

  it('leaves out a non-essential mail the user turned off', async () => {
    const admin = await createAdmin(t.db);
    const vendor = await createVendor(t.db);
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/mail/preferences',
      headers: authAs(t.app, vendor),
      payload: { preferences: [{ template: 'payout-paid', enabled: false }] },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().preferences).toContainEqual({ template: 'payout-paid', label: 'Payouts paid', enabled: false });
    const essential = await t.app.inject({
      method: 'PUT',
      url: '/api/mail/preferences',
      headers: authAs(t.app, vendor),
      payload: { preferences: [{ template: 'password-reset', enabled: false }] },
    });
    expect(essential.statusCode).toBe(400);
    await runTransaction(t.db, (trx) =>
      t.app.events.publish(trx, {
        type: 'payout.paid',
        actor: { userId: admin.id, role: 'admin', name: admin.name },
        payout: { id: 8, vendorId: vendor.vendorId as number, amountPaise: 100 },
        reference: 'UTR2',
        at: new Date().toISOString(),
      }),
    );
    expect(await outbox()).toHaveLength(0);
  });
});

describe('delivery: crashes and a server that is down or refusing', () => {
  async function queueThree() {
    const admin = await createAdmin(t.db);
    const vendor = await createVendor(t.db);
    await runTransaction(t.db, async (trx) => {
      for (const id of [1, 2, 3])
        await t.app.events.publish(trx, {
          type: 'payout.paid',
          actor: { userId: admin.id, role: 'admin', name: admin.name },
          payout: { id, vendorId: vendor.vendorId as number, amountPaise: 100 * id },
          reference: `UTR${id}`,
          at: new Date().toISOString(),
        });
    });
  }

  it('loses no mail and sends none twice when the process dies between the write and the delivery', async () => {
    await queueThree();
    // One process died after writing; another died after claiming one mail, mid-send.
    const first = (await outbox())[0];
    await t.db
      .updateTable('mailOutbox')
      .set({ status: 'sending', attempts: 1, leaseUntil: new Date(Date.now() - 1).toISOString() })
      .where('id', '=', first?.id as number)
      .execute();
    await t.app.close();
    const sibling = await buildSiblingApp(t);
    try {
      expect((await sibling.mail.deliverDue()).sent).toBe(3);
      expect((await sibling.mail.deliverDue()).sent).toBe(0);
    } finally {
      await sibling.close();
    }
    expect(smtp.mails).toHaveLength(3);
    expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(3);
    expect((await outbox()).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('keeps mail queued with its last error while the server is down, and delivers it when it is back', async () => {
    await queueThree();
    await smtp.close();
    try {
      const round = await t.app.mail.deliverDue();
      expect(round).toEqual({ sent: 0, retried: 3, failed: 0 });
      const rows = await outbox();
      expect(rows.every((row) => row.status === 'queued' && row.lastError !== null && row.attempts === 1)).toBe(true);
      // Not due again before its back-off.
      expect((await t.app.mail.deliverDue()).retried).toBe(0);
    } finally {
      await smtp.reopen();
    }
    expect((await t.app.mail.deliverDue(later(60_000))).sent).toBe(3);
    expect(smtp.mails).toHaveLength(3);
  });

  it('marks a mail the server refuses failed after its attempts, with the error', async () => {
    await queueThree();
    smtp.refuse = true;
    await t.app.mail.deliverDue();
    expect((await t.app.mail.deliverDue(later(60_000))).failed).toBe(3);
    const rows = await outbox();
    expect(rows.every((row) => row.status === 'failed' && row.attempts === 2)).toBe(true);
    expect(rows[0]?.lastError).toContain('Mailbox unavailable');
  });
});

describe('GET /api/mail/admin/outbox', () => {
  it('lists mails newest first in pages, searches by recipient, and shows one with its HTML and text', async () => {
    const admin = await createAdmin(t.db);
    await createAdmin(t.db, { email: 'x1@example.test' });
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: admin.email } });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: 'x1@example.test' },
    });
    const headers = authAs(t.app, admin);
    const first = await t.app.inject({ method: 'GET', url: '/api/mail/admin/outbox?limit=1', headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(2);
    expect(first.json().mails[0].recipient).toBe('x1@example.test');
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/mail/admin/outbox?limit=1&cursor=${first.json().nextCursor}`,
      headers,
    });
    expect(second.json().mails[0].recipient).toBe(admin.email);
    expect(second.json().nextCursor).toBeNull();
    const search = await t.app.inject({ method: 'GET', url: '/api/mail/admin/outbox?search=X1@', headers });
    expect(search.json().mails.map((mail: { recipient: string }) => mail.recipient)).toEqual(['x1@example.test']);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/mail/admin/outbox/${first.json().mails[0]._id}`,
      headers,
    });
    expect(one.json().mail.status).toBe('queued');
    expect(one.json().mail.html).toContain('Reset your password');
    expect(one.json().mail.text).toContain('/reset-password?token=');
    const missing = await t.app.inject({ method: 'GET', url: '/api/mail/admin/outbox/999999', headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('two-factor sign-in', () => {
  it('turns on with a code, then signs in with a code and with a recovery code once', async () => {
    const admin = await createAdmin(t.db);
    const headers = authAs(t.app, admin);
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json();
    expect(otpauthUrl).toContain('otpauth://totp/');
    expect(qrSvg).toContain('<svg');
    const now = Math.floor(Date.now() / 1000);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers,
      payload: { code: generateSync({ secret, epoch: now - 30 }) },
    });
    expect(enable.statusCode).toBe(200);
    const recoveryCodes: string[] = enable.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);

    const first = await login(admin.email);
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    expect(first.json().token).toBeUndefined();
    const withCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { challenge: first.json().challenge, code: generateSync({ secret, epoch: now }) },
    });
    expect(withCode.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${withCode.json().token}` },
    });
    expect(me.json().user.email).toBe(admin.email);

    const second = await login(admin.email);
    const withRecovery = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { challenge: second.json().challenge, code: recoveryCodes[0] },
    });
    expect(withRecovery.statusCode).toBe(200);
    const third = await login(admin.email);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { challenge: third.json().challenge, code: recoveryCodes[0] },
    });
    expect(reused.statusCode).toBe(400);
    // The challenge already used answers no second token.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { challenge: second.json().challenge, code: recoveryCodes[1] },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('limits wrong codes', async () => {
    const admin = await createAdmin(t.db);
    const headers = authAs(t.app, admin);
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers })).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers,
      payload: { code: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }) },
    });
    const challenge = (await login(admin.email)).json().challenge;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/verify',
        payload: { challenge, code: '000000' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Even the right code waits now.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { challenge, code: generateSync({ secret }) },
    });
    expect(right.statusCode).toBe(429);
  });

  it('asks a vendor with it on for a fresh code to change bank details, and mails the change', async () => {
    await createAdmin(t.db);
    const vendor = await createVendor(t.db);
    const headers = authAs(t.app, vendor);
    const body = { accountHolder: 'Asha', accountNumber: '123456789012', ifsc: 'HDFC0001234' };
    // Without two-factor sign-in the spec's call works as before.
    const plain = await t.app.inject({ method: 'PUT', url: '/api/vendor/bank-details', headers, payload: body });
    expect(plain.statusCode).toBe(200);
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers })).json();
    const now = Math.floor(Date.now() / 1000);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers,
      payload: { code: generateSync({ secret, epoch: now - 30 }) },
    });
    const current = await t.app.inject({ method: 'GET', url: '/api/vendor/bank-details', headers });
    const again = { ...body, accountNumber: '999988887777', updatedAt: current.json().bankDetails.changedAt };
    const without = await t.app.inject({ method: 'PUT', url: '/api/vendor/bank-details', headers, payload: again });
    expect(without.statusCode).toBe(400);
    const withCode = await t.app.inject({
      method: 'PUT',
      url: '/api/vendor/bank-details',
      headers,
      payload: { ...again, twoFactorCode: generateSync({ secret, epoch: now }) },
    });
    expect(withCode.statusCode).toBe(200);
    const templates = (await outbox()).map((row) => row.template);
    expect(templates.filter((name) => name === 'bank-details-changed')).toHaveLength(2);
    expect(templates).toContain('admin-bank-details-changed');
  });

  it('mails a sign-in from a new device', async () => {
    const admin = await createAdmin(t.db);
    await login(admin.email, FIXTURE_PASSWORD, 'browser-one');
    await login(admin.email, FIXTURE_PASSWORD, 'browser-one');
    expect(await outbox()).toHaveLength(0);
    await login(admin.email, FIXTURE_PASSWORD, 'browser-two');
    expect((await outbox()).map((row) => row.template)).toEqual(['new-device-sign-in']);
  });
});
