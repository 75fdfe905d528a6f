import { productMessages } from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { notFound } from '../../platform/errors.js';
import type { ProductFilters } from './product-list.js';
import { findProductOwnership } from './products.repository.js';

/**
 * Who sees which products (spec sections 2, 4 and 7; issue 3): an admin every product,
 * a vendor their own (another's answers 404, never 403, so ids of other vendors'
 * products are not confirmed), the storefront approved, active products only. The
 * catalog's services ask here, and the activity log through the guard the app hands it.
 */

/** Which products a caller's lists, counts and reads cover. */
export type Viewer = Pick<Actor, 'role' | 'vendorId'> | null;

/** The products a viewer may see: all (admin), their own (vendor), the storefront's (anyone else). */
export function scopeOf(viewer: Viewer): ProductFilters {
  if (viewer?.role === 'admin') return {};
  if (viewer?.role === 'vendor') return { vendor: viewer.vendorId ?? -1 };
  return { approval: 'approved', status: 'active' };
}

/** True when `viewer` may see the product (see the rules at the top of this file). */
export function canSee(viewer: Viewer, product: { vendorId: number | null; status: string; approvalStatus: string }) {
  if (viewer?.role === 'admin') return true;
  if (viewer?.role === 'vendor') return product.vendorId !== null && product.vendorId === viewer.vendorId;
  return product.approvalStatus === 'approved' && product.status === 'active';
}

/**
 * Checks that product `id` exists and `viewer` may see it (as `GET /products/:id`
 * would show it), reading only where it stands.
 * @throws AppError NOT_FOUND (404) `productMessages.notFound` when it does not exist or
 *   the viewer may not see it.
 */
export async function assertProductVisible(db: Db, viewer: Viewer, id: number): Promise<void> {
  const product = await findProductOwnership(db, id);
  if (!product || !canSee(viewer, product)) throw notFound(productMessages.notFound);
}
