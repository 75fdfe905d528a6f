import { z } from 'zod';
import { editVersion, idInput, idString, isoDateTime, MAX_CURSOR_LENGTH, pageInfo, requiredText } from './common.js';
import { endpoint } from './endpoint.js';
import {
  enrolmentNumberSchema,
  gstinParts,
  gstinSchema,
  indianStateByCode,
  indianStateField,
  panSchema,
} from './india.js';
import { fileAnswer } from './jobs.js';

/**
 * Seller KYC (issue 35, 'Seller KYC'; decisions 0134-0136): a vendor's legal name, PAN,
 * GSTIN (or the enrolment number of Notification 34/2023-CT), registered address, the
 * state they ship from and their documents, reviewed by an admin like a product revision.
 * Payouts wait until it is approved; a later change of PAN or GSTIN sends it back to review.
 */

export const kycMessages = {
  saved: 'KYC saved',
  submitted: 'KYC submitted for review',
  backToReview: 'Your PAN or GSTIN changed: your KYC is back in review and payouts wait until it is approved again',
  approved: 'KYC approved',
  changesRequested: 'Changes requested',
  rejected: 'KYC rejected',
  notFound: 'KYC not found',
  vendorNotFound: 'Vendor not found',
  documentNotFound: 'Document not found',
  changedMeanwhile:
    'This KYC was changed elsewhere after you opened it. Reload the page to see the changes, then try again.',
  versionInvalid: 'Must be the KYC’s updatedAt as loaded',
  notAwaitingReview: 'This KYC is not awaiting review',
  legalNameRequired: 'Legal name is required',
  addressRequired: 'Address is required',
  documentsInvalid: 'Documents must be a list of { kind, uploadId }',
  documentKindInvalid: 'Document kind must be pan_card, gst_certificate or cancelled_cheque',
  documentTwice: (kind: string) => `Documents: ${kind} is given twice`,
  documentNotYours: (id: string) => `Documents: upload ${id} is not one of your KYC documents`,
  documentMissing: (label: string) => `Documents: a ${label} is required to submit`,
  gstinOrEnrolmentRequired:
    'GSTIN is required to submit (or, for an unregistered seller within one state, the enrolment number)',
  gstinAndEnrolment: 'Give a GSTIN or an enrolment number, not both',
  gstinPanMismatch: (inside: string, given: string) =>
    `GSTIN's PAN (${inside}, characters 3 to 12) must be the PAN given (${given})`,
  gstinStateMismatch: (gstinState: string, state: string) =>
    `GSTIN's state (${gstinState}) must be the state you ship from (${state})`,
  enrolmentPanMismatch: (inside: string, given: string) =>
    `Enrolment number's PAN (${inside}) must be the PAN given (${given})`,
  enrolmentStateMismatch: (enrolmentState: string, state: string) =>
    `Enrolment number's state (${enrolmentState}) must be the state you ship from (${state})`,
  decisionInvalid: 'Decision must be approve, request_changes or reject',
  reasonsRequired: 'Give a reason for at least one field',
  reasonRequired: 'Give a reason',
  reasonTooLong: 'A reason must be at most 500 characters',
  statusInvalid: 'Status must be draft, submitted, approved, changes_requested or rejected',
  notApprovedForPayout: 'KYC not approved',
  documentUploaded: 'Document uploaded',
  documentEmpty: 'The file is empty',
  documentTooLarge: 'Documents must be at most 2 MB',
  documentType: 'A document must be a PDF, PNG, JPEG or WebP file',
  documentTypeMismatch: 'The file’s content does not match its declared type',
  documentNoFormFile: 'Send the document as the body, or as a form with it in a field named file',
} as const;

/** Where a KYC stands. */
export const kycStatuses = ['draft', 'submitted', 'approved', 'changes_requested', 'rejected'] as const;
export type KycStatus = (typeof kycStatuses)[number];

/** How the screens name each status. */
export const kycStatusLabels: Record<KycStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  rejected: 'Rejected',
};

