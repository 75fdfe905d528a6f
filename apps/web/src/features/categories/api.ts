import type { CategoryBody, SubcategoryBody } from '@haat/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import { useCursorList } from '../../lib/use-cursor-list';

/** Categories asked for per page; the list asks for the next as the user scrolls. */
export const CATEGORY_PAGE_SIZE = 50;

/**
 * The category list, page by page by name (`useCursorList` over the API's keyset
 * pages, `GET /api/categories`); `total` is the server's count of categories.
 */
export function useCategoryList() {
  return useCursorList({
    queryKey: queries.categories.list.key({ type: 'infinite' }),
    limit: CATEGORY_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.categories.list({ query: { limit, cursor } }, { signal }),
    items: (page) => page.categories,
  });
}

/** Every category at once (the unpaged list), for the subcategory form's parent dropdown. */
export function useCategories() {
  return useQuery(queries.categories.list.queryOptions({ input: { query: {} } }));
}

/** One category's subcategories (`GET /api/subcategories?category=`), read when its row is expanded. */
export function useSubcategories(categoryId: string | null) {
  return useQuery(
    queries.subcategories.list.queryOptions({
      input: { query: { category: categoryId ?? undefined } },
      enabled: Boolean(categoryId),
    }),
  );
}

/**
 * Counts on the category rows change with subcategories, and a category's subcategories
 * go with it: everything read of both is re-read.
 */
function invalidateCatalog(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queries.categories.key() });
  void queryClient.invalidateQueries({ queryKey: queries.subcategories.key() });
}

/** `POST /api/categories/create` without an id, `PUT /api/categories/{id}` with one. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CategoryBody }) =>
      id
        ? client.categories.update({ params: { id }, body })
        : client.categories.create({ body: { ...body, _id: null } }),
    onSuccess: () => invalidateCatalog(queryClient),
  });
}

/** `DELETE /api/categories/{id}`: its subcategories go with it (spec section 2). */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.categories.remove({ params: { id } }),
    onSuccess: () => invalidateCatalog(queryClient),
  });
}

/** `POST /api/subcategories` without an id, `PUT /api/subcategories/{id}` with one. */
export function useSaveSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SubcategoryBody }) =>
      id
        ? client.subcategories.update({ params: { id }, body })
        : client.subcategories.create({ body: { ...body, _id: null } }),
    onSuccess: () => invalidateCatalog(queryClient),
  });
}

/** `DELETE /api/subcategories/{id}`. */
export function useDeleteSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.subcategories.remove({ params: { id } }),
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
