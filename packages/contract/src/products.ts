import { z } from 'zod';
import {
  editVersion,
  hasAtMostTwoDecimals,
  idInput,
  idParams,
  idString,
  isImageAddress,
  isoDateTime,
  messageResponse,
  optionalSafeText,
  optionalText,
  pageInfo,
  pageQuery,
  requiredId,
} from './common.js';
import { endpoint } from './endpoint.js';
import { exportAnswer, jobStartedResponse } from './jobs.js';
import { gstRateInput, hsnCodeInput } from './tax.js';

/** Spec sections 5 and 8, Products. */
export const productMessages = {
  changedMeanwhile:
    'This product was changed by someone else after you opened it. Reload the page to see their changes, then save yours again.',
  versionInvalid: 'The version of the product being edited is not a valid timestamp',
  reviewedStale: 'This product was changed after you opened it for review. Reload it to review the latest version.',
  nameRequired: 'Product name is required',
  detailsRequired: 'Product details are required',
  skuRequired: 'SKU is required',
  salePriceRequired: 'Valid sale price is required',
  actualPriceRequired: 'Valid actual price is required',
  stockRequired: 'Valid stock quantity is required',
  categoryRequired: 'Category is required',
  salePriceAboveActual: 'Sale price cannot be more than the actual price',
  subcategoryMismatch: 'Subcategory does not belong to the selected category',
  categoryNotFound: 'The selected category does not exist',
  subcategoryNotFound: 'The selected subcategory does not exist',
  subcategoryInvalid: 'Please select a valid subcategory',
  vendorInvalid: 'Please select a valid vendor',
  vendorFilterInvalid: 'Vendor must be a vendor id or admin',
  warrantyInvalid: 'Please select a valid warranty period',
  statusInvalid: 'Status must be active or inactive',
  /** A category, subcategory or vendor was deleted while the product was being saved. */
  referenceGone: 'The selected category, subcategory or vendor no longer exists',
  imageUrlRequired: 'Please enter a URL',
  imageUrlInvalid: 'Please enter a valid URL (include http:// or https://)',
  imageUrlDuplicate: 'This URL is already added',
  tooManyImages: 'A product can have at most 20 images',
  skuTaken: 'A product with this SKU already exists',
  vendorNotApproved: 'Products can only be assigned to an approved vendor',
  notFound: 'Product not found',
  created: 'Product created successfully!',
  createdAwaitingApproval: 'Product submitted successfully! Please wait for admin approval.',
  updated: 'Product updated successfully!',
  updatedAwaitingApproval: 'Product updated successfully! Please wait for admin approval.',
  deleted: 'Product deleted successfully!',
  approved: 'Product approved successfully!',
  rejected: 'Product rejected successfully!',
  awaitingApproval: 'Please wait for admin approval.',
  filtersCleared: 'Filters cleared!',
  loadFailed: 'Failed to load products',
  deleteFailed: 'Failed to delete product',
  approvalFailed: 'Failed to update product approval',
  formDataFailed: 'Failed to load form data',
  productDataFailed: 'Failed to load product data',
  saveFailed: 'An error occurred while saving the product',
  // Issue 12, 'Review that never loses work' (decisions 0044-0046).
  rejectReasonRequired: 'Please give a reason for rejecting this product',
  noReasonGiven: 'No reason given',
  reviewAsRevision:
    "This product is live and its vendor's changes await review as a revision: review them from Pending products, without edits of your own.",
  revisionSubmitted:
    'Product updated successfully! Price and stock changes are live; your other changes await admin approval.',
  revisionNotFound: 'This change request no longer awaits review',
  revisionStale: 'These changes were edited after you opened them for review. Reload to review the latest version.',
  revisionBaseMoved:
    'The live product was changed after these changes were proposed. Reload to review them against the current product.',
  revisionApproved: 'Changes approved and published!',
  revisionRejected: 'Changes rejected. The approved version stays live.',
} as const;

/** Longest reason an admin may give for rejecting a product or a change to it. */
export const MAX_REJECT_REASON = 500;

