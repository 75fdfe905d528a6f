import type { Db } from '../../platform/db/create-db.js';
import type { NewProduct } from '../../platform/db/schema.js';
import { chunked } from '../bulk.js';
import type { MappedProduct } from './map.js';
import { type CatalogPlan, importedFields, keyOf, loadSubcategoryIds, subcategoryKey } from './plan.js';

/**
 * Writes a plan: creates the missing categories and subcategories, inserts the new
 * products with their images in multi-row statements, and updates the changed
 * ones. Call it inside a transaction (`importCatalog` does).
 */

/** Who owns the products an import creates, and in what state they start. */
export type NewProductState = Pick<
  NewProduct,
  'vendorId' | 'status' | 'approvalStatus' | 'stockQuantity' | 'reviewedBy' | 'reviewedAt' | 'createdAt'
>;

export interface ApplyOptions {
  /** The vendor owning new products; null for the store (admin). */
  vendorId?: number | null;
  /** When the writes happen (UTC); now by default. */
  now?: Date;
  /** Overrides the state of each new product (the demo store spreads them over its vendors). */
  newProductState?: (product: MappedProduct, index: number) => Partial<NewProductState>;
}

export interface ApplyResult {
  categoriesCreated: number;
  subcategoriesCreated: number;
  created: number;
  updated: number;
  /** Ids of every product in the plan (created and updated), by lower-cased SKU. */
  productIds: Map<string, number>;
  /** Category ids by lower-cased name. */
  categoryIds: Map<string, number>;
}

/** A neutral picture for a category none of whose products has one. */
const CATEGORY_PLACEHOLDER_IMAGE = 'https://placehold.co/400x400?text=Category';

export async function applyCatalogPlan(trx: Db, plan: CatalogPlan, options: ApplyOptions = {}): Promise<ApplyResult> {
  const now = (options.now ?? new Date()).toISOString();
  const planned = [...plan.creates, ...plan.updates.map((update) => update.product)];

  // A new category shows the first picture of its products.
  const categoryImage = new Map<string, string>();
  for (const product of planned) {
    const key = keyOf(product.categoryName);
    const image = product.body.images[0];
    if (image && !categoryImage.has(key)) categoryImage.set(key, image);
  }
  if (plan.categoriesToCreate.length > 0) {
    await trx
      .insertInto('categories')
      .values(
        plan.categoriesToCreate.map((name) => ({
          name,
          imageUrl: categoryImage.get(keyOf(name)) ?? CATEGORY_PLACEHOLDER_IMAGE,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
  const categoryIds = new Map(
    (await trx.selectFrom('categories').select(['id', 'name']).execute()).map((row) => [keyOf(row.name), row.id]),
  );
  const categoryIdOf = (name: string) => {
    const id = categoryIds.get(keyOf(name));
    if (id === undefined) throw new Error(`Category ${name} was not created`);
    return id;
  };

  if (plan.subcategoriesToCreate.length > 0) {
    await trx
      .insertInto('subcategories')
      .values(
        plan.subcategoriesToCreate.map(({ category, subcategory }) => ({
          categoryId: categoryIdOf(category),
          name: subcategory,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
  const subcategoryIds = await loadSubcategoryIds(trx);
  const placementOf = (product: MappedProduct) => {
    const categoryId = categoryIdOf(product.categoryName);
    const subcategoryId = subcategoryIds.get(subcategoryKey(categoryId, product.subcategoryName));
    if (subcategoryId === undefined) throw new Error(`Subcategory ${product.subcategoryName} was not created`);
    return { categoryId, subcategoryId };
  };

  const productIds = new Map<string, number>();
  const newRows = plan.creates.map((product, index) => {
    const { images: _images, ...fields } = importedFields(product);
    const row = {
      ...fields,
      ...placementOf(product),
      sku: product.body.sku,
      vendorId: options.vendorId ?? null,
      stockQuantity: product.body.stockQuantity,
      status: 'active' as const,
      approvalStatus: 'approved' as const,
      reviewedBy: null,
      reviewedAt: now,
      createdAt: now,
      ...options.newProductState?.(product, index),
    };
    // A product the state dates in the past was last changed then.
    return { ...row, updatedAt: row.createdAt } satisfies NewProduct;
  });
  for (const chunk of chunked(newRows, 21, 1_000)) {
    const inserted = await trx.insertInto('products').values(chunk).returning(['id', 'sku']).execute();
    for (const row of inserted) productIds.set(keyOf(row.sku), row.id);
  }

  const images: { productId: number; position: number; url: string; createdAt: string; updatedAt: string }[] = [];
  const addImages = (productId: number, urls: string[], at: string) =>
    urls.forEach((url, position) => {
      images.push({ productId, position, url, createdAt: at, updatedAt: at });
    });
  plan.creates.forEach((product, index) => {
    const id = productIds.get(keyOf(product.body.sku));
    if (id === undefined) throw new Error(`Product ${product.body.sku} was not created`);
    addImages(id, product.body.images, newRows[index]?.createdAt ?? now);
  });

  for (const update of plan.updates) {
    const { images: urls, ...fields } = importedFields(update.product);
    await trx
      .updateTable('products')
      .set({ ...fields, ...placementOf(update.product), updatedAt: now })
      .where('id', '=', update.id)
      .execute();
    if (update.changedFields.includes('images')) {
      await trx.deleteFrom('productImages').where('productId', '=', update.id).execute();
      addImages(update.id, urls, now);
    }
    productIds.set(keyOf(update.product.body.sku), update.id);
  }
  for (const chunk of chunked(images, 5)) await trx.insertInto('productImages').values(chunk).execute();

  return {
    categoriesCreated: plan.categoriesToCreate.length,
    subcategoriesCreated: plan.subcategoriesToCreate.length,
    created: plan.creates.length,
    updated: plan.updates.length,
    productIds,
    categoryIds,
  };
}
