import { isHttpUrl, MAX_PRODUCT_IMAGES, type WarrantyPeriod, warrantyPeriods } from '@haat/contract';

/**
 * Reading the cells of a product file (issue 26 'Imports'): a category path, a list of
 * image URLs, a free-text warranty, a price in rupees. The import screen's rows and the
 * demo catalog's records (`seed/catalog`) read their cells here, so both read them alike.
 */

/** Where a product with no usable category tree is filed. */
export const UNCATEGORIZED = 'Uncategorized';
/** The subcategory of a product whose tree has a single level. */
export const GENERAL = 'General';

/** Spaces squashed to one and trimmed. */
export const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

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

/**
 * A category cell of an import: a path ('Clothing >> Women's Clothing', 'Home > Decor')
 * or the demo catalog's JSON tree (`categoryOf`). The first level is the category and
 * the second, when there is one, the subcategory.
 * @returns null when the cell names no category (or a JSON tree cannot be read).
 */
export function placementOf(
  cell: string,
  productName: string,
): { category: string; subcategory: string | null } | null {
  const text = cell.trim();
  if (text.startsWith('[')) return categoryOf(text, productName);
  const [category, subcategory] = text
    .split(/>>|>/)
    .map(squash)
    .filter((level) => level !== '');
  return category === undefined ? null : { category, subcategory: subcategory ?? null };
}

/**
 * An images cell of an import: URLs separated by spaces, commas or `|`, or the demo
 * catalog's JSON list (`imagesOf`); repeats dropped. The product form's rules then check
 * each address and how many there are.
 * @returns null when a JSON list cannot be read.
 */
export function imageListOf(cell: string): string[] | null {
  const text = cell.trim();
  if (text.startsWith('[')) return imagesOf(text);
  return [...new Set(text.split(/[\s|,]+/).filter((url) => url !== ''))];
}
