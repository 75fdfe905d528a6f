import { bulkMessages, type ProductBulkAction, productMessages } from '@haat/contract';
import { ArrowLeft, Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BulkResult, type BulkResultView, bulkResultOf } from '../../../components/ui/bulk-result';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Select } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { RowSelectionProvider, SelectAllLoaded } from '../../../components/ui/row-selection';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatListTotal } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRowSelection } from '../../../lib/use-row-selection';
import { useBulkProducts, useCategoryOptions, usePendingProducts, useVendorOptions } from '../api';
import { PendingProductCard } from '../components/pending-product-card';
import { type BulkExtras, ProductBulkBar } from '../components/product-bulk-bar';
import { hasPendingFilters, usePendingFilters } from '../hooks/use-pending-filters';
import { productListPath } from '../hooks/use-product-filters';
import { useReviewProduct } from '../hooks/use-review-product';

/**
 * The admin's review list (spec section 2, Pending products): vendor and category
 * filters, the '{n} products awaiting approval' banner, a card per product with
 * View Details, Approve and Reject; a reviewed product leaves the list (section 4).
 * Vendors' pending changes to approved products are in the queue too, with what
 * changed (issue 12). Under a filter that nothing matches, the empty text says so
 * rather than that everything is reviewed. Cards load a page at a time as the user scrolls.
 * Cards are selected (each, or all loaded) and approved or rejected at once (issue 33),
 * through the product list's bulk call; the result names each one skipped and why.
 */
export function PendingProductsPage() {
  useDocumentTitle('Pending Products');
  const { filters, setFilter } = usePendingFilters();
  const {
    query,
    items: products,
    total,
    totalIsLowerBound,
    hasMore,
    loadingMore,
    loadMore,
  } = usePendingProducts(filters);
  const vendors = useVendorOptions('all');
  const categories = useCategoryOptions();
  const { review, reviewRevision, reviewingId } = useReviewProduct();
  const selection = useRowSelection(products, JSON.stringify(filters));
  const bulk = useBulkProducts();
  const [bulkResult, setBulkResult] = useState<BulkResultView | null>(null);
  const onBulk = async (action: ProductBulkAction, extras: BulkExtras) => {
    try {
      const answer = await bulk.mutateAsync({
        action,
        ...selection.idsAndVersions((product) => product.updatedAt),
        ...extras,
      });
      // The queue selects only loaded cards, at most a page's worth: always answered at once.
      if (!('job' in answer)) setBulkResult(bulkResultOf(answer, (id) => selection.selected.get(id)?.name, 'Product'));
      selection.clear();
    } catch (error) {
      notify.longError(errorMessage(error, bulkMessages.failed));
    }
  };

  useEffect(() => {
    if (query.error) console.error('Loading pending products failed', query.error);
  }, [query.error]);

  return (
    <div>
      <PageHeader
        title="Pending Products"
        subtitle="Review products submitted by vendors"
        actions={
          <ButtonLink to={productListPath()} variant="secondary">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            All Products
          </ButtonLink>
        }
      />

      <section
        aria-label="Filters"
        className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
      >
        <Field label="Vendor">
          {(control) => (
            <Select {...control} value={filters.vendor} onChange={(event) => setFilter('vendor', event.target.value)}>
              <option value="">All Vendors</option>
              {(vendors.data?.vendors ?? []).map((vendor) => (
                <option key={vendor._id} value={vendor._id}>
                  {vendor.businessName || vendor.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Category">
          {(control) => (
            <Select
              {...control}
              value={filters.category}
              onChange={(event) => setFilter('category', event.target.value)}
            >
              <option value="">All Categories</option>
              {(categories.data?.categories ?? []).map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </section>

      {/* The last bulk review's result stays above the queue, even when it emptied it. */}
      {bulkResult && <BulkResult result={bulkResult} onDismiss={() => setBulkResult(null)} />}
      {query.isPending ? (
        <Spinner label="Loading pending products..." />
      ) : query.isError && products.length === 0 ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
          {errorMessage(query.error, productMessages.loadFailed)}
        </p>
      ) : products.length === 0 ? (
        hasPendingFilters(filters) ? (
          <EmptyState
            title="No products match these filters"
            description="Nothing from this vendor or category awaits review. Choose All Vendors and All Categories to see the whole queue."
          />
        ) : (
          <EmptyState title="No pending products" description="All products have been reviewed. Great job!" />
        )
      ) : (
        <RowSelectionProvider selection={selection.context}>
          <p
            role="status"
            className="mb-4 flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
          >
            <Clock className="h-4 w-4" aria-hidden />
            {formatListTotal(total, totalIsLowerBound)} {total === 1 ? 'product' : 'products'} awaiting approval
          </p>
          {/* biome-ignore lint/a11y/noLabelWithoutControl: the checkbox inside is the control. */}
          <label className="mb-3 flex w-fit items-center gap-2 text-sm text-slate-700">
            <SelectAllLoaded label="Select all loaded products" />
            Select all loaded
          </label>
          {selection.selected.size > 0 && (
            <ProductBulkBar
              actions={['approve', 'reject']}
              count={selection.count}
              matching={selection.count}
              allMatching={false}
              busy={bulk.isPending}
              onClear={selection.clear}
              onAction={onBulk}
            />
          )}
          <ul aria-label="Pending products" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {products.map((product) => (
              <li key={product._id}>
                <PendingProductCard
                  product={product}
                  busy={reviewingId === product._id}
                  onReview={(item, decision) => review(item, decision)}
                  onReviewRevision={(item, revision, decision) => reviewRevision(item, revision, decision)}
                />
              </li>
            ))}
          </ul>
          <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
        </RowSelectionProvider>
      )}
    </div>
  );
}
