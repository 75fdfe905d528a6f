import {
  type BlogBody,
  type BlogListResponse,
  type BlogResponse,
  type BlogSavedResponse,
  type MessageResponse,
  type UploadResponse,
  uploadMessages,
} from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';
import { createQueryKeys } from '../../lib/query-keys';
import { sessionStore } from '../../lib/session';
import { useCursorList } from '../../lib/use-cursor-list';

/** The calls of the blog screens (spec section 7). */
const endpoints = {
  list: '/api/blogs',
  create: '/api/blogs/create',
  detail: (id: string) => `/api/blogs/${id}`,
  uploads: '/api/uploads',
} as const;

/** Posts per page of the card grid. */
export const BLOG_PAGE_SIZE = 24;

/** Query keys of blog posts: the list has one order, `list('newest')`; a post is `detail(id)`. */
export const blogKeys = createQueryKeys<'blogs', 'newest'>('blogs');

/**
 * The posts, newest first, page by page (`useCursorList`); `total` and `withCategory`
 * of the first page count them all.
 */
export function useBlogList() {
  return useCursorList({
    queryKey: blogKeys.list('newest'),
    limit: BLOG_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      apiRequest<BlogListResponse>(endpoints.list, { query: { limit, cursor }, signal }),
    items: (page) => page.blogs,
  });
}

/** One post, for the edit form. */
export function useBlog(id: string | undefined) {
  return useQuery({
    queryKey: blogKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest<BlogResponse>(endpoints.detail(id ?? ''), { signal }),
    enabled: Boolean(id),
    // The form keeps what it loaded; a refetch would not change the fields anyway.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST /api/blogs/create` without an id, `PUT /api/blogs/:id` (with the version it loaded) with one. */
export function useSaveBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BlogBody }) =>
      id
        ? apiRequest<BlogSavedResponse>(endpoints.detail(id), { method: 'PUT', body })
        : apiRequest<BlogSavedResponse>(endpoints.create, { method: 'POST', body }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: blogKeys.lists() });
      queryClient.removeQueries({ queryKey: blogKeys.detail(saved.blog._id) });
    },
  });
}

/** `DELETE /api/blogs/:id`. */
export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MessageResponse>(endpoints.detail(id), { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: blogKeys.lists() }),
  });
}

/**
 * `POST /api/uploads` with the file's bytes as the body. The server reads the type
 * from the bytes; the file's own type is sent so a file that lies is refused.
 * @throws ApiError with the server's message ('Images must be at most 2 MB', ...).
 */
export async function uploadImage(file: File): Promise<UploadResponse> {
  const session = sessionStore.get();
  let response: Response;
  try {
    response = await fetch(endpoints.uploads, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': file.type || 'application/octet-stream',
        ...(session && { authorization: `Bearer ${session.token}` }),
      },
      body: file,
    });
  } catch {
    throw new ApiError('Could not reach the server. Check your connection and try again.', 0, 'NETWORK');
  }
  const body = (await response.json().catch(() => null)) as
    | (UploadResponse & { message?: string; code?: string })
    | null;
  if (!response.ok) {
    throw new ApiError(body?.message || uploadMessages.notImage, response.status, body?.code ?? 'UNKNOWN');
  }
  return body as UploadResponse;
}

/** Uploads a featured image. */
export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