/**
 * The fields a customer reads (issue 12; decision 0044): on a vendor's approved, live
 * product a change to any of them waits as a pending revision for an admin, while the
 * approved version stays public. Price and stock (and the SKU) apply at once.
 */
export const reviewedProductFields = [
  'name',
  'productDetails',
  'brand',
  'color',
  'model',
  'warrantyPeriod',
  'manufacturer',
  'category',
  'subcategory',
  'images',
] as const;
export type ReviewedProductField = (typeof reviewedProductFields)[number];

/** The form's label of each reviewed field, for the before/after list of a revision. */
export const reviewedFieldLabels: Record<ReviewedProductField, string> = {
  name: 'Product Name',
  productDetails: 'Product Details',
  brand: 'Brand',
  color: 'Color',
  model: 'Model',
  warrantyPeriod: 'Warranty Period',
  manufacturer: 'Manufacturer',
  category: 'Category',
  subcategory: 'Subcategory',
  images: 'Product Images',
};

/** Warranty options (spec section 9). */
export const warrantyPeriods = ['No Warranty', '6 Months', '1 Year', '2 Years', '3 Years', '5 Years'] as const;
export const warrantyPeriodSchema = z.enum(warrantyPeriods);
export type WarrantyPeriod = z.infer<typeof warrantyPeriodSchema>;

/** Product status (spec section 3); `inactive` is set by admins only. */
export const productStatuses = ['active', 'inactive', 'pending'] as const;
export const productStatusSchema = z.enum(productStatuses);
export type ProductStatus = z.infer<typeof productStatusSchema>;

/** Approval state as stored: the API also answers the spec's boolean `isApproved`. */
export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export const approvalStatusSchema = z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

/** Most images one product may carry. */
export const MAX_PRODUCT_IMAGES = 20;

/** A price in rupees: above 0, at most two decimals. */
const price = (message: string) =>
  z
    .number({ error: message })
    .finite(message)
    .positive(message)
    .max(10_000_000, message)
    .refine(hasAtMostTwoDecimals, message);

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** One image as the form adds it (spec section 5, Image URL): an http(s) URL, or an uploaded image's path (issue 27). */
export const imageUrl = z
  .string({ error: productMessages.imageUrlRequired })
  .trim()
  .min(1, productMessages.imageUrlRequired)
  .max(2000, productMessages.imageUrlInvalid)
  .refine(isImageAddress, productMessages.imageUrlInvalid);

/**
 * `POST /products/create` and `PUT /products/edit/:id` body (spec section 7).
 * Prices in rupees. `vendor` and `status` are honoured for admins only: a vendor's
 * product is always theirs and always awaits approval.
 */
