import type { Coupon } from '@haat/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatRupees } from '../../../lib/format';

/** `11/23/2026` from a date-only `YYYY-MM-DD`, read on the calendar (no time zone shift). */
export function shortUsDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${month}/${day}/${year}`;
}

const statusBadge = {
  active: <Badge tone="green">Active</Badge>,
  inactive: <Badge tone="grey">Inactive</Badge>,
  expired: <Badge tone="red">Expired</Badge>,
} as const;

/** Usage as the list shows it (spec section 4): used / limit in whole percent, or null when unlimited. */
export function usagePercent(coupon: Pick<Coupon, 'usedCount' | 'usageLimit'>): number | null {
  return coupon.usageLimit === null ? null : Math.round((coupon.usedCount / coupon.usageLimit) * 100);
}

/** The coupon list's table (spec section 2, Coupon management: its six columns). */
export function CouponTable({
  coupons,
  onEdit,
  onDelete,
}: {
  coupons: Coupon[];
  onEdit: (coupon: Coupon) => void;
  onDelete: (coupon: Coupon) => void;
}) {
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
          {coupons.map((coupon) => {
            const percent = usagePercent(coupon);
            const expired = coupon.status === 'expired';
            return (
              <tr key={coupon._id}>
                <td className="px-4 py-3">
                  <p className="font-mono font-semibold text-slate-900">{coupon.code}</p>
                  <p className="text-xs text-slate-500">{coupon.description || 'No description'}</p>
                </td>
                <td className="px-4 py-3">
                  <p className="font-medium text-slate-900">
                    {coupon.discountType === 'percentage'
                      ? `${coupon.discountValue}%`
                      : formatRupees(coupon.discountValue)}
                    {coupon.discountType === 'percentage' && coupon.maxDiscountAmount !== null && (
                      <span className="ml-1 text-xs font-normal text-slate-500">
                        (max {formatRupees(coupon.maxDiscountAmount)})
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-slate-500">Min order: {formatRupees(coupon.minOrderAmount)}</p>
                </td>
                <td className="px-4 py-3">
                  <p className="text-slate-700">
                    {shortUsDate(coupon.startDate)} - {shortUsDate(coupon.endDate)}
                  </p>
                  <p className={`text-xs font-medium ${expired ? 'text-red-600' : 'text-emerald-600'}`}>
                    {expired ? 'Expired' : 'Active'}
                  </p>
                </td>
                <td className="px-4 py-3">
                  {percent === null ? (
                    <p className="text-slate-700">{coupon.usedCount} / ∞ used</p>
                  ) : (
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
                  )}
                </td>
                <td className="px-4 py-3">{statusBadge[coupon.status]}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="sm" aria-label={`Edit ${coupon.code}`} onClick={() => onEdit(coupon)}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete ${coupon.code}`}
                      onClick={() => onDelete(coupon)}
                    >
                      <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
