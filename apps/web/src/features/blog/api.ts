import type { BlogBody } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import { uploadImage } from '../../lib/upload-image';
import { useCursorList } from '../../lib/use-cursor-list';

/** Posts per page of the card grid. */
export const BLOG_PAGE_SIZE = 24;

/**
 * The posts, newest first, page by page (`useCursorList` over `GET /api/blogs`);
 * `total` and `withCategory` of the first page count them all.
 */
export function useBlogList() {
  return useCursorList({
    queryKey: queries.blogs.list.key({ type: 'infinite' }),
    limit: BLOG_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.blogs.list({ query: { limit, cursor } }, { signal }),
    items: (page) => page.blogs,
  });
}

/** One post, for the edit form. */
export function useBlog(id: string | undefined) {
  return useQuery(
    queries.blogs.get.queryOptions({
      input: { params: { id: id ?? '' } },
      enabled: Boolean(id),
      // The form keeps what it loaded; a refetch would not change the fields anyway.
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** `POST /api/blogs/create` without an id, `PUT /api/blogs/{id}` (with the version it loaded) with one. */
export function useSaveBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BlogBody }) =>
      id ? client.blogs.update({ params: { id }, body }) : client.blogs.create({ body }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queries.blogs.list.key() });
      queryClient.removeQueries({ queryKey: queries.blogs.get.key({ input: { params: { id: saved.blog._id } } }) });
    },
  });
}

/** `DELETE /api/blogs/{id}`. */
export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.blogs.remove({ params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.blogs.list.key() }),
  });
}

/** Uploads a featured image. */
export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
