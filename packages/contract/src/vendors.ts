import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.js';
import { bulkIds, bulkResponse, bulkVersions, checkVersionsMatch } from './bulk.js';
import {
  hasNoNul,
  idParams,
  idString,
  isoDateTime,
  NUL_CHARACTER_MESSAGE,
  pageInfo,
  pageQuery,
  requiredText,
  versionInput,
} from './common.js';
import { endpoint } from './endpoint.js';

/** Vendor statuses (spec section 9). */
export const vendorStatuses = ['pending', 'approved', 'rejected'] as const;
export const vendorStatusSchema = z.enum(vendorStatuses);
export type VendorStatus = z.infer<typeof vendorStatusSchema>;

/** A vendor as the API answers it (spec section 3); the password is never answered. */
export const vendor = z.object({
  _id: idString,
  name: z.string(),
  email: z.string(),
  /** Whether the vendor confirmed their e-mail address (issue 36); it holds up nothing. Optional on the wire. */
  emailVerified: z.boolean().optional(),
  businessName: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  status: vendorStatusSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Vendor = z.infer<typeof vendor>;

/** Sort orders of the vendor list; `name-*` sorts by business name, case-insensitive. */
export const vendorSorts = ['newest', 'oldest', 'name-asc', 'name-desc'] as const;

/**
 * `GET /api/vendors` query. Without `limit` the spec's unpaged list; with it a page.
 * `search` matches name, e-mail or business name (case-insensitive substring).
 */
export const vendorListQuery = pageQuery.extend({
  status: z.enum(['all', ...vendorStatuses]).default('all'),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(vendorSorts).default('newest'),
});
export type VendorListQuery = z.input<typeof vendorListQuery>;

export const vendorListResponse = z.object({
  success: z.literal(true),
  vendors: z.array(vendor),
  ...pageInfo,
});
export type VendorListResponse = z.infer<typeof vendorListResponse>;

/** Spec sections 2 ('Vendor management'), 5 (Vendor form), 8 (Vendors): the screen's words, verbatim. */
export const vendorMessages = {
  heading: 'Vendor Management',
  subtitle: 'Manage all vendors and their approval status',
  authRequiredTitle: 'Authentication Required',
  authRequiredText: 'Please log in to access vendor management.',
  loading: 'Loading vendors...',
  emptyTitle: 'No vendors found',
  emptyText: 'Get started by adding your first vendor.',
  addFirst: 'Add First Vendor',
  addNew: 'Add New Vendor',
  editTitle: 'Edit Vendor',
  detailsTitle: 'Vendor Details',
  noAddress: 'No address',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  businessNameRequired: 'Business name is required',
  phoneNumberRequired: 'Phone number is required',
  addressRequired: 'Address is required',
  created: 'Vendor created successfully!',
  updated: 'Vendor updated successfully!',
  approved: 'Vendor approved successfully!',
  rejected: 'Vendor rejected successfully!',
  deleted: 'Vendor deleted successfully!',
  /** Issue 25: the ledger must be settled first, so no money owed is lost with the vendor. */
  stillOwed: (amount: string) =>
    `This vendor's balance is ${amount}. Pay it out or post an adjustment before deleting the vendor.`,
  registered: 'Registration received. Your vendor account is awaiting approval. Please wait for admin approval.',
  creating: 'Creating vendor...',
  updating: 'Updating vendor...',
  approving: 'Approving vendor...',
  rejecting: 'Rejecting vendor...',
  deletionCancelled: 'Vendor deletion cancelled',
  deleteConfirm: (name: string) => `Are you sure you want to delete vendor "${name}"? This action cannot be undone.`,
  deleteKeepsProducts: 'Their products stay in the catalog, owned by the store and inactive.',
  loaded: (n: number) => `Loaded ${n} vendors successfully!`,
  authFailed: 'Authentication failed. Please log in again.',
  saveFailed: 'Failed to save vendor',
  fetchFailed: 'Failed to fetch vendors',
  deleteFailed: 'Failed to delete vendor',
  statusFailed: 'Failed to update vendor status',
  notLoggedIn: 'Please log in to access vendor management',
  notFound: 'Vendor not found',
  emailTaken: 'A user with this email already exists',
  tooManyRegistrations: 'Too many registrations from this address. Please try again later.',
  changedMeanwhile:
    'This vendor was changed by someone else after you opened it. Reload the page to see their changes, then save yours again.',
  notAwaitingApproval: 'Not awaiting approval',
} as const;

/** `{ id }` of `/api/vendors/:id`: `idParams`, a positive id within 32 bits. */
export const vendorIdParams = idParams;

const email = z
  .string({ error: vendorMessages.emailRequired })
  .trim()
  .min(1, vendorMessages.emailRequired)
  .max(254, vendorMessages.emailInvalid)
  .pipe(z.email(vendorMessages.emailInvalid))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: vendorMessages.passwordRequired })
  .min(1, vendorMessages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, vendorMessages.passwordTooShort)
  .max(200, 'Password must be at most 200 characters')
  .refine(hasNoNul, NUL_CHARACTER_MESSAGE);

