import type { Product } from '@haat/contract';
import { productMessages } from '@haat/contract';
import { Check, Clock, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { Decision } from '../hooks/use-review-product';
import { RejectDialog } from './reject-dialog';
import { RevisionChanges } from './revision-changes';

/**
 * Where the product stands in review, told to its vendor above the form (issue 12):
 * rejected, with the admin's reason; sent again after a rejection; or, on an approved
 * product, changes waiting for review (with what changed) or rejected with the reason,
 * while the approved version stays public. Nothing when there is nothing to tell.
 */
export function VendorReviewBanner({ product }: { product: Product }) {
  const revision = product.approvalStatus === 'approved' ? product.revision : null;
  if (product.approvalStatus === 'rejected') {
    return (
      <section
        aria-label="Review"
        className="mb-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      >
        <p className="font-semibold">Rejected by the administrator</p>
        <p className="mt-1">Reason: {product.rejectionReason ?? productMessages.noReasonGiven}</p>
        <p className="mt-1">Change the product and save it to send it for approval again.</p>
      </section>
    );
  }
  if (product.approvalStatus === 'pending' && product.rejectionReason) {
    return (
      <section
        aria-label="Review"
        className="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <p className="font-semibold">Sent for approval again</p>
        <p className="mt-1">Last rejected because: {product.rejectionReason}</p>
      </section>
    );
  }
  if (revision?.status === 'pending') {
    return (
      <section
        aria-label="Review"
        className="mb-4 space-y-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <p className="font-semibold">Your changes await admin approval</p>
        <p>Customers see the approved version until then. The form shows your changes.</p>
        <RevisionChanges revision={revision} />
      </section>
    );
  }
  if (revision?.status === 'rejected') {
    return (
      <section
        aria-label="Review"
        className="mb-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      >
        <p className="font-semibold">Your changes were rejected</p>
        <p className="mt-1">Reason: {revision.reason ?? productMessages.noReasonGiven}</p>
        <p className="mt-1">Customers still see the approved version.</p>
      </section>
    );
  }
  return null;
}

/**
 * An admin's review of a vendor's pending changes to an approved product, above its
 * form (issue 12; decision 0044): before and after per changed field, Approve Changes
 * (publishes them) and Reject Changes (asks for a reason; the approved version stays).
 */
export function RevisionReviewPanel({
  product,
  busy,
  onDecide,
}: {
  product: Product;
  busy: boolean;
  onDecide: (decision: Omit<Decision, 'edits'>) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const revision = product.revision;
  if (revision?.status !== 'pending') return null;
  return (
    <section
      aria-label="Review"
      className="mb-4 space-y-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 font-medium">
          <Clock className="h-4 w-4" aria-hidden />
          Changes Pending: the approved version stays public until you approve them
        </p>
        <div className="flex gap-2">
          <Button size="sm" variant="success" disabled={busy} onClick={() => onDecide({ isApproved: true })}>
            <Check className="h-3.5 w-3.5" aria-hidden />
            Approve Changes
          </Button>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => setRejecting(true)}>
            <X className="h-3.5 w-3.5" aria-hidden />
            Reject Changes
          </Button>
        </div>
      </div>
      <RevisionChanges revision={revision} />
      {rejecting && (
        <RejectDialog
          title="Reject Changes?"
          subject={`the changes to ${product.name}`}
          confirmLabel="Reject Changes"
          busy={busy}
          onCancel={() => setRejecting(false)}
          onConfirm={(reason) => {
            setRejecting(false);
            onDecide({ isApproved: false, reason });
          }}
        />
      )}
    </section>
  );
}
