import type { ActivityChange, ActivityKind } from '@haat/contract';
import { useQuery } from '@tanstack/react-query';
import { client, queries } from './api-client';
import type { ExportRequest } from './download';
import { formatRupees } from './format';
import { paths } from './paths';
import { useCursorList } from './use-cursor-list';

/**
 * The activity log's calls (`activityEndpoints`) and how its entries read (issue 10,
 * 'Activity log'), shared by the admin screen (`features/activity`) and the History
 * panel that the product, order and vendor screens show
 * (`components/ui/history-panel.tsx`): web features do not import each other, so what
 * both need lives here. Every successful write marks the whole log stale
 * (`queries.activity.key()`, lib/query-client.ts).
 */

/** Entries per page. */
export const ACTIVITY_LIST_PAGE_SIZE = 50;

/** The admin screen's filters, as kept in the address ('' for none). */
export interface ActivityFilters {
  /** The actor's user id. */
  person: string;
  kind: ActivityKind | '';
  /** UTC dates `YYYY-MM-DD`, both inclusive. */
  from: string;
  to: string;
}

export const defaultActivityFilters: ActivityFilters = { person: '', kind: '', from: '', to: '' };

/** The log's query for `filters` ('' is left out). */
const activityQuery = (filters: ActivityFilters) => ({
  person: filters.person || undefined,
  kind: filters.kind || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});

/** The log's CSV for `filters` (issue 26): every entry they select. */
export const activityExport =
  (filters: ActivityFilters): ExportRequest =>
  () =>
    client.activity.export({ query: activityQuery(filters) });

/** `GET /api/activity`: the log newest first, page by page as the user scrolls. */
export function useActivityLog(filters: ActivityFilters, enabled = true) {
  const query = activityQuery(filters);
  const list = useCursorList({
    enabled,
    queryKey: queries.activity.list.key({ type: 'infinite', input: { query } }),
    limit: ACTIVITY_LIST_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.activity.list({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.entries,
  });
  return { ...list, timeZone: list.query.data?.pages[0]?.timeZone };
}

/** `GET /api/activity/people`: who may be picked in the person filter. */
export function useActivityPeople() {
  return useQuery({ ...queries.activity.people.queryOptions(), select: (answer) => answer.people });
}

/** `GET /api/activity/{kind}/{id}`: one record's history, newest first, page by page. */
export function useRecordHistory(kind: ActivityKind, id: string) {
  const params = { kind, id };
  const list = useCursorList({
    queryKey: queries.activity.history.key({ type: 'infinite', input: { params } }),
    limit: ACTIVITY_LIST_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.activity.history({ params, query: { limit, cursor } }, { signal }),
    items: (page) => page.entries,
  });
  return { ...list, timeZone: list.query.data?.pages[0]?.timeZone };
}

/** Where a record of the log opens, or null for kinds without a screen of their own (or a deleted record). */
export function recordPath(kind: ActivityKind, id: string, action: string): string | null {
  if (action === 'delete') return null;
  switch (kind) {
    case 'product':
      return paths.products.edit(id);
    case 'order':
      return paths.orders.detail(id);
    case 'customer':
      return paths.customers.detail(id);
    case 'vendor':
      return paths.vendors;
    case 'category':
    case 'subcategory':
      return paths.categories;
    case 'coupon':
      return paths.coupons;
    case 'blog':
      return paths.blog.edit(id);
    case 'contact':
      return paths.contact;
    case 'website_config':
      return paths.websiteConfig;
    default:
      return null;
  }
}

/**
 * The recorded fields that hold money in rupees (the API records money as rupees, never
 * paise): they read `Rs.1,878.54` rather than `1878.54` (issue 33).
 */
const moneyFields = new Set([
  'salePrice',
  'actualPrice',
  'price',
  'totalPrice',
  'discountedTotal',
  'cancelledTotal',
  'refundedTotal',
  'netTotal',
  'amount',
  'refundAmount',
  'minOrderAmount',
  'maxDiscountAmount',
  'minAmount',
  'maxAmount',
]);

/** A recorded value of `field` as text: money as rupees, the rest as `formatChangeValue` writes it. */
export function formatFieldValue(field: string, value: unknown): string {
  if (typeof value === 'number' && moneyFields.has(field)) return formatRupees(value);
  return formatChangeValue(value);
}

/**
 * How one recorded change reads: `Field: before → after`; a value set where there was
 * none reads `Field: value`, and a field recorded without a change (a partial
 * cancellation keeps the order's status) is left out (null).
 */
export function describeChange(field: string, change: ActivityChange): string | null {
  const before = formatFieldValue(field, change.before);
  const after = formatFieldValue(field, change.after);
  if (before === after) return null;
  if (change.before === null || change.before === undefined || change.before === '')
    return `${fieldLabel(field)}: ${after}`;
  return `${fieldLabel(field)}: ${before} → ${after}`;
}

/** A recorded value as text: '—' for none, lists joined, objects as JSON. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(formatChangeValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `salePrice` → 'Sale price': a field's name as the screens write it. */
export function fieldLabel(field: string): string {
  if (field === 'sku') return 'SKU';
  const words = field
    .replace(/Id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `21 Nov 2026, 09:30 am` (en-IN, as every date: issue 27) in the store's time zone (the browser's when not known). */
export function formatInZone(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  };
  try {
    return date.toLocaleString('en-IN', { ...options, timeZone });
  } catch {
    return date.toLocaleString('en-IN', options);
  }
}

export type { ActivityChange };
