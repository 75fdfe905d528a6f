import { Check, Clock, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { Decision } from '../hooks/use-review-product';
import { RejectDialog } from './reject-dialog';

/**
 * At the top of the form an admin opens from the pending list's 'View Details': the
 * product is 'Pending Approval', with Approve and Reject (spec sections 2 and 4), so the
 * admin can decide after reading every field. With unsaved edits on the form, the bar
 * says so and the decision carries them: they are saved and the product reviewed in
 * one request (issue 12; decision 0045), so nothing typed is dropped. Reject asks for
 * a reason first.
 */
export function ProductReviewBar({
  productName,
  busy,
  dirty,
  onDecide,
}: {
  productName: string;
  busy: boolean;
  /** The form holds unsaved edits. */
  dirty: boolean;
  onDecide: (decision: Omit<Decision, 'edits'>) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  return (
    <section
      aria-label="Review"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3"
    >
      <div className="text-sm text-amber-900">
        <p className="flex items-center gap-2 font-medium">
          <Clock className="h-4 w-4" aria-hidden />
          Pending Approval
        </p>
        {dirty && <p className="mt-1">Your unsaved changes will be saved with your decision.</p>}
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="success" disabled={busy} onClick={() => onDecide({ isApproved: true })}>
          <Check className="h-3.5 w-3.5" aria-hidden />
          {dirty ? 'Save & Approve' : 'Approve'}
        </Button>
        <Button size="sm" variant="danger" disabled={busy} onClick={() => setRejecting(true)}>
          <X className="h-3.5 w-3.5" aria-hidden />
          {dirty ? 'Save & Reject' : 'Reject'}
        </Button>
      </div>
      {rejecting && (
        <RejectDialog
          title="Reject Product?"
          subject={productName}
          confirmLabel="Reject Product"
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
