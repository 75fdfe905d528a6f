import {
  basisPointsToPercent,
  type ParsedProductBody,
  type Product,
  type ProductListResponse,
  type ProductRevision,
  type ProductSavedResponse,
  type ReviewedProductField,
  type RevisionValue,
  reviewedFieldLabels,
  toPaise,
  toRupees,
  type WarrantyPeriod,
} from '@haat/contract';
import type { ListAnswer } from '../../platform/db/lists.js';
import type { ProductRecord, RevisionView } from './product-record.js';
import type { ReviewedValues } from './revision-rules.js';

/**
 * Products as the wire carries them (spec sections 3 and 7; decision 0005): the one
 * place where the catalog's money moves between rupees (the wire) and paise (the
 * rows), and ids become strings. The
 * routes call these on what the service answered.
 */

/** Maps a product row and its images to the wire shape: rupees, string ids, UTC ISO times. */
export function toProduct({ row, images, revision }: ProductRecord): Product {
  return {
    _id: String(row.id),
    name: row.name,
    productDetails: row.productDetails,
    brand: row.brand,
    color: row.color,
    sku: row.sku,
    model: row.model,
    warrantyPeriod: row.warrantyPeriod as WarrantyPeriod,
    salePrice: toRupees(Number(row.salePricePaise)),
    actualPrice: toRupees(Number(row.actualPricePaise)),
    manufacturer: row.manufacturer,
    stockQuantity: row.stockQuantity,
    hsnCode: row.hsnCode,
    gstRate: basisPointsToPercent(Number(row.gstRateBp)),
    category: { _id: String(row.categoryId), name: row.categoryName },
    subcategory:
      row.subcategoryId !== null && row.subcategoryName !== null
        ? { _id: String(row.subcategoryId), name: row.subcategoryName }
        : null,
    status: row.status,
    vendor:
      row.vendorId !== null
        ? { _id: String(row.vendorId), businessName: row.vendorBusinessName ?? '', name: row.vendorName ?? '' }
        : null,
    images,
    isApproved: row.approvalStatus === 'approved',
    approvalStatus: row.approvalStatus,
    reviewedAt: row.reviewedAt,
    reviewedBy:
      row.reviewedBy !== null && row.reviewerName !== null
        ? { _id: String(row.reviewedBy), name: row.reviewerName }
        : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    // The storefront's answers carry no review state (decision 0044).
    rejectionReason: revision === undefined ? null : row.rejectionReason,
    revision: revision ? toRevision(revision) : null,
  };
}

/** One reviewed field as the before/after list shows it: names for references, URL lists for images. */
function displayValue(view: RevisionView, values: ReviewedValues, field: ReviewedProductField): RevisionValue {
  if (field === 'images') return values.images;
  if (field === 'category') return view.names.categories.get(values.categoryId) ?? `#${values.categoryId}`;
  if (field === 'subcategory') {
    return values.subcategoryId === null
      ? null
      : (view.names.subcategories.get(values.subcategoryId) ?? `#${values.subcategoryId}`);
  }
  return values[field];
}

/** A product's unpublished revision on the wire: the changed fields before (live) and after (proposed). */
export function toRevision(view: RevisionView): ProductRevision {
  const { row, proposed } = view;
  const categoryName = view.names.categories.get(proposed.categoryId) ?? `#${proposed.categoryId}`;
  const subcategoryName = proposed.subcategoryId === null ? null : view.names.subcategories.get(proposed.subcategoryId);
  return {
    _id: String(row.id),
    status: row.status === 'rejected' ? 'rejected' : 'pending',
    reason: row.reason,
    changes: view.changes.map((field) => ({
      field,
      label: reviewedFieldLabels[field],
      before: displayValue(view, view.live, field),
      after: displayValue(view, proposed, field),
    })),
    proposed: {
      name: proposed.name,
      productDetails: proposed.productDetails,
      brand: proposed.brand,
      color: proposed.color,
      model: proposed.model,
      warrantyPeriod: proposed.warrantyPeriod as WarrantyPeriod,
      manufacturer: proposed.manufacturer,
      category: { _id: String(proposed.categoryId), name: categoryName },
      subcategory:
        proposed.subcategoryId === null
          ? null
          : { _id: String(proposed.subcategoryId), name: subcategoryName ?? `#${proposed.subcategoryId}` },
      images: proposed.images,
    },
    reviewedAt: row.reviewedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * A product as the public (the storefront, anyone without a token) sees it: the
 * business name is enough, so the vendor's person (`vendor.name`) and the reviewing
 * admin (`reviewedBy`) are left out (issue 11).
 */
export function toPublicProduct(record: ProductRecord): Product {
  const { reviewedBy: _reviewer, vendor, ...rest } = toProduct(record);
  return { ...rest, vendor: vendor && { _id: vendor._id, businessName: vendor.businessName } };
}

/**
 * A product list's answer: `{ success, products }` unpaged, with `total` and
 * `nextCursor` for a page. `audience: 'public'` answers `toPublicProduct`s.
 */
export function toProductListResponse(
  answer: ListAnswer<ProductRecord>,
  audience: 'staff' | 'public' = 'staff',
): ProductListResponse {
  const { items, ...paging } = answer;
  return { success: true, products: items.map(audience === 'public' ? toPublicProduct : toProduct), ...paging };
}

/** A write's answer: the message for the screen and the product as saved. */
export function toProductSavedResponse(saved: { message: string; product: ProductRecord }): ProductSavedResponse {
  return { success: true, message: saved.message, product: toProduct(saved.product) };
}

/**
 * The stored columns a product body stands for: the one mapping from the contract's
 * product (rupees) to the row (paise), used by the product form's writes and by the
 * catalog importer. The body's `category` and `subcategory` are ids.
 */
export function productColumnsOf(body: ParsedProductBody) {
  return {
    name: body.name,
    productDetails: body.productDetails,
    brand: body.brand,
    color: body.color ?? null,
    sku: body.sku,
    model: body.model ?? null,
    warrantyPeriod: body.warrantyPeriod,
    salePricePaise: toPaise(body.salePrice),
    actualPricePaise: toPaise(body.actualPrice),
    manufacturer: body.manufacturer ?? null,
    stockQuantity: body.stockQuantity,
    categoryId: body.category,
    subcategoryId: body.subcategory,
    // Issue 35: an edit without an HSN code keeps the product's (the GST rate: `gstRateColumn`).
    ...(body.hsnCode === undefined ? {} : { hsnCode: body.hsnCode }),
  };
}
