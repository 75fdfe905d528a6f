import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimals, idInput, MAX_ID, requiredId, rupees, toPaise } from './common.js';

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