/** The documents a KYC carries. */
export const kycDocumentKinds = ['pan_card', 'gst_certificate', 'cancelled_cheque'] as const;
export type KycDocumentKind = (typeof kycDocumentKinds)[number];
export const kycDocumentLabels: Record<KycDocumentKind, string> = {
  pan_card: 'PAN card',
  gst_certificate: 'GST certificate',
  cancelled_cheque: 'Cancelled cheque',
};

/** The content types a KYC document may have, read from its bytes. */
export const kycDocumentContentTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type KycDocumentContentType = (typeof kycDocumentContentTypes)[number];
/** The largest document, in bytes (2 MB, as images). */
export const KYC_DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;

/** The fields an admin may give a reason for when requesting changes, and `general`. */
export const kycReviewFields = [
  'legalName',
  'pan',
  'gstin',
  'enrolmentNumber',
  'state',
  'address',
  'pan_card',
  'gst_certificate',
  'cancelled_cheque',
  'general',
] as const;
export type KycReviewField = (typeof kycReviewFields)[number];
export const kycReviewFieldLabels: Record<KycReviewField, string> = {
  legalName: 'Legal name',
  pan: 'PAN',
  gstin: 'GSTIN',
  enrolmentNumber: 'Enrolment number',
  state: 'State',
  address: 'Address',
  pan_card: 'PAN card',
  gst_certificate: 'GST certificate',
  cancelled_cheque: 'Cancelled cheque',
  general: 'General',
};

/** Reasons by field (each at most 500 characters); empty ones dropped. */
export const kycReasons = z.partialRecord(
  z.enum(kycReviewFields),
  z.string().trim().max(500, kycMessages.reasonTooLong),
);
export type KycReasons = Partial<Record<KycReviewField, string>>;

const kycDocumentInput = z.object(
  {
    kind: z.enum(kycDocumentKinds, { error: kycMessages.documentKindInvalid }),
    uploadId: idInput,
  },
  { error: kycMessages.documentsInvalid },
);

/**
 * `PUT /api/vendor/kyc`. Each field's format is checked here (PAN, GSTIN, enrolment
 * number, state by name or GST code), and across fields: the GSTIN's (or enrolment
 * number's) PAN is the PAN given and its state the state shipped from. What submitting
 * needs (a GSTIN or enrolment number, the documents) is checked by the API, which knows
 * `submit` and the stored record.
 */
export const kycBody = z
  .object({
    legalName: requiredText(kycMessages.legalNameRequired, 200, 'Legal name must be at most 200 characters'),
    pan: panSchema,
    gstin: z
      .union([z.literal(''), z.null()])
      .transform(() => undefined)
      .or(gstinSchema)
      .optional(),
    enrolmentNumber: z
      .union([z.literal(''), z.null()])
      .transform(() => undefined)
      .or(enrolmentNumberSchema)
      .optional(),
    state: indianStateField('State'),
    address: requiredText(kycMessages.addressRequired, 500, 'Address must be at most 500 characters'),
    documents: z.array(kycDocumentInput, { error: kycMessages.documentsInvalid }).max(3).default([]),
    submit: z.boolean().optional(),
    /** The KYC's `updatedAt` as loaded; null when there was none yet (decision 0018). */
    updatedAt: z.union([editVersion(kycMessages.versionInvalid), z.null()]).optional(),
  })
  .superRefine((body, ctx) => {
    const stateName = (code: string) => `${code} ${indianStateByCode(code)?.name ?? ''}`.trim();
    if (body.gstin && body.enrolmentNumber) {
      ctx.addIssue({ code: 'custom', path: ['enrolmentNumber'], message: kycMessages.gstinAndEnrolment });
    }
    for (const [field, value] of [
      ['gstin', body.gstin],
      ['enrolmentNumber', body.enrolmentNumber],
    ] as const) {
      if (!value) continue;
      const { stateCode, pan } = gstinParts(value);
      const gst = field === 'gstin';
      if (pan !== body.pan) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: (gst ? kycMessages.gstinPanMismatch : kycMessages.enrolmentPanMismatch)(pan, body.pan),
        });
      }
      if (stateCode !== body.state) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: (gst ? kycMessages.gstinStateMismatch : kycMessages.enrolmentStateMismatch)(
            stateName(stateCode),
            stateName(body.state),
          ),
        });
      }
    }
    const seen = new Set<string>();
    for (const document of body.documents) {
      if (seen.has(document.kind)) {
        ctx.addIssue({ code: 'custom', path: ['documents'], message: kycMessages.documentTwice(document.kind) });
      }
      seen.add(document.kind);
    }
  });
