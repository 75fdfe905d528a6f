import type { Product } from '@haat/contract';

export * from '../../../test/screen-kit';

let nextId = 100;

/** A product as the API answers it. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = String(nextId++);
  return {
    _id: id,
    name: `Product ${id}`,
    productDetails: 'A fine product',
    brand: 'Acme',
    color: null,
    sku: `SKU-${id}`,
    model: null,
    warrantyPeriod: 'No Warranty',
    salePrice: 90,
    actualPrice: 100,
    manufacturer: null,
    stockQuantity: 5,
    category: { _id: '10', name: 'Electronics' },
    subcategory: null,
    status: 'active',
    vendor: null,
    images: [],
    isApproved: true,
    approvalStatus: 'approved',
    reviewedAt: null,
    reviewedBy: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
