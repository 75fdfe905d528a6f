import { z } from 'zod';
import { idInput, idString, isoDate, isoDateTime, MAX_PAGE_SIZE, pageInfo } from './common.js';
import { isRealDate } from './coupons.js';
import { endpoint } from './endpoint.js';
import { exportAnswer, jobStartedResponse } from './jobs.js';

/**
 * Issue 10, 'Activity log': every change an admin or vendor makes through the API,
 * with who, when, which record and the changed fields (docs/decisions/0070).
 */
export const activityMessages = {
  title: 'Activity log',
  historyTitle: 'History',
  emptyTitle: 'No activity yet',
  emptyNone: 'Changes made by admins and vendors will be listed here.',
  emptyFiltered: 'No activity matches these filters.',
  historyEmpty: 'No changes recorded for this record yet.',
  loadFailed: 'Failed to load the activity log.',
  historyLoadFailed: 'Failed to load the history.',
  dateInvalid: 'Must be a real date (YYYY-MM-DD)',
  dateRange: 'The end date must not be before the start date',
  notFound: 'Record not found',
  passwordChanged: 'changed',
} as const;

/** What was done. */
export const activityActions = [
  'create',
  'update',
  'delete',
  'approve',
  'reject',
  'status_change',
  'config_save',
  'password_change',
  'register',
  'cancel',
  'return',
  'anonymise',
] as const;
export type ActivityAction = (typeof activityActions)[number];

/** The kinds of record the log covers. */
export const activityKinds = [
  'product',
  'category',
  'subcategory',
  'order',
  'coupon',
  'vendor',
  'blog',
  'contact',
  'website_config',
  'account',
  'commission_rate',
  'payout',
  'customer',
  'kyc',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** How the screen names each action and kind. */
export const activityActionLabels: Record<ActivityAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  approve: 'Approved',
  reject: 'Rejected',
  status_change: 'Status changed',
  config_save: 'Configuration saved',
  password_change: 'Password changed',
  register: 'Registered',
  cancel: 'Cancelled',
  return: 'Return recorded',
  anonymise: 'Anonymised',
};
export const activityKindLabels: Record<ActivityKind, string> = {
  product: 'Product',
  category: 'Category',
  subcategory: 'Subcategory',
  order: 'Order',
  coupon: 'Coupon',
  vendor: 'Vendor',
  blog: 'Blog post',
  contact: 'Contact message',
  website_config: 'Website configuration',
  account: 'Account',
  commission_rate: 'Commission rate',
  payout: 'Payout',
  customer: 'Customer',
  kyc: 'KYC',
};

const activityDate = isoDate.refine(isRealDate, activityMessages.dateInvalid).optional();

/** The default and largest page of the log; the log is always paged (it grows without end). */
export const ACTIVITY_PAGE_SIZE = 50;

const activityPage = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ACTIVITY_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
};

/**
 * `GET /api/activity` query: newest first, always one keyset page (`limit`, default 50).
 * `person` is the actor's user id; `from` and `to` are UTC calendar dates, both inclusive.
 */
const activityFilters = {
  person: idInput.optional(),
  kind: z.enum(activityKinds).optional(),
  from: activityDate,
  to: activityDate,
};

/** `from` must not be after `to`: 400 with `activityMessages.dateRange` on `to`. */
const fromBeforeTo: [
  (query: { from?: string | undefined; to?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => !query.from || !query.to || query.from <= query.to,
  { message: activityMessages.dateRange, path: ['to'] },
];

export const activityListQuery = z.object({ ...activityPage, ...activityFilters }).refine(...fromBeforeTo);
export type ActivityListQuery = z.input<typeof activityListQuery>;

/** `GET /api/activity/export` query: the log's own filters, every matching entry (issue 26). */
export const activityExportQuery = z.object(activityFilters).refine(...fromBeforeTo);
export type ActivityExportQuery = z.input<typeof activityExportQuery>;

/** `GET /api/activity/:kind/:id` path. */
export const activityRecordParams = z.object({ kind: z.enum(activityKinds), id: idInput });

/** `GET /api/activity/:kind/:id` query: one page of the record's history, newest first. */
export const activityHistoryQuery = z.object(activityPage);

/** One field's value before and after the change (money in rupees; null when absent). */
export const activityChange = z.object({ before: z.unknown(), after: z.unknown() });
export type ActivityChange = z.infer<typeof activityChange>;

/** One entry of the log as the API answers it. */
export const activityEntry = z.object({
  _id: idString,
  /** Who: their user id (null once the account is deleted), their name at the time and role. */
  actor: z.object({ _id: idString.nullable(), name: z.string(), role: z.enum(['admin', 'vendor']) }),
  action: z.enum(activityActions),
  kind: z.enum(activityKinds),
  recordId: idString,
  /** The record's name (or order tracking number) at the time of the change. */
  label: z.string(),
  /** The fields that changed, `{ field: { before, after } }`. */
  changes: z.record(z.string(), activityChange),
  createdAt: isoDateTime,
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityListResponse = z.object({
  success: z.literal(true),
  entries: z.array(activityEntry),
  /** The store's IANA time zone (`STORE_TIME_ZONE`), in which the screens show the times. */
  timeZone: z.string(),
  ...pageInfo,
});
export type ActivityListResponse = z.infer<typeof activityListResponse>;

/** `GET /api/activity/people`: everyone who appears in the log, for the person filter. */
export const activityPeopleResponse = z.object({
  success: z.literal(true),
  people: z.array(z.object({ _id: idString, name: z.string(), role: z.enum(['admin', 'vendor']) })),
});
export type ActivityPeopleResponse = z.infer<typeof activityPeopleResponse>;

/**
 * The activity log (issue 10, 'Activity log'; decision 0070). Entries are written by the
 * services, in each change's transaction; these calls only read. Each answer carries
 * the store's time zone, in which the screens show the UTC times.
 */
export const activityEndpoints = {
  /**
   * The log newest first, one page (default 50, at most 200) plus `total` and
   * `nextCursor`. `person` is a user id, `kind` a record kind, `from`/`to` UTC dates
   * (inclusive). 400 for a bad filter, date or cursor.
   */
  list: endpoint('GET', '/api/activity', {
    access: 'admin',
    permission: 'settings:read',
    summary: 'The activity log, newest first',
  })
    .input(z.object({ query: activityListQuery }))
    .output(activityListResponse),
  /**
   * Every entry the log's filters select, newest first, as a `text/csv` download (issue
   * 26 'Exports'): times in the store's time zone, each change as `field: before → after`.
   */
  export: endpoint('GET', '/api/activity/export', {
    access: 'admin',
    permission: 'settings:read',
    summary: 'The activity log as CSV',
    rawAnswer: true,
    answers: { 202: jobStartedResponse },
  })
    .input(z.object({ query: activityExportQuery }))
    .output(exportAnswer),
  /** The admins and vendors who appear in the log (the person filter): `{ success, people }`. */
  people: endpoint('GET', '/api/activity/people', {
    access: 'admin',
    permission: 'settings:read',
    summary: 'People who appear in the activity log',
  }).output(activityPeopleResponse),
  /**
   * One record's history, newest first, one page (`limit`, `cursor`). An admin sees any
   * record's; a vendor only their own product's, and of it admins' entries and their
   * own: 404 for another vendor's product or another kind of record.
   */
  history: endpoint('GET', '/api/activity/{kind}/{id}', { access: 'staff', summary: "One record's history" })
    .input(z.object({ params: activityRecordParams, query: activityHistoryQuery }))
    .output(activityListResponse),
};
