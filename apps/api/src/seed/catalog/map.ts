import { categoryBody, type ParsedProductBody, productBody, subcategoryBody } from '@haat/contract';
import { categoryOf, imagesOf, rupeesOf, squash, warrantyOf } from '../../features/products/import/import-cells.js';
import type { CatalogRecord, RowRejection } from './parse.js';

/**
 * Turns a catalog record into a product as the API would accept it, validated by
 * the contract's own `productBody` (and the category and subcategory name rules),
 * so an imported product obeys exactly the rules of one created on screen.
 */

/** A record that maps to a valid product. Prices in the body are rupees, as the API takes them. */
export interface MappedProduct {
  line: number;
  categoryName: string;
  subcategoryName: string;
  /** `productBody`'s output; its `category` and `subcategory` ids are placeholders until the plan resolves the names. */
  body: ParsedProductBody;
}

export type MapResult = { ok: true; product: MappedProduct } | { ok: false; rejection: RowRejection };

/**
 * The key/value pairs of a `product_specifications` cell, a Ruby-hash-like text:
 * `{"product_specification"=>[{"key"=>"Color", "value"=>"Red"}, {"value"=>"…"}]}`.
 * Entries without a key are skipped; a cell that cannot be read gives no pairs
 * (the specifications only add optional details, so the row still imports).
 */
export function specificationsOf(cell: string): Map<string, string> {
  const specs = new Map<string, string>();
  const text = cell.trim();
  if (text === '') return specs;
  // `=>` outside strings becomes `:`, which makes the text JSON.
  let json = '';
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      json += char;
      if (char === '\\') {
        json += text[index + 1] ?? '';
        index += 1;
      } else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      json += char;
    } else if (char === '=' && text[index + 1] === '>') {
      json += ':';
      index += 1;
    } else json += char;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return specs;
  }
  const entries = (parsed as { product_specification?: unknown })?.product_specification;
  const list = Array.isArray(entries) ? entries : entries && typeof entries === 'object' ? [entries] : [];
  for (const entry of list) {
    const { key, value } = (entry ?? {}) as { key?: unknown; value?: unknown };
    if (typeof key !== 'string' || typeof value !== 'string') continue;
    const k = squash(key).toLowerCase();
    const v = squash(value);
    if (k && v && !specs.has(k)) specs.set(k, v);
  }
  return specs;
}

/** The first specification present among `keys` (lower-case), if it fits in `max` characters. */
function firstSpec(specs: Map<string, string>, keys: readonly string[], max: number): string | undefined {
  for (const key of keys) {
    const value = specs.get(key);
    if (value && value.length <= max) return value;
  }
  return undefined;
}

const COLOR_KEYS = ['color', 'colour', 'primary color', 'body color', 'finish color', 'frame color', 'dial color'];
const MODEL_KEYS = ['model number', 'model name', 'model id', 'model', 'model no'];
const MANUFACTURER_KEYS = ['manufacturer', 'manufactured by', 'manufacturer name'];
const WARRANTY_KEYS = ['warranty period', 'warranty summary', 'warranty', 'warranty duration'];

/** The product's stock as a new import sets it: the file has none, so the store owner sets it later. */
export const IMPORTED_STOCK = 0;

/**
 * Maps one catalog record to a product, or rejects it with the reason the
 * screen would give (the contract's messages, joined with commas).
 */
export function mapCatalogRecord(record: CatalogRecord): MapResult {
  const f = record.fields;
  const name = squash(f.product_name);
  const sku = f.pid.trim();
  const reject = (reason: string): MapResult => ({
    ok: false,
    rejection: { line: record.line, sku: sku || null, name: name || null, reason },
  });

  const placement = categoryOf(f.product_category_tree, name);
  if (!placement) return reject('The category tree is not a valid JSON list');
  const images = imagesOf(f.image);
  if (!images) return reject('The image list is not a valid JSON list');
  const specs = specificationsOf(f.product_specifications);
  const actualPrice = rupeesOf(f.retail_price);
  const salePrice = f.discounted_price.trim() === '' ? actualPrice : rupeesOf(f.discounted_price);
  const description = f.description.trim();

  const parsed = productBody.safeParse({
    name,
    // A product with no description is described by its name rather than left out.
    productDetails: description === '' ? name : description,
    brand: f.brand,
    color: firstSpec(specs, COLOR_KEYS, 60),
    sku,
    model: firstSpec(specs, MODEL_KEYS, 120),
    warrantyPeriod: warrantyOf(firstSpec(specs, WARRANTY_KEYS, 500)),
    salePrice,
    actualPrice,
    manufacturer: firstSpec(specs, MANUFACTURER_KEYS, 200),
    stockQuantity: IMPORTED_STOCK,
    category: 1,
    subcategory: null,
    images,
  });
  const messages = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];

  const categoryName = categoryBody.shape.name.safeParse(placement.category);
  if (!categoryName.success) messages.push(...categoryName.error.issues.map((issue) => issue.message));
  const subcategoryName = subcategoryBody.shape.name.safeParse(placement.subcategory);
  if (!subcategoryName.success) messages.push(...subcategoryName.error.issues.map((issue) => issue.message));

  if (!parsed.success || !categoryName.success || !subcategoryName.success) return reject(messages.join(', '));
  return {
    ok: true,
    product: {
      line: record.line,
      categoryName: categoryName.data,
      subcategoryName: subcategoryName.data,
      body: parsed.data,
    },
  };
}
