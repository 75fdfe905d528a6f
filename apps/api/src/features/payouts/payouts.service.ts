import {
  type AdjustmentBody,
  type BalanceListQuery,
  type Balances,
  type BankDetails,
  type BankDetailsBody,
  type DecidePayoutBody,
  type LedgerEntry,
  maskAccountNumber,
  payoutMessages as messages,
  type Payout,
  type PayoutListQuery,
  type PayoutSkipReason,
  type PayoutStatus,
  payoutSkipMessages,
  type SkippedVendor,
  toPaise,
  toRupees,
  type VendorBalance,
} from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import { type CsvColumn, csvRupees, csvText, EXPORT_BATCH_ROWS } from '../../platform/csv/csv-export.js';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { ScheduledTask } from '../../platform/jobs/job-runner.js';
import { claimAvailable, type EntryRow, findBalance, findEntry, moveBalance, post } from './ledger.repository.js';
import { releaseMaturedEarnings, toBalances, toLedgerEntry } from './ledger.service.js';
import type { Posting } from './ledger-postings.js';
import {
  type BalanceSort,
  balanceSorts,
  countPayouts,
  countVendorBalances,
  findPayout,
  findPayoutCandidates,
  findPayouts,
  findVendorBank,
  insertPendingPayout,
  listPayouts as listPayoutRows,
  listVendorBalances,
  PAYOUT_SORT,
  type PayoutCandidate,
  type PayoutFilters,
  type PayoutRow,
  payoutsForExport,
  saveVendorBank,
  setPayoutDecision,
  type VendorBalanceRow,
  vendorExists,
} from './payouts.repository.js';

/**
 * Payouts (issue 25; docs/decisions/0106-marketplace-money.md): paying vendors what
 * they earned, once. A payout takes a vendor's whole available balance into one record
 * (Pending), posting it to their ledger (−) and moving it to `processing`; marked Paid
 * with the bank's reference it moves to `paid`; marked Failed it comes back (+) as
 * available. The rules (who is payable, the hold after a bank change, the minimum) live
 * here; the guarantees against repeats and races live in the database (a compare that
 * locks the balance, one Pending payout per vendor by a unique index); every entry and
 * balance change goes through `post` (decision 0115).
 */

/** The settings a payout run reads (from the app's configuration). */
export interface PayoutSettings {
  holdDays: number;
  minimumPaise: number;
  bankChangeHoldHours: number;
}

/** Vendors paid per transaction of a run. */
const RUN_BATCH = 200;

/** When payouts to a vendor who changed bank details at `changedAt` may resume (UTC), or null when already. */
function heldUntil(changedAt: string | null, holdHours: number, now: number = Date.now()): string | null {
  if (changedAt === null) return null;
  const until = Date.parse(changedAt) + holdHours * 3_600_000;
  return until > now ? new Date(until).toISOString() : null;
}

