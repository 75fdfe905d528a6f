import {
  type ParsedProductBody,
  type ProductCountsResponse,
  type productListQuery,
  productMessages,
} from '@haat/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/access.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraint-errors.js';
import type { Db } from '../../platform/db/create-db.js';
import { type ListAnswer, listOrPage } from '../../platform/db/lists.js';
import type { ProductUpdate } from '../../platform/db/schema.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import { diffFields, recordActivity } from '../activity/activity.service.js';
import { notifyProductReviewed, notifyProductSubmitted } from '../notifications/notifications.service.js';
import {
  countProducts,
  deleteProduct as deleteProductRow,
  findCategoryRef,
  findImagesOf,
  findProductById,
  findProductOwnership,
  findSubcategoryRef,
  findVendorStatus,
  insertProduct,
  isSkuTaken,
  listProducts as listProductRows,
  type ProductConditions,
  type ProductDetailRow,
  productCounts,
  productSortKeys,
  replaceProductImages,
  updateProduct as updateProductRow,
} from './products.repository.js';
import { productColumnsOf } from './products.wire.js';

/**
 * The catalog's rules (issue 3, server rules; spec sections 2 'Product list',
 * 'Product form', 'Pending products', 4 'Product approval', 6 and 7):
 * - An admin sees and changes every product; an admin's product is approved at once.
 * - A vendor sees and changes only their own products (another's answers 404, never
 *   403, so ids of other vendors' products are not confirmed); whatever the body says,
 *   a vendor's product is theirs and awaits approval, and editing it sends it back to
 *   the queue.
 * - The storefront (no token) sees approved, active products only.
 */

type ListQuery = z.output<typeof productListQuery>;

/** Which products a caller's lists, counts and reads cover. */
export type Viewer = Actor | null;

/** The products a viewer may see: all (admin), their own (vendor), the storefront's (anyone else). */
export function scopeOf(viewer: Viewer): ProductConditions {
  if (viewer?.role === 'admin') return {};
  if (viewer?.role === 'vendor') return { vendor: viewer.vendorId ?? -1 };
  return { approval: 'approved', status: 'active' };
}

function filtersOf(query: ListQuery): ProductConditions {
  return {
    search: query.search || undefined,
    status: query.status === 'all' ? undefined : query.status,
    stock: query.stock === 'all' ? undefined : query.stock,
    approval: query.approval === 'all' ? undefined : query.approval,
    categoryId: query.category,
    vendor: query.vendor,
  };
}

/** A product as the service reads it: the row (money in paise, times UTC) and its image URLs in gallery order. */
export interface ProductRecord {
  row: ProductDetailRow;
  images: string[];
}

/**
 * A product list: without `query.limit` every matching product (the spec's unpaged
 * answer); with it one page in `query.sort` order plus the total and the next page's
 * cursor. `scope` is what the caller may see; the query's filters narrow it. Money in
 * paise: `products.wire.ts` makes the records the wire's products.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this sort.
 */
export async function listProducts(
  db: Db,
  scope: ProductConditions,
  query: ListQuery,
): Promise<ListAnswer<ProductRecord>> {
  const conditions = [scope, filtersOf(query)];
  return listOrPage(query, {
    keyType: productSortKeys[query.sort].type,
    fetchAll: () => listProductRows(db, conditions, query.sort),
    // The count first: it also tells the repository which plan finds the page faster.
    countFirst: true,
    count: () => countProducts(db, conditions),
    totalOf: (count) => count.total,
    fetchPage: (page) => listProductRows(db, conditions, query.sort, page),
    keyOf: (row) => ({ key: row.sortKey, id: row.id }),
    toItems: (rows) => withImages(db, rows),
  });
}

async function withImages(db: Db, rows: ProductDetailRow[]): Promise<ProductRecord[]> {
  const images = await findImagesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, images: images.get(row.id) ?? [] }));
}

