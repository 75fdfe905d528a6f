import type {
  ApprovalStatus,
  ImportBody,
  Product,
  ProductBody,
  ProductBulkBody,
  ProductListQuery,
  ProductListResponse,
  ProductStatus,
  productSorts,
  VendorStatus,
} from '@haat/contract';
import { type InfiniteData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { client, queries } from '../../lib/api-client';
import type { ExportRequest } from '../../lib/download';
import { invalidateProductFigures } from '../../lib/query-keys';
import { useCursorList } from '../../lib/use-cursor-list';

/** Rows fetched per page; the table asks for the next page as the user nears the end. */
export const PRODUCT_PAGE_SIZE = 50;

/** An order the product list can be asked for (the server sorts, with a keyset cursor per order). */
export type ProductSort = (typeof productSorts)[number];

/** Filters of the product list (spec section 5, client-side search) and its order, applied by the server. */
export interface ProductFilters {
  search: string;
  status: 'all' | ProductStatus;
  stock: 'all' | 'in-stock' | 'out-of-stock';
  approval: 'all' | ApprovalStatus;
  sort: ProductSort;
}

/** No search, every status, stock and approval, newest first: the list as it first opens. */
export const defaultProductFilters: ProductFilters = {
  search: '',
  status: 'all',
  stock: 'all',
  approval: 'all',
  sort: 'newest',
};

/** Filters of the pending review list: a vendor's id and a category's id, '' for all. */
export interface PendingFilters {
  vendor: string;
  category: string;
}

const allToUndefined = <T extends string>(value: T | 'all') => (value === 'all' ? undefined : value);

/** The staff list's query for `filters`: what the server takes as its defaults is left out. */
const staffListQuery = (filters: ProductFilters): ProductListQuery => ({
  search: filters.search.trim() || undefined,
  status: allToUndefined(filters.status),
  stock: allToUndefined(filters.stock),
  approval: allToUndefined(filters.approval),
  sort: filters.sort === 'newest' ? undefined : filters.sort,
});

/** The list's CSV export for `filters` (issue 26): every product they select, not the loaded pages. */
export const productExport =
  (filters: ProductFilters): ExportRequest =>
  () =>
    client.products.staffExport({ query: staffListQuery(filters) });

/** The review queue's query for `filters` ('' is every vendor or category). */
const pendingQuery = (filters: PendingFilters): ProductListQuery => ({
  vendor: filters.vendor || undefined,
  category: filters.category || undefined,
});

type ProductPages = InfiniteData<ProductListResponse, string | undefined>;

/**
 * The product list, page by page (spec section 2, Product list; `GET
 * /api/products/admin/all`). Search and filters run in the database; `total` is the
 * count for the filters.
 */
export function useProductList(filters: ProductFilters) {
  const query = staffListQuery(filters);
  return useCursorList({
    queryKey: queries.products.staffList.key({ type: 'infinite', input: { query } }),
    limit: PRODUCT_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      client.products.staffList({ query: { limit, cursor, ...query } }, { signal }),
    items: (page) => page.products,
  });
}

/** Products awaiting approval, page by page (spec section 2, Pending products). Admin only. */
export function usePendingProducts(filters: PendingFilters) {
  const query = pendingQuery(filters);
  return useCursorList({
    queryKey: queries.products.pending.key({ type: 'infinite', input: { query } }),
    limit: PRODUCT_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      client.products.pending({ query: { limit, cursor, ...query } }, { signal }),
    items: (page) => page.products,
  });
}

/** The database's counts over the caller's catalog: the list footer and the 'Pending (n)' link. */
export function useProductCounts() {
  return useQuery(queries.products.counts.queryOptions());
}

/** The detail query of one product (`GET /api/products/{id}`). */
const productQuery = (id: string) => queries.products.get.queryOptions({ input: { params: { id } } });

/** One product, for the edit form. */
export function useProduct(id: string | undefined) {
  return useQuery({
    ...productQuery(id ?? ''),
    enabled: Boolean(id),
    // The form starts from what the server holds now, not from a copy kept since the list.
    staleTime: 0,
  });
}

/**
 * Categories offered by the product form and the pending filters (`GET /api/categories`,
 * every one). Read here rather than borrowed from the categories feature (features do not
 * reach into each other); always refetched on mount so a category added a moment ago is offered.
 */
export function useCategoryOptions() {
  return useQuery({ ...queries.categories.list.queryOptions({ input: { query: {} } }), staleTime: 0 });
}

/** Subcategories of one category (`GET /api/subcategories?category=`), for the form's subcategory selector. */
export function useSubcategoryOptions(categoryId: string) {
  return useQuery({
    ...queries.subcategories.list.queryOptions({ input: { query: { category: categoryId || undefined } } }),
    enabled: categoryId !== '',
    staleTime: 0,
  });
}

/** Vendors, for the form's vendor assignment (approved only) and the pending filter (all). Admin only. */
export function useVendorOptions(status: 'all' | VendorStatus, enabled = true) {
  return useQuery({
    ...queries.vendors.list.queryOptions({ input: { query: { status: allToUndefined(status) } } }),
    enabled,
    staleTime: 0,
  });
}

/**
 * Applies `change` to the product wherever a loaded page under `queryKey` holds it;
 * null drops it (spec section 4: changes apply locally once the call succeeds).
 */
function patchLoadedPages(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  id: string,
  change: (product: Product) => Product | null,
) {
  queryClient.setQueriesData<ProductPages>({ queryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => {
            const products: Product[] = [];
            for (const product of page.products) {
              const next = product._id === id ? change(product) : product;
              if (next) products.push(next);
            }
            return { ...page, products };
          }),
        }
      : data,
  );
}