/** The vendor form's fields before and after the password, in the spec's order of messages (section 5). */
const identityFields = {
  name: requiredText(vendorMessages.nameRequired, 120),
  email,
};
const businessFields = {
  businessName: requiredText(vendorMessages.businessNameRequired, 160),
  phoneNumber: requiredText(vendorMessages.phoneNumberRequired, 40),
  address: requiredText(vendorMessages.addressRequired, 500),
};

/**
 * `POST /api/vendor/register` body (spec section 7). `status` applies only to an
 * admin's call; anyone else's registration is pending whatever it says.
 */
export const vendorRegisterBody = z.object({
  ...identityFields,
  password,
  ...businessFields,
  status: vendorStatusSchema
    .optional()
    .describe(
      "Only an admin's call ('Add New Vendor') sets it; a public sign-up is pending whatever it says, until an admin approves it.",
    ),
});
export type VendorRegisterBody = z.input<typeof vendorRegisterBody>;

/**
 * `PUT /api/vendors/:id` body (spec section 7: the same, password omitted if empty).
 * An empty or absent password keeps the current one. `updatedAt` is the version the
 * form loaded (decision 0018): 409 when the vendor was saved since.
 */
export const vendorUpdateBody = z.object({
  ...identityFields,
  password: z
    .string({ error: vendorMessages.passwordTooShort })
    .max(200, 'Password must be at most 200 characters')
    .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, vendorMessages.passwordTooShort)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  ...businessFields,
  status: vendorStatusSchema.optional(),
  updatedAt: versionInput.optional(),
});
export type VendorUpdateBody = z.input<typeof vendorUpdateBody>;

/** `PUT /api/vendors/:id/status` body (spec section 7: approved or rejected). */
export const vendorStatusBody = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  updatedAt: versionInput.optional(),
});
export type VendorStatusBody = z.infer<typeof vendorStatusBody>;

/**
 * `POST /api/vendors/bulk` body (issue 26 'Bulk actions'): approve or reject the selected
 * vendors awaiting approval; `versions` are their `updatedAt` as shown.
 */
export const vendorBulkBody = z
  .object({
    action: z.enum(['approve', 'reject'], { error: 'Action must be approve or reject' }),
    ids: bulkIds,
    versions: bulkVersions,
  })
  .superRefine(checkVersionsMatch);
export type VendorBulkBody = z.input<typeof vendorBulkBody>;

/** A vendor write's answer: the message for the toast and the vendor as saved. */
export const vendorWriteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  vendor,
});
export type VendorWriteResponse = z.infer<typeof vendorWriteResponse>;

/** `GET /api/vendors/:id`. */
export const vendorResponse = z.object({ success: z.literal(true), vendor });

/** `GET /api/vendors/counts`: the list footer's counts over every vendor. */
export const vendorCountsResponse = z.object({
  success: z.literal(true),
  total: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
});
export type VendorCountsResponse = z.infer<typeof vendorCountsResponse>;

/** `DELETE /api/vendors/:id` answer: how many products passed to the store. */
export const vendorDeleteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  productsHandedOver: z.number().int().nonnegative(),
});
export type VendorDeleteResponse = z.infer<typeof vendorDeleteResponse>;

