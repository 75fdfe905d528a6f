import type { KycDocumentKind, KycStatus } from '@haat/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { afterKeyset, type Keyset } from '../../platform/db/lists.js';

/**
 * Every SQL statement on seller KYC (issue 35): `vendor_kyc` (one row per vendor) and
 * `kyc_documents` (their documents' bytes). Times UTC ISO 8601.
 */

const recordColumns = [
  'k.vendorId',
  'v.businessName',
  'v.userId',
  'k.legalName',
  'k.pan',
  'k.gstin',
  'k.enrolmentNumber',
  'k.stateCode',
  'k.address',
  'k.status',
  'k.reasons',
  'k.isApprovedBefore',
  'k.submittedAt',
  'k.decidedAt',
  'k.createdAt',
  'k.updatedAt',
] as const;

/** One vendor's KYC with their business name, or undefined when they have none. */
export function findKyc(db: Db, vendorId: number) {
  return db
    .selectFrom('vendorKyc as k')
    .innerJoin('vendors as v', 'v.id', 'k.vendorId')
    .select(recordColumns)
    .where('k.vendorId', '=', vendorId)
    .executeTakeFirst();
}
export type KycRow = NonNullable<Awaited<ReturnType<typeof findKyc>>>;

/** The vendor's business name and user, or undefined when there is no such vendor. */
export function findVendorOf(db: Db, vendorId: number) {
  return db
    .selectFrom('vendors')
    .select(['id', 'businessName', 'userId'])
    .where('id', '=', vendorId)
    .executeTakeFirst();
}

/** The KYC's stored values as written by a save. */
export interface KycValues {
  legalName: string;
  pan: string;
  gstin: string | null;
  enrolmentNumber: string | null;
  stateCode: string;
  address: string;
  status: KycStatus;
  reasons: string;
  isApprovedBefore: boolean;
  submittedAt: string | null;
}

/** Inserts the vendor's first KYC. */
export async function insertKyc(db: Db, vendorId: number, values: KycValues, at: string): Promise<void> {
  await db
    .insertInto('vendorKyc')
    .values({ vendorId, ...values, decidedAt: null, decidedBy: null, createdAt: at, updatedAt: at })
    .execute();
}

/** Rewrites the vendor's KYC. */
export async function updateKyc(db: Db, vendorId: number, values: KycValues, at: string): Promise<void> {
  await db
    .updateTable('vendorKyc')
    .set({ ...values, updatedAt: at })
    .where('vendorId', '=', vendorId)
    .execute();
}

/** Records an admin's decision. */
export async function setDecision(
  db: Db,
  vendorId: number,
  decision: { status: KycStatus; reasons: string; decidedBy: number },
  at: string,
): Promise<void> {
  await db
    .updateTable('vendorKyc')
    .set({ ...decision, decidedAt: at, updatedAt: at })
    .where('vendorId', '=', vendorId)
    .execute();
}

/** Locks the vendor's KYC row for the transaction on PostgreSQL (SQLite has one writer). */
export async function lockKyc(db: Db, vendorId: number, postgres: boolean): Promise<void> {
  if (postgres)
    await db.selectFrom('vendorKyc').select('vendorId').where('vendorId', '=', vendorId).forUpdate().execute();
}

/** Review list rows: newest change first, of one status or all; all, or `limit + 1` after the cursor. */
export function listKycRows(
  db: Db,
  status: KycStatus | undefined,
  page?: { limit: number; after?: Keyset | undefined },
) {
  let query = db
    .selectFrom('vendorKyc as k')
    .innerJoin('vendors as v', 'v.id', 'k.vendorId')
    .select(recordColumns)
    .$if(status !== undefined, (q) => q.where('k.status', '=', status as KycStatus));
  if (page?.after)
    query = query.where(afterKeyset(sql.ref('k.updated_at'), sql.ref('k.vendor_id'), 'desc', page.after));
  query = query.orderBy('k.updatedAt', 'desc').orderBy('k.vendorId', 'desc');
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

/** How many KYCs have `status` (or any). */
export async function countKycRows(db: Db, status: KycStatus | undefined): Promise<number> {
  const row = await db
    .selectFrom('vendorKyc')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .$if(status !== undefined, (q) => q.where('status', '=', status as KycStatus))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The documents attached to the vendor's KYC (no bytes). */
export function attachedDocuments(db: Db, vendorId: number) {
  return db
    .selectFrom('kycDocuments')
    .select(['id', 'kind', 'contentType', 'byteSize'])
    .where('vendorId', '=', vendorId)
    .where('kind', 'is not', null)
    .orderBy('id')
    .execute();
}

/** The vendor's own documents among `ids` (no bytes). */
export function documentsOfVendor(db: Db, vendorId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('kycDocuments')
    .select(['id', 'kind'])
    .where('vendorId', '=', vendorId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Attaches the documents `byKind` to the vendor's KYC, detaching any other: a document
 * replaced stays stored (the admins' review may still read it) until the vendor goes.
 */
export async function attachDocuments(
  db: Db,
  vendorId: number,
  byKind: ReadonlyMap<number, KycDocumentKind>,
): Promise<void> {
  await db.updateTable('kycDocuments').set({ kind: null }).where('vendorId', '=', vendorId).execute();
  for (const [id, kind] of byKind)
    await db.updateTable('kycDocuments').set({ kind }).where('id', '=', id).where('vendorId', '=', vendorId).execute();
}

/** Stores a document's bytes for the vendor; returns its id. */
export async function insertDocument(
  db: Db,
  values: { vendorId: number; contentType: string; byteSize: number; sha256: string; data: Buffer; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('kycDocuments')
    .values({ ...values, kind: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the vendor's documents not attached to their KYC but the newest `keep`. */
export async function pruneDetachedDocuments(db: Db, vendorId: number, keep: number): Promise<void> {
  const kept = await db
    .selectFrom('kycDocuments')
    .select('id')
    .where('vendorId', '=', vendorId)
    .where('kind', 'is', null)
    .orderBy('id', 'desc')
    .limit(keep)
    .execute();
  let query = db.deleteFrom('kycDocuments').where('vendorId', '=', vendorId).where('kind', 'is', null);
  if (kept.length > 0)
    query = query.where(
      'id',
      'not in',
      kept.map((row) => row.id),
    );
  await query.execute();
}

/** A document's owner, type and bytes, or undefined. */
export function findDocument(db: Db, id: number) {
  return db
    .selectFrom('kycDocuments')
    .select(['id', 'vendorId', 'contentType', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Which of `vendorIds` have an approved KYC. */
export async function approvedVendorIds(db: Db, vendorIds: readonly number[]): Promise<Set<number>> {
  const approved = new Set<number>();
  for (let start = 0; start < vendorIds.length; start += 500) {
    const rows = await db
      .selectFrom('vendorKyc')
      .select('vendorId')
      .where('status', '=', 'approved')
      .where('vendorId', 'in', vendorIds.slice(start, start + 500))
      .execute();
    for (const row of rows) approved.add(row.vendorId);
  }
  return approved;
}

/** Deletes the vendor's KYC and every document of theirs (the erasure; decision 0120's map). */
export async function deleteKycOf(db: Db, vendorId: number): Promise<void> {
  await db.deleteFrom('kycDocuments').where('vendorId', '=', vendorId).execute();
  await db.deleteFrom('vendorKyc').where('vendorId', '=', vendorId).execute();
}