export type KycBody = z.output<typeof kycBody>;
export type KycBodyInput = z.input<typeof kycBody>;

/** A KYC document as answered: `url` serves its bytes to its vendor and the admins. */
export const kycDocument = z.object({
  kind: z.enum(kycDocumentKinds),
  uploadId: idString,
  contentType: z.enum(kycDocumentContentTypes),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  url: z.string(),
});
export type KycDocument = z.infer<typeof kycDocument>;

/** A vendor's KYC as answered to them and to the admins. */
export const kycRecord = z.object({
  vendorId: idString,
  businessName: z.string(),
  legalName: z.string(),
  pan: z.string(),
  gstin: z.string().nullable(),
  enrolmentNumber: z.string().nullable(),
  /** The state shipped from: its GST code and name. */
  state: z.object({ code: z.string(), name: z.string() }),
  address: z.string(),
  documents: z.array(kycDocument),
  status: z.enum(kycStatuses),
  /** The last review's reasons by field (request_changes, reject), else empty. */
  reasons: z.record(z.string(), z.string()),
  submittedAt: isoDateTime.nullable(),
  decidedAt: isoDateTime.nullable(),
  /** Approved once before and sent back to review by a change of PAN or GSTIN. */
  approvedBefore: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type KycRecord = z.infer<typeof kycRecord>;

export const myKycResponse = z.object({ success: z.literal(true), kyc: kycRecord.nullable() });
export type MyKycResponse = z.infer<typeof myKycResponse>;
export const kycSavedResponse = z.object({ success: z.literal(true), message: z.string(), kyc: kycRecord });
export type KycSavedResponse = z.infer<typeof kycSavedResponse>;
export const kycResponse = z.object({ success: z.literal(true), kyc: kycRecord });

/** One row of the review list. */
export const kycListItem = kycRecord.omit({ documents: true, reasons: true, address: true });
export type KycListItem = z.infer<typeof kycListItem>;

/** `GET /api/kyc/admin`: newest change first, optionally of one status; a keyset page with `limit`. */
export const kycListQuery = z.object({
  status: z.enum(kycStatuses, { error: kycMessages.statusInvalid }).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
});
export type KycListQuery = z.output<typeof kycListQuery>;
export const kycListResponse = z.object({ success: z.literal(true), kycs: z.array(kycListItem), ...pageInfo });
export type KycListResponse = z.infer<typeof kycListResponse>;

/** `{ vendorId }` path of the admin's KYC routes. */
export const kycVendorParams = z.object({ vendorId: idInput });

/** `PUT /api/kyc/admin/{vendorId}`: approve, request changes (a reason per field), or reject (a reason). */
export const kycDecisionBody = z
  .object({
    decision: z.enum(['approve', 'request_changes', 'reject'], { error: kycMessages.decisionInvalid }),
    reasons: kycReasons.optional(),
    updatedAt: editVersion(kycMessages.versionInvalid).optional(),
  })
  .transform((body) => ({
    ...body,
    reasons: Object.fromEntries(
      Object.entries(body.reasons ?? {}).filter(([, reason]) => reason !== undefined && reason !== ''),
    ) as KycReasons,
  }))
  .superRefine((body, ctx) => {
    const given = Object.keys(body.reasons).length;
    if (body.decision === 'request_changes' && given === 0) {
      ctx.addIssue({ code: 'custom', path: ['reasons'], message: kycMessages.reasonsRequired });
    }
    if (body.decision === 'reject' && given === 0) {
      ctx.addIssue({ code: 'custom', path: ['reasons'], message: kycMessages.reasonRequired });
    }
  });
export type KycDecisionBody = z.output<typeof kycDecisionBody>;
export type KycDecisionBodyInput = z.input<typeof kycDecisionBody>;

export const kycDocumentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  _id: idString,
  contentType: z.enum(kycDocumentContentTypes),
  size: z.number().int().positive(),
  url: z.string(),
});
export type KycDocumentResponse = z.infer<typeof kycDocumentResponse>;