async function loadProduct(db: Db, id: number): Promise<ProductRecord> {
  const row = await findProductById(db, id);
  if (!row) throw notFound(productMessages.notFound);
  return (await withImages(db, [row]))[0] as ProductRecord;
}

/** True when `viewer` may see the product (see the rules at the top of this file). */
function canSee(viewer: Viewer, product: { vendorId: number | null; status: string; approvalStatus: string }) {
  if (viewer?.role === 'admin') return true;
  if (viewer?.role === 'vendor') return product.vendorId !== null && product.vendorId === viewer.vendorId;
  return product.approvalStatus === 'approved' && product.status === 'active';
}

/**
 * `GET /products/:id`: one product as `viewer` may see it.
 * @throws AppError NOT_FOUND (404) when it does not exist or the viewer may not see it.
 */
export async function getProduct(db: Db, viewer: Viewer, id: number): Promise<ProductRecord> {
  const row = await findProductById(db, id);
  if (!row || !canSee(viewer, row)) throw notFound(productMessages.notFound);
  return (await withImages(db, [row]))[0] as ProductRecord;
}

/**
 * The product's fields as the activity log records them: money in paise (`diffFields`
 * makes rupees), the category, subcategory and vendor by name rather than id.
 */
async function productSnapshot(db: Db, id: number): Promise<Record<string, unknown> | null> {
  const row = await findProductById(db, id);
  if (!row) return null;
  const { categoryName, subcategoryName, vendorBusinessName, ...fields } = row;
  const { id: _id, categoryId, subcategoryId, vendorId, vendorName, reviewerName, ...rest } = fields;
  const { reviewedBy, reviewedAt, createdAt, updatedAt, ...recorded } = rest;
  const images = (await findImagesOf(db, [id])).get(id) ?? [];
  return { ...recorded, category: categoryName, subcategory: subcategoryName, vendor: vendorBusinessName, images };
}

/** `diffFields` for two product snapshots: prices recorded in rupees. */
const productChanges = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  diffFields(before, after, { money: ['salePricePaise', 'actualPricePaise'] });

/**
 * Checks what a product body refers to: the category exists, the subcategory belongs
 * to it, and (when `vendorToCheck` is set) the vendor is approved.
 * @throws AppError VALIDATION_FAILED (400) naming every bad field.
 */
async function checkReferences(db: Db, body: ParsedProductBody, vendorToCheck: number | null): Promise<void> {
  const errors: Record<string, string> = {};
  const [category, subcategory, vendorStatus] = await Promise.all([
    findCategoryRef(db, body.category),
    body.subcategory === null ? undefined : findSubcategoryRef(db, body.subcategory),
    vendorToCheck === null ? undefined : findVendorStatus(db, vendorToCheck),
  ]);
  if (!category) errors.category = productMessages.categoryNotFound;
  if (body.subcategory !== null) {
    if (!subcategory) errors.subcategory = productMessages.subcategoryNotFound;
    else if (category && subcategory.categoryId !== body.category) {
      errors.subcategory = productMessages.subcategoryMismatch;
    }
  }
  if (vendorToCheck !== null && vendorStatus !== 'approved') errors.vendor = productMessages.vendorNotApproved;
  if (Object.keys(errors).length > 0) {
    throw new AppError('VALIDATION_FAILED', [...new Set(Object.values(errors))].join(', '), errors);
  }
}

const skuTaken = () => new AppError('CONFLICT', productMessages.skuTaken, { sku: productMessages.skuTaken });
const changedMeanwhile = () => new AppError('CONFLICT', productMessages.changedMeanwhile);

/**
 * Runs a write; a SKU unique-index violation (a concurrent request won the race after
 * our check) becomes the same 409 as the check, a foreign-key violation (a category or
 * vendor deleted meanwhile) a 400, never a 500.
 */
async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken();
    if (isForeignKeyViolation(error)) throw new AppError('VALIDATION_FAILED', productMessages.referenceGone);
    throw error;
  }
}

