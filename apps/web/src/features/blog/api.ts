import { type BlogBody, uploadMessages } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, client, queries } from '../../lib/api-client';
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

/**
 * `POST /api/uploads` with the file's bytes as the body. The server reads the type
 * from the bytes; the file's own type is sent so a file that lies is refused.
 * @throws ApiError with the server's message ('Images must be at most 2 MB', ...).
 */
export async function uploadImage(file: File) {
  // A file of no known type goes as plain bytes, as the server expects of one.
  const bytes = file.type ? file : new Blob([file], { type: 'application/octet-stream' });
  try {
    return await client.uploads.create({ body: bytes });
  } catch (error) {
    // An answer without the server's words (a proxy's 413, say) reads as the upload rule.
    if (error instanceof ApiError && error.code === 'UNKNOWN' && error.status !== 0) {
      throw new ApiError(uploadMessages.notImage, error.status, error.code);
    }
    throw error;
  }
}

/** Uploads a featured image. */
export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
