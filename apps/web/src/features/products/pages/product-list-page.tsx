import {
  bulkMessages,
  type Product,
  type ProductBulkAction,
  type ProductBulkBody,
  productBulkDone,
  productMessages,
} from '@haat/contract';
import { Clock, Plus, Upload } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { BulkJobStatus } from '../../../components/ui/bulk-job-status';
import { BulkResult, type BulkResultView, bulkResultOf } from '../../../components/ui/bulk-result';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { RowSelectionProvider } from '../../../components/ui/row-selection';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatListTotal, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRowSelection } from '../../../lib/use-row-selection';
import {
  type ProductFilters,
  productBulkFilterOf,
  productExport,
  useBulkProducts,
  useDeleteProduct,
  useInvalidateCatalog,
  useProductCounts,
  useProductList,
} from '../api';
import { DeleteProductDialog } from '../components/delete-product-dialog';
import { type BulkExtras, ProductBulkBar } from '../components/product-bulk-bar';
import { ProductFilterBar } from '../components/product-filter-bar';
import { ProductTable } from '../components/product-table';
import { RejectDialog } from '../components/reject-dialog';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';
import { useProductFilters } from '../hooks/use-product-filters';
import { useReviewProduct } from '../hooks/use-review-product';

/** How long the search box waits for typing to pause before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The product list (spec section 2, Product list; section 6 for what each role
 * sees). Search, filters and counts run in the database; the table loads the
 * next page as the user scrolls, so a catalog of any size opens as fast as a
 * small one. The footer's numbers are the server's, not the loaded rows'.
 */
