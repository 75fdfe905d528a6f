import { describe, expect, it } from 'vitest';
import { chooseCountPlan, choosePagePlan, fewMatches } from './plan.js';
import { sqlitePageAccess } from './sqlite.js';

/**
 * The product list's SQLite plan choosers are pure functions of the counts: each
 * branch is taken here by an input whose answer is worked out by hand from the cost
 * constants in `plan.ts` (lookup 1, probe 0.35, index entry scanned 0.05). What each
 * plan answers is held to the list's meaning by products.test.ts.
 */

describe('fewMatches', () => {
  it('holds up to one match per 20 rows (5,000 of 100,000)', () => {
    expect(fewMatches(100_000, 5000)).toBe(true);
  });
  it('does not past that', () => {
    expect(fewMatches(100_000, 5001)).toBe(false);
  });
});

describe('chooseCountPlan', () => {
  it('looks each match up when the matches are few against the filtered rows', () => {
    // filters 100; probe 50,000 * 0.4 = 20,000.
    expect(chooseCountPlan(100_000, 100, 50_000, true)).toBe('filters');
  });
  it('probes the filtered rows when they are few against the matches', () => {
    // filters 50,000; probe 1,000 * 0.4 = 400; complement 5,000 + 99,000 * 0.35.
    expect(chooseCountPlan(100_000, 50_000, 1000, true)).toBe('probe');
  });
  it('counts the complement when the filters keep most rows and can be negated', () => {
    // filters 50,000; probe 99,000 * 0.4 = 39,600; complement 5,000 + 1,000 * 0.35 = 5,350.
    expect(chooseCountPlan(100_000, 50_000, 99_000, true)).toBe('complement');
  });
  it('never counts the complement of filters that cannot be negated', () => {
    expect(chooseCountPlan(100_000, 50_000, 99_000, false)).toBe('probe');
  });
});

describe('choosePagePlan', () => {
  it("leaves SQLite its own plan without the table's size or with nothing to find", () => {
    expect(choosePagePlan(50, { total: 10 })).toBe('filters');
    expect(choosePagePlan(50, { total: 0, rows: 100_000, matches: 0 })).toBe('filters');
  });
  it('walks the sort index when matches are dense', () => {
    // walk 51 * 100,000 / 50,000 = 102; filters 50,000.
    expect(choosePagePlan(50, { total: 50_000, rows: 100_000, matches: 50_000 })).toBe('walk');
  });
  it('gathers the matches when they are few', () => {
    // walk 51 * 100,000 / 10 = 510,000; filters 10.
    expect(choosePagePlan(50, { total: 10, rows: 100_000, matches: 10 })).toBe('filters');
  });
  it('probes the filtered rows when the filters keep few of many matches', () => {
    // walk 102,000; filters 50,000; probe 100 * 0.4 + 50 = 90.
    expect(choosePagePlan(50, { total: 50, rows: 100_000, matches: 50_000, filtered: 100 })).toBe('probe');
  });
});

describe('sqlitePageAccess', () => {
  it("is SQLite's own plan when the list was not counted", () => {
    expect(sqlitePageAccess(50, undefined)).toBe('filters');
  });
  it('follows choosePagePlan when it was', () => {
    expect(sqlitePageAccess(50, { total: 50_000, rows: 100_000, matches: 50_000 })).toBe('walk');
  });
});
