import { z } from 'zod';
import { idParams, isoDate, isoDateTime, MAX_PAGE_SIZE, pageInfo } from './common.js';
import { endpoint } from './endpoint.js';
import { fileAnswer } from './jobs.js';

/**
 * GST documents (issue 35, "Documents"; decisions 0144, 0145): tax invoices (one per
 * shipment dispatched, issued by its seller), credit notes (section 34 CGST Act: one per
 * invoice a cancellation or a return takes units back from) and commission invoices
 * (the store to each vendor, monthly). Immutable once issued; downloaded as PDF, the same
 * bytes for the admin and for that seller. Money in rupees with two decimals on the
 * wire, times UTC.
 */

/** A date of the filters: `isoDate` that is also a day of the calendar (no 2026-02-30). */
const calendarDate = isoDate.refine((value) => {
  const parsed = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}, 'Must be a date (YYYY-MM-DD)');

export const documentKinds = ['invoice', 'credit_note', 'commission_invoice'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The kinds as the Documents screen names them. */
export const documentKindLabels: Record<DocumentKind, string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  commission_invoice: 'Commission invoice',
};

export const documentMessages = {
  notFound: 'Document not found',
  kindInvalid: 'Kind must be one of: invoice, credit_note, commission_invoice',
  rangeInverted: 'From must be on or before To',
  cursorInvalid: 'The page cursor is not valid: load the list again',
} as const;

/**
 * `GET /api/documents` query: `kind`, `from` and `to` (dates of issue, Indian dates as
 * the documents print them, both inclusive; decision 0157), keyset pages of `limit` (default 50) after `cursor`, newest first.
 */
export const documentListQuery = z
  .object({
    kind: z.enum(documentKinds, { error: documentMessages.kindInvalid }).optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
    cursor: z
      .string()
      .max(10, documentMessages.cursorInvalid)
      .regex(/^[1-9]\d{0,9}$/, documentMessages.cursorInvalid)
      .refine((value) => Number(value) <= 2_147_483_647, documentMessages.cursorInvalid)
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: documentMessages.rangeInverted,
    path: ['to'],
  });
export type DocumentListQuery = z.input<typeof documentListQuery>;
export type DocumentListFilters = z.output<typeof documentListQuery>;

/** A document as the list shows it. */
export const documentSummary = z.object({
  _id: z.string(),
  kind: z.enum(documentKinds),
  /** As printed, at most 16 characters (`INV/2627/0000001`). */
  number: z.string(),
  /** `2026-27`. */
  financialYear: z.string(),
  issuedAt: isoDateTime,
  issuer: z.object({ name: z.string(), gstin: z.string().nullable() }),
  recipient: z.object({ name: z.string(), gstin: z.string().nullable() }),
  /** The seller (invoice, credit note; null: the store's own products) or the vendor invoiced (commission). */
  vendorId: z.string().nullable(),
  order: z.object({ _id: z.string(), trackingNumber: z.string() }).nullable(),
  shipmentId: z.string().nullable(),
  /** A credit note's invoice number. */
  refersTo: z.string().nullable(),
  /** A commission invoice's month, `YYYY-MM`. */
  period: z.string().nullable(),
  /** Rupees, two decimals (credit notes: the amounts credited, positive). */
  taxableValue: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  /** SHA-256 (hex) of the document's frozen content. */
  hash: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;

export const documentListResponse = z.object({
  success: z.literal(true),
  documents: z.array(documentSummary),
  ...pageInfo,
});
export type DocumentListResponse = z.infer<typeof documentListResponse>;

/** GST documents (issue 35). */
export const documentEndpoints = {
  /**
   * The documents an admin may see (all) or the signed-in vendor's (those they issued and
   * their commission invoices), newest first, a keyset page (`limit`, `cursor`;
   * `nextCursor`), filtered by `kind` and dates of issue. Documents are money: an admin
   * needs `money:read`, a seller's team member a manager's role (`managerOnlyVendorPaths`).
   */
  list: endpoint('GET', '/api/documents', {
    access: 'staff',
    permission: 'money:read',
    tags: ['documents'],
    summary: 'Tax invoices, credit notes and commission invoices',
  })
    .input(z.object({ query: documentListQuery }))
    .output(documentListResponse),
  /**
   * One document as PDF (`application/pdf`), rendered from its frozen content: the same
   * bytes for the admin and for its seller. 404 'Document not found' also for another
   * vendor's.
   */
  pdf: endpoint('GET', '/api/documents/{id}/pdf', {
    access: 'staff',
    permission: 'money:read',
    tags: ['documents'],
    summary: 'A tax document (PDF)',
    rawAnswer: true,
  })
    .input(z.object({ params: idParams }))
    .output(fileAnswer),
};
