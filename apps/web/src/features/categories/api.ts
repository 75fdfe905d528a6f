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

/** The calls of the category screen (spec section 7). */
const endpoints = {
  categories: '/api/categories',
  createCategory: '/api/categories/create',
  category: (id: string) => `/api/categories/${id}`,
  subcategories: '/api/subcategories',
  subcategory: (id: string) => `/api/subcategories/${id}`,
} as const;

/** Query keys of categories; there is one list (the API has no category filters), `list('all')`. */
export const categoryKeys = createQueryKeys<'categories', 'all'>('categories');

/** Query keys of subcategories, listed per parent category: `list(categoryId)`. */
export const subcategoryKeys = createQueryKeys<'subcategories', string>('subcategories');

/** Every category with its subcategory and product counts. */
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
