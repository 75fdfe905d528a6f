import { z } from 'zod';
import {
  cleanText,
  editVersion,
  hasAtMostTwoDecimals,
  idInput,
  idParams,
  idString,
  isoDate,
  isoDateTime,
  MAX_CURSOR_LENGTH,
  pageInfo,
} from './common.js';
import { isRealDate } from './coupons.js';
import { endpoint } from './endpoint.js';
import { fileAnswer } from './jobs.js';
import { twoFactorCode } from './security.js';

/**
 * The marketplace's money (issue 25; decision 0106): each vendor's append-only ledger
 * and balances, payouts, and the bank details they are paid to. Amounts in rupees with
 * two decimals on the wire, signed on ledger entries (what the store owes the vendor).
 */
export const payoutMessages = {
  payoutsMade: (count: number) => (count === 1 ? '1 payout created' : `${count} payouts created`),
  nothingToPay: 'No vendor has an available balance to pay',
  noneMade: (left: number) =>
    left === 1 ? 'No payout created: 1 vendor was left out' : `No payout created: ${left} vendors were left out`,
  madeAndLeftOut: (made: number, left: number) =>
    `${made === 1 ? '1 payout' : `${made} payouts`} created; ${left === 1 ? '1 vendor was' : `${left} vendors were`} left out`,
  markedPaid: 'Payout marked paid',
  markedFailed: 'Payout marked failed; its amount is available again',
  notFound: 'Payout not found',
  vendorNotFound: 'Vendor not found',
  alreadyDecided: 'This payout is already marked paid or failed',
  referenceRequired: 'Please enter the bank reference (UTR)',
  reasonRequired: 'Please give a reason',
  statusInvalid: 'Status must be Paid or Failed',
  amountInvalid: 'Amount must be a non-zero amount in rupees, with at most two decimals',
  adjustmentPosted: 'Adjustment posted',
  accountHolderRequired: 'Please enter the account holder’s name',
  accountNumberInvalid: 'Account number must be 9 to 18 digits',
  ifscInvalid: 'IFSC must be 11 characters: 4 letters, a zero, then 6 letters or digits (e.g. HDFC0001234)',
  bankSaved: 'Bank details saved. Payouts are held for a while after a change, for your safety.',
  bankVersionInvalid: 'Must be the bank details’ changedAt as loaded',
  bankChangedMeanwhile:
    'Your bank details were changed elsewhere after you opened them. Reload the page to see them, then try again.',
  payoutVersionInvalid: 'Must be the payout’s updatedAt as loaded',
  payoutChangedMeanwhile:
    'This payout was changed by someone else after you opened it. Reload the page to see their changes, then try again.',
  vendorIdsInvalid: 'Vendors must be a list of vendor ids',
} as const;

/** The kinds of ledger entry, as stored and on the wire. */
export const ledgerEntryKinds = [
  'sale',
  'commission',
  'cancellation',
  'commission_reversal',
  'refund',
  'payout',
  'payout_failed',
  'adjustment',
  'commission_gst',
  'tcs',
  'tds',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];
/** How the screens name each kind. */
export const ledgerEntryKindLabels: Record<LedgerEntryKind, string> = {
  sale: 'Sale',
  commission: 'Commission',
  cancellation: 'Cancellation',
  commission_reversal: 'Commission returned',
  refund: 'Refund',
  payout: 'Payout',
  payout_failed: 'Payout failed',
  adjustment: 'Adjustment',
  commission_gst: 'GST on commission',
  tcs: 'TCS (GST)',
  tds: 'TDS (194-O)',
};

export const payoutStatuses = ['Pending', 'Paid', 'Failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/**
 * A vendor's balances (rupees): `pending` (orders not delivered, or delivered less than
 * the hold ago), `available` (may be negative after a refund of paid money; the next
 * payout nets it), `processing` (in a payout not yet marked), `paid` (all time).
 */
export const balances = z.object({
  pending: z.number(),
  available: z.number(),
  processing: z.number(),
  paid: z.number(),
});
export type Balances = z.infer<typeof balances>;

