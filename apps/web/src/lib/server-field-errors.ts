import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Shows the server's per-field validation messages under a form's fields. The API
 * keys them by dotted path (`images.2`); a nested path lands on its top-level field.
 * Fields the form does not have are skipped (their message is in the toast).
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const [key, message] of Object.entries(error.errors)) {
    const field = fields.find((name) => name === key.split('.')[0]);
    if (field) setError(field, { type: 'server', message });
  }
}