/** A payout row as the wire shape; `masked` hides all but the account number's last four digits. */
export function toPayout(row: PayoutRow, masked = false): Payout {
  return {
    _id: String(row.id),
    vendorId: String(row.vendorId),
    businessName: row.businessName ?? '',
    amount: toRupees(Number(row.amountPaise)),
    status: row.status,
    accountHolder: row.accountHolder,
    accountNumber: masked ? maskAccountNumber(row.accountNumber) : row.accountNumber,
    ifsc: row.ifsc,
    reference: row.reference,
    paidOn: row.paidOn,
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toVendorBalance(row: VendorBalanceRow, holdHours: number): VendorBalance {
  return {
    vendorId: String(row.id),
    businessName: row.businessName,
    pending: toRupees(Number(row.pendingPaise)),
    available: toRupees(Number(row.availablePaise)),
    processing: toRupees(Number(row.processingPaise)),
    paid: toRupees(Number(row.paidPaise)),
    hasBankDetails: row.bankAccountNumber !== null,
    payoutsHeldUntil: heldUntil(row.bankChangedAt, holdHours),
  };
}

/** The scheduled release's task name (its row in `job_schedules`). */
export const EARNINGS_RELEASE_TASK = 'release-held-earnings';

/**
 * The release of held earnings as a scheduled task of the job runner (issue 32; decision
 * 0116): every `everyMinutes`, by one process of those sharing the database, each order
 * delivered `holdDays` ago moves its vendors' earnings from pending to available. Balance
 * reads do not release; the screens show the balances as the last round left them.
 */
export function earningsReleaseTask(db: Db, holdDays: number, everyMinutes: number): ScheduledTask {
  return {
    name: EARNINGS_RELEASE_TASK,
    everyMs: everyMinutes * 60_000,
    run: (now) => releaseMaturedEarnings(db, holdDays, now),
  };
}

/**
 * `GET /api/payouts/admin/balances`: every vendor's balances as booked (the scheduled
 * release moves matured earnings to available), largest available first or by name,
 * searched by business name; all, or a page.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this sort.
 */
export async function listBalances(
  db: Db,
  bounds: ListBounds,
  settings: PayoutSettings,
  query: BalanceListQuery,
): Promise<{ balances: VendorBalance[]; total?: number; nextCursor?: string | null }> {
  const sort: BalanceSort = query.sort;
  const search = query.search || undefined;
  const { items, ...paging } = await listOrPage(
    { limit: query.limit, cursor: query.cursor, sort },
    {
      keyType: balanceSorts[sort].keyType,
      fetchAll: () => listVendorBalances(db, search, sort),
      fetchPage: (page) => listVendorBalances(db, search, sort, page),
      count: () => countVendorBalances(db, search),
      keyOf: (row) => ({ key: sort === 'available' ? Number(row.availablePaise) : row.businessName, id: row.id }),
      toItems: (rows) => rows.map((row) => toVendorBalance(row, settings.bankChangeHoldHours)),
    },
    bounds,
  );
  return { balances: items, ...paging };
}

/** What a payout run's rules judge a vendor against. */
export interface PayoutRuleContext {
  /** The admin named the vendors (then the minimum does not apply). */
  named: boolean;
  minimumPaise: number;
  bankChangeHoldHours: number;
  /** The run's instant (ms since the epoch). */
  now: number;
}

/** One reason to leave a vendor out of a payout run. */
export interface PayoutRule {
  reason: PayoutSkipReason;
  /** True when this rule leaves the vendor out. */
  leavesOut: (vendor: PayoutCandidate, context: PayoutRuleContext) => boolean;
}

/**
 * The rules a payout run checks, in order (issue 35): the first that leaves a vendor
 * out is the reason the answer gives. The one place to add a rule (its code goes to the
 * contract's `payoutSkipReasons` and what it reads to `findPayoutCandidates`).
 */
export const PAYOUT_RULES: readonly PayoutRule[] = [
  { reason: 'no_available_balance', leavesOut: (vendor) => vendor.availablePaise <= 0 },
  {
    reason: 'below_minimum',
    leavesOut: (vendor, context) => !context.named && vendor.availablePaise < context.minimumPaise,
  },
  {
    reason: 'no_bank_details',
    leavesOut: (vendor) =>
      vendor.bankAccountNumber === null ||
      vendor.bankAccountHolder === null ||
      vendor.bankIfsc === null ||
      vendor.bankChangedAt === null,
  },
  {
    reason: 'bank_details_changed',
    leavesOut: (vendor, context) => heldUntil(vendor.bankChangedAt, context.bankChangeHoldHours, context.now) !== null,
  },
  { reason: 'payout_pending', leavesOut: (vendor) => vendor.hasPendingPayout },
  // Payouts wait until the seller's KYC is approved (issue 35; decision 0136).
  { reason: 'kyc_not_approved', leavesOut: (vendor) => !vendor.kycApproved },
];

/** The first rule that leaves `vendor` out of the run (`PAYOUT_RULES`), or null when they may be paid. */
export function whyLeftOut(vendor: PayoutCandidate, context: PayoutRuleContext): PayoutSkipReason | null {
  return PAYOUT_RULES.find((rule) => rule.leavesOut(vendor, context))?.reason ?? null;
}

/** Times a run claims a vendor's balance that moved under it before leaving them out as `balance_changing`. */
const CLAIM_ATTEMPTS = 3;

/**
 * Claims `candidate`'s available balance for a payout inside the run's transaction
 * (`claimAvailable`: only if it is still what was read, locking it). When it moved since
 * it was read (a sale released, a refund, an adjustment, another run), the vendor is read
 * again, judged again by `PAYOUT_RULES` and claimed again, up to `CLAIM_ATTEMPTS` times:
 * a vendor is never silently skipped because their balance moved (issue 35).
 * @returns the vendor as claimed (their balance locked until the commit), or why they are left out.
 */
export async function claimVendor(
  trx: Db,
  candidate: PayoutCandidate,
  context: PayoutRuleContext,
  at: string,
): Promise<{ vendor: PayoutCandidate } | { skipped: SkippedVendor }> {
  let vendor = candidate;
  for (let attempt = 1; ; attempt += 1) {
    if (await claimAvailable(trx, vendor.vendorId, vendor.availablePaise, at)) return { vendor };
    // The balance moved since it was read: read it again and judge it again.
    const [fresh] = await findPayoutCandidates(trx, [vendor.vendorId]);
    if (!fresh) return { skipped: skippedOf(vendor, 'no_available_balance', context) };
    const reason = whyLeftOut(fresh, context);
    if (reason) return { skipped: skippedOf(fresh, reason, context) };
    if (attempt >= CLAIM_ATTEMPTS) return { skipped: skippedOf(fresh, 'balance_changing', context) };
    vendor = fresh;
  }
}

/** A vendor left out as the answer names them. */
function skippedOf(vendor: PayoutCandidate, reason: PayoutSkipReason, context: PayoutRuleContext): SkippedVendor {
  return {
    vendorId: String(vendor.vendorId),
    businessName: vendor.businessName,
    reason,
    message: payoutSkipMessages[reason],
    heldUntil:
      reason === 'bank_details_changed'
        ? heldUntil(vendor.bankChangedAt, context.bankChangeHoldHours, context.now)
        : null,
  };
}

/** What a payout run did: the payouts made, the vendors left out, and the sentence for both. */
export interface PayoutRun {
  payouts: Payout[];
  skipped: SkippedVendor[];
  message: string;
}

/**
 * `POST /api/payouts/admin`: pays the vendors named (each with a positive available
 * balance) or, with none named, every vendor whose available balance is at least the
 * minimum. The rest are left out and named with why (`PAYOUT_RULES`: no available
 * balance, below the minimum, no bank details, within the hold after a bank change, a
 * payout still Pending, KYC not approved). Per vendor, in transactions of `RUN_BATCH`: the balance is
 * claimed only if it is still what was read (a compare that locks it); a balance that
 * moved meanwhile is read again, judged again and claimed again (up to `CLAIM_ATTEMPTS`
 * times, then left out as `balance_changing`); the payout is inserted unless one is
 * Pending (unique index: then left out as `payout_pending`); then the batch's payout
 * entries are posted (`post`: available to processing). So repeating or racing the call
 * makes one payout per vendor and takes each rupee once.
 * @returns the payouts made (wire shape; full account numbers, admins only), every
 *   vendor left out, and the message: "No vendor has an available balance to pay" only
 *   when none made and none of the vendors looked at had one.
 * @throws AppError NOT_FOUND (404) a named vendor that does not exist.
 */
export async function createPayouts(
  db: Db,
  events: EventBus,
  actor: Pick<Actor, 'userId' | 'role' | 'name'>,
  settings: PayoutSettings,
  vendorIds: readonly number[] | undefined,
): Promise<PayoutRun> {
  if (vendorIds?.length === 0) return { payouts: [], skipped: [], message: messages.nothingToPay };
  const named = vendorIds ? [...new Set(vendorIds)] : undefined;
  if (named)
    for (const vendorId of named) if (!(await vendorExists(db, vendorId))) throw notFound(messages.vendorNotFound);
  // A run pays what matured up to now, not only up to the last scheduled release.
  await releaseMaturedEarnings(db, settings.holdDays);
  const context: PayoutRuleContext = {
    named: named !== undefined,
    minimumPaise: settings.minimumPaise,
    bankChangeHoldHours: settings.bankChangeHoldHours,
    now: Date.now(),
  };
  const skipped: SkippedVendor[] = [];
  const candidates: PayoutCandidate[] = [];
  for (const vendor of await findPayoutCandidates(db, named)) {
    const reason = whyLeftOut(vendor, context);
    if (reason) skipped.push(skippedOf(vendor, reason, context));
    else candidates.push(vendor);
  }
  const made: number[] = [];
  for (let start = 0; start < candidates.length; start += RUN_BATCH) {
    const batch = candidates.slice(start, start + RUN_BATCH);
    const { ids, left } = await runTransaction(db, async (trx) => {
      const at = new Date().toISOString();
      const batchIds: number[] = [];
      const batchLeft: SkippedVendor[] = [];
      const postings: Posting[] = [];
      for (const candidate of batch) {
        const claim = await claimVendor(trx, candidate, context, at);
        if ('skipped' in claim) {
          batchLeft.push(claim.skipped);
          continue;
        }
        const { vendor } = claim;
        const amount = vendor.availablePaise;
        const payoutId = await insertPendingPayout(
          trx,
          {
            vendorId: vendor.vendorId,
            amountPaise: amount,
            accountHolder: vendor.bankAccountHolder as string,
            accountNumber: vendor.bankAccountNumber as string,
            ifsc: vendor.bankIfsc as string,
            createdBy: actor.userId,
          },
          at,
        );
        // Another run's payout is Pending: the balance stays as it is.
        if (payoutId === undefined) {
          batchLeft.push(skippedOf(vendor, 'payout_pending', context));
          continue;
        }
        postings.push({
          vendorId: vendor.vendorId,
          kind: 'payout',
          amountPaise: -amount,
          payoutId,
          createdBy: actor.userId,
        });
        batchIds.push(payoutId);
      }
      // The claimed balances stay locked until the commit, so the batch posts at once.
      await post(trx, postings, at);
      if (batchIds.length > 0) await events.publish(trx, { type: 'payout.created', actor, payoutIds: batchIds, at });
      return { ids: batchIds, left: batchLeft };
    });
    made.push(...ids);
    skipped.push(...left);
  }
  skipped.sort((a, b) => Number(a.vendorId) - Number(b.vendorId));
  const payouts = (await findPayouts(db, made)).map((row) => toPayout(row));
  return { payouts, skipped, message: runMessage(payouts.length, skipped) };
}

/**
 * The sentence of a run: how many payouts it made and vendors it left out; "No vendor
 * has an available balance to pay" only when it made none and every vendor left out had
 * no available balance.
 */
export function runMessage(made: number, skipped: readonly SkippedVendor[]): string {
  if (made > 0)
    return skipped.length === 0 ? messages.payoutsMade(made) : messages.madeAndLeftOut(made, skipped.length);
  if (skipped.every((vendor) => vendor.reason === 'no_available_balance')) return messages.nothingToPay;
  return messages.noneMade(skipped.length);
}

/**
 * `PUT /api/payouts/admin/{id}`: marks a Pending payout Paid (the bank's reference and
 * the day, default today UTC; its vendor is notified) or Failed (a reason; its amount
 * is posted back to the vendor's ledger and is available again).
 * @throws AppError NOT_FOUND (404); CONFLICT (409) already marked, or a stale `updatedAt`.
 */
export async function decidePayout(
  db: Db,
  events: EventBus,
  actor: Pick<Actor, 'userId' | 'role' | 'name'>,
  id: number,
  body: DecidePayoutBody,
): Promise<Payout> {
  await runTransaction(db, async (trx) => {
    const payout = await findPayout(trx, id);
    if (!payout) throw notFound(messages.notFound);
    if (isStaleVersion(body.updatedAt, payout.updatedAt))
      throw new AppError('CONFLICT', messages.payoutChangedMeanwhile);
    if (payout.status !== 'Pending') throw new AppError('CONFLICT', messages.alreadyDecided);
    const at = nextVersion(payout.updatedAt, new Date().toISOString());
    const amount = Number(payout.amountPaise);
    if (body.status === 'Paid') {
      const reference = body.reference;
      await setPayoutDecision(
        trx,
        id,
        {
          status: 'Paid',
          reference,
          paidOn: body.paidOn ?? at.slice(0, 10),
          failureReason: null,
          decidedBy: actor.userId,
        },
        at,
      );
      await moveBalance(trx, payout.vendorId, { from: 'processing', to: 'paid' }, amount, at);
      await events.publish(trx, {
        type: 'payout.paid',
        actor,
        payout: { id, vendorId: payout.vendorId, amountPaise: amount },
        reference,
        at,
      });
    } else {
      await setPayoutDecision(
        trx,
        id,
        { status: 'Failed', reference: null, paidOn: null, failureReason: body.reason, decidedBy: actor.userId },
        at,
      );
      await post(
        trx,
        [
          {
            vendorId: payout.vendorId,
            kind: 'payout_failed',
            amountPaise: amount,
            payoutId: id,
            note: body.reason,
            createdBy: actor.userId,
          },
        ],
        at,
      );
      await events.publish(trx, {
        type: 'payout.failed',
        actor,
        payout: { id, vendorId: payout.vendorId, amountPaise: amount },
        reason: body.reason,
        at,
      });
    }
  });
  return toPayout((await findPayout(db, id)) as PayoutRow);
}

/**
 * `GET /api/payouts/admin` (any vendor) and `GET /api/vendor/payouts` (`vendorId`, account
 * numbers masked): payouts newest first; all, or a page.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this list.
 */
export async function listPayouts(
  db: Db,
  bounds: ListBounds,
  query: PayoutListQuery,
  vendorId?: number,
): Promise<{ payouts: Payout[]; total?: number; nextCursor?: string | null }> {
  const filters: PayoutFilters = { status: query.status, vendorId };
  const { items, ...paging } = await listOrPage(
    { limit: query.limit, cursor: query.cursor, sort: PAYOUT_SORT },
    {
      keyType: 'instant',
      fetchAll: () => listPayoutRows(db, filters),
      fetchPage: (page) => listPayoutRows(db, filters, page),
      count: () => countPayouts(db, filters),
      keyOf: (row) => ({ key: row.createdAt, id: row.id }),
      toItems: (rows) => rows.map((row) => toPayout(row, vendorId !== undefined)),
    },
    bounds,
  );
  return { payouts: items, ...paging };
}

/**
 * `POST /api/payouts/admin/vendors/{id}/adjustments`: posts a manual entry (signed
 * rupees) with its reason to the vendor's ledger, available at once.
 * @returns the entry and the vendor's balances after it.
 * @throws AppError NOT_FOUND (404) no such vendor.
 */
export async function postAdjustment(
  db: Db,
  events: EventBus,
  actor: Actor,
  vendorId: number,
  body: AdjustmentBody,
): Promise<{ entry: LedgerEntry; balances: Balances }> {
  const amount = toPaise(body.amount);
  const entryId = await runTransaction(db, async (trx) => {
    const vendor = await findVendorBank(trx, vendorId);
    if (!vendor) throw notFound(messages.vendorNotFound);
    const at = new Date().toISOString();
    const [id] = await post(
      trx,
      [{ vendorId, kind: 'adjustment', amountPaise: amount, note: body.reason, createdBy: actor.userId }],
      at,
    );
    await events.publish(trx, {
      type: 'ledger.adjusted',
      actor,
      vendor: { id: vendorId, businessName: vendor.businessName },
      amountPaise: amount,
      reason: body.reason,
      at,
    });
    return id as number;
  });
  const row = await findEntry(db, entryId);
  return { entry: toLedgerEntry(row as EntryRow), balances: toBalances(await findBalance(db, vendorId)) };
}

/** The signed-in vendor's bank details as they see them (masked), or null. */
export async function getBankDetails(db: Db, vendorId: number, holdHours: number): Promise<BankDetails | null> {
  const vendor = await findVendorBank(db, vendorId);
  if (!vendor || vendor.bankAccountNumber === null || vendor.bankChangedAt === null) return null;
  return {
    accountHolder: vendor.bankAccountHolder ?? '',
    accountNumberMasked: maskAccountNumber(vendor.bankAccountNumber),
    ifsc: vendor.bankIfsc ?? '',
    changedAt: vendor.bankChangedAt,
    payoutsHeldUntil: heldUntil(vendor.bankChangedAt, holdHours),
  };
}

/**
 * `PUT /api/vendor/bank-details`: saves the signed-in vendor's bank details. A change
 * (any field differing) stamps `bankChangedAt`, which holds their payouts for
 * `holdHours`, and notifies every admin; saving the same details changes nothing.
 * @throws AppError NOT_FOUND (404) the vendor's profile is gone; CONFLICT (409) a stale `updatedAt`.
 */
export async function saveBankDetails(
  db: Db,
  events: EventBus,
  vendorId: number,
  holdHours: number,
  body: BankDetailsBody,
): Promise<BankDetails | null> {
  await runTransaction(db, async (trx) => {
    const vendor = await findVendorBank(trx, vendorId);
    if (!vendor) throw notFound(messages.vendorNotFound);
    if (body.updatedAt !== undefined && (body.updatedAt ?? null) !== vendor.bankChangedAt) {
      const loaded = body.updatedAt;
      if (loaded === null || vendor.bankChangedAt === null || isStaleVersion(loaded, vendor.bankChangedAt))
        throw new AppError('CONFLICT', messages.bankChangedMeanwhile);
    }
    const same =
      vendor.bankAccountHolder === body.accountHolder &&
      vendor.bankAccountNumber === body.accountNumber &&
      vendor.bankIfsc === body.ifsc;
    if (same) return;
    const at = nextVersion(vendor.bankChangedAt, new Date().toISOString());
    await saveVendorBank(trx, vendorId, body, at);
    await events.publish(trx, {
      type: 'bankDetails.changed',
      vendor: { id: vendorId, businessName: vendor.businessName },
      holdHours,
      at,
    });
  });
  return getBankDetails(db, vendorId, holdHours);
}

/** The payouts of a bank file, in id order, read in keyset batches. */
export async function* payoutExportBatches(db: Db, status: PayoutStatus): AsyncGenerator<PayoutRow[]> {
  let afterId = 0;
  for (;;) {
    const rows = await payoutsForExport(db, status, afterId, EXPORT_BATCH_ROWS);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    afterId = (rows[rows.length - 1] as PayoutRow).id;
  }
}

/**
 * A bank's bulk-transfer layout: beneficiary, account holder, account number, IFSC,
 * amount (rupees, two decimals) and the payment's reference (`HAAT-PO-<id>`), which the
 * bank echoes on the vendor's statement.
 */
export function payoutCsvColumns(): CsvColumn<PayoutRow>[] {
  return [
    { header: 'Vendor', cell: (row) => csvText(row.businessName) },
    { header: 'Account holder', cell: (row) => csvText(row.accountHolder) },
    { header: 'Account number', cell: (row) => row.accountNumber },
    { header: 'IFSC', cell: (row) => row.ifsc },
    { header: 'Amount', cell: (row) => csvRupees(Number(row.amountPaise)) },
    { header: 'Reference', cell: (row) => `HAAT-PO-${row.id}` },
  ];
}