/** One ledger entry: signed rupees the store owes the vendor. */
export const ledgerEntry = z.object({
  _id: idString,
  kind: z.enum(ledgerEntryKinds),
  amount: z.number(),
  orderId: idString.nullable(),
  trackingNumber: z.string().nullable(),
  payoutId: idString.nullable(),
  note: z.string().nullable(),
  createdAt: isoDateTime,
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** A real calendar day (not `2026-02-30`), `YYYY-MM-DD`. */
const realDay = isoDate.refine(isRealDate, 'Must be a real date (YYYY-MM-DD)');
const dateQuery = realDay.optional();

/** A ledger's page: newest first; `kind`, and `from`/`to` as UTC days (inclusive). */
export const ledgerQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
  kind: z.enum(ledgerEntryKinds).optional(),
  from: dateQuery,
  to: dateQuery,
});
export type LedgerQuery = z.output<typeof ledgerQuery>;

/** `GET /api/vendor/earnings` and an admin's view of one vendor's ledger. */
export const earningsResponse = z.object({
  success: z.literal(true),
  balances,
  entries: z.array(ledgerEntry),
  ...pageInfo,
});
export type EarningsResponse = z.infer<typeof earningsResponse>;

/** A payout as the API answers it. To the vendor, the account number is masked. */
export const payout = z.object({
  _id: idString,
  vendorId: idString,
  businessName: z.string(),
  amount: z.number(),
  status: z.enum(payoutStatuses),
  accountHolder: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
  reference: z.string().nullable(),
  paidOn: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Payout = z.infer<typeof payout>;

/** One vendor's line on the Payouts screen. */
export const vendorBalance = z.object({
  vendorId: idString,
  businessName: z.string(),
  ...balances.shape,
  hasBankDetails: z.boolean(),
  /** Payouts wait until then after a change of bank details (UTC), or null. */
  payoutsHeldUntil: isoDateTime.nullable(),
});
export type VendorBalance = z.infer<typeof vendorBalance>;

export const balanceListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
  search: cleanText(100).optional(),
  sort: z.enum(['available', 'name']).default('available'),
});
export type BalanceListQuery = z.output<typeof balanceListQuery>;

export const balanceListResponse = z.object({
  success: z.literal(true),
  balances: z.array(vendorBalance),
  ...pageInfo,
});

export const payoutListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
  status: z.enum(payoutStatuses).optional(),
});
export type PayoutListQuery = z.output<typeof payoutListQuery>;

export const payoutListResponse = z.object({
  success: z.literal(true),
  payouts: z.array(payout),
  ...pageInfo,
});
export type PayoutListResponse = z.infer<typeof payoutListResponse>;

/** `POST /api/payouts/admin`: `{ vendorIds? }`; none = every vendor at or past `PAYOUT_MINIMUM`. */
export const createPayoutsBody = z.object({
  vendorIds: z
    .array(idInput, { error: payoutMessages.vendorIdsInvalid })
    .min(1, payoutMessages.vendorIdsInvalid)
    .max(1000, 'At most 1,000 vendors at once')
    .optional(),
});
export type CreatePayoutsBody = z.output<typeof createPayoutsBody>;

/**
 * Why a payout run left a vendor out (issue 35), in the order the run checks them. One
 * list: a new rule adds its code here, its words in `payoutSkipMessages`, and its check
 * in the service's `PAYOUT_RULES` (as "KYC not approved" did; decision 0136).
 */
export const payoutSkipReasons = [
  'no_available_balance',
  'below_minimum',
  'no_bank_details',
  'bank_details_changed',
  'payout_pending',
  'kyc_not_approved',
  'balance_changing',
] as const;
export type PayoutSkipReason = (typeof payoutSkipReasons)[number];

/** What the answer and the Payouts screen say for each reason. */
export const payoutSkipMessages: Record<PayoutSkipReason, string> = {
  no_available_balance: 'No available balance to pay',
  below_minimum: 'Available balance is below the payout minimum',
  no_bank_details: 'No bank details',
  bank_details_changed: 'Bank details changed recently; payouts are held for a while after a change',
  payout_pending: 'A payout is still Pending',
  kyc_not_approved: 'KYC not approved',
  balance_changing: 'The balance kept changing during the run; try again',
};

/** A vendor a payout run left out, and why. */
export const skippedVendor = z.object({
  vendorId: idString,
  businessName: z.string(),
  reason: z.enum(payoutSkipReasons),
  /** The reason in words (`payoutSkipMessages`). */
  message: z.string(),
  /** `bank_details_changed`: when payouts may resume (UTC); else null. */
  heldUntil: isoDateTime.nullable(),
});
export type SkippedVendor = z.infer<typeof skippedVendor>;

/**
 * `POST /api/payouts/admin`'s answer: the payouts made and (issue 35) every vendor left
 * out with the reason. 201 when it made some, 200 when it made none.
 */