/**
 * `POST /products/create` (spec section 7; section 2 'Product form'). An admin's
 * product is approved at once, with the body's status (default active) and owner
 * (`vendor` null/'' = the store, else an approved vendor). A vendor's is theirs,
 * pending and awaiting approval, whatever the body says. Product and images are
 * written in one transaction.
 * @returns the message for the screen and the product as saved.
 * @throws AppError VALIDATION_FAILED (400) for a missing category, a subcategory of
 *   another category or a vendor not approved; CONFLICT (409) for a SKU in use.
 */
export async function createProduct(
  db: Db,
  actor: Actor,
  body: ParsedProductBody,
): Promise<{ message: string; product: ProductRecord }> {
  const isAdmin = actor.role === 'admin';
  const vendorId = isAdmin ? (body.vendor ?? null) : actor.vendorId;
  const now = new Date().toISOString();
  const id = await guardWrite(() =>
    db.transaction().execute(async (trx) => {
      await checkReferences(trx, body, isAdmin ? vendorId : null);
      if (await isSkuTaken(trx, body.sku)) throw skuTaken();
      const productId = await insertProduct(trx, {
        ...productColumnsOf(body),
        vendorId,
        status: isAdmin ? (body.status ?? 'active') : 'pending',
        approvalStatus: isAdmin ? 'approved' : 'pending',
        // An admin's own product needs no review; record that they published it.
        reviewedBy: isAdmin ? actor.userId : null,
        reviewedAt: isAdmin ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      await replaceProductImages(trx, productId, body.images, now);
      if (!isAdmin) await notifyProductSubmitted(trx, productId, now);
      const changes = productChanges(null, await productSnapshot(trx, productId));
      await recordActivity(trx, {
        actor,
        action: 'create',
        kind: 'product',
        recordId: productId,
        label: body.name,
        changes,
      });
      return productId;
    }),
  );
  return {
    message: isAdmin ? productMessages.created : productMessages.createdAwaitingApproval,
    product: await loadProduct(db, id),
  };
}

/**
 * `PUT /products/edit/:id` (spec section 7): replaces the product's fields and images.
 * A vendor edits only their own; the edit sends it back to the approval queue (status
 * and approval pending; the last review stays recorded). An admin may reassign it
 * (to the store or an approved vendor; keeping a vendor no longer approved is allowed)
 * and set active/inactive, which takes effect on an approved product only: an
 * unapproved one stays pending until approved, since approving sets it active.
 *
 * With `body.updatedAt` (the version the form loaded), the edit applies only if the
 * product has not been saved since. The check reads the row locked (PostgreSQL) or
 * inside SQLite's single writer, so of two racing saves from the same version one
 * wins and the other gets 409.
 * @throws AppError NOT_FOUND (404) when it does not exist or is another vendor's;
 *   VALIDATION_FAILED (400) for bad references; CONFLICT (409) for a SKU in use or a
 *   product changed since `body.updatedAt`.
 */
export async function updateProduct(
  db: Db,
  actor: Actor,
  id: number,
  body: ParsedProductBody,
): Promise<{ message: string; product: ProductRecord }> {
  const isAdmin = actor.role === 'admin';
  const now = new Date().toISOString();
  await guardWrite(() =>
    db.transaction().execute(async (trx) => {
      const current = await findProductOwnership(trx, id);
      if (!current || !canSee(actor, current)) throw notFound(productMessages.notFound);
      if (isStaleVersion(body.updatedAt, current.updatedAt)) throw changedMeanwhile();
      const before = await productSnapshot(trx, id);
      const vendorId = isAdmin ? (body.vendor === undefined ? current.vendorId : body.vendor) : current.vendorId;
      const vendorChanged = vendorId !== current.vendorId;
      await checkReferences(trx, body, isAdmin && vendorChanged ? vendorId : null);
      if (await isSkuTaken(trx, body.sku, id)) throw skuTaken();
      const savedAt = nextVersion(current.updatedAt, now);
      const changes: ProductUpdate = { ...productColumnsOf(body), vendorId, updatedAt: savedAt };
      if (!isAdmin) {
        changes.status = 'pending';
        changes.approvalStatus = 'pending';
      } else if (current.approvalStatus === 'approved' && body.status) {
        changes.status = body.status;
      }
      await updateProductRow(trx, id, changes);
      await replaceProductImages(trx, id, body.images, savedAt);
      if (!isAdmin) await notifyProductSubmitted(trx, id, savedAt);
      const changed = productChanges(before, await productSnapshot(trx, id));
      await recordActivity(trx, {
        actor,
        action: 'update',
        kind: 'product',
        recordId: id,
        label: body.name,
        changes: changed,
      });
    }),
  );
  return {
    message: isAdmin ? productMessages.updated : productMessages.updatedAwaitingApproval,
    product: await loadProduct(db, id),
  };
}

/**
 * `DELETE /products/delete/:id`: removes the product, its images and coupon
 * restrictions. Past orders keep their lines (name, image and price as sold).
 * @throws AppError NOT_FOUND (404) when it does not exist or is another vendor's.
 */
export async function deleteProduct(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await findProductOwnership(trx, id);
    if (!current || !canSee(actor, current)) throw notFound(productMessages.notFound);
    const before = await productSnapshot(trx, id);
    await deleteProductRow(trx, id);
    const label = String(before?.name ?? '');
    await recordActivity(trx, {
      actor,
      action: 'delete',
      kind: 'product',
      recordId: id,
      label,
      changes: productChanges(before, null),
    });
  });
}

