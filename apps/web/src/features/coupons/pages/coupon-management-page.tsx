import { type Coupon, couponMessages, couponStateLabels, couponStates } from '@haat/contract';
import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCoupons, useDeleteCoupon } from '../api';
import { CouponForm } from '../components/coupon-form';
import { CouponList } from '../components/coupon-table';

type Mode = { view: 'list' } | { view: 'form'; coupon: Coupon | null };

/**
 * Coupon management (spec section 2; /admin/coupons-code and /admin/coupons): the list
 * with its columns, footer counts and delete modal, swapped in place for the form;
 * the list reloads when the form finishes or is cancelled.
 */
export function CouponManagementPage() {
  useDocumentTitle('Coupons');
  const [mode, setMode] = useState<Mode>({ view: 'list' });
  const [toDelete, setToDelete] = useState<Coupon | null>(null);
  const list = useCoupons();
  const remove = useDeleteCoupon();
  const edit = useCallback((coupon: Coupon) => setMode({ view: 'form', coupon }), []);

  if (mode.view === 'form') {
    return (
      <CouponForm
        coupon={mode.coupon}
        onDone={() => {
          setMode({ view: 'list' });
          void list.refetch();
        }}
      />
    );
  }

  const coupons = list.data?.coupons ?? [];
  // One count per state (issue 27): Active and Expired always, the others when some are.
  const counted = couponStates
    .map((state) => ({ state, count: coupons.filter((coupon) => coupon.state === state).length }))
    .filter(({ state, count }) => count > 0 || state === 'active' || state === 'expired')
    .map(({ state, count }) => `${count} ${couponStateLabels[state].toLowerCase()}`)
    .join(', ');
  const create = () => setMode({ view: 'form', coupon: null });

  const onConfirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete, {
      onSuccess: () => {
        setToDelete(null);
        notify.success(couponMessages.deleted);
      },
      onError: (error) => notify.longError(errorMessage(error, couponMessages.deleteFailed)),
    });
  };

  return (
    <div>
      <PageHeader
        title="Coupon Management"
        actions={
          <Button onClick={create}>
            <Plus className="h-4 w-4" aria-hidden />
            Add New Coupon
          </Button>
        }
      />
      {list.isPending ? (
        <Spinner label="Loading coupons..." />
      ) : list.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
          <p className="font-medium">{errorMessage(list.error, couponMessages.fetchFailed)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </div>
      ) : coupons.length === 0 ? (
        <EmptyState
          title="No coupons found"
          description="Get started by creating your first coupon."
          action={<Button onClick={create}>Create First Coupon</Button>}
        />
      ) : (
        <>
          <CouponList coupons={coupons} onEdit={edit} onDelete={setToDelete} />
          <footer className="mt-4 flex flex-wrap justify-between gap-3 text-sm text-slate-600">
            <p>
              Showing {coupons.length} {coupons.length === 1 ? 'coupon' : 'coupons'}
            </p>
            <p>{counted}</p>
          </footer>
        </>
      )}

      {toDelete && (
        <ConfirmDialog
          title="Delete Coupon"
          confirmLabel="Delete Coupon"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={onConfirmDelete}
          onCancel={() => setToDelete(null)}
        >
          <p>
            Are you sure you want to delete the coupon{' '}
            <span className="font-mono font-semibold text-slate-900">{toDelete.code}</span>?
          </p>
          <p className="font-medium text-red-700">This action cannot be undone</p>
          <p>The coupon will be removed together with its usage history. Orders that used it keep their discount.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
