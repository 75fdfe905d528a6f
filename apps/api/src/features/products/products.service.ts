import {
  type ParsedProductBody,
  type ProductCountsResponse,
  type productListQuery,
  productMessages,
} from '@haat/contract';
import type { z } from 'zod';
import type { Actor, WriteActor } from '../../platform/auth/access.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraint-errors.js';
import type { Db } from '../../platform/db/create-db.js';
import { type ListContext, searchedListPieces } from '../../platform/db/list-search.js';
import { type ListAnswer, listOrPage } from '../../platform/db/lists.js';
import type { ProductUpdate } from '../../platform/db/schema.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { diffFields, recordActivity } from '../activity/activity.service.js';
import type { ActivityChanges } from '../activity/activity-changes.js';
import { gstRateColumn } from '../tax/tax.service.js';
import { type ProductConditions, productSortKeys } from './product-list.js';
import type { ProductRecord } from './product-record.js';
import { canSee, scopeOf, type Viewer } from './product-visibility.js';
import {
  deleteProduct as deleteProductRow,
  findCategoryRef,
  findImagesOf,
  findProductById,
  findProductOwnership,
  findProductRows,
  findSubcategoryRef,
  findVendorStatus,
  insertProduct,
  isSkuTaken,
  type ProductDetailRow,
  productCounts,
  replaceProductImages,
  updateProduct as updateProductRow,
} from './products.repository.js';
import { productColumnsOf } from './products.wire.js';
import { changedFields, editPathOf, liveColumnsOf, parseReviewedValues, reviewedValuesOf } from './revision-rules.js';
import {
  deleteRevision,
  findLatestRevisionsOf,
  findOpenRevision,
  findReferenceNames,
  insertRevision,
  updateRevision,
} from './revisions.repository.js';
import { productSearch } from './search/product-search.js';

/**
 * The catalog's rules (issue 3, server rules; spec sections 2 'Product list',
 * 'Product form', 6 and 7; the reviews of section 4 'Product approval' and 'Pending
 * products' are `product-review.service.ts`, who sees what `product-visibility.ts`):
 * - An admin sees and changes every product; an admin's product is approved at once.
 * - A vendor sees and changes only their own products (another's answers 404, never
 *   403, so ids of other vendors' products are not confirmed); whatever the body says,
 *   a vendor's product is theirs and awaits approval. Editing one not yet approved
 *   sends it back to the queue; editing an approved one applies price and stock at
 *   once and sends the rest to a pending revision (`revision-rules.ts`, decision 0044).
 * - The storefront (no token) sees approved, active products only.
 */

type ListQuery = z.output<typeof productListQuery>;

/** The products a viewer's lists cover (`product-visibility.ts`). */
export { scopeOf } from './product-visibility.js';
/** The catalog's current version (decisions 0026, 0033, 0034): what kept list answers and counts are keyed by. */
export { readCatalogVersion } from './products.repository.js';

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

/**
 * A product list: without `query.limit` every matching product (the spec's unpaged
 * answer, at most `lists.unpagedLimit`); with it one page in `query.sort` order plus
 * the total (exact up to `lists.countBound`, decision 0027) and the next page's cursor.
 * `scope` is what the caller may see; the query's filters narrow it. The rows come
 * from the product search of `db`'s database (`search/product-search.ts`: count first,
 * then the page by the plan the count chose). Money in paise: `products.wire.ts` makes
 * the records the wire's products. `catalogVersion` is the catalog's version read
 * before the list (`readCatalogVersion`): a page after the first reuses its list's
 * count while it is current (decision 0034).
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this sort, and for an
 *   unpaged list past `lists.unpagedLimit`.
 */
