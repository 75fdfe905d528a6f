import { describe, expect, it } from 'vitest';
import { chooseCountDriver, choosePagePlan } from './plan.js';
import { sqlitePagePlan } from './sqlite.js';

/**
 * The product list's SQLite plan choosers are pure functions of the counts: each
 * branch is taken here by an input whose answer is worked out by hand from the cost
 * constants in `plan.ts` (lookup 1, walked entry 0.1, gathered match 0.1, probed entry
 * 0.05, row checked with LIKE 1.2) and the bound of decision 0027. What each plan
 * answers is held to the list's meaning by products.test.ts.
 */

const BOUND = 10_000;
const ROWS = 1_000_000;

describe('chooseCountDriver', () => {
  it('gathers the matches when they are known and fewer than the filtered rows', () => {
    expect(chooseCountDriver(BOUND, ROWS, 400, BOUND, 33_000)).toBe('search');
  });
  it('probes the filtered rows against the matches when those are known and more', () => {
    expect(chooseCountDriver(BOUND, ROWS, 9000, BOUND, 500)).toBe('probe');
  });
  it('streams the matches when both are past the bound and the filters keep a broad share', () => {
    // status=active keeps 94% of the catalog: about 10,650 matches read for 10,001.
    expect(chooseCountDriver(BOUND, ROWS, BOUND + 1, BOUND, 945_000)).toBe('stream');
  });
  it('asks how many matches there are, up to 12 per filtered row, when the filters are narrow', () => {
    expect(chooseCountDriver(BOUND, ROWS, BOUND + 1, BOUND, 33_000)).toEqual({ needsMatchesUpTo: 396_000 });
    expect(chooseCountDriver(BOUND, ROWS, BOUND + 1, BOUND, 5000)).toEqual({ needsMatchesUpTo: 60_000 });
  });
  it('then streams the matches when they are the smaller side', () => {
    expect(chooseCountDriver(BOUND, ROWS, 20_000, 396_000, 33_000)).toBe('stream');
  });
  it('then probes when the matches are past the filtered rows but not twelve times past', () => {
    expect(chooseCountDriver(BOUND, ROWS, 55_000, 396_000, 33_000)).toBe('probe');
  });
  it('then checks each filtered row with LIKE when the matches are far more', () => {
    expect(chooseCountDriver(BOUND, ROWS, 396_001, 396_000, 33_000)).toBe('scan');
  });
});

describe('choosePagePlan', () => {
  it("leaves SQLite its own plan without the table's size or with nothing to find", () => {
    expect(choosePagePlan(50, { total: 10 })).toEqual({ access: 'filters' });
    expect(choosePagePlan(50, { total: 0, rows: 100_000, matches: 0 })).toEqual({ access: 'filters' });
  });
  it('walks the sort index, within a budget, when matches are dense', () => {
    // walk 51 * 100,000 / 50,000 = 102 entries (10.2); filters 50,000, so a budget of 500,000.
    expect(choosePagePlan(50, { total: 50_000, rows: 100_000, matches: 50_000 })).toEqual({
      access: 'walk',
      walkBudget: 500_000,
      fallback: 'filters',
    });
  });
  it('walks without a budget when no other plan is known', () => {
    const count = { total: BOUND + 1, bound: BOUND, rows: ROWS, matches: BOUND + 1, matchesBound: BOUND };
    expect(choosePagePlan(50, count)).toEqual({ access: 'walk' });
  });
  it('gathers the matches when they are few', () => {
    // walk 51 * 100,000 / 10 * 0.1 = 51,000; filters 10.
    expect(choosePagePlan(50, { total: 10, rows: 100_000, matches: 10 })).toEqual({ access: 'filters' });
  });
  it('probes the filtered rows when the filters keep few of many known matches', () => {
    // walk 51,000; filters 9,000; probe 900 + 5 + 50 = 955; scan 120.
    const count = { total: 50, rows: 100_000, matches: 9000, matchesBound: BOUND, filtered: 100 };
    expect(choosePagePlan(50, count)).toEqual({ access: 'scan' });
    // with 5,000 filtered rows: probe 900 + 250 + 50 = 1,200; scan 6,000.
    expect(choosePagePlan(50, { ...count, filtered: 5000 })).toEqual({ access: 'probe' });
  });
  it('never gathers matches it did not count to the end', () => {
    // walk 170,000 * 0.1 = 17,000; scan 12,000 * 1.2 = 14,400; filters excluded.
    const count = { total: 300, bound: BOUND, rows: ROWS, matches: BOUND + 1, matchesBound: BOUND, filtered: 12_000 };
    expect(choosePagePlan(50, count)).toEqual({ access: 'scan' });
  });
});

describe('sqlitePagePlan', () => {
  it("is SQLite's own plan when the list was not counted", () => {
    expect(sqlitePagePlan(50, undefined)).toEqual({ access: 'filters' });
  });
  it('follows choosePagePlan when it was', () => {
    expect(sqlitePagePlan(50, { total: 10, rows: 100_000, matches: 10 })).toEqual({ access: 'filters' });
  });
});
