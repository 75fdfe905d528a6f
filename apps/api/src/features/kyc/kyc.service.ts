import { createHash } from 'node:crypto';
import {
  indianStateByCode,
  KYC_DOCUMENT_MAX_BYTES,
  type KycBody,
  type KycDecisionBody,
  type KycDocument,
  type KycDocumentContentType,
  type KycDocumentKind,
  type KycListItem,
  type KycListQuery,
  type KycRecord,
  type KycStatus,
  kycDocumentLabels,
  kycDocumentPath,
  kycMessages as messages,
} from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { sniffImageType } from '../uploads/uploads.service.js';
import {
  attachDocuments,
  attachedDocuments,
  countKycRows,
  deleteKycOf,
  documentsOfVendor,
  findDocument,
  findKyc,
  findVendorOf,
  insertDocument,
  insertKyc,
  type KycRow,
  type KycValues,
  listKycRows,
  lockKyc,
  pruneDetachedDocuments,
  setDecision,
  updateKyc,
} from './kyc.repository.js';

/**
 * Seller KYC (issue 35 'Seller KYC'; decisions 0134-0136). A vendor saves their KYC as a
 * draft and submits it; an admin approves it, requests changes (a reason per field) or
 * rejects it; payouts wait until it is approved (`approvedVendorIds`, read by the payout
 * run). On an approved KYC, a change of PAN, GSTIN or enrolment number sends it back to
 * review whatever `submit` says, and the admins are told. Every write carries the
 * record's `updatedAt` (decision 0018) and publishes its event in its transaction.
 */

type Who = Pick<Actor, 'userId' | 'role' | 'name'>;

/** How many documents a vendor keeps that are not attached to their KYC (older ones go). */
export const DETACHED_DOCUMENTS_KEPT = 10;

