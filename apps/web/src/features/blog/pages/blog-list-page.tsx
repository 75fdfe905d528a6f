import { type Blog, blogMessages } from '@haat/contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { LoadMore } from '../../../components/ui/load-more';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoadAnnouncement } from '../../../lib/use-load-announcement';
import { useBlogList, useDeleteBlog } from '../api';

/** One post's card: image or placeholder, category badge, title, author, date, Edit and Delete. */
function BlogCard({ blog, onDelete }: { blog: Blog; onDelete: (blog: Blog) => void }) {
  return (
    <li aria-label={blog.title} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <ImageWithFallback src={blog.image} alt={blog.title} className="h-44 w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {blog.category && (
          <div>
            <Badge tone="purple">{blog.category}</Badge>
          </div>
        )}
        <h2 className="line-clamp-2 text-base font-semibold text-slate-900">{blog.title}</h2>
        <p className="text-sm text-slate-500">
          By {blog.author} · {formatDate(blog.createdAt)}
        </p>
        <div className="mt-auto flex gap-2 pt-2">
          <ButtonLink to={paths.blog.edit(blog._id)} variant="secondary" size="sm" aria-label={`Edit ${blog.title}`}>
            <Pencil className="mr-1 h-4 w-4" aria-hidden /> Edit
          </ButtonLink>
          <Button variant="ghost" size="sm" aria-label={`Delete ${blog.title}`} onClick={() => onDelete(blog)}>
            <Trash2 className="mr-1 h-4 w-4 text-red-600" aria-hidden /> Delete
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * Blog Management (spec section 2, 'Blog list'; /admin/blog and /admin/blogs): a card
 * grid of posts, newest first, loading the next page as the user scrolls; the footer
 * counts posts and how many have categories (from the server); delete asks first.
 */
export function BlogListPage() {
  useDocumentTitle('Blog Posts');
  const { query: list, items: blogs, total, hasMore, loadingMore, loadMore } = useBlogList();
  const remove = useDeleteBlog();
  const [deleting, setDeleting] = useState<Blog | null>(null);

  const first = list.data?.pages[0];

  // 'Loaded {n} blogs successfully!' after a reload the user asked for, not on every visit (decision 0053).
  const { reload, reloading } = useLoadAnnouncement(list, (data) => {
    const page = data.pages[0];
    return blogMessages.loaded(page?.total ?? page?.blogs.length ?? 0);
  });
  useEffect(() => {
    if (list.isError) notify.error(blogMessages.loadFailed);
  }, [list.isError]);

  const cancelDelete = () => {
    setDeleting(null);
    notify.info(blogMessages.deleteCancelled);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notify.success(blogMessages.deleted);
        setDeleting(null);
      },
      onError: (error) => {
        notify.longError(errorMessage(error, blogMessages.deleteFailed));
        setDeleting(null);
      },
    });
  };

  return (
    <div>
      <PageHeader
        title={blogMessages.heading}
        subtitle="Write and manage the store's blog posts"
        actions={
          <>
            <RefreshButton busy={reloading} onClick={() => void reload()} />
            <ButtonLink to={paths.blog.new}>
              <Plus className="mr-1 h-4 w-4" aria-hidden /> Add New Blog
            </ButtonLink>
          </>
        }
      />
      {list.isPending ? (
        <Spinner label="Loading blogs..." />
      ) : list.isError && blogs.length === 0 ? (
        <EmptyState title={blogMessages.loadFailed} description={errorMessage(list.error, '')} />
      ) : blogs.length === 0 ? (
        <EmptyState title={blogMessages.empty} action={<ButtonLink to={paths.blog.new}>Add New Blog</ButtonLink>} />
      ) : (
        <>
          <ul aria-label="Blog posts" className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {blogs.map((blog) => (
              <BlogCard key={blog._id} blog={blog} onDelete={setDeleting} />
            ))}
          </ul>
          <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
          <p className="mt-6 text-sm text-slate-500">
            Showing {formatNumber(blogs.length)} of {formatNumber(total)} posts ·{' '}
            {formatNumber(first?.withCategory ?? blogs.filter((blog) => blog.category).length)} with categories
          </p>
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Blog"
          confirmLabel="Delete Blog"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={cancelDelete}
        >
          <p>{blogMessages.deleteConfirm(deleting.title)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
