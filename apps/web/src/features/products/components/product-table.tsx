import type { Product } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ApprovalBadge, ProductStatusBadge, ReviewNote, StockBadge } from './product-badges';

export interface ProductTableProps {
  products: Product[];
  /** Products matching the filters in all (the server's count). */
  total: number;
  /** Admins get the Approve and Reject buttons (spec section 6). */
  isAdmin: boolean;
  /** The product whose approval is being saved, if any. */
  reviewingId: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onReview: (product: Product, isApproved: boolean) => void;
  onDelete: (product: Product) => void;
}

function columnsFor({
  isAdmin,
  reviewingId,
  onReview,
  onDelete,
}: Pick<ProductTableProps, 'isAdmin' | 'reviewingId' | 'onReview' | 'onDelete'>): ColumnDef<Product>[] {
  return [
    {
      id: 'product',
      header: 'Product',
      // Widths are proportions: a wider screen widens every column alike.
      size: 280,
      cell: ({ row: { original: product } }) => (
        <div className="flex items-center gap-3">
          <ImageWithFallback
            src={product.images[0]}
            alt={product.name}
            className="h-12 w-12 shrink-0 rounded-lg border border-slate-200"
          />
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900" title={product.name}>
              {product.name}
            </p>
            <p className="truncate text-xs text-slate-500">{product.brand}</p>
          </div>
        </div>
      ),
    },
    {
      id: 'sku',
      header: 'SKU',
      size: 120,
      cell: ({ row: { original: product } }) => (
        <span className="block truncate font-mono text-xs text-slate-600" title={product.sku}>
          {product.sku}
        </span>
      ),
    },
    {
      id: 'price',
      header: 'Price',
      size: 130,
      cell: ({ row: { original: product } }) => (
        <div>
          <p className="font-medium text-slate-900">{formatRupees(product.salePrice)}</p>
          {product.actualPrice > product.salePrice && (
            <p className="text-xs text-emerald-700">Save {formatRupees(product.actualPrice - product.salePrice)}</p>
          )}
        </div>
      ),
    },
    {
      id: 'category',
      header: 'Category',
      size: 160,
      cell: ({ row: { original: product } }) => (
        <div className="min-w-0">
          <p className="truncate text-slate-800">{product.category.name}</p>
          {product.subcategory && <p className="truncate text-xs text-slate-500">{product.subcategory.name}</p>}
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      size: 130,
      cell: ({ row: { original: product } }) => (
        <div className="flex flex-col items-start gap-1">
          {/* A rejected product shows one state, Rejected, in the Approval column (issue 12). */}
          {product.approvalStatus !== 'rejected' && <ProductStatusBadge status={product.status} />}
          <StockBadge quantity={product.stockQuantity} />
        </div>
      ),
    },
    {
      id: 'approval',
      header: 'Approval',
      size: isAdmin ? 200 : 140,
      cell: ({ row: { original: product } }) => {
        const busy = reviewingId === product._id;
        return (
          <div className="flex flex-col items-start gap-1.5">
            <ApprovalBadge status={product.approvalStatus} />
            <ReviewNote product={product} />
            {isAdmin && (
              <div className="flex gap-1.5">
                {product.approvalStatus !== 'approved' && (
                  <Button
                    size="sm"
                    variant="success"
                    disabled={busy}
                    aria-label={`Approve ${product.name}`}
                    onClick={() => onReview(product, true)}
                  >
                    <Check className="h-3.5 w-3.5" aria-hidden />
                    Approve
                  </Button>
                )}
                {product.approvalStatus !== 'rejected' && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Reject ${product.name}`}
                    onClick={() => onReview(product, false)}
                  >
                    <X className="h-3.5 w-3.5" aria-hidden />
                    Reject
                  </Button>
                )}
              </div>
            )}
          </div>
        );
      },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      // Two 32 px icon buttons, their gap and the cell's padding: 100 px at the least.
      size: 112,
      meta: { className: 'text-right' },
      cell: ({ row: { original: product } }) => (
        <div className="flex justify-end gap-1">
          <Link
            to={paths.products.edit(product._id)}
            aria-label={`Edit ${product.name}`}
            title="Edit"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <Pencil className="h-4 w-4" aria-hidden />
          </Link>
          <button
            type="button"
            aria-label={`Delete ${product.name}`}
            title="Delete"
            onClick={() => onDelete(product)}
            className="rounded-lg p-2 text-red-600 hover:bg-red-50"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ),
    },
  ];
}

/**
 * The product list's table (spec section 2, Product list): product, SKU, price,
 * category, status and stock, approval (buttons for admins), Edit and Delete.
 * Rows are virtualised and the next page loads as the user scrolls near the end.
 */
export function ProductTable({
  products,
  total,
  isAdmin,
  reviewingId,
  hasMore,
  loadingMore,
  onLoadMore,
  onReview,
  onDelete,
}: ProductTableProps) {
  const columns = useMemo(
    () => columnsFor({ isAdmin, reviewingId, onReview, onDelete }),
    [isAdmin, reviewingId, onReview, onDelete],
  );
  return (
    <DataTable
      label="Products"
      columns={columns}
      data={products}
      getRowId={(product) => product._id}
      totalRows={total}
      hasMore={hasMore}
      loadingMore={loadingMore}
      loadingMoreLabel="Loading more products..."
      onEndReached={onLoadMore}
      estimateRowHeight={77}
      className="max-h-[max(24rem,calc(100vh-22rem))]"
    />
  );
}
