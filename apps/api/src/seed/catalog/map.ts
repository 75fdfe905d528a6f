import {
  categoryBody,
  isHttpUrl,
  MAX_PRODUCT_IMAGES,
  type ParsedProductBody,
  productBody,
  subcategoryBody,
  type WarrantyPeriod,
  warrantyPeriods,
} from '@haat/contract';
import type { CatalogRecord, RowRejection } from './parse.js';

/**
 * Turns a catalog record into a product as the API would accept it, validated by
 * the contract's own `productBody` (and the category and subcategory name rules),
 * so an imported product obeys exactly the rules of one created on screen.
 */

/** Where a product with no usable category tree is filed. */
export const UNCATEGORIZED = 'Uncategorized';
/** The subcategory of a product whose tree has a single level. */
export const GENERAL = 'General';

/** A record that maps to a valid product. Prices in the body are rupees, as the API takes them. */
export interface MappedProduct {
  line: number;
  categoryName: string;
  subcategoryName: string;
  /** `productBody`'s output; its `category` and `subcategory` ids are placeholders until the plan resolves the names. */
  body: ParsedProductBody;
}

export type MapResult = { ok: true; product: MappedProduct } | { ok: false; rejection: RowRejection };

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * True when a one-level "tree" is really the product's name, as the data set does
 * for some rows (`["Vishudh Printed Women's Straight Kurta"]`, often cut short with
 * `...`): such a product has no category rather than a category named after it.
 */
export function isProductNameNotCategory(level: string, productName: string): boolean {
  if (level.endsWith('...') || level.endsWith('…')) return true;
  const a = squash(level).toLowerCase();
  const b = squash(productName).toLowerCase();
  return a.length > 0 && b.length > 0 && (a.startsWith(b) || b.startsWith(a));
}

/**
 * The category and subcategory names of a `product_category_tree` cell: a JSON
 * array holding one string with levels joined by ` >> `. The first level is the
 * category and the second the subcategory; a missing level reads 'Uncategorized' /
 * 'General'.
 * @returns null when the cell is not such an array.
 */
export function categoryOf(treeCell: string, productName: string): { category: string; subcategory: string } | null {
  const text = treeCell.trim();
  if (text === '') return { category: UNCATEGORIZED, subcategory: GENERAL };
  let tree: unknown;
  try {
    tree = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(tree) || !tree.every((entry) => typeof entry === 'string')) return null;
  const levels = tree
    .join(' >> ')
    .split('>>')
    .map(squash)
    .filter((level) => level !== '');
  const [first, second] = levels;
  if (first === undefined) return { category: UNCATEGORIZED, subcategory: GENERAL };
  if (second === undefined) {
    if (isProductNameNotCategory(first, productName)) return { category: UNCATEGORIZED, subcategory: GENERAL };
    return { category: first, subcategory: GENERAL };
  }
  return { category: first, subcategory: second };
}

/**
 * The image URLs of an `image` cell (a JSON array of strings): http(s) only,
 * duplicates dropped, at most `MAX_PRODUCT_IMAGES`.
 * @returns null when the cell is not a JSON array.
 */
export function imagesOf(cell: string): string[] | null {
  const text = cell.trim();
  if (text === '') return [];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(list)) return null;
  const urls = new Set<string>();
  for (const entry of list) {
    if (typeof entry !== 'string') continue;
    const url = entry.trim();
    if (url.length <= 2000 && isHttpUrl(url)) urls.add(url);
    if (urls.size === MAX_PRODUCT_IMAGES) break;
  }
  return [...urls];
}

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

const WARRANTY_MONTHS: Record<WarrantyPeriod, number> = {
  'No Warranty': 0,
  '6 Months': 6,
  '1 Year': 12,
  '2 Years': 24,
  '3 Years': 36,
  '5 Years': 60,
};
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  eighteen: 18,
};
const UNIT_MONTHS: Record<string, number> = { day: 1 / 30, week: 7 / 30, month: 1, year: 12, yr: 12 };

/**
 * The warranty option nearest to a free-text warranty ('1 year India Warranty' →
 * '1 Year', '6 Months Domestic Warranty' → '6 Months', '10 Days Return Policy' →
 * 'No Warranty'). A tie goes to the shorter option, so the store never promises
 * more than the maker; text without a duration is 'No Warranty'.
 */
export function warrantyOf(text: string | undefined): WarrantyPeriod {
  if (!text) return 'No Warranty';
  const match = text
    .toLowerCase()
    .match(
      /(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen)\s*-?\s*(day|week|month|year|yr)s?\b/,
    );
  if (!match?.[1] || !match[2]) return 'No Warranty';
  const amount = NUMBER_WORDS[match[1]] ?? Number(match[1]);
  const months = amount * (UNIT_MONTHS[match[2]] ?? 0);
  let best: WarrantyPeriod = 'No Warranty';
  for (const option of warrantyPeriods) {
    if (Math.abs(WARRANTY_MONTHS[option] - months) < Math.abs(WARRANTY_MONTHS[best] - months)) best = option;
  }
  return best;
}

/**
 * A price cell in rupees: digits with at most two decimals (thousands separators
 * allowed). Anything else is NaN, which `productBody` refuses with its own message.
 */
export function rupeesOf(cell: string): number {
  const text = cell.trim().replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
}

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
