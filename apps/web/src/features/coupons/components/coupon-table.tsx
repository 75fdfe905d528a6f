import { type Coupon, type CouponState, couponStateLabels } from '@haat/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDay, formatRupees } from '../../../lib/format';
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/use-media-query';

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

/** A coupon's Edit and Delete buttons; `card` makes them thumb-sized (44 px). */
function CouponActions({
  coupon,
  onEdit,
  onDelete,
  card = false,
}: Omit<CouponListProps, 'coupons'> & {
  coupon: Coupon;
  card?: boolean;
}) {
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

/**
 * The coupon list: the table from 768 px up, a card per coupon below it (phones), each
 * with its actions reachable without sideways scrolling.
 */
export function CouponList(props: CouponListProps) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  return narrow ? <CouponCards {...props} /> : <CouponTable {...props} />;
}

/** The phone layout of the coupon list: a card per coupon with the table's columns and actions. */
export function CouponCards({ coupons, onEdit, onDelete }: CouponListProps) {
  return (
    <ul aria-label="Coupons" className="space-y-3">
      {coupons.map((coupon) => (
        <li key={coupon._id}>
          <article
            aria-label={coupon.code}
            className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="break-all font-mono font-semibold text-slate-900">{coupon.code}</p>
                <p className="break-words text-xs text-slate-500">{coupon.description || 'No description'}</p>
              </div>
              <StateBadge coupon={coupon} />
            </div>
            <dl className="mt-3 grid grid-cols-[5.5rem_1fr] gap-x-3 gap-y-2">
              <dt className="text-slate-500">Discount</dt>
              <dd className="min-w-0">
                <CouponDiscount coupon={coupon} />
              </dd>
              <dt className="text-slate-500">Validity</dt>
              <dd className="min-w-0">
                <CouponValidity coupon={coupon} />
              </dd>
              <dt className="text-slate-500">Usage</dt>
              <dd className="min-w-0">
                <CouponUsage coupon={coupon} />
              </dd>
            </dl>
            <div className="mt-3 border-t border-slate-100 pt-2">
              <CouponActions coupon={coupon} onEdit={onEdit} onDelete={onDelete} card />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** The coupon list's table (spec section 2, Coupon management: its six columns). */
export function CouponTable({ coupons, onEdit, onDelete }: CouponListProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table aria-label="Coupons" className="w-full min-w-[56rem] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th className="px-4 py-3">Code</th>
            <th className="px-4 py-3">Discount</th>
            <th className="px-4 py-3">Validity</th>
            <th className="px-4 py-3">Usage</th>
            <th className="px-4 py-3">Status</th>
            <th className="px-4 py-3 text-right">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {coupons.map((coupon) => (
            <tr key={coupon._id}>
              <td className="px-4 py-3">
                <p className="font-mono font-semibold text-slate-900">{coupon.code}</p>
                <p className="text-xs text-slate-500">{coupon.description || 'No description'}</p>
              </td>
              <td className="px-4 py-3">
                <CouponDiscount coupon={coupon} />
              </td>
              <td className="px-4 py-3">
                <CouponValidity coupon={coupon} />
              </td>
              <td className="px-4 py-3">
                <CouponUsage coupon={coupon} />
              </td>
              <td className="px-4 py-3">
                <StateBadge coupon={coupon} />
              </td>
              <td className="px-4 py-3">
                <CouponActions coupon={coupon} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
