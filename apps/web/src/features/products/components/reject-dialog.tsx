import { MAX_REJECT_REASON, productMessages, rejectReason } from '@haat/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';

/**
 * Rejecting asks first, and for a reason (issue 12; decision 0046): the reason is
 * stored with the review and shown to the vendor. On Radix UI's Dialog (`Modal`):
 * focus starts in the reason box, Escape or Cancel closes without rejecting. The
 * reason is checked with the contract's rule (required, at most 500 characters, no NUL).
 */
export function RejectDialog({
  title,
  subject,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  /** 'Reject Product?' or 'Reject Changes?'. */
  title: string;
  /** What is rejected, named in the question. */
  subject: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React carries events up its own tree, portals included: keep this submit from
    // reaching a product form the dialog was opened from.
    event.stopPropagation();
    const parsed = rejectReason.safeParse(reason);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (!parsed.data) return setError(productMessages.rejectReasonRequired);
    onConfirm(parsed.data);
  };

  return (
    <Modal title={title} onClose={onCancel} busy={busy}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          Reject <strong className="text-slate-900">{subject}</strong>? The vendor sees your reason.
        </p>
        <Field label="Reason for rejection" required error={error} hint={`At most ${MAX_REJECT_REASON} characters.`}>
          {(control) => (
            <Textarea
              {...control}
              autoFocus
              rows={4}
              maxLength={MAX_REJECT_REASON}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (error) setError(undefined);
              }}
            />
          )}
        </Field>
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Rejecting...' : confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