/**
 * Vendors (spec sections 2 'Vendor management', 3, 7): the store's list and management
 * of them, admin only, and the registration anyone may send. `/vendors/...` reaches the
 * same routes through the legacy-path rewrite (decision 0003). A vendor's own back
 * office is `vendorPortalEndpoints`.
 */
export const vendorEndpoints = {
  /**
   * `{ success, vendors }`, newest first (or `sort`); `status` keeps one status (the
   * product form asks for `approved`), `search` matches name, e-mail or business name;
   * with `limit` a page plus `total` and `nextCursor`. 400 for a bad query or cursor.
   */
  list: endpoint('GET', '/api/vendors', {
    access: 'admin',
    permission: 'vendors:read',
    summary: 'Vendors, optionally of one status',
  })
    .input(z.object({ query: vendorListQuery }))
    .output(vendorListResponse),
  /** `{ success, total, approved, pending, rejected }` over every vendor (the list's footer). */
  counts: endpoint('GET', '/api/vendors/counts', {
    access: 'admin',
    permission: 'vendors:read',
    summary: 'How many vendors have each status',
  }).output(vendorCountsResponse),
  /** One vendor, never its password: `{ success, vendor }`. 404 'Vendor not found'. */
  one: endpoint('GET', '/api/vendors/{id}', { access: 'admin', permission: 'vendors:read', summary: 'One vendor' })
    .input(z.object({ params: vendorIdParams }))
    .output(vendorResponse),
  /**
   * `{ name, email, password?, businessName, phoneNumber, address, status?, updatedAt? }`
   * → `{ success, message, vendor }`; an empty password keeps the current one. 400 with
   * the form's messages joined by commas; 409 for an e-mail in use or a vendor changed
   * since `updatedAt`.
   */
  update: endpoint('PUT', '/api/vendors/{id}', {
    access: 'admin',
    permission: 'vendors:write',
    summary: 'Edit a vendor',
  })
    .input(z.object({ params: vendorIdParams, body: vendorUpdateBody }))
    .output(vendorWriteResponse),
  /**
   * `{ status: 'approved' | 'rejected', updatedAt? }` → `{ success, message, vendor }`.
   * Rejecting ends the vendor's sessions. 409 for a stale version.
   */
  setStatus: endpoint('PUT', '/api/vendors/{id}/status', {
    access: 'admin',
    permission: 'vendors:write',
    summary: 'Approve or reject a vendor',
  })
    .input(z.object({ params: vendorIdParams, body: vendorStatusBody }))
    .output(vendorWriteResponse),
  /**
   * → `{ success, message, productsHandedOver }`. Their products stay, owned by the store
   * and inactive; orders keep their lines.
   */
  remove: endpoint('DELETE', '/api/vendors/{id}', {
    access: 'admin',
    permission: 'vendors:write',
    summary: 'Delete a vendor; their products pass to the store, inactive',
  })
    .input(z.object({ params: vendorIdParams }))
    .output(vendorDeleteResponse),
  /**
   * `{ name, email, password, businessName, phoneNumber, address, status? }` → 201
   * `{ success, message, vendor }`, at the spec's singular path. Without an admin's token
   * the vendor is pending whatever `status` says and cannot sign in until approved; an
   * admin's call ('Add New Vendor') may set the status. At most 5 registrations an hour
   * per IP address, admins excepted (429). 400 with the form's messages joined by
   * commas; 401 for a bad token; 409 for an e-mail in use by any user.
   */
  register: endpoint('POST', '/api/vendor/register', {
    access: 'public',
    summary: 'Register a vendor (pending until an admin approves)',
    tags: ['vendors'],
    status: 201,
    errors: [409],
    rateLimited: true,
  })
    .input(z.object({ body: vendorRegisterBody }))
    .output(vendorWriteResponse),
  /**
   * Approves or rejects each selected vendor awaiting approval, each as the single
   * decision would (sessions ended on rejection, notice on approval, activity entry):
   * `{ message, done, refused }`.
   */
  bulk: endpoint('POST', '/api/vendors/bulk', {
    access: 'admin',
    permission: 'vendors:write',
    summary: 'Approve or reject many vendors',
  })
    .input(z.object({ body: vendorBulkBody }))
    .output(bulkResponse),
};
