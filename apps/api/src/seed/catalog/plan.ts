import { findProductsBySkus } from '../../features/products/import/product-import.repository.js';
import { productColumnsOf } from '../../features/products/products.wire.js';
import type { Db } from '../../platform/db/create-db.js';
import { type MappedProduct, mapCatalogRecord } from './map.js';
import type { ParsedCatalog, RowRejection } from './parse.js';

/**
 * What an import would do to the database: which categories, subcategories and
 * products it creates, which products it updates (matched by SKU, ignoring case)
 * and which rows it rejects. Planning only reads.
 */

/** The product columns an import writes, as stored (money in paise). */
export interface ImportedFields {
  name: string;
  productDetails: string;
  brand: string;
  color: string | null;
  model: string | null;
  warrantyPeriod: string;
  salePricePaise: number;
  actualPricePaise: number;
  manufacturer: string | null;
  images: string[];
}

/** A product the import updates: its id, the row and the fields that differ. */
export interface PlannedUpdate {
  id: number;
  product: MappedProduct;
  changedFields: string[];
}

export interface CatalogPlan {
  /** Records in the file, rejected ones included. */
  rowsRead: number;
  rejections: RowRejection[];
  /** Category names to create, in first-seen order. */
  categoriesToCreate: string[];
  /** Subcategories to create, under existing or new categories. */
  subcategoriesToCreate: { category: string; subcategory: string }[];
  creates: MappedProduct[];
  updates: PlannedUpdate[];
  /** Rows whose product already holds exactly these values. */
  unchanged: number;
}

/**
 * The stored fields a mapped row stands for: the product form's own column mapping
 * (`productColumnsOf`), less what an import does not set from the file's values
 * (SKU, stock and placement), plus the images.
 */
export function importedFields(product: MappedProduct): ImportedFields {
  const {
    sku: _sku,
    stockQuantity: _stock,
    categoryId: _category,
    subcategoryId: _subcategory,
    ...fields
  } = productColumnsOf(product.body);
  return { ...fields, images: product.body.images };
}

/** Case-insensitive key of a name or SKU, as the unique indexes on `lower(...)` compare them. */
export const keyOf = (text: string) => text.toLowerCase();
/** Key of a subcategory under its parent (a category id, or a category key for one not created yet). */
export const subcategoryKey = (parent: number | string, subcategory: string) => `${parent}\u0000${keyOf(subcategory)}`;

/** Every subcategory's id, by `subcategoryKey(categoryId, name)`. */
export async function loadSubcategoryIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('subcategories').select(['id', 'categoryId', 'name']).execute();
  return new Map(rows.map((row) => [subcategoryKey(row.categoryId, row.name), row.id]));
}

/**
 * Maps and validates every record, then compares with the database.
 * A SKU repeated in the file (ignoring case) is rejected after its first row.
 */
export async function planCatalogImport(db: Db, parsed: ParsedCatalog): Promise<CatalogPlan> {
  const rejections = [...parsed.rejections];
  const products: MappedProduct[] = [];
  const firstLineOfSku = new Map<string, number>();
  for (const record of parsed.records) {
    const result = mapCatalogRecord(record);
    if (!result.ok) {
      rejections.push(result.rejection);
      continue;
    }
    const skuKey = keyOf(result.product.body.sku);
    const firstLine = firstLineOfSku.get(skuKey);
    if (firstLine !== undefined) {
      rejections.push({
        line: record.line,
        sku: result.product.body.sku,
        name: result.product.body.name,
        reason: `The SKU is repeated (first on line ${firstLine})`,
      });
      continue;
    }
    firstLineOfSku.set(skuKey, record.line);
    products.push(result.product);
  }
  rejections.sort((a, b) => a.line - b.line);

  const categories = await db.selectFrom('categories').select(['id', 'name']).execute();
  const categoryIds = new Map(categories.map((category) => [keyOf(category.name), category.id]));
  const subcategoryIds = await loadSubcategoryIds(db);

  const categoriesToCreate = new Map<string, string>();
  const subcategoriesToCreate = new Map<string, { category: string; subcategory: string }>();
  for (const product of products) {
    const categoryKey = keyOf(product.categoryName);
    const categoryId = categoryIds.get(categoryKey);
    if (categoryId === undefined && !categoriesToCreate.has(categoryKey))
      categoriesToCreate.set(categoryKey, product.categoryName);
    const existingSub =
      categoryId !== undefined && subcategoryIds.has(subcategoryKey(categoryId, product.subcategoryName));
    const key = subcategoryKey(categoryKey, product.subcategoryName);
    if (!existingSub && !subcategoriesToCreate.has(key))
      subcategoriesToCreate.set(key, { category: product.categoryName, subcategory: product.subcategoryName });
  }

  const existing = await findProductsBySkus(
    db,
    products.map((product) => product.body.sku),
  );
  const creates: MappedProduct[] = [];
  const updates: PlannedUpdate[] = [];
  let unchanged = 0;
  for (const product of products) {
    const current = existing.get(keyOf(product.body.sku));
    if (!current) {
      creates.push(product);
      continue;
    }
    const categoryId = categoryIds.get(keyOf(product.categoryName));
    const subcategoryId =
      categoryId === undefined ? undefined : subcategoryIds.get(subcategoryKey(categoryId, product.subcategoryName));
    const changedFields = changedImportedFields(current, importedFields(product));
    if (current.categoryId !== categoryId) changedFields.push('category');
    if (current.subcategoryId !== subcategoryId) changedFields.push('subcategory');
    if (changedFields.length === 0) unchanged += 1;
    else updates.push({ id: current.id, product, changedFields });
  }

  return {
    rowsRead: parsed.records.length + parsed.rejections.length,
    rejections,
    categoriesToCreate: [...categoriesToCreate.values()],
    subcategoriesToCreate: [...subcategoriesToCreate.values()],
    creates,
    updates,
    unchanged,
  };
}

function changedImportedFields(current: ImportedFields, next: ImportedFields): string[] {
  const changed: string[] = [];
  for (const field of Object.keys(next) as (keyof ImportedFields)[]) {
    if (field === 'images') {
      if (current.images.join('\n') !== next.images.join('\n')) changed.push(field);
    } else if (current[field] !== next[field]) changed.push(field);
  }
  return changed;
}