/** The path a KYC document is served from. */
export const kycDocumentPath = (id: number | string) => `/api/kyc/documents/${id}`;

/** Seller KYC: the vendor's own record and documents, the admins' review. */
export const kycEndpoints = {
  /** The signed-in vendor's KYC, or null before they first save it. */
  mine: endpoint('GET', '/api/vendor/kyc', { access: 'vendor', tags: ['vendors'], summary: 'My KYC' }).output(
    myKycResponse,
  ),
  /**
   * Saves the signed-in vendor's KYC; `submit: true` sends it for review. A change of PAN,
   * GSTIN or enrolment number on an approved KYC sends it back to review (payouts wait) and
   * notifies the admins. 400 a wrong field, naming it and why; 409 stale `updatedAt`.
   */
  save: endpoint('PUT', '/api/vendor/kyc', { access: 'vendor', tags: ['vendors'], summary: 'Save my KYC' })
    .input(z.object({ body: kycBody }))
    .output(kycSavedResponse),
  /**
   * Uploads one KYC document (201): a PDF, PNG, JPEG or WebP, at most 2 MB, as the body's
   * bytes or a form's `file`; its type is read from its bytes. Kept privately, as sent.
   * 400 empty; 413 over 2 MB; 415 another type, or not the type it claims.
   */
  uploadDocument: endpoint('POST', '/api/vendor/kyc/documents', {
    access: 'vendor',
    tags: ['vendors'],
    summary: 'Upload a KYC document (PDF, PNG, JPEG or WebP, at most 2 MB)',
    status: 201,
    rawBody: true,
  })
    .input(z.object({ body: z.instanceof(Blob) }))
    .output(kycDocumentResponse),
  /** A KYC document's bytes: to its vendor and to the admins (404 to anyone else); never cached. */
  document: endpoint('GET', '/api/kyc/documents/{id}', {
    access: 'staff',
    summary: 'A KYC document',
    rawAnswer: true,
  })
    .input(z.object({ params: z.object({ id: idInput }) }))
    .output(fileAnswer),
  /** KYCs to review: newest change first, optionally of one status. */
  list: endpoint('GET', '/api/kyc/admin', { access: 'admin', permission: 'vendors:read', summary: 'Vendors’ KYC' })
    .input(z.object({ query: kycListQuery }))
    .output(kycListResponse),
  /** One vendor's KYC with its documents. 404 none. */
  get: endpoint('GET', '/api/kyc/admin/{vendorId}', {
    access: 'admin',
    permission: 'vendors:read',
    summary: 'A vendor’s KYC',
  })
    .input(z.object({ params: kycVendorParams }))
    .output(kycResponse),
  /** Approves, requests changes (reasons by field) or rejects a submitted KYC. 404; 409 not submitted, or stale. */
  decide: endpoint('PUT', '/api/kyc/admin/{vendorId}', {
    access: 'admin',
    permission: 'vendors:write',
    summary: 'Review a vendor’s KYC',
    errors: [404, 409],
  })
    .input(z.object({ params: kycVendorParams, body: kycDecisionBody }))
    .output(kycSavedResponse),
};

/** Trims and drops empty reasons (the form's fields left blank). */
export function cleanReasons(reasons: Record<string, string | undefined>): KycReasons {
  return Object.fromEntries(
    Object.entries(reasons)
      .map(([field, reason]) => [field, reason?.trim() ?? ''] as const)
      .filter(([, reason]) => reason !== ''),
  ) as KycReasons;
}
