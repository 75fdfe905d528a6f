import { type Vendor, vendorMessages } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Check, Eye, Pencil, Trash2, X } from 'lucide-react';
import { useMemo } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { LoadMore } from '../../../components/ui/load-more';
import { SelectAllLoaded, SelectRow } from '../../../components/ui/row-selection';
import { formatDate, truncate } from '../../../lib/format';
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/use-media-query';
import { VendorStatusBadge } from './vendor-status-badge';

/** Spec section 9: business address 30 characters, e-mail 20 in the Contact column. */
const ADDRESS_MAX = 30;
const EMAIL_MAX = 20;

/** What a vendor's row or card can do. */
export interface VendorRowActions {
  onView: (vendor: Vendor) => void;
  onEdit: (vendor: Vendor) => void;
  onReview: (vendor: Vendor, status: 'approved' | 'rejected') => void;
  onDelete: (vendor: Vendor) => void;
}

const iconButton = 'rounded-md p-1.5 transition disabled:opacity-50';
/** On a card the buttons are thumb-sized (44 px). */
const cardButton = 'inline-flex h-11 w-11 items-center justify-center';

/**
 * A vendor's actions: details, edit, approve and reject while pending, delete. `card`
 * gives the larger buttons of the phone layout.
 */
export function VendorActions({
  vendor,
  busy,
  actions,
  card = false,
}: {
  vendor: Vendor;
  busy: boolean;
  actions: VendorRowActions;
  card?: boolean;
}) {
  const size = card ? cardButton : '';
  return (
    <div className={`flex flex-wrap items-center ${card ? 'gap-2' : 'gap-1'}`}>
      <button
        type="button"
        className={`${iconButton} ${size} text-slate-600 hover:bg-slate-100`}
        aria-label={`View details of ${vendor.name}`}
        onClick={() => actions.onView(vendor)}
      >
        <Eye className="h-4 w-4" aria-hidden />
      </button>
      <button
        type="button"
        className={`${iconButton} ${size} text-blue-600 hover:bg-blue-50`}
        aria-label={`Edit ${vendor.name}`}
        onClick={() => actions.onEdit(vendor)}
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </button>
      {vendor.status === 'pending' && (
        <>
          <button
            type="button"
            className={`${iconButton} ${size} text-emerald-600 hover:bg-emerald-50`}
            aria-label={`Approve ${vendor.name}`}
            disabled={busy}
            onClick={() => actions.onReview(vendor, 'approved')}
          >
            <Check className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={`${iconButton} ${size} text-amber-600 hover:bg-amber-50`}
            aria-label={`Reject ${vendor.name}`}
            disabled={busy}
            onClick={() => actions.onReview(vendor, 'rejected')}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </>
      )}
      <button
        type="button"
        className={`${iconButton} ${size} text-red-600 hover:bg-red-50`}
        aria-label={`Delete ${vendor.name}`}
        disabled={busy}
        onClick={() => actions.onDelete(vendor)}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}

/** What the vendor list shows and does, on either layout. */
export interface VendorListProps {
  vendors: Vendor[];
  /** Vendors matching the filters, loaded or not. */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** Loads the next page (called as the user scrolls). */
  onEndReached: () => void;
  /** The vendor whose status change or deletion is under way. */
  busyId: string | null;
  actions: VendorRowActions;
}

/**
 * The vendor list: a table from 768 px up, a card per vendor below it (phones), each
 * with every action reachable without sideways scrolling.
 */
export function VendorList(props: VendorListProps) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  return narrow ? <VendorCards {...props} /> : <VendorTable {...props} />;
}

/**
 * The phone layout of the vendor list: a card per vendor with the table's columns
 * (same truncation) and its actions; the next page loads as the user scrolls.
 */
