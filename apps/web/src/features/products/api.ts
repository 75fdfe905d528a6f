import type {
  ApprovalStatus,
  CategoryListResponse,
  MessageResponse,
  Product,
  ProductBody,
  ProductCountsResponse,
  ProductListResponse,
  ProductResponse,
  ProductSavedResponse,
  ProductStatus,
  productSorts,
  SubcategoryListResponse,
  VendorListResponse,
  VendorStatus,
} from '@haat/contract';
import { type InfiniteData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { createQueryKeys, createSubListKeys, invalidateProductFigures } from '../../lib/query-keys';
import { useCursorList } from '../../lib/use-cursor-list';

/** The calls this feature makes (spec section 7; paged as the API's list endpoints allow). */
const endpoints = {
  /** Staff list: every product for an admin, their own for a vendor. */
  staffList: '/api/products/admin/all',
  pending: '/api/products/admin/pending',
  counts: '/api/products/admin/count',
  detail: (id: string) => `/api/products/${id}`,
  create: '/api/products/create',
  edit: (id: string) => `/api/products/edit/${id}`,
  remove: (id: string) => `/api/products/delete/${id}`,
  approve: (id: string) => `/api/products/admin/approve/${id}`,
  reviewRevision: (revisionId: string) => `/api/products/admin/revisions/${revisionId}`,
  categories: '/api/categories',
  subcategories: '/api/subcategories',
  vendors: '/api/vendors',
} as const;

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

const baseKeys = createQueryKeys<'products', ProductFilters>('products');

/**
 * Query keys: the product list is `list(filters)` and the pending review queue
 * `pending.list(filters)`, both under `lists()`, so one invalidation refreshes them all.
 */
export const productKeys = {
  ...baseKeys,
  pending: createSubListKeys<PendingFilters>(baseKeys.lists(), 'pending'),
  counts: () => [...baseKeys.all, 'counts'] as const,
  options: () => [...baseKeys.all, 'options'] as const,
  categoryOptions: () => [...productKeys.options(), 'categories'] as const,
  subcategoryOptions: (categoryId: string) => [...productKeys.options(), 'subcategories', categoryId] as const,
  vendorOptions: (status: 'all' | VendorStatus) => [...productKeys.options(), 'vendors', status] as const,
};

const allToUndefined = <T extends string>(value: T | 'all') => (value === 'all' ? undefined : value);

type ProductPages = InfiniteData<ProductListResponse, string | undefined>;

/**
 * The product list, page by page (spec section 2, Product list). Search and filters
 * run in the database; `total` is the count for the filters.
 */
export function useProductList(filters: ProductFilters) {
  return useCursorList({
    queryKey: productKeys.list(filters),
    limit: PRODUCT_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      apiRequest<ProductListResponse>(endpoints.staffList, {
        query: {
          limit,
          cursor,
          search: filters.search.trim() || undefined,
          status: allToUndefined(filters.status),
          stock: allToUndefined(filters.stock),
          approval: allToUndefined(filters.approval),
          sort: filters.sort === 'newest' ? undefined : filters.sort,
        },
        signal,
      }),
    items: (page) => page.products,
  });
}

/** Products awaiting approval, page by page (spec section 2, Pending products). Admin only. */
export function usePendingProducts(filters: PendingFilters) {
  return useCursorList({
    queryKey: productKeys.pending.list(filters),
    limit: PRODUCT_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      apiRequest<ProductListResponse>(endpoints.pending, {
        query: { limit, cursor, vendor: filters.vendor, category: filters.category },
        signal,
      }),
    items: (page) => page.products,
  });
}

/** The database's counts over the caller's catalog: the list footer and the 'Pending (n)' link. */
export function useProductCounts() {
  return useQuery({
    queryKey: productKeys.counts(),
    queryFn: ({ signal }) => apiRequest<ProductCountsResponse>(endpoints.counts, { signal }),
  });
}

/** One product, for the edit form. */
export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest<ProductResponse>(endpoints.detail(id ?? ''), { signal }),
    enabled: Boolean(id),
    // The form starts from what the server holds now, not from a copy kept since the list.
    staleTime: 0,
  });
}

