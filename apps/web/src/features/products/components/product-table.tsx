import type { Product } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Check, Copy, Pencil, Trash2, X } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableSort, LongText } from '../../../components/ui/data-table';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { notify } from '../../../components/ui/notify';
import { SelectAllLoaded, SelectRow } from '../../../components/ui/row-selection';
import { formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { ProductSort } from '../api';
import { ApprovalBadge, ProductStatusBadge, ReviewNote, StockBadge } from './product-badges';

export interface ProductTableProps {
  products: Product[];
  /** Products matching the filters in all (the server's count), or `'unknown'` past its bound ('10,000+'). */
  total: number | 'unknown';
  /** Admins get the Approve and Reject buttons (spec section 6). */
  isAdmin: boolean;
  /** The product whose approval is being saved, if any. */
  reviewingId: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onReview: (product: Product, isApproved: boolean) => void;
  onDelete: (product: Product) => void;
  /** The order the list is in, and the way to ask for another (the server sorts). */
  sort: ProductSort;
  onSortChange: (sort: ProductSort) => void;
}

/** The table's sortable columns and the server's order for each direction. */
const sortOfColumn: Record<string, Record<DataTableSort['direction'], ProductSort>> = {
  product: { asc: 'name-asc', desc: 'name-desc' },
  price: { asc: 'price-asc', desc: 'price-desc' },
};

/** The column and direction a server order shows as; null for the default (newest first) and oldest first. */
export function columnSortOf(sort: ProductSort): DataTableSort | null {
  for (const [column, directions] of Object.entries(sortOfColumn)) {
    if (directions.asc === sort) return { column, direction: 'asc' };
    if (directions.desc === sort) return { column, direction: 'desc' };
  }
  return null;
}

/** The server order for a column's sort; newest first for none. */
export function productSortOf(sort: DataTableSort | null): ProductSort {
  return (sort && sortOfColumn[sort.column]?.[sort.direction]) || 'newest';
}

/** Copies a SKU to the clipboard and says so. */
async function copySku(sku: string) {
  try {
    await navigator.clipboard.writeText(sku);
    notify.success(`SKU ${sku} copied`);
  } catch {
    notify.error('Could not copy the SKU');
  }
}

function columnsFor({
  isAdmin,
  reviewingId,
  onReview,
  onDelete,
}: Pick<ProductTableProps, 'isAdmin' | 'reviewingId' | 'onReview' | 'onDelete'>): ColumnDef<Product>[] {
  return [
    ...(isAdmin
      ? [
          {
            id: 'select',
            // Bulk actions (issue 26): the selection lives in `RowSelectionProvider`.
            header: () => <SelectAllLoaded label="Select all loaded products" />,
            size: 40,
            meta: { label: 'Select', className: 'w-10' },
            cell: ({ row: { original: product } }) => <SelectRow row={product} label={`Select ${product.name}`} />,
          } satisfies ColumnDef<Product>,
        ]
      : []),
    {
      id: 'product',
      header: 'Product',
      // Widths are proportions: a wider screen widens every column alike. The columns
      // add up to 970 px for an admin, so the list fits 1280 px with the sidebar open
      // (issue 27).
      size: isAdmin ? 240 : 320,
      meta: { card: 'title', sortable: true },
      cell: ({ row: { original: product } }) => (
        <div className="flex items-center gap-3">
          <ImageWithFallback
            src={product.images[0]}
            thumbnail
            alt={product.name}
            className="h-12 w-12 shrink-0 rounded-lg border border-slate-200"
          />
          <div className="min-w-0 flex-1">
            <LongText text={product.name} lines={2} className="font-medium text-slate-900" />
            <LongText text={product.brand} className="text-xs text-slate-500" />
            <SkuLine sku={product.sku} />
          </div>
        </div>
      ),
    },
    ...(isAdmin
      ? [
          {
            id: 'vendor',
            header: 'Vendor',
            size: 120,
            // Admin-owned products have no vendor: the store sells them itself.
            cell: ({ row: { original: product } }) => (
              <LongText
                text={product.vendor ? product.vendor.businessName || (product.vendor.name ?? '') : 'Admin'}
                className="text-slate-800"
              />
            ),
          } satisfies ColumnDef<Product>,
        ]
      : []),
    {
      id: 'price',
      header: 'Price',
      size: 120,
      meta: { sortable: true },
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
      size: 130,
      cell: ({ row: { original: product } }) => (
        <div className="min-w-0">
          <LongText text={product.category.name} className="text-slate-800" />
          {product.subcategory && <LongText text={product.subcategory.name} className="text-xs text-slate-500" />}
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      size: 150,
      // Status, stock and approval together: one column says where the product stands.
      cell: ({ row: { original: product } }) => (
        <div className="flex flex-col items-start gap-1">
          {/* A rejected product shows one state, Rejected (issue 12); one awaiting approval
              shows 'Pending Approval' once, not 'Pending' beside it (issue 33). */}
          {product.approvalStatus !== 'rejected' &&
            !(product.status === 'pending' && product.approvalStatus === 'pending') && (
              <ProductStatusBadge status={product.status} />
            )}
          <StockBadge quantity={product.stockQuantity} />
          <ApprovalBadge status={product.approvalStatus} />
          <ReviewNote product={product} />
        </div>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      // Up to four 32 px icon buttons (Approve, Reject, Edit, Delete), their gaps and the cell's padding.
      size: isAdmin ? 170 : 100,
      meta: { className: 'text-right', card: 'actions', label: 'Actions' },
      cell: ({ row: { original: product } }) => {
        const busy = reviewingId === product._id;
        return (
          <div className="flex flex-wrap justify-end gap-0.5">
            {isAdmin && product.approvalStatus !== 'approved' && (
              <button
                type="button"
                disabled={busy}
                aria-label={`Approve ${product.name}`}
                title="Approve"
                onClick={() => onReview(product, true)}
                className={`${iconAction} text-emerald-700 hover:bg-emerald-50`}
              >
                <Check className="h-4 w-4" aria-hidden />
              </button>
            )}
            {isAdmin && product.approvalStatus !== 'rejected' && (
              <button
                type="button"
                disabled={busy}
                aria-label={`Reject ${product.name}`}
                title="Reject"
                onClick={() => onReview(product, false)}
                className={`${iconAction} text-amber-700 hover:bg-amber-50`}
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            )}
            <Link
              to={paths.products.edit(product._id)}
              aria-label={`Edit ${product.name}`}
              title="Edit"
              className={`${iconAction} text-slate-600 hover:bg-slate-100 hover:text-slate-900`}
            >
              <Pencil className="h-4 w-4" aria-hidden />
            </Link>
            <button
              type="button"
              aria-label={`Delete ${product.name}`}
              title="Delete"
              onClick={() => onDelete(product)}
              className={`${iconAction} text-red-600 hover:bg-red-50`}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </button>
          </div>
        );
      },
    },
  ];
}

/** A row's icon action: 32 px in the table, thumb-sized (44 px) on a phone's card. */
const iconAction =
  'inline-flex items-center justify-center rounded-lg p-2 disabled:cursor-not-allowed disabled:opacity-50 max-md:h-11 max-md:w-11';

/**
 * The whole SKU under the product's name, with a button that copies it (issue 12): a
 * usual SKU (up to about 25 characters) stays on one line; a longer one wraps rather
 * than being cut.
 */
function SkuLine({ sku }: { sku: string }) {
  return (
    <div className="flex min-w-0 items-start gap-1">
      <span className="sr-only">SKU</span>
      <span className="min-w-0 font-mono text-xs text-slate-600 [overflow-wrap:anywhere]">{sku}</span>
      <button
        type="button"
        aria-label={`Copy SKU ${sku}`}
        title="Copy SKU"
        onClick={() => void copySku(sku)}
        className="shrink-0 rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        <Copy className="h-3.5 w-3.5" aria-hidden />
      </button>
    </div>
  );
}

/**
 * The product list's table (spec section 2, Product list): product, the whole SKU with
 * a copy button, the vendor (admins; issue 12), price, category, status and stock,
 * approval (buttons for admins), Edit and Delete. Product and Price headers sort the
 * list in the database. Rows are virtualised and the next page loads as the user
 * scrolls near the end; under 768 px each product is a card with its actions.
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
  sort,
  onSortChange,
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
      cardLabel={(product) => product.name}
      sort={columnSortOf(sort)}
      onSortChange={(next) => onSortChange(productSortOf(next))}
      className="max-h-[max(24rem,calc(100vh-22rem))]"
    />
  );
}