export async function listProducts(
  db: Db,
  lists: ListContext,
  scope: ProductConditions,
  query: ListQuery,
  options: { catalogVersion: string; withReview?: boolean },
): Promise<ListAnswer<ProductRecord>> {
  const search = { conditions: [scope, filtersOf(query)], sort: query.sort, catalogVersion: options.catalogVersion };
  return listOrPage(
    query,
    {
      keyType: productSortKeys[query.sort].type,
      ...searchedListPieces(productSearch(db, lists), search, (rows) => findProductRows(rows, query.sort)),
      keyOf: (row) => ({ key: row.sortKey, id: row.id }),
      toItems: async (rows) => {
        const records = await withImages(db, rows);
        return options.withReview ? withRevisions(db, records) : records;
      },
    },
    lists,
  );
}

/**
 * Adds to each record its latest revision when that one is not published (pending, or
 * rejected with its reason), with the names its before/after list needs.
 */
export async function withRevisions(db: Db, records: ProductRecord[]): Promise<ProductRecord[]> {
  const latest = await findLatestRevisionsOf(
    db,
    records.map((record) => record.row.id),
  );
  const open = records.flatMap((record) => {
    const row = latest.get(record.row.id);
    if (!row || row.status === 'approved') return [];
    const proposed = parseReviewedValues(row.proposed);
    const live = reviewedValuesOf(record.row, record.images);
    return [{ record, row, proposed, live }];
  });
  if (open.length === 0) return records.map((record) => ({ ...record, revision: null }));
  // Names for both sides of the before/after list: the proposed and the live references.
  const both = open.flatMap(({ proposed, live }) => [proposed, live]);
  const names = await findReferenceNames(
    db,
    [...new Set(both.map((values) => values.categoryId))],
    [...new Set(both.flatMap((values) => (values.subcategoryId === null ? [] : [values.subcategoryId])))],
  );
  const views = new Map(
    open.map(({ record, row, proposed, live }) => [
      record.row.id,
      { row, proposed, live, changes: changedFields(live, proposed), names },
    ]),
  );
  return records.map((record) => ({ ...record, revision: views.get(record.row.id) ?? null }));
}

/** Adds to each row its images, in gallery order. */
async function withImages(db: Db, rows: ProductDetailRow[]): Promise<ProductRecord[]> {
  const images = await findImagesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, images: images.get(row.id) ?? [] }));
}

/**
 * A product as a write answers it to staff: with images and its unpublished revision.
 * @throws AppError NOT_FOUND (404) when it does not exist.
 */
export async function loadProduct(db: Db, id: number): Promise<ProductRecord> {
  const row = await findProductById(db, id);
  if (!row) throw notFound(productMessages.notFound);
  return (await withRevisions(db, await withImages(db, [row])))[0] as ProductRecord;
}

/**
 * `GET /products/:id`: one product as `viewer` may see it.
 * @throws AppError NOT_FOUND (404) when it does not exist or the viewer may not see it.
 */
export async function getProduct(db: Db, viewer: Viewer, id: number): Promise<ProductRecord> {
  const row = await findProductById(db, id);
  if (!row || !canSee(viewer, row)) throw notFound(productMessages.notFound);
  const records = await withImages(db, [row]);
  // Admins and the owning vendor see the review state; the storefront does not.
  return (viewer ? await withRevisions(db, records) : records)[0] as ProductRecord;
}

/**
 * The product's fields as the activity log records them: money in paise (`diffFields`
 * makes rupees), the category, subcategory and vendor by name rather than id; null
 * when it does not exist.
 */
export async function productSnapshot(db: Db, id: number): Promise<Record<string, unknown> | null> {
  const row = await findProductById(db, id);
  if (!row) return null;
  const { categoryName, subcategoryName, vendorBusinessName, ...fields } = row;
  const { id: _id, categoryId, subcategoryId, vendorId, vendorName, reviewerName, ...rest } = fields;
  const { reviewedBy, reviewedAt, createdAt, updatedAt, ...recorded } = rest;
  const images = (await findImagesOf(db, [id])).get(id) ?? [];
  return { ...recorded, category: categoryName, subcategory: subcategoryName, vendor: vendorBusinessName, images };
}

