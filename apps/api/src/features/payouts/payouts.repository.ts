import { type Expression, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { afterKeyset, type Keyset } from '../../platform/db/lists.js';
import type { PayoutsTable } from '../../platform/db/schema.js';
import { anyContains } from '../../platform/db/search-text.js';

/**
 * Every SQL statement on payouts, the vendors' balances list and their bank details
 * (issue 25; decision 0106). Money in paise, times UTC ISO 8601.
 */

/** The Payouts screen's sorts: largest available balance first, or by business name. */
export const balanceSorts = {
  available: { direction: 'desc', keyType: 'number' },
  name: { direction: 'asc', keyType: 'string' },
} as const;
export type BalanceSort = keyof typeof balanceSorts;

function vendorsWithBalances(db: Db, search: string | undefined) {
  return db
    .selectFrom('vendors as v')
    .leftJoin('vendorBalances as b', 'b.vendorId', 'v.id')
    .$if(search !== undefined, (q) =>
      q.where((eb) => anyContains(isPostgres(db), [eb.ref('v.businessName')], search as string)),
    );
}

const availableKey = sql<number>`coalesce(b.available_paise, 0)`;

/** Every vendor with their balances (zeros before their first entry); all, or `limit + 1` after the cursor. */
export function listVendorBalances(
  db: Db,
  search: string | undefined,
  sort: BalanceSort,
  page?: { limit: number; after?: Keyset | undefined },
) {
  const key: Expression<unknown> = sort === 'available' ? availableKey : sql.ref('v.business_name');
  const { direction } = balanceSorts[sort];
  let query = vendorsWithBalances(db, search).select([
    'v.id',
    'v.businessName',
    'v.bankAccountNumber',
    'v.bankChangedAt',
    sql<number>`coalesce(b.pending_paise, 0)`.as('pendingPaise'),
    availableKey.as('availablePaise'),
    sql<number>`coalesce(b.processing_paise, 0)`.as('processingPaise'),
    sql<number>`coalesce(b.paid_paise, 0)`.as('paidPaise'),
  ]);
  if (page?.after) query = query.where(afterKeyset(key, sql.ref('v.id'), direction, page.after));
  query = query.orderBy(key as never, direction).orderBy('v.id', direction);
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

export type VendorBalanceRow = Awaited<ReturnType<typeof listVendorBalances>>[number];

/** How many vendors match `search`. */
export async function countVendorBalances(db: Db, search: string | undefined): Promise<number> {
  const row = await vendorsWithBalances(db, search)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The vendors a payout run looks at (issue 35): the named ones whatever their balance
 * (absent balances row: 0), or with none named every vendor with a positive available
 * balance; with their bank details and whether a payout of theirs is still Pending.
 * Which of them are paid is the service's rules (`PAYOUT_RULES`), which name why the
 * others are left out. In vendor id order.
 */
export async function findPayoutCandidates(db: Db, vendorIds?: readonly number[]) {
  const rows = await db
    .selectFrom('vendors as v')
    .leftJoin('vendorBalances as b', 'b.vendorId', 'v.id')
    .select((eb) => [
      'v.id as vendorId',
      'v.businessName',
      sql<number>`coalesce(b.available_paise, 0)`.as('availablePaise'),
      'v.bankAccountHolder',
      'v.bankAccountNumber',
      'v.bankIfsc',
      'v.bankChangedAt',
      eb
        .exists(
          eb
            .selectFrom('payouts as p')
            .select('p.id')
            .whereRef('p.vendorId', '=', 'v.id')
            .where('p.status', '=', 'Pending'),
        )
        .as('hasPendingPayout'),
      eb
        .exists(
          eb
            .selectFrom('vendorKyc as k')
            .select('k.vendorId')
            .whereRef('k.vendorId', '=', 'v.id')
            .where('k.status', '=', 'approved'),
        )
        .as('kycApproved'),
    ])
    .$if(vendorIds !== undefined, (q) => q.where('v.id', 'in', vendorIds as number[]))
    .$if(vendorIds === undefined, (q) => q.where('b.availablePaise', '>', 0))
    .orderBy('v.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    availablePaise: Number(row.availablePaise),
    hasPendingPayout: Boolean(row.hasPendingPayout),
    kycApproved: Boolean(row.kycApproved),
  }));
}

/** A vendor as a payout run judges them (`findPayoutCandidates`). */
export type PayoutCandidate = Awaited<ReturnType<typeof findPayoutCandidates>>[number];

/**
 * Inserts a Pending payout, unless the vendor already has one (`payouts_pending_key`):
 * then nothing is written and undefined is answered.
 */
export async function insertPendingPayout(
  db: Db,
  values: Pick<PayoutsTable, 'vendorId' | 'amountPaise' | 'accountHolder' | 'accountNumber' | 'ifsc' | 'createdBy'>,
  at: string,
): Promise<number | undefined> {
  const row = await db
    .insertInto('payouts')
    .values({ ...values, status: 'Pending', createdAt: at, updatedAt: at })
    .onConflict((oc) =>
      // The predicate as a literal: SQLite matches it to the partial index's text.
      oc
        .column('vendorId')
        .where((eb) => eb('status', '=', sql.lit('Pending')))
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

const payoutColumns = [
  'p.id',
  'p.vendorId',
  'v.businessName',
  'p.amountPaise',
  'p.status',
  'p.accountHolder',
  'p.accountNumber',
  'p.ifsc',
  'p.reference',
  'p.paidOn',
  'p.failureReason',
  'p.createdAt',
  'p.updatedAt',
] as const;

function payouts(db: Db) {
  return db.selectFrom('payouts as p').leftJoin('vendors as v', 'v.id', 'p.vendorId').select(payoutColumns);
}

/** One payout; locked inside a PostgreSQL transaction (marking it decides on its status). */
export function findPayout(db: Db, id: number) {
  return payouts(db)
    .where('p.id', '=', id)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate('p'))
    .executeTakeFirst();
}

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof findPayout>>>;

/** The payouts with these ids, in id order. */
export function findPayouts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return payouts(db).where('p.id', 'in', ids).orderBy('p.id').execute();
}

/** The payout lists' filters. */
export interface PayoutFilters {
  status?: PayoutsTable['status'] | undefined;
  vendorId?: number | undefined;
}

/** The payout list's only order; its cursors carry this name. */
export const PAYOUT_SORT = 'newest';

function filtered<Q extends ReturnType<typeof payouts>>(query: Q, filters: PayoutFilters): Q {
  let q = query;
  if (filters.status !== undefined) q = q.where('p.status', '=', filters.status) as Q;
  if (filters.vendorId !== undefined) q = q.where('p.vendorId', '=', filters.vendorId) as Q;
  return q;
}

/** Payouts newest first; all, or `limit + 1` after the cursor. */
export function listPayouts(db: Db, filters: PayoutFilters, page?: { limit: number; after?: Keyset | undefined }) {
  let query = filtered(payouts(db), filters);
  if (page?.after) query = query.where(afterKeyset(sql.ref('p.created_at'), sql.ref('p.id'), 'desc', page.after));
  query = query.orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc');
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

/** How many payouts match. */
export async function countPayouts(db: Db, filters: PayoutFilters): Promise<number> {
  let query = db.selectFrom('payouts as p').select((eb) => eb.fn.countAll<number>().as('count'));
  if (filters.status !== undefined) query = query.where('p.status', '=', filters.status);
  if (filters.vendorId !== undefined) query = query.where('p.vendorId', '=', filters.vendorId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks a payout Paid or Failed. */
export async function setPayoutDecision(
  db: Db,
  id: number,
  decision: Pick<PayoutsTable, 'status' | 'reference' | 'paidOn' | 'failureReason' | 'decidedBy'>,
  at: string,
): Promise<void> {
  await db
    .updateTable('payouts')
    .set({ ...decision, decidedAt: at, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

/** A vendor's business name and bank details; locked inside a PostgreSQL transaction. */
export function findVendorBank(db: Db, vendorId: number) {
  return db
    .selectFrom('vendors')
    .select(['id', 'businessName', 'bankAccountHolder', 'bankAccountNumber', 'bankIfsc', 'bankChangedAt'])
    .where('id', '=', vendorId)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Saves a vendor's bank details, stamped `at`. */
export async function saveVendorBank(
  db: Db,
  vendorId: number,
  bank: { accountHolder: string; accountNumber: string; ifsc: string },
  at: string,
): Promise<void> {
  await db
    .updateTable('vendors')
    .set({
      bankAccountHolder: bank.accountHolder,
      bankAccountNumber: bank.accountNumber,
      bankIfsc: bank.ifsc,
      bankChangedAt: at,
    })
    .where('id', '=', vendorId)
    .execute();
}

/** Whether a vendor exists. */
export async function vendorExists(db: Db, vendorId: number): Promise<boolean> {
  return (await db.selectFrom('vendors').select('id').where('id', '=', vendorId).executeTakeFirst()) !== undefined;
}

/** The rows of a bank's bulk-transfer file: payouts of `status`, oldest first, in keyset batches. */
export function payoutsForExport(db: Db, status: PayoutsTable['status'], afterId: number, limit: number) {
  return payouts(db).where('p.status', '=', status).where('p.id', '>', afterId).orderBy('p.id').limit(limit).execute();
}