export function VendorCards({ vendors, hasMore, loadingMore, onEndReached, busyId, actions }: VendorListProps) {
  return (
    <div>
      <ul aria-label="Vendors" className="space-y-3">
        {vendors.map((vendor) => (
          <li key={vendor._id}>
            <article
              aria-label={vendor.name}
              className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <SelectRow row={vendor} label={`Select ${vendor.name}`} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{vendor.name}</p>
                  <p className="truncate text-xs text-slate-500">{truncate(vendor.email, EMAIL_MAX)}</p>
                </div>
                <VendorStatusBadge status={vendor.status} />
              </div>
              <dl className="mt-3 grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-1">
                <dt className="text-slate-500">Business</dt>
                <dd className="min-w-0 break-words text-slate-900">{vendor.businessName}</dd>
                <dt className="text-slate-500">Address</dt>
                <dd className="min-w-0 break-words text-slate-900">
                  {vendor.address ? truncate(vendor.address, ADDRESS_MAX) : vendorMessages.noAddress}
                </dd>
                <dt className="text-slate-500">Phone</dt>
                <dd className="text-slate-900">{vendor.phoneNumber}</dd>
                <dt className="text-slate-500">Registered</dt>
                <dd className="text-slate-900">{formatDate(vendor.createdAt)}</dd>
              </dl>
              <div className="mt-3 border-t border-slate-100 pt-2">
                <VendorActions vendor={vendor} busy={busyId === vendor._id} actions={actions} card />
              </div>
            </article>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={onEndReached} />
    </div>
  );
}

/**
 * The vendor list (spec section 2): Vendor (name and email), Business (name and address
 * cut at 30 characters, or 'No address'), Contact (phone and email cut at 20),
 * Registered (short month, day, year), Status and Actions (details, edit, approve and
 * reject while pending, delete). Asks for the next page as the user scrolls.
 */
export function VendorTable({ vendors, total, hasMore, loadingMore, onEndReached, busyId, actions }: VendorListProps) {
  const columns = useMemo<ColumnDef<Vendor>[]>(
    () => [
      {
        id: 'select',
        // Bulk approval (issue 26): the selection lives in `RowSelectionProvider`.
        header: () => <SelectAllLoaded label="Select all loaded vendors" />,
        size: 40,
        meta: { label: 'Select' },
        cell: ({ row }) => <SelectRow row={row.original} label={`Select ${row.original.name}`} />,
      },
      {
        id: 'vendor',
        header: 'Vendor',
        size: 200,
        // The whole e-mail, broken where it must (issue 27: a cut address cannot be read).
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{row.original.name}</p>
            <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">{row.original.email}</p>
          </div>
        ),
      },
      {
        id: 'business',
        header: 'Business',
        size: 190,
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="truncate text-slate-900">{row.original.businessName}</p>
            <p className="text-xs text-slate-500">
              {row.original.address ? truncate(row.original.address, ADDRESS_MAX) : vendorMessages.noAddress}
            </p>
          </div>
        ),
      },
      {
        id: 'contact',
        header: 'Contact',
        size: 150,
        cell: ({ row }) => (
          <div>
            <p className="text-slate-900">{row.original.phoneNumber}</p>
            <p className="text-xs text-slate-500">{truncate(row.original.email, EMAIL_MAX)}</p>
          </div>
        ),
      },
      { id: 'registered', header: 'Registered', size: 120, cell: ({ row }) => formatDate(row.original.createdAt) },
      {
        id: 'status',
        header: 'Status',
        size: 110,
        cell: ({ row }) => <VendorStatusBadge status={row.original.status} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        size: 180,
        cell: ({ row }) => <VendorActions vendor={row.original} busy={busyId === row.original._id} actions={actions} />,
      },
    ],
    [actions, busyId],
  );

  return (
    <DataTable
      label="Vendors"
      columns={columns}
      data={vendors}
      getRowId={(vendor) => vendor._id}
      totalRows={total}
      hasMore={hasMore}
      loadingMore={loadingMore}
      loadingMoreLabel="Loading more vendors..."
      onEndReached={onEndReached}
    />
  );
}
