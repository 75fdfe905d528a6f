import { describe, expect, it } from 'vitest';
import {
  cleanText,
  hasAtMostTwoDecimals,
  idInput,
  MAX_ID,
  NUL_CHARACTER_MESSAGE,
  requiredId,
  rupees,
  rupeesField,
  WHOLE_PAISE_MESSAGE,
} from './common.js';
import { toPaise } from './money.js';

describe('idInput and requiredId', () => {
  it.each([1, '1', ' 42 ', MAX_ID, String(MAX_ID)])('take %j', (value) => {
    expect(idInput.safeParse(value)).toMatchObject({ success: true, data: Number(value) });
    expect(requiredId('Pick one').safeParse(value)).toMatchObject({ success: true, data: Number(value) });
  });

  it.each([0, -1, 1.5, MAX_ID + 1, '2147483648', '4294967296', 9007199254740991, '01', '1e3', '', null, '12345678901'])(
    'refuse %j, an id that cannot exist',
    (value) => {
      expect(idInput.safeParse(value).success).toBe(false);
      const result = requiredId('Pick one').safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain('Pick one');
    },
  );
});

describe('hasAtMostTwoDecimals and rupees', () => {
  it.each([0, 0.01, 0.1, 0.29, 19.99, 1234.56, 99_999_999.99, 100_000_000])('take %s', (amount) => {
    expect(hasAtMostTwoDecimals(amount)).toBe(true);
    expect(rupees.safeParse(amount).success).toBe(true);
    expect(toPaise(amount) / 100).toBe(amount);
  });

  it.each([
    [0.1 + 0.2, 30],
    [1.005 - 0.005, 100],
  ])("take %s, a client's float noise, as %s paise", (amount, paise) => {
    expect(hasAtMostTwoDecimals(amount)).toBe(true);
    expect(toPaise(amount)).toBe(paise);
  });

  it.each([1e-9, 1e-300, 4e-3, 0.001, 0.005, 0.009, 99.999, 1234.567])('refuse %s, finer than a paisa', (amount) => {
    expect(hasAtMostTwoDecimals(amount)).toBe(false);
    expect(rupees.safeParse(amount).success).toBe(false);
  });
});

describe('rupeesField', () => {
  const field = rupeesField('Enter an amount');
  it.each([0, 0.1 + 0.2, 499, 100_000_000])('takes %s', (amount) => {
    expect(field.safeParse(amount).success).toBe(true);
  });

  it.each([undefined, null, '12', -1, Number.NaN, Number.POSITIVE_INFINITY, 100_000_000.01])(
    "answers the field's message to %s",
    (amount) => {
      expect(field.safeParse(amount).error?.issues.map((issue) => issue.message)).toContain('Enter an amount');
    },
  );

  it.each([1e-9, 10.001])('answers the whole-paise message to %s', (amount) => {
    expect(field.safeParse(amount).error?.issues.map((issue) => issue.message)).toEqual([WHOLE_PAISE_MESSAGE]);
  });
});

describe('cleanText', () => {
  it('trims, and keeps empty text when not required', () => {
    expect(cleanText(10).parse('  hi  ')).toBe('hi');
    expect(cleanText(10).parse('   ')).toBe('');
  });

  it.each([undefined, 42, '', '   '])('answers the required message to %j', (value) => {
    expect(cleanText(10, 'Name is required').safeParse(value).error?.issues[0]?.message).toBe('Name is required');
  });

  it('refuses text past its length and text with a NUL character', () => {
    expect(cleanText(3).safeParse('abcd').error?.issues[0]?.message).toBe('Must be at most 3 characters');
    expect(cleanText(10).safeParse('a\u0000b').error?.issues[0]?.message).toBe(NUL_CHARACTER_MESSAGE);
  });
});