export const productBody = z
  .object({
    name: requiredText(productMessages.nameRequired, 200),
    productDetails: requiredText(productMessages.detailsRequired, 20_000),
    brand: optionalText(100).transform((value) => value ?? 'Unknown'),
    color: optionalText(60),
    sku: requiredText(productMessages.skuRequired, 64),
    model: optionalText(120),
    warrantyPeriod: z
      .union([warrantyPeriodSchema, z.literal('')], { error: productMessages.warrantyInvalid })
      .optional()
      .transform((value): WarrantyPeriod => (value ? value : 'No Warranty')),
    salePrice: price(productMessages.salePriceRequired),
    actualPrice: price(productMessages.actualPriceRequired),
    manufacturer: optionalText(200),
    stockQuantity: z
      .number({ error: productMessages.stockRequired })
      .int(productMessages.stockRequired)
      .min(0, productMessages.stockRequired)
      .max(10_000_000, productMessages.stockRequired),
    category: requiredId(productMessages.categoryRequired),
    subcategory: z
      .union([idInput, z.literal(''), z.null()], { error: productMessages.subcategoryInvalid })
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    images: z
      .array(imageUrl)
      .max(MAX_PRODUCT_IMAGES, productMessages.tooManyImages)
      .refine((urls) => new Set(urls).size === urls.length, productMessages.imageUrlDuplicate)
      .default([]),
    /** Admin only: an approved vendor's id, or null/'' for an admin-owned product. */
    vendor: z
      .union([idInput, z.literal(''), z.null()], { error: productMessages.vendorInvalid })
      .optional()
      .transform((value) => (value === '' ? null : value)),
    /** Admin only. */
    status: z.enum(['active', 'inactive'], { error: productMessages.statusInvalid }).optional(),
    /**
     * Issue 35: the HSN code (4 to 8 digits; '' or null for none) and the GST rate (percent,
     * one of the store's slabs). Optional: a new product without them has no HSN code and the
     * store's default rate; an edit without them keeps the product's (decision 0137).
     */
    hsnCode: hsnCodeInput.optional(),
    gstRate: gstRateInput.optional(),
    /**
     * Edit only, optional: the product's `updatedAt` as the form loaded it. When given
     * and the product has been saved since, the edit is refused (409) rather than
     * overwriting the other change. Ignored on create.
     */
    updatedAt: editVersion(productMessages.versionInvalid).optional(),
  })
  .refine((body) => body.salePrice <= body.actualPrice, {
    message: productMessages.salePriceAboveActual,
    path: ['salePrice'],
    // Compare only two valid prices: an invalid one already has its own message.
    when: (payload) => payload.issues.every((issue) => !['salePrice', 'actualPrice'].includes(String(issue.path?.[0]))),
  });
export type ProductBody = z.input<typeof productBody>;
export type ParsedProductBody = z.output<typeof productBody>;

/** One reviewed field's value as the before/after list shows it: text, a list of image URLs, or none. */
export const revisionValue = z.union([z.string(), z.array(z.string()), z.null()]);
export type RevisionValue = z.infer<typeof revisionValue>;

/**
 * A vendor's proposed change to what customers read on an approved product (issue 12;
 * decision 0044). `changes` lists each changed field, before (the live product) and
 * after (proposed); `proposed` is every reviewed field as the vendor's form saved it.
 * `updatedAt` is the revision's version: a review carries it (409 when it moved).
 */
export const productRevision = z.object({
  _id: idString,
  status: z.enum(['pending', 'rejected']),
  reason: z.string().nullable(),
  changes: z.array(
    z.object({
      field: z.enum(reviewedProductFields),
      label: z.string(),
      before: revisionValue,
      after: revisionValue,
    }),
  ),
  proposed: z.object({
    name: z.string(),
    productDetails: z.string(),
    brand: z.string(),
    color: z.string().nullable(),
    model: z.string().nullable(),
    warrantyPeriod: warrantyPeriodSchema,
    manufacturer: z.string().nullable(),
    category: z.object({ _id: idString, name: z.string() }),
    subcategory: z.object({ _id: idString, name: z.string() }).nullable(),
    images: z.array(z.string()),
  }),
  reviewedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ProductRevision = z.infer<typeof productRevision>;

/** A product as the API answers it (spec section 3). Prices in rupees. */
export const product = z.object({
  _id: idString,
  name: z.string(),
  productDetails: z.string(),
  brand: z.string(),
  color: z.string().nullable(),
  sku: z.string(),
  model: z.string().nullable(),
  warrantyPeriod: warrantyPeriodSchema,
  salePrice: z.number(),
  actualPrice: z.number(),
  manufacturer: z.string().nullable(),
  stockQuantity: z.number().int(),
  /** Issue 35: the HSN code (null: none given) and the GST rate (percent) the price includes. */
  hsnCode: z.string().nullable().optional(),
  gstRate: z.number().optional(),
  category: z.object({ _id: idString, name: z.string() }),
  subcategory: z.object({ _id: idString, name: z.string() }).nullable(),
  status: productStatusSchema,
  /**
   * null for admin-owned products. `name` (the vendor's person) only in staff answers:
   * a public answer names the business alone (issue 11).
   */
  vendor: z.object({ _id: idString, businessName: z.string(), name: z.string().optional() }).nullable(),
  images: z.array(z.string()),
  isApproved: z.boolean(),
  approvalStatus: approvalStatusSchema,
  /** When an admin last approved or rejected it (UTC), and who (who: staff answers only, issue 11). */
  reviewedAt: isoDateTime.nullable(),
  reviewedBy: z.object({ _id: idString, name: z.string() }).nullable().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /**
   * Why an admin last rejected the product (issue 12), kept until it is approved, so a
   * resubmitted product still shows it; null when it was never rejected or since approved.
   */
  rejectionReason: z.string().nullable().optional(),
  /**
   * The vendor's latest change to the approved product that is not published (decision
   * 0044): pending review, or rejected with the admin's reason. Answered to admins and
   * the owning vendor only; always null on the storefront.
   */
  revision: productRevision.nullable().optional(),
});
export type Product = z.infer<typeof product>;

/** Sort orders of the product list. */
export const productSorts = ['newest', 'oldest', 'name-asc', 'name-desc', 'price-asc', 'price-desc'] as const;

/**
 * Query of every product list (admin all, vendor own, public, pending). Matches
 * spec section 5, client-side search: name, SKU or brand, case-insensitive.
 */
export const productListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', ...productStatuses]).default('all'),
  stock: z.enum(['all', 'in-stock', 'out-of-stock']).default('all'),
  approval: z.enum(['all', ...approvalStatuses]).default('all'),
  category: idInput.optional(),
  /** A vendor's id, or `admin` for admin-owned products. */
  vendor: z.union([idInput, z.literal('admin')], { error: productMessages.vendorFilterInvalid }).optional(),
  sort: z.enum(productSorts).default('newest'),
});
export type ProductListQuery = z.input<typeof productListQuery>;