export const createPayoutsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  payouts: z.array(payout),
  skipped: z.array(skippedVendor).optional(),
});
export type CreatePayoutsResponse = z.infer<typeof createPayoutsResponse>;

/** `PUT /api/payouts/admin/{id}`: marked Paid with the bank's reference, or Failed with a reason. */
export const decidePayoutBody = z.discriminatedUnion(
  'status',
  [
    z.object({
      status: z.literal('Paid'),
      reference: cleanText(64, payoutMessages.referenceRequired),
      paidOn: realDay.optional(),
      updatedAt: editVersion(payoutMessages.payoutVersionInvalid).optional(),
      /** A fresh two-factor code: required when the admin has two-factor sign-in on (issue 36), ignored otherwise. */
      twoFactorCode: twoFactorCode.optional(),
    }),
    z.object({
      status: z.literal('Failed'),
      reason: cleanText(500, payoutMessages.reasonRequired),
      updatedAt: editVersion(payoutMessages.payoutVersionInvalid).optional(),
    }),
  ],
  { error: payoutMessages.statusInvalid },
);
export type DecidePayoutBody = z.output<typeof decidePayoutBody>;

export const payoutResponse = z.object({ success: z.literal(true), message: z.string(), payout });

/** `POST /api/payouts/admin/vendors/{id}/adjustments`: signed rupees and why. */
export const adjustmentBody = z.object({
  amount: z
    .number({ error: payoutMessages.amountInvalid })
    .finite(payoutMessages.amountInvalid)
    .min(-100_000_000, payoutMessages.amountInvalid)
    .max(100_000_000, payoutMessages.amountInvalid)
    .refine((value) => value !== 0 && hasAtMostTwoDecimals(value), payoutMessages.amountInvalid),
  reason: cleanText(500, payoutMessages.reasonRequired),
});
export type AdjustmentBody = z.output<typeof adjustmentBody>;

export const adjustmentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  entry: ledgerEntry,
  balances,
});

/** Indian Financial System Code: 4 letters, a zero, 6 letters or digits. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** `PUT /api/vendor/bank-details`: the account payouts go to. */
export const bankDetailsBody = z.object({
  accountHolder: cleanText(100, payoutMessages.accountHolderRequired),
  accountNumber: z
    .string({ error: payoutMessages.accountNumberInvalid })
    .max(40, payoutMessages.accountNumberInvalid)
    .trim()
    .regex(/^\d{9,18}$/, payoutMessages.accountNumberInvalid),
  ifsc: z
    .string({ error: payoutMessages.ifscInvalid })
    .max(20, payoutMessages.ifscInvalid)
    .trim()
    .toUpperCase()
    .regex(IFSC_PATTERN, payoutMessages.ifscInvalid),
  /** The details' `changedAt` as loaded (null when there were none). */
  updatedAt: z.union([editVersion(payoutMessages.bankVersionInvalid), z.null()]).optional(),
  /** A fresh two-factor code: required when the vendor has two-factor sign-in on (issue 36), ignored otherwise. */
  twoFactorCode: twoFactorCode.optional(),
});
export type BankDetailsBody = z.output<typeof bankDetailsBody>;
export type BankDetailsBodyInput = z.input<typeof bankDetailsBody>;

/** A vendor's bank details as they see them: the account number masked to its last four digits. */
export const bankDetails = z.object({
  accountHolder: z.string(),
  accountNumberMasked: z.string(),
  ifsc: z.string(),
  changedAt: isoDateTime,
  payoutsHeldUntil: isoDateTime.nullable(),
});
export type BankDetails = z.infer<typeof bankDetails>;

export const bankDetailsResponse = z.object({
  success: z.literal(true),
  bankDetails: bankDetails.nullable(),
});
export const bankDetailsSavedResponse = bankDetailsResponse.extend({ message: z.string() });

