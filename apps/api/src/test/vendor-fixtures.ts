import type { Db } from '../platform/db/create-db.js';
import type { ProductsTable } from '../platform/db/schema.js';

/** Builders for vendor-owned catalog rows, written straight to the database. */

let sequence = 0;

/** Inserts a product owned by `vendorId` (null: the store), in a category it makes when none exists. */
export async function createOwnedProduct(
  db: Db,
  vendorId: number | null,
  overrides: Partial<Pick<ProductsTable, 'status' | 'approvalStatus' | 'name' | 'salePricePaise'>> = {},
): Promise<{ id: number; name: string }> {
  const n = ++sequence;
  const now = new Date().toISOString();
  const category =
    (await db.selectFrom('categories').select('id').orderBy('id').executeTakeFirst()) ??
    (await db
      .insertInto('categories')
      .values({
        name: `Owned Category ${n}`,
        imageUrl: 'https://img.example.test/c.jpg',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  const name = overrides.name ?? `Owned Product ${n}`;
  const row = await db
    .insertInto('products')
    .values({
      vendorId,
      categoryId: category.id,
      subcategoryId: null,
      name,
      productDetails: 'Details',
      brand: 'Unknown',
      color: null,
      sku: `SKU-OWN-${process.pid}-${n}-${Math.random().toString(36).slice(2, 8)}`,
      model: null,
      warrantyPeriod: 'No Warranty',
      salePricePaise: overrides.salePricePaise ?? 50_000,
      actualPricePaise: 60_000,
      manufacturer: null,
      stockQuantity: 5,
      status: overrides.status ?? 'active',
      approvalStatus: overrides.approvalStatus ?? 'approved',
      reviewedBy: null,
      reviewedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}