/** `GET /api/products/admin/all/export` query: the list's own filters, search and sort, every matching product (issue 26). */
export const productExportQuery = productListQuery.omit({ limit: true, cursor: true });
export type ProductExportQuery = z.input<typeof productExportQuery>;

export const productListResponse = z.object({
  success: z.literal(true),
  products: z.array(product),
  ...pageInfo,
});
export type ProductListResponse = z.infer<typeof productListResponse>;

export const productResponse = z.object({
  success: z.literal(true),
  product,
});
export type ProductResponse = z.infer<typeof productResponse>;

/** Answer of create, edit and approve: the message and the product as saved. */
export const productSavedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  product,
});
export type ProductSavedResponse = z.infer<typeof productSavedResponse>;

/**
 * `GET /api/products/admin/count`: counts over the caller's catalog (all products
 * for an admin, their own for a vendor); the list footer and the dashboard read it.
 */
export const productCountsResponse = z.object({
  success: z.literal(true),
  totalCount: z.number().int().nonnegative(),
  approvedCount: z.number().int().nonnegative(),
  activeCount: z.number().int().nonnegative(),
  inStockCount: z.number().int().nonnegative(),
  pendingApprovalCount: z.number().int().nonnegative(),
});
export type ProductCountsResponse = z.infer<typeof productCountsResponse>;

/**
 * `PUT /products/admin/approve/:id` body. `updatedAt`, optional so the spec's clients
 * keep working: the product's version as the admin reviewed it; when the product was
 * changed since, the review is refused (409) and publishes nothing (decision 0024).
 */
const isApprovedField = z.boolean({ error: 'isApproved must be true or false' });
const reviewVersion = editVersion(productMessages.versionInvalid).optional();

/**
 * The reason a rejection carries (issue 12; decision 0046): trimmed text, at most
 * `MAX_REJECT_REASON` characters, no NUL; ignored on approval. A revision's rejection
 * requires it; the spec's approve call takes a rejection without one (decision 0076).
 */
export const rejectReason = optionalSafeText(MAX_REJECT_REASON);

function requireReasonOnReject(body: { isApproved: boolean; reason?: string | undefined }, ctx: z.RefinementCtx) {
  if (!body.isApproved && !body.reason) {
    ctx.addIssue({ code: 'custom', message: productMessages.rejectReasonRequired, path: ['reason'] });
  }
}

