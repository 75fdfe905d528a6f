import { describe, expect, it } from 'vitest';
import { erasureNeedles, jsonNeedles, phoneDigitVariants } from './erasure.js';

/** The texts an erasure looks for (issue 33, decision 0120), without a database. */

describe('erasureNeedles', () => {
  it('takes each text once, longest first, trimmed, and none shorter than 3 characters', () => {
    expect(
      erasureNeedles({
        names: ['Asha Verma', ' Asha Verma ', 'AV'],
        emails: ['asha@example.test'],
        phones: ['+91 98001 12345', ''],
        addresses: ['14 Residency Road', '7'],
      }),
    ).toEqual(['asha@example.test', '14 Residency Road', '+91 98001 12345', 'Asha Verma']);
  });
});

describe('jsonNeedles', () => {
  it('adds the form a JSON string holds for a text with a quote or a backslash', () => {
    expect(jsonNeedles(['Asha "A" Verma', 'plain'])).toEqual(['Asha "A" Verma', 'plain', 'Asha \\"A\\" Verma']);
  });
});

describe('phoneDigitVariants', () => {
  it('matches an Indian mobile with or without 91 or 0 in front, however punctuated', () => {
    const variants = phoneDigitVariants(['+91 98001-12345']);
    expect(variants).toEqual(expect.arrayContaining(['919800112345', '9800112345', '09800112345']));
    expect(phoneDigitVariants(['(0) 98001 12345'])).toContain('919800112345');
  });

  it('leaves out numbers too short to name anyone', () => {
    expect(phoneDigitVariants(['12-34', ''])).toEqual([]);
  });
});
