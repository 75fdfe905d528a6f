import { describe, expect, it } from 'vitest';
import { containsPattern, copyAloneSuffices, ftsPhrase, usesTrigrams } from './search-text.js';

/** The text helpers every search shares (products, orders, customers, the lookups), without a database. */

describe('ftsPhrase', () => {
  it('quotes a text as one FTS5 phrase, doubling its quotes, so it is no syntax', () => {
    expect(ftsPhrase('a"b')).toBe('"a""b"');
    expect(ftsPhrase('x OR y*')).toBe('"x OR y*"');
  });
  it('puts the phrase in one column when told', () => {
    expect(ftsPhrase('ORD-1', 'tracking_number')).toBe('tracking_number : "ORD-1"');
  });
});

describe('usesTrigrams', () => {
  it('serves 3 characters or more, counted as characters rather than UTF-16 units', () => {
    expect(usesTrigrams('ab')).toBe(false);
    expect(usesTrigrams('abc')).toBe(true);
    expect(usesTrigrams('😀😀')).toBe(false);
    expect(usesTrigrams('😀😀😀')).toBe(true);
  });
});

describe('containsPattern and copyAloneSuffices', () => {
  it('escapes LIKE wildcards so they match themselves', () => {
    expect(containsPattern('5%_off\\')).toBe('%5\\%\\_off\\\\%');
  });
  it('needs the fields checked one by one only for a text holding the copy’s separator', () => {
    expect(copyAloneSuffices('abc')).toBe(true);
    expect(copyAloneSuffices('a\u001fb')).toBe(false);
  });
});
