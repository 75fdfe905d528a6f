import { type Vendor, vendorMessages } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Check, Eye, Pencil, Trash2, X } from 'lucide-react';
import { useMemo } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { formatDate, truncate } from '../../../lib/format';
import { VendorStatusBadge } from './vendor-status-badge';

/** Spec section 9: business address 30 characters, e-mail 20 in the Contact column. */
const ADDRESS_MAX = 30;
const EMAIL_MAX = 20;

export interface VendorRowActions {
  onView: (vendor: Vendor) => void;
  onEdit: (vendor: Vendor) => void;
  onReview: (vendor: Vendor, status: 'approved' | 'rejected') => void;
  onDelete: (vendor: Vendor) => void;
}

const iconButton = 'rounded-md p-1.5 transition disabled:opacity-50';

/**
 * The vendor list (spec section 2): Vendor (name and email), Business (name and address
 * cut at 30 characters, or 'No address'), Contact (phone and email cut at 20),
 * Registered (short month, day, year), Status and Actions (details, edit, approve and
 * reject while pending, delete). Asks for the next page as the user scrolls.
 */
export function VendorTable({
  vendors,
  total,
  hasMore,
  loadingMore,
  onEndReached,
  busyId,
  actions,
}: {
  vendors: Vendor[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onEndReached: () => void;
  busyId: string | null;
  actions: VendorRowActions;
}) {
  const columns = useMemo<ColumnDef<Vendor>[]>(
    () => [
      {
        id: 'vendor',
        header: 'Vendor',
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{row.original.name}</p>
            <p className="truncate text-xs text-slate-500">{row.original.email}</p>
          </div>
        ),
      },
      {
        id: 'business',
        header: 'Business',
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
        cell: ({ row }) => (
          <div>
            <p className="text-slate-900">{row.original.phoneNumber}</p>
            <p className="text-xs text-slate-500">{truncate(row.original.email, EMAIL_MAX)}</p>
          </div>
        ),
      },
      { id: 'registered', header: 'Registered', size: 130, cell: ({ row }) => formatDate(row.original.createdAt) },
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
        cell: ({ row }) => {
          const vendor = row.original;
          const busy = busyId === vendor._id;
          return (
            <div className="flex items-center gap-1">
              <button
                type="button"
                className={`${iconButton} text-slate-600 hover:bg-slate-100`}
                aria-label={`View details of ${vendor.name}`}
                onClick={() => actions.onView(vendor)}
              >
                <Eye className="h-4 w-4" aria-hidden />
              </button>
              <button
                type="button"
                className={`${iconButton} text-blue-600 hover:bg-blue-50`}
                aria-label={`Edit ${vendor.name}`}
                onClick={() => actions.onEdit(vendor)}
              >
                <Pencil className="h-4 w-4" aria-hidden />
              </button>
              {vendor.status === 'pending' && (
                <>
                  <button
                    type="button"
                    className={`${iconButton} text-emerald-600 hover:bg-emerald-50`}
                    aria-label={`Approve ${vendor.name}`}
                    disabled={busy}
                    onClick={() => actions.onReview(vendor, 'approved')}
                  >
                    <Check className="h-4 w-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={`${iconButton} text-amber-600 hover:bg-amber-50`}
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
                className={`${iconButton} text-red-600 hover:bg-red-50`}
                aria-label={`Delete ${vendor.name}`}
                disabled={busy}
                onClick={() => actions.onDelete(vendor)}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            </div>
          );
        },
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