/**
 * `PUT /products/admin/approve/:id` body.
 * - `updatedAt`, optional so the spec's clients keep working: the product's version as
 *   the admin reviewed it; when the product was changed since, the review is refused
 *   (409) and publishes nothing (decision 0024).
 * - `reason`: optional on the wire, so the spec's `{ isApproved: false }` keeps working
 *   (decision 0076); the screens still ask for one (decision 0046), and a rejection
 *   without one reads 'No reason given' to the vendor.
 * - `product`, optional: the review form's unsaved edits (a full product body, prices in
 *   rupees), saved and reviewed in one transaction under the one version check (decision 0045).
 */
export const approvalBody = z.object({
  isApproved: isApprovedField,
  updatedAt: reviewVersion,
  reason: rejectReason,
  product: productBody.optional(),
});
export type ApprovalBody = z.input<typeof approvalBody>;
export type ParsedApprovalBody = z.output<typeof approvalBody>;

/**
 * `PUT /api/products/admin/revisions/:id` body (decision 0044): approve (publish) or
 * reject (keep the live version) a pending revision. `updatedAt`: the revision's version
 * as reviewed (409 when it moved); `reason` required to reject.
 */
export const revisionReviewBody = z
  .object({ isApproved: isApprovedField, updatedAt: reviewVersion, reason: rejectReason })
  .superRefine(requireReasonOnReject);
export type RevisionReviewBody = z.input<typeof revisionReviewBody>;

/**
 * Products and their approval (spec sections 2, 3, 4, 7). Prices are rupees on the
 * wire. Every list answers the spec's unpaged array by default and a page (`limit`,
 * `cursor`) with `total` and `nextCursor` when asked. The spec's un-prefixed spellings
 * (`/products/create`...) reach the same routes through the legacy-path rewrite. The
 * lists and counts answer kept bytes (decisions 0026, 0033): the API sends them itself.
 */