/**
 * The loaded pages of the product list and of the review queue (both lists of
 * products, infinite queries); the coupon form's product picker reads the staff list
 * as a plain query, left out of the patches.
 */
const productLists = () => [
  queries.products.staffList.key({ type: 'infinite' }),
  queries.products.pending.key({ type: 'infinite' }),
];

/**
 * After any write: lists, counts and the product's own record are re-read, and so is
 * every figure elsewhere that counts products (the dashboards' cards, the categories'
 * product counts; issue 12), at once rather than when their 30 s run out.
 */
/** Reads the catalog's lists and figures again (after a write, or a bulk job's end). */
export function useInvalidateCatalog() {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateAfterWrite(queryClient), [queryClient]);
}

function invalidateAfterWrite(queryClient: QueryClient, id?: string) {
  void queryClient.invalidateQueries({ queryKey: queries.products.staffList.key() });
  void queryClient.invalidateQueries({ queryKey: queries.products.pending.key() });
  void queryClient.invalidateQueries({ queryKey: queries.products.counts.key() });
  if (id) void queryClient.invalidateQueries({ queryKey: productQuery(id).queryKey });
  invalidateProductFigures(queryClient);
}

/** `POST /api/products/create`. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) => client.products.create({ body }),
    onSuccess: (answer) => invalidateAfterWrite(queryClient, answer.product._id),
  });
}

/** `PUT /api/products/edit/{id}`. */
export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) => client.products.update({ params: { id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(productQuery(id).queryKey, { success: true, product: answer.product });
      invalidateAfterWrite(queryClient, id);
    },
  });
}

/** `DELETE /api/products/delete/{id}`. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.products.remove({ params: { id } }),
    onSuccess: (_answer, id) => {
      for (const queryKey of productLists()) patchLoadedPages(queryClient, queryKey, id, () => null);
      queryClient.removeQueries({ queryKey: productQuery(id).queryKey });
      invalidateAfterWrite(queryClient);
    },
  });
}

/** The filter of a bulk action on "all N matching these filters" (issue 26): the list's own query. */
export const productBulkFilterOf = (filters: ProductFilters) => staffListQuery(filters);

/**
 * `POST /api/products/admin/bulk` (issue 26): an action on the selected products or on
 * every product a filter selects; lists, counts and figures are read again after it.
 */
export function useBulkProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBulkBody) => client.products.bulk({ body }),
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}

/** A review decision as the screens send it (issue 12). */
export interface ReviewVariables {
  id: string;
  isApproved: boolean;
  /** The version on screen, so a product changed since is not reviewed blind (409). */
  updatedAt: string;
  /** Required to reject (decision 0046). */
  reason?: string | undefined;
  /** The review form's unsaved edits, saved with the decision in one request (decision 0045). */
  product?: ProductBody | undefined;
}

/**
 * `PUT /api/products/admin/approve/{id}` (spec section 4; issue 12): approving sets the
 * product approved and active, rejecting (with a reason) sets it rejected and pending.
 */
export function useApproveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewVariables) => client.products.review({ params: { id }, body }),
    onSuccess: (answer, { id }) => {
      patchLoadedPages(queryClient, queries.products.staffList.key({ type: 'infinite' }), id, () => answer.product);
      // Reviewed either way, it leaves the review list (spec section 4).
      patchLoadedPages(queryClient, queries.products.pending.key({ type: 'infinite' }), id, () => null);
      invalidateAfterWrite(queryClient, id);
    },
  });
}

/** A review of a vendor's pending change to an approved product (issue 12; decision 0044). */
export interface RevisionReviewVariables {
  /** The product the revision belongs to: its entries in loaded lists are updated. */
  id: string;
  revisionId: string;
  isApproved: boolean;
  /** The revision's version on screen (409 when the vendor changed it since). */
  updatedAt: string;
  reason?: string | undefined;
}

/**
 * `PUT /api/products/admin/revisions/{id}`: approving publishes the vendor's changes,
 * rejecting keeps the approved version and tells the vendor why.
 */
export function useReviewRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revisionId, isApproved, updatedAt, reason }: RevisionReviewVariables) =>
      client.products.reviewRevision({ params: { id: revisionId }, body: { isApproved, updatedAt, reason } }),
    onSuccess: (answer, { id }) => {
      patchLoadedPages(queryClient, queries.products.staffList.key({ type: 'infinite' }), id, () => answer.product);
      patchLoadedPages(queryClient, queries.products.pending.key({ type: 'infinite' }), id, () => null);
      queryClient.setQueryData(productQuery(id).queryKey, { success: true, product: answer.product });
      invalidateAfterWrite(queryClient, id);
    },
  });
}

/** `POST /api/products/import/preview` (issue 26): what importing a file would do; writes nothing. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (body: ImportBody) => client.products.preview({ body }),
  });
}

/** `POST /api/products/import` (issue 26): starts the import as a job; answers the job to follow. */
export function useStartImport() {
  return useMutation({
    mutationFn: (body: ImportBody) => client.products.start({ body }),
  });
}