/** `XXXXXX1234`: all but the last four digits hidden. */
export function maskAccountNumber(accountNumber: string): string {
  return `${'X'.repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;
}

/** The CSV exports' query. */
export const payoutExportQuery = z.object({ status: z.enum(payoutStatuses).optional() });
export const ledgerExportQuery = ledgerQuery.omit({ limit: true, cursor: true });

/** The money of a marketplace: vendors' earnings and bank details, admins' payouts. */
export const payoutEndpoints = {
  /** The signed-in vendor's balances and ledger, newest first, paged with `limit`. */
  earnings: endpoint('GET', '/api/vendor/earnings', {
    access: 'vendor',
    tags: ['vendors'],
    summary: 'My balances and ledger',
  })
    .input(z.object({ query: ledgerQuery }))
    .output(earningsResponse),
  /** The signed-in vendor's ledger as CSV (filters as the list). */
  earningsExport: endpoint('GET', '/api/vendor/earnings/export', {
    access: 'vendor',
    tags: ['vendors'],
    summary: 'My ledger as CSV',
    rawAnswer: true,
  })
    .input(z.object({ query: ledgerExportQuery }))
    .output(fileAnswer),
  /** The signed-in vendor's payouts, newest first (account numbers masked). */
  myPayouts: endpoint('GET', '/api/vendor/payouts', { access: 'vendor', tags: ['vendors'], summary: 'My payouts' })
    .input(z.object({ query: payoutListQuery }))
    .output(payoutListResponse),
  /** The signed-in vendor's bank details (masked), or null. */
  bankDetails: endpoint('GET', '/api/vendor/bank-details', {
    access: 'vendor',
    tags: ['vendors'],
    summary: 'My bank details',
  }).output(bankDetailsResponse),
  /**
   * Saves the signed-in vendor's bank details. A change holds their payouts for
   * `PAYOUT_BANK_CHANGE_HOLD_HOURS` and notifies every admin. 409 a stale `updatedAt`.
   */
  saveBankDetails: endpoint('PUT', '/api/vendor/bank-details', {
    access: 'vendor',
    tags: ['vendors'],
    summary: 'Save my bank details',
  })
    .input(z.object({ body: bankDetailsBody }))
    .output(bankDetailsSavedResponse),
  /** Every vendor's balances, by available balance (largest first) or by name; search by business name. */
  balances: endpoint('GET', '/api/payouts/admin/balances', {
    access: 'admin',
    permission: 'money:read',
    summary: "Vendors' balances",
  })
    .input(z.object({ query: balanceListQuery }))
    .output(balanceListResponse),
  /** Payouts, newest first, optionally of one status. */
  list: endpoint('GET', '/api/payouts/admin', { access: 'admin', permission: 'money:read', summary: 'Payouts' })
    .input(z.object({ query: payoutListQuery }))
    .output(payoutListResponse),
  /**
   * Creates payouts (201; 200 when it made none, issue 35): for the vendors named (each
   * with a positive available balance), or for every vendor whose available balance is
   * at least `PAYOUT_MINIMUM`. Vendors without bank details, with a payout still Pending,
   * or within the hold after a bank change are left out, and the answer's `skipped`
   * names each with why (`payoutSkipReasons`). Safe to repeat and to race: one payout
   * per vendor; a vendor whose balance moved during the run is tried again.
   */
  create: endpoint('POST', '/api/payouts/admin', {
    access: 'admin',
    permission: 'money:write',
    summary: 'Create payouts',
    status: 201,
    otherSuccessStatuses: [200],
  })
    .input(z.object({ body: createPayoutsBody }))
    .output(createPayoutsResponse),
  /** Marks a Pending payout Paid (reference, date) or Failed (reason; its amount is available again). 404; 409. */
  decide: endpoint('PUT', '/api/payouts/admin/{id}', {
    access: 'admin',
    permission: 'money:write',
    summary: 'Mark a payout paid or failed',
    errors: [404, 409],
  })
    .input(z.object({ params: idParams, body: decidePayoutBody }))
    .output(payoutResponse),
  /** Payouts as CSV in a bank's bulk-transfer layout (default: the Pending ones). */
  export: endpoint('GET', '/api/payouts/admin/export', {
    access: 'admin',
    permission: 'money:read',
    summary: 'Payouts as a bank transfer file',
    rawAnswer: true,
  })
    .input(z.object({ query: payoutExportQuery }))
    .output(fileAnswer),
  /** One vendor's balances and ledger (the vendor detail). 404. */
  vendorLedger: endpoint('GET', '/api/payouts/admin/vendors/{id}/ledger', {
    access: 'admin',
    permission: 'money:read',
    summary: "A vendor's balances and ledger",
  })
    .input(z.object({ params: idParams, query: ledgerQuery }))
    .output(earningsResponse),
  /** Posts a manual adjustment (signed rupees, with a reason) to a vendor's ledger (201). 404. */
  adjust: endpoint('POST', '/api/payouts/admin/vendors/{id}/adjustments', {
    access: 'admin',
    permission: 'money:write',
    summary: "Post an adjustment to a vendor's ledger",
    status: 201,
  })
    .input(z.object({ params: idParams, body: adjustmentBody }))
    .output(adjustmentResponse),
};