function parseReasons(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function toDocument(row: { id: number; kind: string | null; contentType: string; byteSize: number }): KycDocument {
  return {
    kind: row.kind as KycDocumentKind,
    uploadId: String(row.id),
    contentType: row.contentType as KycDocumentContentType,
    size: Number(row.byteSize),
    url: kycDocumentPath(row.id),
  };
}

function toListItem(row: KycRow): KycListItem {
  return {
    vendorId: String(row.vendorId),
    businessName: row.businessName,
    legalName: row.legalName,
    pan: row.pan,
    gstin: row.gstin,
    enrolmentNumber: row.enrolmentNumber,
    state: { code: row.stateCode, name: indianStateByCode(row.stateCode)?.name ?? row.stateCode },
    status: row.status,
    submittedAt: row.submittedAt,
    decidedAt: row.decidedAt,
    approvedBefore: Boolean(row.isApprovedBefore),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A stored KYC with its attached documents, as answered. */
async function toRecord(db: Db, row: KycRow): Promise<KycRecord> {
  const documents = await attachedDocuments(db, row.vendorId);
  return {
    ...toListItem(row),
    address: row.address,
    documents: documents.map(toDocument),
    reasons: parseReasons(row.reasons),
  };
}

/** `GET /api/vendor/kyc`: the vendor's KYC, or null before they first save it. */
export async function getMyKyc(db: Db, vendorId: number): Promise<KycRecord | null> {
  const row = await findKyc(db, vendorId);
  return row ? toRecord(db, row) : null;
}

/** `GET /api/kyc/admin/{vendorId}`. @throws AppError NOT_FOUND (404) no such vendor, or no KYC yet. */
export async function getKyc(db: Db, vendorId: number): Promise<KycRecord> {
  const row = await findKyc(db, vendorId);
  if (!row) throw notFound(messages.notFound);
  return toRecord(db, row);
}

/** A 400 naming `field`. */
const badField = (field: string, message: string) => new AppError('BAD_REQUEST', message, { [field]: message });

/**
 * What submitting needs beyond the formats the contract checked: a GSTIN or an enrolment
 * number, and the documents (PAN card, cancelled cheque, and the GST certificate with a GSTIN).
 * @throws AppError BAD_REQUEST (400) naming the field.
 */
function checkComplete(body: KycBody): void {
  if (!body.gstin && !body.enrolmentNumber) throw badField('gstin', messages.gstinOrEnrolmentRequired);
  const kinds = new Set(body.documents.map((document) => document.kind));
  const needed: KycDocumentKind[] = [
    'pan_card',
    ...(body.gstin ? ['gst_certificate' as const] : []),
    'cancelled_cheque',
  ];
  for (const kind of needed)
    if (!kinds.has(kind)) throw badField('documents', messages.documentMissing(kycDocumentLabels[kind]));
}

/** The fields of the KYC that differ between what is stored and what is sent, by name. */
function changedFields(current: KycRow | undefined, body: KycBody): string[] {
  if (!current) return ['legalName', 'pan', 'gstin', 'enrolmentNumber', 'state', 'address'];
  const pairs: [string, unknown, unknown][] = [
    ['legalName', current.legalName, body.legalName],
    ['pan', current.pan, body.pan],
    ['gstin', current.gstin, body.gstin ?? null],
    ['enrolmentNumber', current.enrolmentNumber, body.enrolmentNumber ?? null],
    ['state', current.stateCode, body.state],
    ['address', current.address, body.address],
  ];
  return pairs.filter(([, before, after]) => before !== after).map(([field]) => field);
}

/**
 * `PUT /api/vendor/kyc`: saves the signed-in vendor's KYC. Without `submit` its status
 * stays (a new one is a draft); with `submit` it goes to review once complete. An
 * approved KYC whose PAN, GSTIN or enrolment number changes goes back to review (its
 * payouts wait) and the admins are told; other changes to an approved KYC keep it
 * approved. Documents must be the vendor's own uploads.
 * @returns the KYC as stored and the message to show.
 * @throws AppError BAD_REQUEST (400) a document not theirs, or an incomplete submission,
 *   naming the field; NOT_FOUND (404) the vendor is gone; CONFLICT (409) a stale `updatedAt`.
 */
export async function saveKyc(
  db: Db,
  events: EventBus,
  actor: Who,
  vendorId: number,
  body: KycBody,
): Promise<{ kyc: KycRecord; message: string }> {
  const message = await runTransaction(db, async (trx) => {
    const vendor = await findVendorOf(trx, vendorId);
    if (!vendor) throw notFound(messages.vendorNotFound);
    await lockKyc(trx, vendorId, isPostgres(trx));
    const current = await findKyc(trx, vendorId);
    if (body.updatedAt !== undefined) {
      const stale = current
        ? body.updatedAt === null || isStaleVersion(body.updatedAt, current.updatedAt)
        : body.updatedAt !== null;
      if (stale) throw new AppError('CONFLICT', messages.changedMeanwhile);
    }
    const ids = body.documents.map((document) => document.uploadId);
    const own = new Set((await documentsOfVendor(trx, vendorId, ids)).map((row) => row.id));
    for (const id of ids) if (!own.has(id)) throw badField('documents', messages.documentNotYours(String(id)));

    const fields = changedFields(current, body);
    const identityChanged =
      current !== undefined && fields.some((field) => ['pan', 'gstin', 'enrolmentNumber'].includes(field));
    const wasApproved = current?.status === 'approved';
    let status: KycStatus;
    if (wasApproved) status = identityChanged ? 'submitted' : 'approved';
    else if (body.submit) status = 'submitted';
    else status = current?.status ?? 'draft';
    const submitting = status === 'submitted' && (current?.status !== 'submitted' || body.submit === true);
    if (status === 'submitted') checkComplete(body);

    const at = nextVersion(current?.updatedAt, new Date().toISOString());
    const values: KycValues = {
      legalName: body.legalName,
      pan: body.pan,
      gstin: body.gstin ?? null,
      enrolmentNumber: body.enrolmentNumber ?? null,
      stateCode: body.state,
      address: body.address,
      status,
      reasons: current?.reasons ?? '{}',
      isApprovedBefore: Boolean(current?.isApprovedBefore) || (wasApproved && identityChanged),
      submittedAt: submitting ? at : (current?.submittedAt ?? null),
    };
    if (current) await updateKyc(trx, vendorId, values, at);
    else await insertKyc(trx, vendorId, values, at);
    await attachDocuments(trx, vendorId, new Map(body.documents.map((document) => [document.uploadId, document.kind])));
    if (submitting && current?.status !== 'submitted') {
      await events.publish(trx, {
        type: 'kyc.submitted',
        actor,
        vendor: { id: vendorId, businessName: vendor.businessName },
        identityChanged: wasApproved && identityChanged,
        changedFields: fields,
        at,
      });
    }
    if (wasApproved && identityChanged) return messages.backToReview;
    return status === 'submitted' && submitting ? messages.submitted : messages.saved;
  });
  return { kyc: (await getMyKyc(db, vendorId)) as KycRecord, message };
}

/**
 * `PUT /api/kyc/admin/{vendorId}`: an admin's decision on a submitted KYC: approve
 * (payouts may resume), request changes (reasons by field) or reject (a reason). The
 * vendor is told.
 * @throws AppError NOT_FOUND (404) no KYC; CONFLICT (409) not awaiting review, or stale.
 */
export async function decideKyc(
  db: Db,
  events: EventBus,
  actor: Who,
  vendorId: number,
  body: KycDecisionBody,
): Promise<{ kyc: KycRecord; message: string }> {
  const status: KycStatus =
    body.decision === 'approve' ? 'approved' : body.decision === 'reject' ? 'rejected' : 'changes_requested';
  await runTransaction(db, async (trx) => {
    await lockKyc(trx, vendorId, isPostgres(trx));
    const current = await findKyc(trx, vendorId);
    if (!current) throw notFound(messages.notFound);
    if (isStaleVersion(body.updatedAt, current.updatedAt)) throw new AppError('CONFLICT', messages.changedMeanwhile);
    if (current.status !== 'submitted') throw new AppError('CONFLICT', messages.notAwaitingReview);
    const reasons = body.decision === 'approve' ? {} : body.reasons;
    const at = nextVersion(current.updatedAt, new Date().toISOString());
    await setDecision(trx, vendorId, { status, reasons: JSON.stringify(reasons), decidedBy: actor.userId }, at);
    await events.publish(trx, {
      type: 'kyc.decided',
      actor,
      vendor: { id: vendorId, userId: current.userId, businessName: current.businessName },
      status: status as 'approved' | 'changes_requested' | 'rejected',
      reasonFields: Object.keys(reasons),
      at,
    });
  });
  const message =
    status === 'approved' ? messages.approved : status === 'rejected' ? messages.rejected : messages.changesRequested;
  return { kyc: await getKyc(db, vendorId), message };
}

/**
 * `GET /api/kyc/admin`: KYCs newest change first, of one status or all; all, or a page.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this list.
 */
export async function listKyc(
  db: Db,
  bounds: ListBounds,
  query: KycListQuery,
): Promise<{ kycs: KycListItem[]; total?: number; nextCursor?: string | null }> {
  const { items, ...paging } = await listOrPage(
    { limit: query.limit, cursor: query.cursor, sort: `kyc-${query.status ?? 'all'}` },
    {
      keyType: 'instant',
      fetchAll: () => listKycRows(db, query.status),
      fetchPage: (page) => listKycRows(db, query.status, page),
      count: () => countKycRows(db, query.status),
      keyOf: (row) => ({ key: row.updatedAt, id: row.vendorId }),
      toItems: (rows) => rows.map(toListItem),
    },
    bounds,
  );
  return { kycs: items, ...paging };
}

/** The document type `bytes` start with: a PDF, or a PNG, JPEG or WebP image; else null. */
export function sniffDocumentType(bytes: Uint8Array): KycDocumentContentType | null {
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d)
    return 'application/pdf';
  const image = sniffImageType(bytes);
  return image === 'image/png' || image === 'image/jpeg' || image === 'image/webp' ? image : null;
}

/**
 * `POST /api/vendor/kyc/documents`: stores a document for the vendor, as sent (not
 * re-encoded: a PDF or a scan is evidence), its type read from its bytes. Keeps at most
 * `DETACHED_DOCUMENTS_KEPT` documents not attached to the KYC (older ones are deleted).
 * @throws AppError BAD_REQUEST (400) empty; PAYLOAD_TOO_LARGE (413) over 2 MB;
 *   UNSUPPORTED_MEDIA_TYPE (415) not a PDF, PNG, JPEG or WebP, or not the type it claims.
 */
export async function uploadDocument(
  db: Db,
  vendorId: number,
  bytes: Buffer,
  declaredType: string | undefined,
): Promise<{ id: number; contentType: KycDocumentContentType; size: number }> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', messages.documentEmpty);
  if (bytes.length > KYC_DOCUMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', messages.documentTooLarge);
  const type = sniffDocumentType(bytes);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.documentType);
  const declared = declaredType?.split(';')[0]?.trim().toLowerCase();
  const named = declared === 'image/jpg' ? 'image/jpeg' : declared;
  if ((named?.startsWith('image/') || named === 'application/pdf') && named !== type)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.documentTypeMismatch);
  const id = await runTransaction(db, async (trx) => {
    const inserted = await insertDocument(trx, {
      vendorId,
      contentType: type,
      byteSize: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      data: bytes,
      createdAt: new Date().toISOString(),
    });
    await pruneDetachedDocuments(trx, vendorId, DETACHED_DOCUMENTS_KEPT);
    return inserted;
  });
  return { id, contentType: type, size: bytes.length };
}

/**
 * `GET /api/kyc/documents/{id}`: a document's bytes, to its vendor or an admin.
 * @throws AppError NOT_FOUND (404) no such document, or another vendor's.
 */
export async function readDocument(
  db: Db,
  actor: Pick<Actor, 'role' | 'vendorId'>,
  id: number,
): Promise<{ contentType: string; data: Buffer }> {
  const row = await findDocument(db, id);
  if (!row || (actor.role !== 'admin' && row.vendorId !== actor.vendorId)) throw notFound(messages.documentNotFound);
  return { contentType: row.contentType, data: Buffer.from(row.data) };
}

/**
 * Deletes a vendor's KYC and every document of theirs, in the caller's transaction: the
 * vendor's deletion calls it (decision 0120's map, issue 35: a PAN, GSTIN, address and
 * documents are personal and go with their vendor).
 */
export function eraseKycOf(trx: Db, vendorId: number): Promise<void> {
  return deleteKycOf(trx, vendorId);
}