/**
 * `PUT /products/admin/approve/:id` (spec section 4, Product approval): approving sets
 * approval approved and status active; rejecting sets approval rejected and status
 * pending, which takes it out of the queue until the vendor edits it. Records who
 * decided and when (UTC). With `reviewedVersion` (the `updatedAt` the admin reviewed),
 * a product changed since is left as it is (decision 0024); on PostgreSQL the row is
 * read `FOR UPDATE`, so a vendor's edit and the review cannot interleave.
 * @throws AppError NOT_FOUND (404) when it does not exist; CONFLICT (409)
 *   `productMessages.reviewedStale` when it changed after `reviewedVersion`.
 */
export async function reviewProduct(
  db: Db,
  admin: Actor,
  id: number,
  isApproved: boolean,
  reviewedVersion?: string,
): Promise<{ message: string; product: ProductRecord }> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const current = await findProductOwnership(trx, id);
    if (!current) throw notFound(productMessages.notFound);
    if (isStaleVersion(reviewedVersion, current.updatedAt)) {
      throw new AppError('CONFLICT', productMessages.reviewedStale);
    }
    const before = await productSnapshot(trx, id);
    await updateProductRow(trx, id, {
      approvalStatus: isApproved ? 'approved' : 'rejected',
      status: isApproved ? 'active' : 'pending',
      reviewedBy: admin.userId,
      reviewedAt: now,
      updatedAt: nextVersion(current.updatedAt, now),
    });
    await notifyProductReviewed(trx, id, isApproved, now);
    const after = await productSnapshot(trx, id);
    const action = isApproved ? 'approve' : 'reject';
    await recordActivity(trx, {
      actor: admin,
      action,
      kind: 'product',
      recordId: id,
      label: String(after?.name ?? ''),
      changes: productChanges(before, after),
    });
  });
  return {
    message: isApproved ? productMessages.approved : productMessages.rejected,
    product: await loadProduct(db, id),
  };
}

/** `GET /products/admin/count`: the footer's counts over the viewer's catalog. */
export async function countCatalog(db: Db, viewer: Actor): Promise<Omit<ProductCountsResponse, 'success'>> {
  return productCounts(db, [scopeOf(viewer)]);
}
