import { describe, expect, it } from 'vitest';
import { chooseCountDriver, choosePagePlan } from './plan.js';
import { sqlitePageAccess } from './sqlite.js';

/**
 * The product list's SQLite plan choosers are pure functions of the counts: each
 * branch is taken here by an input whose answer is worked out by hand from the cost
 * constants in `plan.ts` (lookup 1, probe 0.35, index entry scanned 0.05) and the
 * bound of decision 0027. What each plan answers is held to the list's meaning by
 * products.test.ts.
 */

const BOUND = 10_000;
const ROWS = 1_000_000;

describe('chooseCountDriver', () => {
  it('gathers the matches when they are known and fewer than the filtered rows', () => {
    expect(chooseCountDriver(BOUND, ROWS, 400, BOUND, 33_000)).toBe('search');
  });
  it('reads the filtered rows when they are fewer than the known matches', () => {
    expect(chooseCountDriver(BOUND, ROWS, 9000, BOUND, 500)).toBe('filters');
  });
  it('reads the filtered rows when the matches are past the bound and the filters are not', () => {
    expect(chooseCountDriver(BOUND, ROWS, BOUND + 1, BOUND, 16_000 - 7000)).toBe('filters');
  });
  it('streams the matches when both are past the bound and the filters keep a broad share', () => {
    // status=active keeps 94% of the catalog: about 10,650 matches read for 10,001.
    expect(chooseCountDriver(BOUND, ROWS, BOUND + 1, BOUND, 945_000)).toBe('stream');
  });
  it('asks how many matches there are, up to the filtered rows, when the filters are narrow', () => {
    expect(chooseCountDriver(BOUND, ROWS, BOUND + 1, BOUND, 33_000)).toEqual({ needsMatchesUpTo: 33_000 });
  });
  it('then streams the matches when they are the smaller side', () => {
    expect(chooseCountDriver(BOUND, ROWS, 20_000, 33_000, 33_000)).toBe('stream');
  });
  it('then reads the filtered rows when the matches are past them', () => {
    expect(chooseCountDriver(BOUND, ROWS, 33_001, 33_000, 33_000)).toBe('filters');
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
  it('walks the sort index when the total is past the bound', () => {
    // walk 51 * 1,000,000 / 10,001 = 5,100; the matches are not known, so no gathering.
    const count = { total: BOUND + 1, bound: BOUND, rows: ROWS, matches: BOUND + 1, matchesBound: BOUND };
    expect(choosePagePlan(50, count)).toBe('walk');
  });
  it('gathers the matches when they are few', () => {
    // walk 51 * 100,000 / 10 = 510,000; filters 10.
    expect(choosePagePlan(50, { total: 10, rows: 100_000, matches: 10 })).toBe('filters');
  });
  it('probes the filtered rows when the filters keep few of many matches', () => {
    // walk 102,000; filters 50,000; probe 100 * 0.4 + 50 = 90.
    expect(choosePagePlan(50, { total: 50, rows: 100_000, matches: 50_000, filtered: 100 })).toBe('probe');
  });
  it('never gathers matches it did not count to the end', () => {
    // walk 51 * 1,000,000 / 300 = 170,000; probe 200,000 * 0.4 + 300 = 80,300; filters excluded.
    const count = { total: 300, bound: BOUND, rows: ROWS, matches: BOUND + 1, matchesBound: BOUND, filtered: 200_000 };
    expect(choosePagePlan(50, count)).toBe('probe');
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
