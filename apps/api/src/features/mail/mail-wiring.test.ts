import { generateSync } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runTransaction } from '../../platform/db/transactions.js';
import {
  authAs,
  createAdmin,
  createTeamMember,
  createVendor,
  FIXTURE_PASSWORD,
  type FixtureUser,
} from '../../test/fixtures.js';
import { approveKyc } from '../../test/kyc-fixtures.js';
import { orderWithShipment } from '../../test/shipment-fixtures.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';
import { queueLateShipmentDigests } from './late-shipments.js';

/**
 * The mails wired to issue 36's later events (staff and team invitations, KYC review,
 * late shipments), queued in the event's transaction and delivered to a real SMTP server
 * in this process, on the suite's database.
 */

let smtp: TestSmtp;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  smtp = await startSmtp();
});
beforeEach(async () => {
  await t?.close();
  smtp.mails.length = 0;
  t = await createTestApp({ SMTP_URL: `${smtp.url}?pool=false`, MAIL_POLL_MS: '0' });
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

const outbox = () => t.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute();

function tokenIn(text: string): string {
  const match = /\/accept-invitation\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error('No accept link in the mail');
  return decodeURIComponent(match[1]);
}

const accept = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/invitations/accept',
    payload: { token, password: 'a-new-password-1' },
    remoteAddress: `10.0.1.${++n}`,
  });

/** Delivers what is due; @returns the one mail the SMTP server got for `email`. */
async function deliveredTo(email: string) {
  await t.app.mail.deliverDue();
  const mails = smtp.mails.filter((mail) => mail.to.includes(email));
  expect(mails).toHaveLength(1);
  return mails[0] as (typeof mails)[number];
}

