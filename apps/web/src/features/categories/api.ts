import type {
  CategoryBody,
  CategoryListResponse,
  CategoryResponse,
  MessageResponse,
  SubcategoryBody,
  SubcategoryListResponse,
  SubcategoryResponse,
} from '@haat/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { createQueryKeys } from '../../lib/query-keys';
import { useCursorList } from '../../lib/use-cursor-list';

/** The calls of the category screen (spec section 7). */
const endpoints = {
  categories: '/api/categories',
  createCategory: '/api/categories/create',
  category: (id: string) => `/api/categories/${id}`,
  subcategories: '/api/subcategories',
  subcategory: (id: string) => `/api/subcategories/${id}`,
} as const;

/** Categories asked for per page; the list asks for the next as the user scrolls. */
export const CATEGORY_PAGE_SIZE = 50;

/**
 * Query keys of categories. The screen has no category filters, so there are two lists:
 * the screen's paged list, `list('pages')`, and every category at once for the parent
 * dropdown, `list('all')`; both sit under `lists()`.
 */
export const categoryKeys = createQueryKeys<'categories', 'pages' | 'all'>('categories');

/** Query keys of subcategories, listed per parent category: `list(categoryId)`. */
export const subcategoryKeys = createQueryKeys<'subcategories', string>('subcategories');

/**
 * The category list, page by page by name (`useCursorList` over the API's keyset
 * pages); `total` is the server's count of categories.
 */
export function useCategoryList() {
  return useCursorList({
    queryKey: categoryKeys.list('pages'),
    limit: CATEGORY_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      apiRequest<CategoryListResponse>(endpoints.categories, { query: { limit, cursor }, signal }),
    items: (page) => page.categories,
  });
}

/** Every category at once (the unpaged list), for the subcategory form's parent dropdown. */
export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.list('all'),
    queryFn: ({ signal }) => apiRequest<CategoryListResponse>(endpoints.categories, { signal }),
  });
}

/** One category's subcategories, read when its row is expanded. */
export function useSubcategories(categoryId: string | null) {
  return useQuery({
    queryKey: subcategoryKeys.list(categoryId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<SubcategoryListResponse>(endpoints.subcategories, { query: { category: categoryId }, signal }),
    enabled: Boolean(categoryId),
  });
}

/**
 * Counts on the category rows change with subcategories, and a category's subcategories
 * go with it: every list of both is re-read, and the written record's own key.
 */
function invalidateCatalog(
  queryClient: QueryClient,
  written?: { category?: string | null; subcategory?: string | null },
) {
  void queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: subcategoryKeys.lists() });
  if (written?.category) void queryClient.invalidateQueries({ queryKey: categoryKeys.detail(written.category) });
  if (written?.subcategory)
    void queryClient.invalidateQueries({ queryKey: subcategoryKeys.detail(written.subcategory) });
}

/** `POST /api/categories/create` without an id, `PUT /api/categories/:id` with one. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CategoryBody }) =>
      id
        ? apiRequest<CategoryResponse>(endpoints.category(id), { method: 'PUT', body })
        : apiRequest<CategoryResponse>(endpoints.createCategory, { method: 'POST', body: { ...body, _id: null } }),
    onSuccess: (_answer, { id }) => invalidateCatalog(queryClient, { category: id }),
  });
}

/** `DELETE /api/categories/:id`: its subcategories go with it (spec section 2). */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MessageResponse>(endpoints.category(id), { method: 'DELETE' }),
    onSuccess: (_answer, id) => invalidateCatalog(queryClient, { category: id }),
  });
}

/** `POST /api/subcategories` without an id, `PUT /api/subcategories/:id` with one. */
export function useSaveSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SubcategoryBody }) =>
      id
        ? apiRequest<SubcategoryResponse>(endpoints.subcategory(id), { method: 'PUT', body })
        : apiRequest<SubcategoryResponse>(endpoints.subcategories, { method: 'POST', body: { ...body, _id: null } }),
    onSuccess: (_answer, { id }) => invalidateCatalog(queryClient, { subcategory: id }),
  });
}

/** `DELETE /api/subcategories/:id`. */
export function useDeleteSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MessageResponse>(endpoints.subcategory(id), { method: 'DELETE' }),
    onSuccess: (_answer, id) => invalidateCatalog(queryClient, { subcategory: id }),
  });
}
