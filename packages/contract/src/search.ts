import { z } from 'zod';
import { hasNoNul, idString, NUL_CHARACTER_MESSAGE } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Issue 10, global search: the top bar's box ('Search products, orders, customers...')
 * asks `GET /api/search?q=` as the user types and shows the answer grouped by kind.
 */

/** The top bar's words. The placeholder is the spec's (section 2). */
export const searchMessages = {
  placeholder: 'Search products, orders, customers...',
  label: 'Search',
  searching: 'Searching...',
  noResults: (text: string) => `No results for "${text}"`,
  failed: 'Search failed. Try again.',
  tooShort: `Type at least 2 characters`,
  required: 'Type something to search for',
} as const;

/** The kinds of record the search finds, in the order the answer groups them. */
export const searchKinds = ['products', 'orders', 'customers', 'vendors', 'categories'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** Each kind's heading in the results. */
export const searchKindLabels: Record<SearchKind, string> = {
  products: 'Products',
  orders: 'Orders',
  customers: 'Customers',
  vendors: 'Vendors',
  categories: 'Categories',
};

/** Text of a search: 2 to 100 characters once trimmed. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results per kind. */
export const SEARCH_RESULTS_PER_KIND = 5;

/** `GET /api/search` query: `q`, trimmed, 2 to 100 characters, no NUL. */
export const searchQuery = z.object({
  q: z
    .string({ error: searchMessages.required })
    .trim()
    .min(SEARCH_MIN_LENGTH, searchMessages.tooShort)
    .max(SEARCH_MAX_LENGTH, `Must be at most ${SEARCH_MAX_LENGTH} characters`)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/**
 * One found record: `label` is its name (or tracking number), `detail` a second line
 * (SKU and brand, the customer, an e-mail...), `href` the back office's screen that
 * opens it, `exact` true when the text is the record's SKU, tracking number or e-mail.
 */
export const searchHit = z.object({
  _id: idString,
  label: z.string(),
  detail: z.string(),
  href: z.string(),
  exact: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHit>;

/** `GET /api/search` answer: every kind the caller may search, each with up to 5 hits, exact matches first. */
export const searchResponse = z.object({
  success: z.literal(true),
  query: z.string(),
  groups: z.array(z.object({ kind: z.enum(searchKinds), label: z.string(), hits: z.array(searchHit) })),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** The top bar's global search (issue 10; decisions 0060 and 0061). */
export const searchEndpoints = {
  /**
   * `q` (2 to 100 characters once trimmed, no NUL) → up to 5 records of each kind the
   * caller may see, grouped by kind (products, orders, customers, vendors, categories),
   * exact SKU, tracking number or e-mail first, each with its label, a second line and
   * the back office address that opens it. An admin searches the whole store; a vendor
   * their own products and the orders holding them only. 400 for a bad `q`.
   */
  everything: endpoint('GET', '/api/search', {
    access: 'staff',
    summary: 'Search products, orders, customers, vendors and categories',
  })
    .input(z.object({ query: searchQuery }))
    .output(searchResponse),
};
