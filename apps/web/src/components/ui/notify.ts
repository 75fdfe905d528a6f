import { toast } from 'sonner';

/**
 * How long each kind of toast stays up (spec section 9): info 2 s; success and
 * validation 3 s; load and save errors 4 s; validation summaries and long or
 * delete errors 5 s; confirmations 10 s.
 */
export const toastDurations = {
  info: 2000,
  success: 3000,
  validation: 3000,
  error: 4000,
  summary: 5000,
  confirmation: 10_000,
} as const;

/** Toasts with the spec's durations, so no screen picks its own. */
export const notify = {
  info: (message: string) => toast.info(message, { duration: toastDurations.info }),
  success: (message: string) => toast.success(message, { duration: toastDurations.success }),
  /** One failed rule the user can fix right away. */
  validation: (message: string) => toast.error(message, { duration: toastDurations.validation }),
  /** A load or save that failed. */
  error: (message: string) => toast.error(message, { duration: toastDurations.error }),
  /** Several failed rules joined in one line, a failed delete, or another long message. */
  longError: (message: string) => toast.error(message, { duration: toastDurations.summary }),
  /** A call under way ('Creating vendor...'), up until `dismiss(id)` when it ends. */
  progress: (message: string) => toast.loading(message),
  /** Takes a toast down (a finished call's progress toast). */
  dismiss: (id: string | number) => toast.dismiss(id),
};
