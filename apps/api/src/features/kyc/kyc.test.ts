import { gstinCheckCharacter, type KycRecord, type Payout } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { IMAGES } from '../../test/images.js';
import { approveKyc, gstinFor, panFor } from '../../test/kyc-fixtures.js';
import { moneyKit } from '../../test/money-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Seller KYC over HTTP (issue 35 'Seller KYC'): the vendor's form and its checks, the
 * documents, the admins' review, the notices and the log, the payouts that wait for an
 * approved KYC, and the erasure with the vendor. On SQLite and PostgreSQL.
 */

let t: TestApp;
let admin: FixtureUser;
let money: ReturnType<typeof moneyKit>;

/** A PDF's first bytes (the upload reads the type from them). */
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** Reliance Industries' published PAN and Maharashtra GSTIN (its check character validates). */
const PAN = 'AAACR5055K';
const GSTIN = '27AAACR5055K1Z7';

const headers = (user: FixtureUser) => ({ ...authAs(t.app, user), 'content-type': 'application/json' });

function put(vendor: FixtureUser, body: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/vendor/kyc',
    headers: headers(vendor),
    payload: JSON.stringify(body),
  });
}

async function mine(vendor: FixtureUser): Promise<KycRecord | null> {
  const res = await t.app.inject({ method: 'GET', url: '/api/vendor/kyc', headers: authAs(t.app, vendor) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().kyc;
}

function upload(vendor: FixtureUser, bytes: Buffer, contentType = 'application/octet-stream') {
  return t.app.inject({
    method: 'POST',
    url: '/api/vendor/kyc/documents',
    headers: { ...authAs(t.app, vendor), 'content-type': contentType },
    payload: bytes,
  });
}

/** Uploads `bytes` and answers its id. */
async function documentId(vendor: FixtureUser, bytes = PDF): Promise<string> {
  const res = await upload(vendor, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}

/** The three documents of a registered seller, uploaded by `vendor`. */
async function documentsOf(vendor: FixtureUser) {
  return [
    { kind: 'pan_card', uploadId: await documentId(vendor) },
    { kind: 'gst_certificate', uploadId: await documentId(vendor, IMAGES.png) },
    { kind: 'cancelled_cheque', uploadId: await documentId(vendor, IMAGES.jpeg) },
  ];
}

/** A complete KYC body for `vendor` (its own PAN, GSTIN in Karnataka). */
async function completeBody(vendor: FixtureUser, extra: Record<string, unknown> = {}) {
  const pan = panFor(vendor.vendorId as number);
  return {
    legalName: `${vendor.name} Private Limited`,
    pan,
    gstin: gstinFor(pan, '29'),
    state: 'Karnataka',
    address: '12 MG Road, Bengaluru 560001',
    documents: await documentsOf(vendor),
    ...extra,
  };
}

function decide(vendorId: number, body: unknown, as: FixtureUser = admin) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/kyc/admin/${vendorId}`,
    headers: headers(as),
    payload: JSON.stringify(body),
  });
}

/** A vendor whose complete KYC is submitted. */
async function submittedVendor(): Promise<{ vendor: FixtureUser; kyc: KycRecord }> {
  const vendor = await createVendor(t.db);
  const res = await put(vendor, await completeBody(vendor, { submit: true }));
  expect(res.statusCode, res.body).toBe(200);
  return { vendor, kyc: res.json().kyc };
}

async function notices(userId: number, kind: string) {
  return t.db
    .selectFrom('notifications')
    .select(['message', 'link', 'subjectId'])
    .where('userId', '=', userId)
    .where('kind', '=', kind as never)
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ PAYOUT_MINIMUM: '1' });
  admin = await createAdmin(t.db);
  money = moneyKit(t, admin);
});
afterAll(() => t.close());

describe('the vendor’s KYC form', () => {
  it('answers null before the first save, then a draft with its status and version', async () => {
    const vendor = await createVendor(t.db);
    expect(await mine(vendor)).toBeNull();
    const res = await put(vendor, {
      legalName: 'Reliance Industries Limited',
      pan: 'aaacr5055k',
      gstin: ' 27aaacr5055k1z7 ',
      state: 'maharashtra',
      address: '3rd Floor, Maker Chambers IV, Nariman Point, Mumbai',
      updatedAt: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const kyc = res.json().kyc as KycRecord;
    expect(res.json().message).toBe('KYC saved');
    expect(kyc).toMatchObject({
      status: 'draft',
      pan: PAN,
      gstin: GSTIN,
      enrolmentNumber: null,
      state: { code: '27', name: 'Maharashtra' },
      documents: [],
      reasons: {},
      approvedBefore: false,
      submittedAt: null,
    });
    expect(await mine(vendor)).toEqual(kyc);
  });

  it('takes the state as a GST code', async () => {
    const vendor = await createVendor(t.db);
    const res = await put(vendor, { legalName: 'R', pan: PAN, gstin: GSTIN, state: '27', address: 'Mumbai' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kyc.state).toEqual({ code: '27', name: 'Maharashtra' });
  });

  it.each([
    [{ pan: 'AAACR5055' }, 'pan', 'PAN must be 10 characters'],
    [{ pan: 'AAAXR5055K' }, 'pan', "PAN's fourth letter must be the holder type"],
    [{ gstin: '27AAACR5055K1Z8' }, 'gstin', "GSTIN's last character (its check character) does not match"],
    [{ gstin: '27AAACR5055K1Y7' }, 'gstin', "GSTIN's 14th character must be Z"],
    [{ gstin: '40AAACR5055K1Z7' }, 'gstin', "GSTIN's state code 40 is not a GST state code"],
    [
      { gstin: '27AAACT2727Q1ZW' },
      'gstin',
      "GSTIN's PAN (AAACT2727Q, characters 3 to 12) must be the PAN given (AAACR5055K)",
    ],
    [
      { gstin: '24AAACR5055K1ZD' },
      'gstin',
      "GSTIN's state (24 Gujarat) must be the state you ship from (27 Maharashtra)",
    ],
    [{ state: 'Atlantis' }, 'state', 'State must be an Indian state or union territory'],
    [{ state: '25' }, 'state', 'State is a retired GST state code'],
    [{ enrolmentNumber: '27AAACR5055K001' }, 'enrolmentNumber', 'Give a GSTIN or an enrolment number, not both'],
    [{ legalName: '  ' }, 'legalName', 'Legal name is required'],
    [{ address: '' }, 'address', 'Address is required'],
    [{ documents: [{ kind: 'passport', uploadId: 1 }] }, 'documents.0.kind', 'Document kind must be'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (change, field, message) => {
    const vendor = await createVendor(t.db);
    const base = { legalName: 'Reliance', pan: PAN, gstin: GSTIN, state: 'Maharashtra', address: 'Mumbai' };
    const res = await put(vendor, { ...base, ...change });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toContain(message);
    expect(body.errors[field]).toContain(message);
    expect(await mine(vendor)).toBeNull();
  });

  it('takes an unregistered seller’s enrolment number with its PAN and state, and refuses another state', async () => {
    const vendor = await createVendor(t.db);
    const body = {
      legalName: 'Asha Ebrahim',
      pan: 'ABCPE1234F',
      enrolmentNumber: '29ABCPE1234F001',
      state: 'KA',
      address: '4 Church Street, Bengaluru',
      documents: [
        { kind: 'pan_card', uploadId: await documentId(vendor) },
        { kind: 'cancelled_cheque', uploadId: await documentId(vendor) },
      ],
      submit: true,
    };
    const wrong = await put(vendor, { ...body, state: 'Kerala' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.enrolmentNumber).toBe(
      "Enrolment number's state (29 Karnataka) must be the state you ship from (32 Kerala)",
    );
    const res = await put(vendor, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kyc).toMatchObject({ status: 'submitted', gstin: null, enrolmentNumber: '29ABCPE1234F001' });
  });

  it('refuses to submit without a GSTIN or enrolment number, or without each document, naming the field', async () => {
    const vendor = await createVendor(t.db);
    const body = await completeBody(vendor, { submit: true });
    const noGstin = await put(vendor, { ...body, gstin: null });
    expect(noGstin.statusCode).toBe(400);
    expect(noGstin.json().errors).toEqual({
      gstin: 'GSTIN is required to submit (or, for an unregistered seller within one state, the enrolment number)',
    });
    const noCheque = await put(vendor, { ...body, documents: body.documents.slice(0, 2) });
    expect(noCheque.statusCode).toBe(400);
    expect(noCheque.json().errors).toEqual({ documents: 'Documents: a Cancelled cheque is required to submit' });
    const noCertificate = await put(vendor, { ...body, documents: [body.documents[0], body.documents[2]] });
    expect(noCertificate.json().errors).toEqual({ documents: 'Documents: a GST certificate is required to submit' });
    expect(await mine(vendor)).toBeNull();
  });

  it('refuses another vendor’s document, and a kind given twice', async () => {
    const vendor = await createVendor(t.db);
    const other = await createVendor(t.db);
    const theirs = await documentId(other);
    const base = { legalName: 'R', pan: PAN, gstin: GSTIN, state: '27', address: 'Mumbai' };
    const res = await put(vendor, { ...base, documents: [{ kind: 'pan_card', uploadId: theirs }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ documents: `Documents: upload ${theirs} is not one of your KYC documents` });
    const mineId = await documentId(vendor);
    const twice = await put(vendor, {
      ...base,
      documents: [
        { kind: 'pan_card', uploadId: mineId },
        { kind: 'pan_card', uploadId: mineId },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.documents).toBe('Documents: pan_card is given twice');
  });

  it('answers 409 to a save carrying a stale updatedAt, or none when one exists', async () => {
    const vendor = await createVendor(t.db);
    const base = { legalName: 'R', pan: PAN, gstin: GSTIN, state: '27', address: 'Mumbai' };
    const first = (await put(vendor, { ...base, updatedAt: null })).json().kyc as KycRecord;
    const second = await put(vendor, { ...base, address: 'Pune', updatedAt: first.updatedAt });
    expect(second.statusCode, second.body).toBe(200);
    const stale = await put(vendor, { ...base, address: 'Nagpur', updatedAt: first.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('changed elsewhere');
    const asNew = await put(vendor, { ...base, address: 'Nagpur', updatedAt: null });
    expect(asNew.statusCode).toBe(409);
    expect((await mine(vendor))?.address).toBe('Pune');
  });
});

describe('KYC documents', () => {
  it('takes a PDF, PNG or JPEG, read from its bytes, and serves it to its vendor and the admins only', async () => {
    const vendor = await createVendor(t.db);
    const other = await createVendor(t.db);
    for (const [bytes, type] of [
      [PDF, 'application/pdf'],
      [IMAGES.png, 'image/png'],
      [IMAGES.jpeg, 'image/jpeg'],
    ] as const) {
      const res = await upload(vendor, bytes);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ success: true, contentType: type, size: bytes.length });
      const url = res.json().url as string;
      const own = await t.app.inject({ method: 'GET', url, headers: authAs(t.app, vendor) });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe(type);
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.rawPayload.equals(bytes)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url, headers: authAs(t.app, admin) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, headers: authAs(t.app, other) })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it.each([
    ['empty', Buffer.alloc(0), 'application/pdf', 400, 'The file is empty'],
    ['text', Buffer.from('PAN: AAACR5055K'), 'text/plain', 415, 'A document must be a PDF, PNG, JPEG or WebP file'],
    ['a GIF', IMAGES.gif, 'image/gif', 415, 'A document must be a PDF, PNG, JPEG or WebP file'],
    ['a PNG declared a PDF', IMAGES.png, 'application/pdf', 415, 'The file’s content does not match its declared type'],
    [
      'over 2 MB',
      Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]),
      'application/pdf',
      413,
      'Documents must be at most 2 MB',
    ],
  ])('refuses %s', async (_name, bytes, type, status, message) => {
    const vendor = await createVendor(t.db);
    const res = await upload(vendor, bytes, type);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    const stored = await t.db
      .selectFrom('kycDocuments')
      .select('id')
      .where('vendorId', '=', vendor.vendorId as number)
      .execute();
    expect(stored).toEqual([]);
  });

  it('keeps a vendor’s ten newest documents not attached to their KYC, and every attached one', async () => {
    const vendor = await createVendor(t.db);
    const body = await completeBody(vendor);
    expect((await put(vendor, body)).statusCode).toBe(200);
    for (let n = 0; n < 12; n += 1) await documentId(vendor, Buffer.concat([PDF, Buffer.from(String(n))]));
    const rows = await t.db
      .selectFrom('kycDocuments')
      .select(['id', 'kind'])
      .where('vendorId', '=', vendor.vendorId as number)
      .execute();
    expect(rows.filter((row) => row.kind === null)).toHaveLength(10);
    expect(rows.filter((row) => row.kind !== null).map((row) => String(row.id))).toEqual(
      body.documents.map((document) => document.uploadId),
    );
  });
});

describe('the admins’ review', () => {
  it('tells every admin of a submission and logs it, naming the fields but not their values', async () => {
    const { vendor, kyc } = await submittedVendor();
    expect(kyc.status).toBe('submitted');
    expect(kyc.submittedAt).toBe(kyc.updatedAt);
    expect(kyc.documents.map((document) => document.kind)).toEqual(['pan_card', 'gst_certificate', 'cancelled_cheque']);
    const told = await notices(admin.id, 'kyc_submitted');
    expect(told.find((notice) => notice.subjectId === vendor.vendorId)).toMatchObject({
      message: `${(vendor as FixtureUser & { businessName: string }).businessName} submitted their KYC for review.`,
      link: `/admin/kyc-review/${vendor.vendorId}`,
    });
    const log = await t.db
      .selectFrom('activityLog')
      .select(['action', 'changes', 'actorUserId'])
      .where('recordKind', '=', 'kyc')
      .where('recordId', '=', vendor.vendorId as number)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]?.actorUserId).toBe(vendor.id);
    expect(log[0]?.changes).not.toContain(kyc.pan);
    expect(log[0]?.changes).toContain('legalName');
  });

  it('lists by status, newest change first, in keyset pages', async () => {
    const first = await submittedVendor();
    const second = await submittedVendor();
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/kyc/admin?status=submitted&limit=1',
      headers: authAs(t.app, admin),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().kycs.map((row: KycRecord) => row.vendorId)).toEqual([String(second.vendor.vendorId)]);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/kyc/admin?status=submitted&limit=1&cursor=${encodeURIComponent(page.json().nextCursor)}`,
      headers: authAs(t.app, admin),
    });
    expect(next.json().kycs.map((row: KycRecord) => row.vendorId)).toEqual([String(first.vendor.vendorId)]);
    const approved = await t.app.inject({
      method: 'GET',
      url: '/api/kyc/admin?status=approved',
      headers: authAs(t.app, admin),
    });
    expect(approved.json().kycs.map((row: KycRecord) => row.vendorId)).not.toContain(String(first.vendor.vendorId));
    const bad = await t.app.inject({ method: 'GET', url: '/api/kyc/admin?status=done', headers: authAs(t.app, admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be draft, submitted, approved, changes_requested or rejected');
  });

  it('answers one vendor’s KYC with its documents, 404 when they have none', async () => {
    const { vendor, kyc } = await submittedVendor();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/kyc/admin/${vendor.vendorId}`,
      headers: authAs(t.app, admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().kyc).toEqual(kyc);
    const none = await createVendor(t.db);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/kyc/admin/${none.vendorId}`,
      headers: authAs(t.app, admin),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('KYC not found');
  });

  it('requests changes with a reason per field; the vendor reads them, fixes and submits again', async () => {
    const { vendor, kyc } = await submittedVendor();
    const missing = await decide(vendor.vendorId as number, { decision: 'request_changes', reasons: { pan: '  ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ reasons: 'Give a reason for at least one field' });
    const res = await decide(vendor.vendorId as number, {
      decision: 'request_changes',
      reasons: { address: 'The address differs from the GST certificate', pan_card: 'The scan is unreadable' },
      updatedAt: kyc.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Changes requested');
    const after = await mine(vendor);
    expect(after).toMatchObject({
      status: 'changes_requested',
      reasons: { address: 'The address differs from the GST certificate', pan_card: 'The scan is unreadable' },
    });
    expect((await notices(vendor.id, 'kyc_changes_requested'))[0]).toMatchObject({ link: '/admin/kyc' });
    // The admins' "awaiting review" notices are settled.
    const unread = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('kind', '=', 'kyc_submitted')
      .where('subjectId', '=', vendor.vendorId as number)
      .where('readAt', 'is', null)
      .execute();
    expect(unread).toEqual([]);
    // A save without submit keeps the request open; a submit sends it back.
    const body = await completeBody(vendor, { address: '12 MG Road, Bengaluru 560001 (as on the certificate)' });
    const saved = await put(vendor, { ...body, updatedAt: after?.updatedAt });
    expect(saved.json().kyc.status).toBe('changes_requested');
    const again = await put(vendor, { ...body, submit: true, updatedAt: saved.json().kyc.updatedAt });
    expect(again.json()).toMatchObject({ message: 'KYC submitted for review', kyc: { status: 'submitted' } });
  });

  it('rejects with a reason, and answers 409 to a decision on a KYC not awaiting review or a stale one', async () => {
    const { vendor, kyc } = await submittedVendor();
    const noReason = await decide(vendor.vendorId as number, { decision: 'reject' });
    expect(noReason.json().errors).toEqual({ reasons: 'Give a reason' });
    const stale = await decide(vendor.vendorId as number, {
      decision: 'reject',
      reasons: { general: 'Not a business' },
      updatedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    const res = await decide(vendor.vendorId as number, {
      decision: 'reject',
      reasons: { general: 'The PAN card is of another person' },
      updatedAt: kyc.updatedAt,
    });
    expect(res.json()).toMatchObject({ message: 'KYC rejected', kyc: { status: 'rejected' } });
    expect(await notices(vendor.id, 'kyc_rejected')).toHaveLength(1);
    const again = await decide(vendor.vendorId as number, { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This KYC is not awaiting review');
    const bad = await decide(vendor.vendorId as number, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Decision must be approve, request_changes or reject');
    const none = await decide(999_999, { decision: 'approve' });
    expect(none.statusCode).toBe(404);
  });
});

describe('payouts wait for an approved KYC', () => {
  /** A vendor with bank details old enough and `rupees` available, KYC as given. */
  async function vendorWithBalance(rupees: number, kyc: boolean) {
    const vendor = await createVendor(t.db);
    await money.bank(vendor, { kyc });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/admin/vendors/${vendor.vendorId}/adjustments`,
      headers: headers(admin),
      payload: JSON.stringify({ amount: rupees, reason: 'Opening balance' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return vendor;
  }

  const paidVendorIds = (payouts: Payout[]) => payouts.map((payout) => payout.vendorId);

  it('leaves out of Pay all and of a named run a vendor without KYC, and pays them once approved', async () => {
    const without = await vendorWithBalance(500, false);
    const approved = await vendorWithBalance(700, true);
    const all = await money.payRun({});
    expect(paidVendorIds(all.json().payouts)).toContain(String(approved.vendorId));
    expect(paidVendorIds(all.json().payouts)).not.toContain(String(without.vendorId));
    const named = await money.payRun({ vendorIds: [without.vendorId] });
    expect(named.json().payouts).toEqual([]);
    expect((await money.balances(without)).available).toBe(500);

    // The vendor submits, an admin approves: the next run pays them.
    const body = await completeBody(without, { submit: true });
    const submitted = (await put(without, body)).json().kyc as KycRecord;
    expect((await money.payRun({ vendorIds: [without.vendorId] })).json().payouts).toEqual([]);
    const approval = await decide(without.vendorId as number, { decision: 'approve', updatedAt: submitted.updatedAt });
    expect(approval.json()).toMatchObject({ message: 'KYC approved', kyc: { status: 'approved', reasons: {} } });
    expect((await notices(without.id, 'kyc_approved'))[0]?.message).toBe(
      'Your KYC was approved: your earnings can be paid out.',
    );
    const paid = await money.payRun({ vendorIds: [without.vendorId] });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payouts.map((payout: Payout) => payout.amount)).toEqual([500]);
  });

  it('sends an approved KYC back to review when its PAN or GSTIN changes (payouts wait, admins told), not for its address', async () => {
    const vendor = await vendorWithBalance(300, false);
    const body = await completeBody(vendor, { submit: true });
    const submitted = (await put(vendor, body)).json().kyc as KycRecord;
    const approved = (
      await decide(vendor.vendorId as number, { decision: 'approve', updatedAt: submitted.updatedAt })
    ).json().kyc as KycRecord;

    const moved = await put(vendor, { ...body, submit: false, address: '14 MG Road', updatedAt: approved.updatedAt });
    expect(moved.json()).toMatchObject({ message: 'KYC saved', kyc: { status: 'approved', address: '14 MG Road' } });

    const newGstin = `${body.gstin.slice(0, 12)}2Z`;
    const changed = await put(vendor, {
      ...body,
      submit: false,
      gstin: newGstin + gstinCheckCharacter(newGstin),
      updatedAt: moved.json().kyc.updatedAt,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Your PAN or GSTIN changed: your KYC is back in review and payouts wait until it is approved again',
      kyc: { status: 'submitted', approvedBefore: true },
    });
    expect((await money.payRun({ vendorIds: [vendor.vendorId] })).json().payouts).toEqual([]);
    const told = (await notices(admin.id, 'kyc_submitted')).filter((notice) => notice.subjectId === vendor.vendorId);
    expect(told.map((notice) => notice.message)).toContain(
      `${(vendor as FixtureUser & { businessName: string }).businessName} changed their PAN or GSTIN: their KYC is back in review and their payouts wait.`,
    );
  });
});

describe('erasure', () => {
  it('deletes a vendor’s KYC and every document of theirs with the vendor', async () => {
    const { vendor } = await submittedVendor();
    await documentId(vendor);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/vendors/${vendor.vendorId}`,
      headers: authAs(t.app, admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = vendor.vendorId as number;
    expect(await t.db.selectFrom('vendorKyc').select('vendorId').where('vendorId', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('kycDocuments').select('id').where('vendorId', '=', id).execute()).toEqual([]);
  });

  it('keeps the fixture honest: an approved KYC made by approveKyc validates', async () => {
    const vendor = await createVendor(t.db);
    await approveKyc(t.db, vendor.vendorId as number);
    const kyc = (await mine(vendor)) as KycRecord;
    const again = await put(vendor, {
      legalName: kyc.legalName,
      pan: kyc.pan,
      gstin: kyc.gstin,
      state: kyc.state.code,
      address: kyc.address,
      updatedAt: kyc.updatedAt,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().kyc.status).toBe('approved');
  });
});
