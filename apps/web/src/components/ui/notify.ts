import { type ExternalToast, toast } from 'sonner';

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

/** Options a caller may pass: `id` to keep a toast apart from the shared feedback slot. */
export interface NotifyOptions {
  id?: string;
}

/**
 * The one slot every answer to the user's action shows in (issue 12, 'one toast per
 * submit'): a new toast takes the place of the one on screen instead of piling up
 * beside it, so submitting a form three times leaves one toast, the last answer's.
 *
 * The slot's toast keeps one id while it is on screen, so sonner replaces it in place.
 * Once it starts to leave (its time is up, or it was dismissed) the next answer gets
 * a new id: sonner would merge an answer into a toast already leaving, and the answer
 * would leave with it, unseen (a save's 'Product updated successfully!' was lost so
 * when it came within 200 ms of the previous toast's end).
 */
let made = 0;
/** The id of the slot's toast while it is on screen; null once it starts to leave. */
let onScreen: string | null = null;

const feedback = (duration: number, options: NotifyOptions | undefined): ExternalToast => {
  if (options?.id) return { id: options.id, duration };
  const id = onScreen ?? `feedback-${++made}`;
  onScreen = id;
  const leaving = () => {
    if (onScreen === id) onScreen = null;
  };
  return { id, duration, onAutoClose: leaving, onDismiss: leaving };
};

/**
 * Toasts with the spec's durations, so no screen picks its own. Every kind but
 * `progress` shares one slot (`feedback` above): the newest replaces the one on
 * screen, in place, with its own type, text and duration (decision 0053).
 */
export const notify = {
  info: (message: string, options?: NotifyOptions) => toast.info(message, feedback(toastDurations.info, options)),
  success: (message: string, options?: NotifyOptions) =>
    toast.success(message, feedback(toastDurations.success, options)),
  /** One failed rule the user can fix right away. */
  validation: (message: string, options?: NotifyOptions) =>
    toast.error(message, feedback(toastDurations.validation, options)),
  /** A load or save that failed. */
  error: (message: string, options?: NotifyOptions) => toast.error(message, feedback(toastDurations.error, options)),
  /** Several failed rules joined in one line, a failed delete, or another long message. */
  longError: (message: string, options?: NotifyOptions) =>
    toast.error(message, feedback(toastDurations.summary, options)),
  /** A call under way ('Creating vendor...'), up until `dismiss(id)` when it ends; it has its own id. */
  progress: (message: string) => toast.loading(message),
  /** Takes a toast down (a finished call's progress toast). */
  dismiss: (id: string | number) => toast.dismiss(id),
};