/**
 * Categories offered by the product form and the pending filters. Read here rather
 * than borrowed from the categories feature (features do not reach into each other);
 * always refetched on mount so a category added a moment ago is offered.
 */
export function useCategoryOptions() {
  return useQuery({
    queryKey: productKeys.categoryOptions(),
    queryFn: ({ signal }) => apiRequest<CategoryListResponse>(endpoints.categories, { signal }),
    staleTime: 0,
  });
}

/** Subcategories of one category, for the form's subcategory selector. */
export function useSubcategoryOptions(categoryId: string) {
  return useQuery({
    queryKey: productKeys.subcategoryOptions(categoryId),
    queryFn: ({ signal }) =>
      apiRequest<SubcategoryListResponse>(endpoints.subcategories, { query: { category: categoryId }, signal }),
    enabled: categoryId !== '',
    staleTime: 0,
  });
}

/** Vendors, for the form's vendor assignment (approved only) and the pending filter (all). Admin only. */
export function useVendorOptions(status: 'all' | VendorStatus, enabled = true) {
  return useQuery({
    queryKey: productKeys.vendorOptions(status),
    queryFn: ({ signal }) =>
      apiRequest<VendorListResponse>(endpoints.vendors, { query: { status: allToUndefined(status) }, signal }),
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
 * After any write: lists, counts and the product's own record are re-read, and so is
 * every figure elsewhere that counts products (the dashboards' cards, the categories'
 * product counts; issue 12), at once rather than when their 30 s run out.
 */
function invalidateAfterWrite(queryClient: QueryClient, id?: string) {
  void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: productKeys.counts() });
  if (id) void queryClient.invalidateQueries({ queryKey: productKeys.detail(id) });
  invalidateProductFigures(queryClient);
}

/** `POST /api/products/create`. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) => apiRequest<ProductSavedResponse>(endpoints.create, { method: 'POST', body }),
    onSuccess: (answer) => invalidateAfterWrite(queryClient, answer.product._id),
  });
}

/** `PUT /api/products/edit/:id`. */
export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) => apiRequest<ProductSavedResponse>(endpoints.edit(id), { method: 'PUT', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData<ProductResponse>(productKeys.detail(id), { success: true, product: answer.product });
      invalidateAfterWrite(queryClient, id);
    },
  });
}

/** `DELETE /api/products/delete/:id`. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MessageResponse>(endpoints.remove(id), { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      patchLoadedPages(queryClient, productKeys.lists(), id, () => null);
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      invalidateAfterWrite(queryClient);
    },
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
 * `PUT /api/products/admin/approve/:id` (spec section 4; issue 12): approving sets the
 * product approved and active, rejecting (with a reason) sets it rejected and pending.
 */
export function useApproveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewVariables) =>
      apiRequest<ProductSavedResponse>(endpoints.approve(id), { method: 'PUT', body }),
    onSuccess: (answer, { id }) => {
      patchLoadedPages(queryClient, productKeys.lists(), id, () => answer.product);
      // Reviewed either way, it leaves the review list (spec section 4).
      patchLoadedPages(queryClient, productKeys.pending.lists(), id, () => null);
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
 * `PUT /api/products/admin/revisions/:id`: approving publishes the vendor's changes,
 * rejecting keeps the approved version and tells the vendor why.
 */
export function useReviewRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revisionId, isApproved, updatedAt, reason }: RevisionReviewVariables) =>
      apiRequest<ProductSavedResponse>(endpoints.reviewRevision(revisionId), {
        method: 'PUT',
        body: { isApproved, updatedAt, reason },
      }),
    onSuccess: (answer, { id }) => {
      patchLoadedPages(queryClient, productKeys.lists(), id, () => answer.product);
      patchLoadedPages(queryClient, productKeys.pending.lists(), id, () => null);
      queryClient.setQueryData<ProductResponse>(productKeys.detail(id), { success: true, product: answer.product });
      invalidateAfterWrite(queryClient, id);
    },
  });
}
