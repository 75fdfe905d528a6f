import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { showServerFieldErrors } from '../server-field-errors';

type Form = { name: string; images: string[] };

describe('showServerFieldErrors', () => {
  it('puts each message under its field, nested paths under their top-level field', () => {
    const setError = vi.fn();
    const error = new ApiError('Bad', 400, 'VALIDATION_FAILED', {
      name: 'Product name is required',
      'images.2': 'This URL is already added',
      vendor: 'Products can only be assigned to an approved vendor',
    });
    showServerFieldErrors<Form>(error, setError, ['name', 'images']);
    expect(setError.mock.calls).toEqual([
      // The first field in error, in the form's order, takes the focus (issue 12).
      ['name', { type: 'server', message: 'Product name is required' }, { shouldFocus: true }],
      ['images', { type: 'server', message: 'This URL is already added' }, { shouldFocus: false }],
    ]);
  });

  it('does nothing for an error without field messages', () => {
    const setError = vi.fn();
    showServerFieldErrors<Form>(new ApiError('Conflict', 409, 'CONFLICT'), setError, ['name']);
    showServerFieldErrors<Form>(new Error('network'), setError, ['name']);
    expect(setError).not.toHaveBeenCalled();
  });
});
