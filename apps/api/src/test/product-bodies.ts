import type { Product } from '@haat/contract';

/**
 * The body of `PUT /api/products/edit/:id` as the product form sends it for `product`
 * as answered: every field back, empty optional ones as '', and the version it was
 * loaded from (`updatedAt`, decision 0018); `overrides` are the user's edits.
 */
export function editBodyOf(product: Product, overrides: Record<string, unknown> = {}) {
  return {
    name: product.name,
    productDetails: product.productDetails,
    brand: product.brand,
    color: product.color ?? '',
    sku: product.sku,
    model: product.model ?? '',
    warrantyPeriod: product.warrantyPeriod,
    salePrice: product.salePrice,
    actualPrice: product.actualPrice,
    manufacturer: product.manufacturer ?? '',
    stockQuantity: product.stockQuantity,
    category: product.category._id,
    subcategory: product.subcategory?._id ?? '',
    images: product.images,
    updatedAt: product.updatedAt,
    ...overrides,
  };
}