/** `diffFields` for two product snapshots: prices recorded in rupees. */
export const productChanges = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  diffFields(before, after, { money: ['salePricePaise', 'actualPricePaise'] });

/**
 * Checks what a product body refers to: the category exists, the subcategory belongs
 * to it, and (when `vendorToCheck` is set) the vendor is approved.
 * @throws AppError VALIDATION_FAILED (400) naming every bad field.
 */
export async function checkReferences(
  db: Db,
  body: Pick<ParsedProductBody, 'category' | 'subcategory'>,
  vendorToCheck: number | null,
): Promise<void> {
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

/** How a write tells others. */
export interface WriteOptions {
  /**
   * A vendor's submission tells every admin (default); an import tells them once for the
   * whole file instead (`notifyProductsImported`).
   */
  notifyAdmins?: boolean;
}

const skuTaken = () => new AppError('CONFLICT', productMessages.skuTaken, { sku: productMessages.skuTaken });
const changedMeanwhile = () => new AppError('CONFLICT', productMessages.changedMeanwhile);

/**
 * Runs a write; a SKU unique-index violation (a concurrent request won the race after
 * our check) becomes the same 409 as the check, a foreign-key violation (a category or
 * vendor deleted meanwhile) a 400, never a 500.
 */
export async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
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
  events: EventBus,
  actor: WriteActor,
  body: ParsedProductBody,
  { notifyAdmins = true }: WriteOptions = {},
): Promise<{ message: string; product: ProductRecord }> {
  const isAdmin = actor.role === 'admin';
  const vendorId = isAdmin ? (body.vendor ?? null) : actor.vendorId;
  const now = new Date().toISOString();
  const id = await guardWrite(() =>
    runTransaction(db, async (trx) => {
      await checkReferences(trx, body, isAdmin ? vendorId : null);
      if (await isSkuTaken(trx, body.sku)) throw skuTaken();
      const productId = await insertProduct(trx, {
        ...productColumnsOf(body),
        ...(await gstRateColumn(trx, body.gstRate, true)),
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
      if (!isAdmin && notifyAdmins) await events.publish(trx, { type: 'product.submitted', productId, at: now });
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

/** Where a product stands, as `findProductOwnership` reads it (locked inside a transaction on PostgreSQL). */
export type Ownership = NonNullable<Awaited<ReturnType<typeof findProductOwnership>>>;

/**
 * Applies an edit inside the caller's transaction, after its access and version
 * checks, by the path `editPathOf` gives (decision 0044):
 * - 'direct' (admin): fields and images replaced; may reassign the product (to the
 *   store or an approved vendor; keeping a vendor no longer approved is allowed) and
 *   set active/inactive, which takes effect on an approved product only;
 * - 'resubmit' (vendor, product not approved): fields and images replaced, the product
 *   back in the queue (status and approval pending; the last review and its reason stay);
 * - 'revision' (vendor, approved product): SKU, prices and stock written at once; the
 *   reviewed fields, when they differ from the live ones, saved in the product's one
 *   pending revision (created or replaced); when they do not, the open revision is
 *   withdrawn. The live reviewed fields and images are left as they are.
 * `savedAt` is the product's next version, `now` the request's time (UTC).
 * @returns the path taken and whether something now awaits review.
 * @throws AppError VALIDATION_FAILED (400) for bad references; CONFLICT (409) for a SKU in use.
 */
export async function applyEdit(
  trx: Db,
  actor: WriteActor,
  body: ParsedProductBody,
  current: Ownership,
  savedAt: string,
  now: string,
): Promise<{
  path: ReturnType<typeof editPathOf>;
  awaitsReview: boolean;
  /** The fields a vendor's revision proposes, as the activity log records them (issue 27). */
  proposed?: ActivityChanges;
}> {
  const isAdmin = actor.role === 'admin';
  const path = editPathOf(actor.role, current.approvalStatus);
  const vendorId = isAdmin ? (body.vendor === undefined ? current.vendorId : body.vendor) : current.vendorId;
  const vendorChanged = vendorId !== current.vendorId;
  await checkReferences(trx, body, isAdmin && vendorChanged ? vendorId : null);
  if (await isSkuTaken(trx, body.sku, current.id)) throw skuTaken();
  const columns = { ...productColumnsOf(body), ...(await gstRateColumn(trx, body.gstRate, false)) };

  if (path === 'revision') {
    const liveRow = await findProductById(trx, current.id);
    if (!liveRow) throw notFound(productMessages.notFound);
    const liveImages = (await findImagesOf(trx, [current.id])).get(current.id) ?? [];
    const base = reviewedValuesOf(liveRow, liveImages);
    const proposed = reviewedValuesOf(columns, body.images);
    await updateProductRow(trx, current.id, { ...liveColumnsOf(columns), updatedAt: savedAt });
    const open = await findOpenRevision(trx, current.id);
    if (changedFields(base, proposed).length === 0) {
      if (open) await deleteRevision(trx, open.id);
      return { path, awaitsReview: false };
    }
    const stored = { proposed: JSON.stringify(proposed), base: JSON.stringify(base) };
    const fields = changedFields(base, proposed);
    const pick = (values: object) =>
      Object.fromEntries(fields.map((field) => [field, (values as Record<string, unknown>)[field]]));
    if (open) {
      await updateRevision(trx, open.id, {
        ...stored,
        proposedBy: actor.userId,
        updatedAt: nextVersion(open.updatedAt, now),
      });
    } else {
      await insertRevision(trx, { productId: current.id, proposedBy: actor.userId, ...stored, now });
    }
    return { path, awaitsReview: true, proposed: diffFields(pick(base), pick(proposed)) };
  }

  const changes: ProductUpdate = { ...columns, vendorId, updatedAt: savedAt };
  if (path === 'resubmit') {
    changes.status = 'pending';
    changes.approvalStatus = 'pending';
    // The whole product is reviewed again: a change waiting beside it has no meaning now.
    const open = await findOpenRevision(trx, current.id);
    if (open) await deleteRevision(trx, open.id);
  } else if (current.approvalStatus === 'approved' && body.status) {
    changes.status = body.status;
  }
  await updateProductRow(trx, current.id, changes);
  await replaceProductImages(trx, current.id, body.images, savedAt);
  return { path, awaitsReview: path === 'resubmit' };
}

/**
 * `PUT /products/edit/:id` (spec section 7; issue 12): an edit, applied by the rule of
 * `revision-rules.ts` (see `applyEdit`). A vendor edits only their own: a product not
 * yet approved goes back to the approval queue; on an approved, live product price and
 * stock change at once and the rest waits as a pending revision while the approved
 * version stays public (decision 0044). An admin's edit applies directly.
 *
 * With `body.updatedAt` (the version the form loaded), the edit applies only if the
 * product has not been saved since. The check reads the row locked (PostgreSQL) or
 * inside SQLite's single writer, so of two racing saves from the same version one
 * wins and the other gets 409.
 * @returns the message ('Product updated successfully!', '… Please wait for admin
 *   approval.' or `productMessages.revisionSubmitted`) and the product with its revision.
 * @throws AppError NOT_FOUND (404) when it does not exist or is another vendor's;
 *   VALIDATION_FAILED (400) for bad references; CONFLICT (409) for a SKU in use or a
 *   product changed since `body.updatedAt`.
 */
export async function updateProduct(
  db: Db,
  events: EventBus,
  actor: WriteActor,
  id: number,
  body: ParsedProductBody,
  { notifyAdmins = true }: WriteOptions = {},
): Promise<{ message: string; product: ProductRecord }> {
  const now = new Date().toISOString();
  const result = await guardWrite(() =>
    runTransaction(db, async (trx) => {
      const current = await findProductOwnership(trx, id);
      if (!current || !canSee(actor, current)) throw notFound(productMessages.notFound);
      if (isStaleVersion(body.updatedAt, current.updatedAt)) throw changedMeanwhile();
      const before = await productSnapshot(trx, id);
      const result = await applyEdit(trx, actor, body, current, nextVersion(current.updatedAt, now), now);
      if (result.awaitsReview && notifyAdmins)
        await events.publish(trx, { type: 'product.submitted', productId: id, at: now });
      await recordActivity(trx, {
        actor,
        action: 'update',
        kind: 'product',
        recordId: id,
        label: body.name,
        changes: {
          ...productChanges(before, await productSnapshot(trx, id)),
          // A revision's proposed fields are in the log too, marked as awaiting review
          // (issue 27: the log missed a vendor's proposal when no live field changed).
          ...(result.proposed && Object.keys(result.proposed).length > 0
            ? { ...result.proposed, revision: { before: null, after: 'awaiting review' } }
            : {}),
        },
      });
      return result;
    }),
  );
  const message =
    result.path === 'direct'
      ? productMessages.updated
      : result.path === 'resubmit'
        ? productMessages.updatedAwaitingApproval
        : result.awaitsReview
          ? productMessages.revisionSubmitted
          : productMessages.updated;
  return { message, product: await loadProduct(db, id) };
}

/**
 * `DELETE /products/delete/:id`: removes the product, its images and coupon
 * restrictions. Past orders keep their lines (name, image and price as sold). With
 * `updatedAt` (a bulk delete's version as read), a product saved since is left.
 * @throws AppError NOT_FOUND (404) when it does not exist or is another vendor's;
 *   CONFLICT (409) when it changed after `updatedAt`.
 */
export async function deleteProduct(db: Db, actor: WriteActor, id: number, updatedAt?: string): Promise<void> {
  await runTransaction(db, async (trx) => {
    const current = await findProductOwnership(trx, id);
    if (!current || !canSee(actor, current)) throw notFound(productMessages.notFound);
    if (isStaleVersion(updatedAt, current.updatedAt)) throw changedMeanwhile();
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
 * An admin's change of a product's status or category (the bulk actions' activate,
 * deactivate and move; issue 26), as the product form's edit would make it: in one
 * transaction, the row locked on PostgreSQL, under the version read (`updatedAt`), the
 * version moved on and the change recorded in the activity log. The caller checks
 * that the change applies to the product's state (an approved product for status).
 * @throws AppError NOT_FOUND (404) when it does not exist; CONFLICT (409) when it
 *   changed after `updatedAt`.
 */
export async function setProductColumns(
  db: Db,
  admin: WriteActor,
  id: number,
  updatedAt: string,
  columns: Pick<ProductUpdate, 'status' | 'categoryId' | 'subcategoryId'>,
): Promise<void> {
  const now = new Date().toISOString();
  await guardWrite(() =>
    runTransaction(db, async (trx) => {
      const current = await findProductOwnership(trx, id);
      if (!current) throw notFound(productMessages.notFound);
      if (isStaleVersion(updatedAt, current.updatedAt)) throw changedMeanwhile();
      const before = await productSnapshot(trx, id);
      await updateProductRow(trx, id, { ...columns, updatedAt: nextVersion(current.updatedAt, now) });
      const after = await productSnapshot(trx, id);
      await recordActivity(trx, {
        actor: admin,
        action: 'update',
        kind: 'product',
        recordId: id,
        label: String(after?.name ?? ''),
        changes: productChanges(before, after),
      });
    }),
  );
}

/** `GET /products/admin/count`: the footer's counts over the viewer's catalog. */
export async function countCatalog(db: Db, viewer: Actor): Promise<Omit<ProductCountsResponse, 'success'>> {
  return productCounts(db, [scopeOf(viewer)]);
}
