import { type Coupon, type CouponState, couponStateLabels } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, useDataTableLayout } from '../../../components/ui/data-table';
import { formatDay, formatRupees } from '../../../lib/format';

const stateTones: Record<CouponState, BadgeTone> = {
  active: 'green',
  scheduled: 'blue',
  used_up: 'purple',
  paused: 'grey',
  expired: 'red',
};

/** A coupon's one state (issue 27: derived on the server, one badge, no second opinion beside it). */
function StateBadge({ coupon }: { coupon: Coupon }) {
  return <Badge tone={stateTones[coupon.state]}>{couponStateLabels[coupon.state]}</Badge>;
}

/** Usage as the list shows it (spec section 4): used / limit in whole percent, or null when unlimited. */
export function usagePercent(coupon: Pick<Coupon, 'usedCount' | 'usageLimit'>): number | null {
  return coupon.usageLimit === null ? null : Math.round((coupon.usedCount / coupon.usageLimit) * 100);
}

/** What the coupon list shows and does, on either layout. */
export interface CouponListProps {
  coupons: Coupon[];
  onEdit: (coupon: Coupon) => void;
  onDelete: (coupon: Coupon) => void;
}

/** A coupon's discount: percent (with its cap) or rupees, and the minimum order. */
function CouponDiscount({ coupon }: { coupon: Coupon }) {
  return (
    <>
      <p className="font-medium text-slate-900">
        {coupon.discountType === 'percentage' ? `${coupon.discountValue}%` : formatRupees(coupon.discountValue)}
        {coupon.discountType === 'percentage' && coupon.maxDiscountAmount !== null && (
          <span className="ml-1 text-xs font-normal text-slate-500">
            (max {formatRupees(coupon.maxDiscountAmount)})
          </span>
        )}
      </p>
      <p className="text-xs text-slate-500">Min order: {formatRupees(coupon.minOrderAmount)}</p>
    </>
  );
}

/** A coupon's validity: its dates (whether it applies now is its state's badge). */
function CouponValidity({ coupon }: { coupon: Coupon }) {
  return (
    <p className="text-slate-700">
      {formatDay(coupon.startDate)} - {formatDay(coupon.endDate)}
    </p>
  );
}

/** A coupon's usage: used / limit with a bar, or used / ∞ when unlimited. */
function CouponUsage({ coupon }: { coupon: Coupon }) {
  const percent = usagePercent(coupon);
  if (percent === null) return <p className="text-slate-700">{coupon.usedCount} / ∞ used</p>;
  return (
    <>
      <p className="text-slate-700">
        {coupon.usedCount} / {coupon.usageLimit}
      </p>
      <div
        role="progressbar"
        aria-label={`Usage of ${coupon.code}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent, 100)}
        className="mt-1 h-1.5 w-24 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-pink-600" style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
    </>
  );
}

/** A coupon's Edit and Delete buttons, thumb-sized (44 px) on a phone's card. */
function CouponActions({ coupon, onEdit, onDelete }: Omit<CouponListProps, 'coupons'> & { coupon: Coupon }) {
  const card = useDataTableLayout() === 'cards';
  const size = card ? 'h-11 w-11 justify-center' : '';
  return (
    <div className={`flex ${card ? 'gap-2' : 'justify-end gap-1'}`}>
      <Button
        variant="ghost"
        size="sm"
        className={size}
        aria-label={`Edit ${coupon.code}`}
        onClick={() => onEdit(coupon)}
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className={size}
        aria-label={`Delete ${coupon.code}`}
        onClick={() => onDelete(coupon)}
      >
        <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
      </Button>
    </div>
  );
}

/** The coupon list's columns (spec section 2, Coupon management: its six columns). */
function columnsFor({ onEdit, onDelete }: Omit<CouponListProps, 'coupons'>): ColumnDef<Coupon>[] {
  return [
    {
      id: 'code',
      header: 'Code',
      size: 200,
      meta: { card: 'title' },
      cell: ({ row: { original: coupon } }) => (
        <div className="min-w-0">
          <p className="break-all font-mono font-semibold text-slate-900">{coupon.code}</p>
          <p className="break-words text-xs text-slate-500">{coupon.description || 'No description'}</p>
        </div>
      ),
    },
    {
      id: 'discount',
      header: 'Discount',
      size: 160,
      cell: ({ row: { original: coupon } }) => <CouponDiscount coupon={coupon} />,
    },
    {
      id: 'validity',
      header: 'Validity',
      size: 200,
      cell: ({ row: { original: coupon } }) => <CouponValidity coupon={coupon} />,
    },
    {
      id: 'usage',
      header: 'Usage',
      size: 130,
      cell: ({ row: { original: coupon } }) => <CouponUsage coupon={coupon} />,
    },
    {
      id: 'status',
      header: 'Status',
      size: 110,
      cell: ({ row: { original: coupon } }) => <StateBadge coupon={coupon} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      size: 100,
      meta: { className: 'text-right', card: 'actions' },
      cell: ({ row: { original: coupon } }) => <CouponActions coupon={coupon} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
}

/**
 * The coupon list (spec section 2, Coupon management) on the list kit: the table from
 * 768 px up, a card per coupon below it (phones), each with its actions reachable
 * without sideways scrolling. The spec's list is unpaged: every coupon is loaded.
 */
export function CouponList({ coupons, onEdit, onDelete }: CouponListProps) {
  const columns = useMemo(() => columnsFor({ onEdit, onDelete }), [onEdit, onDelete]);
  return (
    <DataTable
      label="Coupons"
      columns={columns}
      data={coupons}
      getRowId={(coupon) => coupon._id}
      estimateRowHeight={72}
      cardLabel={(coupon) => coupon.code}
    />
  );
}