export function ProductListPage() {
  useDocumentTitle('Products');
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  const { filters, setFilter, clearAll } = useProductFilters({
    // Filters taken from a new address (the sidebar's bare link, Back) replace the box's text.
    onAdopt: (adopted) => {
      applySearch.cancel();
      setSearchText(adopted.search);
    },
  });
  const [searchText, setSearchText] = useState(filters.search);
  const applySearch = useDebouncedCallback((text: string) => setFilter('search', text.trim()), SEARCH_DEBOUNCE_MS);

  // Vendors have no approval filter (spec section 6).
  const appliedFilters = useMemo<ProductFilters>(
    () => (isAdmin ? filters : { ...filters, approval: 'all' }),
    [filters, isAdmin],
  );
  const list = useProductList(appliedFilters);
  const counts = useProductCounts();
  const { review, reviewingId } = useReviewProduct();
  const remove = useDeleteProduct();
  const [toDelete, setToDelete] = useState<Product | null>(null);
  // Rejecting asks for a reason first (issue 12).
  const [toReject, setToReject] = useState<Product | null>(null);
  // Stable, so the table's columns (and the focus inside them) survive a re-render.
  const onReview = useCallback(
    (product: Product, isApproved: boolean) => (isApproved ? review(product, { isApproved }) : setToReject(product)),
    [review],
  );

  const { query, items: products, total, totalIsLowerBound, hasMore, loadingMore, loadMore } = list;
  const listFailed = query.isError && products.length === 0;
  const hasFilters =
    appliedFilters.search !== '' ||
    appliedFilters.status !== 'all' ||
    appliedFilters.stock !== 'all' ||
    appliedFilters.approval !== 'all';

  const onSearchTextChange = (text: string) => {
    setSearchText(text);
    if (text.trim() === '') {
      // Emptying the box shows everything again at once; only typing waits.
      applySearch.cancel();
      setFilter('search', '');
    } else {
      applySearch(text);
    }
  };

  const onClearAll = () => {
    applySearch.cancel();
    setSearchText('');
    clearAll();
    notify.success(productMessages.filtersCleared);
  };

  const onConfirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, {
      onSuccess: () => {
        setToDelete(null);
        notify.success(productMessages.deleted);
      },
      onError: (error) => notify.longError(errorMessage(error, productMessages.deleteFailed)),
    });
  };

  const selection = useRowSelection(products, JSON.stringify(appliedFilters));
  const bulk = useBulkProducts();
  const [bulkResult, setBulkResult] = useState<BulkResultView | null>(null);
  // A selection too large to answer at once runs as a job (decision 0112), followed here.
  const [bulkJob, setBulkJob] = useState<{ id: string; doneWord: string } | null>(null);
  const invalidateCatalog = useInvalidateCatalog();
  const onBulk = async (action: ProductBulkAction, extras: BulkExtras) => {
    const body: ProductBulkBody = selection.allMatching
      ? { action, filter: productBulkFilterOf(appliedFilters), ...extras }
      : { action, ...selection.idsAndVersions((product) => product.updatedAt), ...extras };
    try {
      const answer = await bulk.mutateAsync(body);
      if ('job' in answer) {
        notify.info(answer.message);
        setBulkResult(null);
        setBulkJob({ id: answer.job._id, doneWord: productBulkDone[action] });
      } else {
        setBulkJob(null);
        setBulkResult(bulkResultOf(answer, (id) => selection.selected.get(id)?.name, 'Product'));
      }
      selection.clear();
    } catch (error) {
      notify.longError(errorMessage(error, bulkMessages.failed));
    }
  };

  const pendingCount = counts.data?.pendingApprovalCount ?? 0;

  return (
    <div>
      <PageHeader
        title="Product Management"
        actions={
          <>
            {isAdmin && pendingCount > 0 && (
              <ButtonLink to={paths.products.pending} variant="secondary">
                <Clock className="h-4 w-4" aria-hidden />
                Pending ({formatNumber(pendingCount)})
              </ButtonLink>
            )}
            <ExportButton request={productExport(appliedFilters)} fallbackName="products.csv" />
            <ButtonLink to={paths.products.import} variant="secondary">
              <Upload className="h-4 w-4" aria-hidden />
              Import CSV
            </ButtonLink>
            <ButtonLink to={paths.products.new}>
              <Plus className="h-4 w-4" aria-hidden />
              Add New Product
            </ButtonLink>
          </>
        }
      />

      <ProductFilterBar
        filters={appliedFilters}
        searchText={searchText}
        showApproval={isAdmin}
        onSearchTextChange={onSearchTextChange}
        onFilterChange={setFilter}
        onClearAll={onClearAll}
      />

      {/* The last bulk action's result stays above the list, even when the action emptied it. */}
      {bulkResult && <BulkResult result={bulkResult} onDismiss={() => setBulkResult(null)} />}
      {bulkJob && (
        <BulkJobStatus
          key={bulkJob.id}
          jobId={bulkJob.id}
          doneWord={bulkJob.doneWord}
          onFinished={invalidateCatalog}
          onDismiss={() => setBulkJob(null)}
        />
      )}
      {query.isPending ? (
        <Spinner label="Loading products..." />
      ) : listFailed ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
          <p className="font-medium">{errorMessage(query.error, productMessages.loadFailed)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : products.length === 0 ? (
        <EmptyState
          title="No products found"
          action={
            hasFilters ? undefined : (
              <ButtonLink to={paths.products.new}>
                <Plus className="h-4 w-4" aria-hidden />
                Add First Product
              </ButtonLink>
            )
          }
        />
      ) : (
        <RowSelectionProvider selection={isAdmin ? selection.context : null}>
          {isAdmin && (selection.selected.size > 0 || selection.allMatching) && (
            <ProductBulkBar
              count={selection.allMatching ? total : selection.count}
              matching={totalIsLowerBound ? 'unknown' : total}
              allMatching={selection.allMatching}
              busy={bulk.isPending}
              onSelectAllMatching={selection.selectAllMatching}
              onClear={selection.clear}
              onAction={onBulk}
            />
          )}
          <ProductTable
            products={products}
            total={totalIsLowerBound ? 'unknown' : total}
            isAdmin={isAdmin}
            reviewingId={reviewingId ?? null}
            hasMore={hasMore}
            loadingMore={loadingMore}
            onLoadMore={loadMore}
            onReview={onReview}
            onDelete={setToDelete}
            sort={appliedFilters.sort}
            onSortChange={(sort) => setFilter('sort', sort)}
          />
        </RowSelectionProvider>
      )}

      {toReject && (
        <RejectDialog
          title="Reject Product?"
          subject={toReject.name}
          confirmLabel="Reject Product"
          busy={reviewingId === toReject._id}
          onCancel={() => setToReject(null)}
          onConfirm={(reason) => review(toReject, { isApproved: false, reason }, () => setToReject(null))}
        />
      )}

      {/* A list that failed to load claims no count (issue 12). */}
      {!query.isPending && !listFailed && (
        <footer className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
          <p>
            Showing {formatNumber(products.length)} of {formatListTotal(total, totalIsLowerBound)} products
          </p>
          {counts.data && (
            <ul aria-label="Product counts" className="flex flex-wrap gap-4">
              <li>
                <span className="font-semibold text-emerald-700">{formatNumber(counts.data.activeCount)}</span> active
              </li>
              <li>
                <span className="font-semibold text-blue-700">{formatNumber(counts.data.inStockCount)}</span> in stock
              </li>
              {isAdmin && (
                <li>
                  <span className="font-semibold text-purple-700">
                    {formatNumber(counts.data.pendingApprovalCount)}
                  </span>{' '}
                  pending approval
                </li>
              )}
            </ul>
          )}
        </footer>
      )}

      {toDelete && (
        <DeleteProductDialog
          product={toDelete}
          busy={remove.isPending}
          onConfirm={onConfirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </div>
  );
}
