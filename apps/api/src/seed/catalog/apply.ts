import {
  insertCategory,
  insertSubcategory,
  listCategoryNames,
} from '../../features/categories/categories.repository.js';
import {
  insertProductImages,
  insertProducts,
  replaceProductImages,
  updateProduct,
} from '../../features/products/products.repository.js';
import { productColumnsOf } from '../../features/products/products.wire.js';
import type { Db } from '../../platform/db/create-db.js';
import type { NewProduct } from '../../platform/db/schema.js';
import type { MappedProduct } from './map.js';
import { type CatalogPlan, importedFields, keyOf, loadSubcategoryIds, subcategoryKey } from './plan.js';

/**
 * Writes a plan through the categories and products repositories, so a product's
 * columns are mapped as the product form maps them (`productColumnsOf`): creates the
 * missing categories and subcategories, inserts the new products with their images
 * in multi-row statements, and updates the changed ones. Call it inside a transaction
 * (`importCatalog` does).
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

/**
 * Applies `plan` (see the top of this file); answers what it wrote and the ids of the
 * plan's products and of every category.
 */
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
  for (const name of plan.categoriesToCreate) {
    await insertCategory(trx, {
      name,
      imageUrl: categoryImage.get(keyOf(name)) ?? CATEGORY_PLACEHOLDER_IMAGE,
      createdAt: now,
      updatedAt: now,
    });
  }
  const categoryIds = new Map((await listCategoryNames(trx)).map((row) => [keyOf(row.name), row.id]));
  const categoryIdOf = (name: string) => {
    const id = categoryIds.get(keyOf(name));
    if (id === undefined) throw new Error(`Category ${name} was not created`);
    return id;
  };

  for (const { category, subcategory } of plan.subcategoriesToCreate) {
    await insertSubcategory(trx, {
      categoryId: categoryIdOf(category),
      name: subcategory,
      createdAt: now,
      updatedAt: now,
    });
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
    const row = {
      ...productColumnsOf(product.body),
      ...placementOf(product),
      vendorId: options.vendorId ?? null,
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
  for (const row of await insertProducts(trx, newRows)) productIds.set(keyOf(row.sku), row.id);

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
    await updateProduct(trx, update.id, { ...fields, ...placementOf(update.product), updatedAt: now });
    if (update.changedFields.includes('images')) await replaceProductImages(trx, update.id, urls, now);
    productIds.set(keyOf(update.product.body.sku), update.id);
  }
  await insertProductImages(trx, images);

  return {
    categoriesCreated: plan.categoriesToCreate.length,
    subcategoriesCreated: plan.subcategoriesToCreate.length,
    created: plan.creates.length,
    updated: plan.updates.length,
    productIds,
    categoryIds,
  };
}