export const productEndpoints = {
  /**
   * The storefront list (and any caller without a back office): approved, active
   * products only, without personal names (issue 11). Carries `ETag: W/"catalog-<version>"`
   * and `Cache-Control: no-cache`; `If-None-Match` with the current one answers 304 with
   * no body. Answers are kept per process by query and catalog version, compressed once
   * (decision 0026). 400 also for an unpaged list past `UNPAGED_LIST_LIMIT`.
   */
  list: endpoint('GET', '/api/products', {
    access: 'public',
    summary: 'The storefront list: approved, active products',
    rawAnswer: true,
  })
    .input(z.object({ query: productListQuery }))
    .output(productListResponse),
  /**
   * The back office's list ('Product list'): every product for an admin, a vendor's own
   * for a vendor, with their review state. Kept per process by the caller's scope, query
   * and catalog version, so a repeat with no catalog write between costs one primary-key
   * read (decision 0033).
   */
  staffList: endpoint('GET', '/api/products/admin/all', {
    access: 'staff',
    permission: 'catalog:read',
    summary: "The back office's product list: all (admin) or own (vendor)",
    rawAnswer: true,
  })
    .input(z.object({ query: productListQuery }))
    .output(productListResponse),
  /**
   * Every product the back office's list selects (its filters, search and sort; a
   * vendor's own only) as a `text/csv` download (issue 26 'Exports'): UTF-8 with a BOM,
   * amounts in rupees with two decimals, times in the store's time zone, text cells
   * neutralised against formula injection, streamed from the database.
   */
  staffExport: endpoint('GET', '/api/products/admin/all/export', {
    access: 'staff',
    permission: 'catalog:read',
    summary: "The back office's product list as CSV",
    rawAnswer: true,
    answers: { 202: jobStartedResponse },
  })
    .input(z.object({ query: productExportQuery }))
    .output(exportAnswer),
  /**
   * totalCount, approvedCount, activeCount, inStockCount, pendingApprovalCount over all
   * products (admin) or the vendor's own ('Product list' footer, dashboard). Kept as the list.
   */
  counts: endpoint('GET', '/api/products/admin/count', {
    access: 'staff',
    permission: 'catalog:read',
    summary: "Counts over the caller's catalog",
    rawAnswer: true,
  }).output(productCountsResponse),
  /**
   * 'Pending products' (issue 12): products awaiting approval, and approved products with
   * a vendor's pending revision, which carry it (`revision`, before/after per field;
   * decision 0044); rejected ones are not in the queue. Filters `vendor`, `category` and
   * the rest of `productListQuery`. Kept as the list.
   */
  pending: endpoint('GET', '/api/products/admin/pending', {
    access: 'admin',
    permission: 'catalog:read',
    summary: 'Products awaiting approval',
    rawAnswer: true,
  })
    .input(z.object({ query: productListQuery }))
    .output(productListResponse),
  /**
   * Any product for an admin, their own for a vendor, an approved active one for anyone
   * else; without a token, without personal names (issue 11). 404 missing or not visible
   * to the caller.
   */
  get: endpoint('GET', '/api/products/{id}', { access: 'public', summary: 'One product' })
    .input(z.object({ params: idParams }))
    .output(productResponse),
  /**
   * 'Product form' (prices in rupees). Admin: approved at once, `status` and `vendor`
   * honoured. Vendor: theirs, pending approval. → 201 `{ success, message, product }`;
   * 400 also for bad references, 409 SKU in use.
   */
  create: endpoint('POST', '/api/products/create', {
    access: 'staff',
    permission: 'catalog:write',
    summary: 'Create a product',
    status: 201,
    errors: [409],
  })
    .input(z.object({ body: productBody }))
    .output(productSavedResponse),
  /**
   * Replaces the fields and images. A vendor's edit of a product not yet approved sends it
   * back to the approval queue; on an approved, live product price and stock change at
   * once and the rest waits as a pending revision (decision 0044). An admin's edit applies
   * directly. 404 missing or another vendor's; 409 SKU in use or a stale `updatedAt`.
   */
  update: endpoint('PUT', '/api/products/edit/{id}', {
    access: 'staff',
    permission: 'catalog:write',
    summary: 'Edit a product',
    errors: [409],
  })
    .input(z.object({ params: idParams, body: productBody }))
    .output(productSavedResponse),
  /** 'Product deleted successfully!'; past orders keep their lines. 404 missing or another vendor's. */
  remove: endpoint('DELETE', '/api/products/delete/{id}', {
    access: 'staff',
    permission: 'catalog:write',
    summary: 'Delete a product',
  })
    .input(z.object({ params: idParams }))
    .output(messageResponse),
  /**
   * `{ isApproved, reason?, updatedAt?, product? }` → 'Product approved successfully!' or
   * 'Product rejected successfully!' and the product (spec section 4; issue 12). Rejecting
   * needs a `reason` (decision 0046). With `updatedAt` (the version reviewed), a product
   * changed since is not reviewed: 409 (decision 0024). With `product` (the review form's
   * unsaved edits), the edits are saved and the product reviewed in one transaction
   * (decision 0045).
   */
  review: endpoint('PUT', '/api/products/admin/approve/{id}', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Approve or reject a product',
  })
    .input(z.object({ params: idParams, body: approvalBody }))
    .output(productSavedResponse),
  /**
   * Approve (publish) or reject a vendor's pending revision of an approved product, by the
   * revision's id (decision 0044): `{ isApproved, reason? (required to reject), updatedAt?
   * (the revision's version as reviewed) }` → the message and the product. 400 also when
   * a proposed category is gone; 404 no such revision; 409 reviewed already, edited since,
   * or the live product changed under it.
   */
  reviewRevision: endpoint('PUT', '/api/products/admin/revisions/{id}', {
    access: 'admin',
    permission: 'catalog:write',
    summary: "Approve or reject a vendor's pending change to an approved product",
    errors: [409],
  })
    .input(z.object({ params: idParams, body: revisionReviewBody }))
    .output(productSavedResponse),
};
