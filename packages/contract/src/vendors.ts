import { z } from 'zod';
import { idString, isoDateTime, pageInfo, pageQuery } from './common.js';

/** Vendor statuses (spec section 9). */
export const vendorStatuses = ['pending', 'approved', 'rejected'] as const;
export const vendorStatusSchema = z.enum(vendorStatuses);
export type VendorStatus = z.infer<typeof vendorStatusSchema>;

/** A vendor as the API answers it (spec section 3); the password is never answered. */
export const vendor = z.object({
  _id: idString,
  name: z.string(),
  email: z.string(),
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
