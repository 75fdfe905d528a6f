import fc from 'fast-check';

/**
 * Request bodies a hostile or broken client might send to a route whose fields are
 * `fields`: any JSON at all, and objects with those fields set to anything (strings
 * with NUL characters and odd Unicode, numbers past 32 and 53 bits, nested values).
 * Deterministic (fixed seed), so a failure is reproducible.
 */
export function hostileBodies(fields: readonly string[], count = 60): unknown[] {
  const nasty = fc.oneof(
    fc.jsonValue(),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      2 ** 31,
      2 ** 53 + 2,
      -1,
      1e308,
      '9'.repeat(40),
      '',
      ' ',
      null,
      true,
      [],
      {},
      'javascript:alert(1)',
      'https://ok.test/\u0000',
      '2026-01-01T00:00:00.000Z',
      '<script>alert(1)</script>',
    ),
  );
  const shaped = fc.dictionary(fc.constantFrom(...fields), nasty, { maxKeys: fields.length });
  return fc.sample(fc.oneof(fc.jsonValue(), shaped, fc.array(shaped, { maxLength: 3 })), { numRuns: count, seed: 9 });
}
