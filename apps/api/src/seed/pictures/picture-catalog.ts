import { renderSvg } from '../../features/uploads/image-processing.js';
import { storeProcessedImage, uploadPath } from '../../features/uploads/uploads.service.js';
import type { Db } from '../../platform/db/create-db.js';
import { categoryPictureSvg, productPictureSvg } from './pictures.js';

/**
 * Gives a freshly imported catalog the store's own pictures (issue 27, decision 0107):
 * one per product and one per category, drawn (`pictures.ts`), rendered to WebP with a
 * thumbnail and stored as uploads the API serves. A product's gallery becomes its one
 * picture; the address the catalog gave its first image is kept in
 * `product_images.source_url`, its other (dead) addresses dropped. Run it in the
 * seeding transaction.
 */

/** Pictures rendered at once: libvips works on both cores while one is stored. */
const RENDERING_AT_ONCE = 4;

/** Renders `items` `RENDERING_AT_ONCE` at a time, storing each batch in `trx` as it is done. */
async function renderInBatches<T>(
  trx: Db,
  items: readonly T[],
  svgOf: (item: T) => string,
  stored: (item: T, path: string) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < items.length; start += RENDERING_AT_ONCE) {
    const batch = items.slice(start, start + RENDERING_AT_ONCE);
    const images = await Promise.all(batch.map((item) => renderSvg(svgOf(item))));
    for (const [index, item] of batch.entries()) {
      const image = images[index];
      if (image) await stored(item, uploadPath(await storeProcessedImage(trx, image, null)));
    }
  }
}

/**
 * Pictures every product and category in `trx`.
 * @returns how many pictures it made, and each category's picture by category id.
 */
export async function pictureCatalog(
  trx: Db,
  now: Date,
): Promise<{ products: number; categories: number; categoryPictures: Map<number, string> }> {
  const at = now.toISOString();
  const products = await trx
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.categoryId')
    .select(['products.id', 'products.name', 'products.brand', 'products.color', 'categories.name as category'])
    .orderBy('products.id')
    .execute();
  const firstImages = new Map(
    (await trx.selectFrom('productImages').select(['productId', 'url']).where('position', '=', 0).execute()).map(
      (row) => [row.productId, row.url],
    ),
  );
  await trx.deleteFrom('productImages').execute();
  const rows: {
    productId: number;
    position: number;
    url: string;
    sourceUrl: string | null;
    createdAt: string;
    updatedAt: string;
  }[] = [];
  await renderInBatches(
    trx,
    products,
    (product) =>
      productPictureSvg({
        name: product.name,
        category: product.category,
        colour: product.color,
        brand: product.brand,
      }),
    async (product, url) => {
      rows.push({
        productId: product.id,
        position: 0,
        url,
        sourceUrl: firstImages.get(product.id) ?? null,
        createdAt: at,
        updatedAt: at,
      });
    },
  );
  for (let start = 0; start < rows.length; start += 100)
    await trx
      .insertInto('productImages')
      .values(rows.slice(start, start + 100))
      .execute();

  const categories = await trx.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
  const categoryPictures = new Map<number, string>();
  await renderInBatches(
    trx,
    categories,
    (category) => categoryPictureSvg(category.name),
    async (category, url) => {
      categoryPictures.set(category.id, url);
      await trx.updateTable('categories').set({ imageUrl: url }).where('id', '=', category.id).execute();
    },
  );
  return { products: rows.length, categories: categories.length, categoryPictures };
}