describe('invitation mails', () => {
  it('mails a staff invitation whose link signs the Finance member in', async () => {
    const owner = await createAdmin(t.db);
    const email = `finance-${++n}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/admin/invitations',
      headers: authAs(t.app, owner),
      payload: { email, name: 'Farah Finance', role: 'finance' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await outbox()).map((row) => [row.toEmail, row.template, row.status])).toEqual([
      [email, 'staff-invitation', 'queued'],
    ]);
    const mail = await deliveredTo(email);
    expect(mail.subject).toBe('You are invited to the back office');
    expect(mail.decoded).toContain('as Finance');
    expect(mail.decoded).toContain(owner.name);
    const accepted = await accept(tokenIn(mail.decoded));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ email, staffRole: 'finance' });
    expect(accepted.json().token).toEqual(expect.any(String));
    // The link works once.
    expect((await accept(tokenIn(mail.decoded))).statusCode).toBe(400);
  });

  it('mails a team invitation whose link makes the member of the vendor’s team', async () => {
    const vendor = await createVendor(t.db, { businessName: 'Asha Traders' });
    const email = `packer-${++n}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/team/invitations',
      headers: authAs(t.app, vendor),
      payload: { email, name: 'Pooja Packer', role: 'staff' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await deliveredTo(email);
    expect(mail.subject).toBe("You are invited to Asha Traders's team");
    expect(mail.decoded).toContain('as Staff');
    const accepted = await accept(tokenIn(mail.decoded));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ email, role: 'vendor' });
  });

  it('queues nothing when the invitation’s transaction rolls back', async () => {
    const owner = await createAdmin(t.db);
    await expect(
      runTransaction(t.db, async (trx) => {
        await t.app.events.publish(trx, {
          type: 'staff.invited',
          actor: { userId: owner.id, role: 'admin', name: owner.name },
          invitation: {
            id: 999,
            email: 'gone@example.test',
            name: 'Gone',
            role: 'support',
            expiresAt: new Date().toISOString(),
          },
          token: 'abc',
          at: new Date().toISOString(),
        });
        expect(await trx.selectFrom('mailOutbox').select('id').execute()).toHaveLength(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await outbox()).toEqual([]);
  });
});

describe('KYC mails', () => {
  /** A vendor whose KYC waits for review. */
  async function submitted(): Promise<FixtureUser> {
    const vendor = await createVendor(t.db);
    await approveKyc(t.db, vendor.vendorId as number);
    await t.db.updateTable('vendorKyc').set({ status: 'submitted' }).where('vendorId', '=', vendor.vendorId).execute();
    return vendor;
  }

  it('mails the staff who review vendors a KYC to review, once per submission', async () => {
    const owner = await createAdmin(t.db);
    const vendorsAdmin = await createAdmin(t.db, { staffRole: 'admin' });
    await createAdmin(t.db, { staffRole: 'content' });
    await createAdmin(t.db, { staffRole: 'finance' });
    const removed = await createAdmin(t.db);
    await t.db.updateTable('users').set({ removedAt: new Date().toISOString() }).where('id', '=', removed.id).execute();
    const vendor = await createVendor(t.db, { businessName: 'Kiran Crafts' });
    const at = new Date().toISOString();
    const publish = () =>
      runTransaction(t.db, (trx) =>
        t.app.events.publish(trx, {
          type: 'kyc.submitted',
          actor: { userId: vendor.id, role: 'vendor', name: vendor.name },
          vendor: { id: vendor.vendorId as number, businessName: vendor.businessName },
          identityChanged: true,
          changedFields: ['gstin'],
          at,
        }),
      );
    await publish();
    await publish();
    const rows = await outbox();
    expect(rows.map((row) => row.toEmail).sort()).toEqual([owner.email, vendorsAdmin.email].sort());
    expect(rows.every((row) => row.template === 'admin-kyc-submitted')).toBe(true);
    const mail = await deliveredTo(owner.email);
    expect(mail.subject).toBe('Kiran Crafts changed their KYC identity');
    expect(mail.decoded).toContain(`/admin/kyc-review/${vendor.vendorId}`);
  });

  it('mails the vendor the reasons per field when changes are requested, and the reason of a rejection', async () => {
    const admin = await createAdmin(t.db);
    const vendor = await submitted();
    const kyc = await t.db
      .selectFrom('vendorKyc')
      .select('updatedAt')
      .where('vendorId', '=', vendor.vendorId)
      .executeTakeFirstOrThrow();
    const changes = await t.app.inject({
      method: 'PUT',
      url: `/api/kyc/admin/${vendor.vendorId}`,
      headers: authAs(t.app, admin),
      payload: {
        decision: 'request_changes',
        reasons: { pan: 'The PAN does not match the card', cancelled_cheque: 'The cheque is blurred' },
        updatedAt: new Date(kyc.updatedAt).toISOString(),
      },
    });
    expect(changes.statusCode, changes.body).toBe(200);
    const asked = await deliveredTo(vendor.email);
    expect(asked.subject).toBe('Changes were requested to your KYC');
    expect(asked.decoded).toContain('PAN: The PAN does not match the card');
    expect(asked.decoded).toContain('Cancelled cheque: The cheque is blurred');

    smtp.mails.length = 0;
    await t.db.updateTable('vendorKyc').set({ status: 'submitted' }).where('vendorId', '=', vendor.vendorId).execute();
    const again = await t.db
      .selectFrom('vendorKyc')
      .select('updatedAt')
      .where('vendorId', '=', vendor.vendorId)
      .executeTakeFirstOrThrow();
    const rejected = await t.app.inject({
      method: 'PUT',
      url: `/api/kyc/admin/${vendor.vendorId}`,
      headers: authAs(t.app, admin),
      payload: {
        decision: 'reject',
        reasons: { general: 'The business is not registered' },
        updatedAt: new Date(again.updatedAt).toISOString(),
      },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const no = await deliveredTo(vendor.email);
    expect(no.subject).toBe('Your KYC was rejected');
    expect(no.decoded).toContain('General: The business is not registered');
    expect((await outbox()).map((row) => row.template)).toEqual(['kyc-decision', 'kyc-decision']);
  });
});

describe('late shipments', () => {
  it('mails each vendor one digest of their late shipments per run, each shipment once', async () => {
    const vendor = await createVendor(t.db);
    const other = await createVendor(t.db);
    const product = await createOwnedProduct(t.db, vendor.vendorId);
    const otherProduct = await createOwnedProduct(t.db, other.vendorId);
    const yesterday = new Date(Date.now() - 26 * 3_600_000).toISOString();
    const ship = async (productId: number, shipBy: string, status: 'Packaging' | 'On The Road' = 'Packaging') => {
      const made = await orderWithShipment(t.db, { productId });
      await t.db.updateTable('shipments').set({ shipBy, status }).where('id', '=', made.shipmentId).execute();
      return made;
    };
    const late1 = await ship(product.id, yesterday);
    const late2 = await ship(product.id, yesterday);
    const onTheRoad = await ship(product.id, yesterday, 'On The Road');
    const notYet = await ship(product.id, new Date(Date.now() + 3_600_000).toISOString());
    const othersLate = await ship(otherProduct.id, yesterday);

    expect(await queueLateShipmentDigests(t.db, t.app.events, new Date())).toBe(2);
    // A second run finds nothing new.
    expect(await queueLateShipmentDigests(t.db, t.app.events, new Date())).toBe(0);
    await t.app.mail.deliverDue();
    const mine = smtp.mails.filter((mail) => mail.to.includes(vendor.email));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.subject).toBe('2 shipments are late');
    expect(mine[0]?.decoded).toContain(`Order ${late1.trackingNumber}: ship by ${yesterday.slice(0, 10)}, 1 day late`);
    expect(mine[0]?.decoded).toContain(`Order ${late2.trackingNumber}`);
    expect(mine[0]?.decoded).not.toContain(onTheRoad.trackingNumber);
    expect(mine[0]?.decoded).not.toContain(notYet.trackingNumber);
    expect(smtp.mails.filter((mail) => mail.to.includes(other.email))[0]?.decoded).toContain(othersLate.trackingNumber);

    // Later the other shipment is late too: the next run mails it alone, after the first mail went.
    await t.db.updateTable('shipments').set({ shipBy: yesterday }).where('id', '=', notYet.shipmentId).execute();
    expect(await queueLateShipmentDigests(t.db, t.app.events, new Date())).toBe(1);
    const rows = (await outbox()).filter((row) => row.toEmail === vendor.email);
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[1]?.data ?? '{}').items.map((item: { shipmentId: number }) => item.shipmentId)).toEqual([
      notYet.shipmentId,
    ]);
  });
});

describe('two-factor sign-in of staff and team members', () => {
  /** Turns two-factor sign-in on for `user`, then signs in with the password and a code; @returns the answer. */
  async function signInWithCode(user: FixtureUser) {
    const headers = authAs(t.app, user);
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers })).json();
    const now = Math.floor(Date.now() / 1000);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers,
      payload: { code: generateSync({ secret, epoch: now - 30 }) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email: user.email, password: FIXTURE_PASSWORD },
    });
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { challenge: first.json().challenge, code: generateSync({ secret, epoch: now }) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json();
  }

  it('answers a Finance member’s role and permissions, as the password sign-in does', async () => {
    const finance = await createAdmin(t.db, { staffRole: 'finance' });
    const answer = await signInWithCode(finance);
    expect(answer.user).toEqual({
      _id: String(finance.id),
      name: finance.name,
      email: finance.email,
      role: 'admin',
      staffRole: 'finance',
      permissions: ['money:read', 'money:write'],
    });
  });

  it('answers a seller’s staff member’s team role', async () => {
    const vendor = await createVendor(t.db);
    const member = await createTeamMember(t.db, vendor.vendorId as number, 'staff');
    const answer = await signInWithCode(member);
    expect(answer.user).toMatchObject({ email: member.email, role: 'vendor', teamRole: 'staff' });
  });
});

describe('a cancellation request accepted', () => {
  it('mails the vendor that their request was accepted, once', async () => {
    const admin = await createAdmin(t.db);
    const vendor = await createVendor(t.db);
    const kit = storeKit(t, admin);
    const product = await kit.product(50_000, 10, vendor.vendorId);
    const order = await kit.placed([{ product, quantity: 1 }]);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/orders/${order._id}/cancel-request`,
      headers: authAs(t.app, vendor),
      payload: { reason: 'Out of stock in my warehouse' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const url = `/api/orders/admin/${order._id}/cancel-requests/${asked.json().request._id}/accept`;
    const current = await kit.read(order._id);
    const accepted = await t.app.inject({
      method: 'POST',
      url,
      headers: authAs(t.app, admin),
      payload: { updatedAt: current.updatedAt },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mail = await deliveredTo(vendor.email);
    expect(mail.subject).toBe(`Your cancellation request for order ${order.trackingNumber} was accepted`);
    expect(mail.decoded).toContain(`/admin/my-orders/${order._id}`);
    expect((await outbox()).filter((row) => row.template === 'cancel-request-answered')).toHaveLength(1);
  });
});
