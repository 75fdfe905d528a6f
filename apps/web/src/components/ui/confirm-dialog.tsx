import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { dialogContentClassName, dialogOverlayClassName, dialogTitleClassName } from './modal';
import { useReturnFocus } from './return-focus';

/**
 * A destructive action's confirmation: Cancel and the action's own button, with its
 * busy text. On Radix UI's AlertDialog (role `alertdialog`): focus starts on Cancel and
 * stays inside, the page behind is inert, Escape or a click on the backdrop cancels
 * (unless busy), and focus returns to the button that opened it. Render it while open.
 * Without `onConfirm` it only informs (an action that would be refused): one Close button.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  busy: boolean;
  onConfirm?: (() => void) | undefined;
  onCancel: () => void;
}) {
  const returnFocus = useReturnFocus();
  const cancel = () => !busy && onCancel();
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && cancel()}>
      <AlertDialog.Portal>
        {/* An alert dialog ignores outside clicks by default; the spec's delete modals cancel on the backdrop. */}
        <AlertDialog.Overlay className={dialogOverlayClassName} onClick={cancel} />
        <AlertDialog.Content
          className={dialogContentClassName('max-w-md')}
          aria-modal="true"
          onCloseAutoFocus={returnFocus}
        >
          <AlertDialog.Title className={dialogTitleClassName}>{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 space-y-3 text-sm text-slate-600">{children}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {onConfirm ? 'Cancel' : 'Close'}
              </Button>
            </AlertDialog.Cancel>
            {onConfirm && (
              <Button variant="danger" onClick={onConfirm} disabled={busy}>
                {busy ? busyLabel : confirmLabel}
              </Button>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
