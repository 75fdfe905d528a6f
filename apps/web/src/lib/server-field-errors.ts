import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Shows the server's per-field validation messages under a form's fields. The API
 * keys them by dotted path (`images.2`); a nested path lands on its top-level field.
 * Fields the form does not have are skipped (their message is in the toast). `fields`
 * is the form's order: the first field in error gets the focus and scrolls into view.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || !error.errors) return;
  const messages = new Map<Path<T>, string>();
  for (const [key, message] of Object.entries(error.errors)) {
    const field = fields.find((name) => name === key.split('.')[0]);
    if (field && !messages.has(field)) messages.set(field, message);
  }
  // In the form's order, so the first field in error takes the focus, which scrolls it
  // into view (issue 12): the user sees what to fix rather than a toast alone.
  let first = true;
  for (const field of fields) {
    const message = messages.get(field);
    if (message === undefined) continue;
    setError(field, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
}
