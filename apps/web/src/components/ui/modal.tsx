import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from './return-focus';

/** The dimmed backdrop and the centred panel every dialog shares. */
export const dialogOverlayClassName = 'fixed inset-0 z-50 bg-slate-900/50';
export function dialogContentClassName(width: string): string {
  return `fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none`;
}
export const dialogTitleClassName = 'text-lg font-semibold text-slate-900';

/**
 * A dialog over a dimmed backdrop, on Radix UI's Dialog: focus moves into it and
 * stays there, the page behind is hidden from assistive technology and pointers,
 * and closing returns focus to the element that opened it. Clicking the backdrop or
 * pressing Escape calls `onClose` (cancels), unless `busy`. Render it while open.
 */
export function Modal({
  title,
  children,
  onClose,
  busy = false,
  width = 'max-w-md',
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  busy?: boolean;
  width?: string;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClassName} />
        <Dialog.Content
          className={dialogContentClassName(width)}
          aria-modal="true"
          onCloseAutoFocus={returnFocus}
          // The body is free-form; a dialog that wants a description names it inside.
          aria-describedby={undefined}
        >
          <Dialog.Title className={dialogTitleClassName}>{title}</Dialog.Title>
          <div className="mt-3">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
