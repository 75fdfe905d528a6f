import { type ReactNode, useEffect, useId } from 'react';

/**
 * A dialog over a dimmed backdrop. Clicking the backdrop or pressing Escape calls
 * `onClose` (cancels), unless `busy`.
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
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <button
        type="button"
        aria-label="Close dialog"
        className="absolute inset-0 h-full w-full cursor-default bg-slate-900/50"
        onClick={() => !busy && onClose()}
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`relative w-full ${width} rounded-2xl bg-white p-6 shadow-xl`}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-3">{children}</div>
      </div>
    </div>
  );
}
