import { describe, expect, it } from 'vitest';
import {
  chooseCountDriver,
  choosePagePlan,
  firstMatchesMayCount,
  gathersOnce,
  gathersOnceFirst,
  recountBound,
  scanPageUpTo,
} from './plan.js';
import { choosePostgresAccess, trigramsNarrow } from './postgres.js';

/**
 * The product list's SQLite plan choosers are pure functions of the counts: each
 * branch is taken here by an input whose answer is worked out by hand from the cost
 * constants in `plan.ts` (row lookup 1, covering index entry checked 0.15, entry walked
 * 0.25, match streamed through `product_list_keys` 0.4, match counted in the FTS5 index
 * alone 0.1) and the bound of decision 0027; so is
 * PostgreSQL's choice of reading a filter's covering index (`choosePostgresAccess`: an
 * entry 0.2, a trigram match's row 1; decision 0029). What each plan answers is held to
 * the list's meaning by products.test.ts.
 */

const BOUND = 10_000;
const ROWS = 1_000_000;

describe('chooseCountDriver', () => {
  it('reads every match when they are known and fewer than the filtered rows', () => {
    expect(chooseCountDriver(BOUND, ROWS, 400, BOUND, 33_000)).toBe('search');
  });
  it("scans the filters' index when it holds fewer rows than the known matches", () => {
    // stream 9,000; scan 500 * 0.15 = 75.
    expect(chooseCountDriver(BOUND, ROWS, 9000, BOUND, 500)).toBe('scan');
  });
  it("scans narrow filters' index when the matches are past the bound", () => {
    // stream 10,001 * 1,000,000 / 33,000 = 303,061; scan at most 33,000 * 0.15 = 4,950.
    expect(chooseCountDriver(BOUND, ROWS, BOUND + 1, BOUND, 33_000)).toBe('scan');
  });
  it('asks for the matches up to ten bounds when streaming costs more than counting them further', () => {
    // stream 10,001 * 1,000,000 / 200,000 * 0.4 = 20,002; scan up to 200,000 * 0.15 = 30,000;
    // counting 90,000 more matches 9,000.
    expect(chooseCountDriver(BOUND, ROWS, BOUND + 1, BOUND, 200_000)).toEqual({ needsMatchesUpTo: 100_000 });
  });
  it('streams the matches without counting them further when the filters keep most rows', () => {
    // stream 10,583 * 0.4 = 4,233, less than counting 90,000 more matches (9,000).
    expect(chooseCountDriver(BOUND, ROWS, BOUND + 1, BOUND, 945_000)).toBe('stream');
  });
  it('then streams the matches when the filters keep most rows', () => {
    // scan 10,001 * 1,000,000 / 100,001 * 0.15 = 15,000 against 10,583 * 0.4.
    expect(chooseCountDriver(BOUND, ROWS, 100_001, 100_000, 945_000)).toBe('stream');
    expect(chooseCountDriver(BOUND, ROWS, 50_000, 100_000, 945_000)).toBe('stream');
  });
  it("then scans the filters' index when the matches are many and the filters fewer", () => {
    // stream 10,001 * 5 * 0.4 = 20,002; scan 100,000 * 0.15 = 15,000.
    expect(chooseCountDriver(BOUND, ROWS, 100_001, 100_000, 200_000)).toBe('scan');
  });
});

describe('choosePagePlan', () => {
  it("leaves SQLite its own plan without the table's size or with nothing to find", () => {
    expect(choosePagePlan(50, { total: 10 })).toEqual({ access: 'filters' });
    expect(choosePagePlan(50, { total: 0, rows: 100_000, matches: 0 })).toEqual({ access: 'filters' });
  });
  it('walks the sort index, within a budget, when matches are dense', () => {
    // walk 51 * 100,000 / 50,000 = 102 entries (25.5); gather 50,000 * 0.4: a budget of 20,000 / 0.5.
    expect(choosePagePlan(50, { total: 50_000, rows: 100_000, matches: 50_000 })).toEqual({
      access: 'walk',
      walkBudget: 40_000,
      fallback: 'filters',
    });
  });
  it('walks an unsearched filtered list past the bound, within a budget', () => {
    // walk 5,099.5 entries (1,275); filters 10,001: a budget of 4 * 5,099.5 (more than 10,001 / 0.5).
    expect(choosePagePlan(50, { total: BOUND + 1, bound: BOUND, rows: ROWS })).toEqual({
      access: 'walk',
      walkBudget: 20_398,
      fallback: 'filters',
    });
  });
  it('asks for the matches counted further when they were counted only to the bound', () => {
    const count = { total: BOUND + 1, bound: BOUND, rows: ROWS, matches: BOUND + 1, matchesBound: BOUND };
    expect(choosePagePlan(50, count)).toEqual({ needsMatchesUpTo: 10 * BOUND });
  });
  it('walks within a budget once the matches are counted further', () => {
    // walk 51 * 1,000,000 / 10,001 = 5,099.5 entries (1,275); gather 30,000 * 0.4: a budget of 12,000 / 0.5.
    const count = { total: BOUND + 1, bound: BOUND, rows: ROWS, matches: 30_000, matchesBound: 10 * BOUND };
    expect(choosePagePlan(50, count)).toEqual({ access: 'walk', walkBudget: 24_000, fallback: 'filters' });
  });
  it('walks without a budget when the matches are too many to count', () => {
    const count = { total: BOUND + 1, bound: BOUND, rows: ROWS, matches: 10 * BOUND + 1, matchesBound: 10 * BOUND };
    expect(choosePagePlan(50, count)).toEqual({ access: 'walk' });
  });
  it('gathers the matches when they are few', () => {
    // walk 51 * 100,000 / 10 * 0.25 = 127,500; gather 10.
    expect(choosePagePlan(50, { total: 10, rows: 100_000, matches: 10 })).toEqual({ access: 'filters' });
  });
  it("scans the filters' index when the filters keep few of many matches", () => {
    // walk 25,500; gather 9,000; scan 100 * 0.15 + 50 = 65.
    const count = { total: 50, rows: 100_000, matches: 9000, matchesBound: BOUND, filtered: 100 };
    expect(choosePagePlan(50, count)).toEqual({ access: 'scan' });
  });
  it('never gathers matches it did not count to the end', () => {
    // walk 51 * 1,000,000 / 300 * 0.25 = 42,500; scan 12,000 * 0.15 + 300 = 2,100.
    const count = { total: 300, bound: BOUND, rows: ROWS, matches: BOUND + 1, matchesBound: BOUND, filtered: 12_000 };
    expect(choosePagePlan(50, count)).toEqual({ access: 'scan' });
  });
});

describe('gathersOnce', () => {
  it('reads every match once when they are counted exactly and at most two bounds', () => {
    expect(gathersOnce(BOUND, 400, 2 * BOUND, 'search')).toBe(true);
    expect(gathersOnce(BOUND, 2 * BOUND, 2 * BOUND, 'stream')).toBe(true);
  });
  it('does not when the matches are past what was counted, or more than two bounds', () => {
    expect(gathersOnce(BOUND, 2 * BOUND + 1, 2 * BOUND, 'stream')).toBe(false);
    expect(gathersOnce(BOUND, 30_000, 10 * BOUND, 'stream')).toBe(false);
  });
  it("does not when the count reads the filters' index instead", () => {
    expect(gathersOnce(BOUND, 400, 2 * BOUND, 'scan')).toBe(false);
  });
});

describe('gathersOnceFirst', () => {
  it('tries the one read first without filters, or when a scan could not be cheaper', () => {
    // streaming two bounds costs 20,000 * 0.4 = 8,000: a scan of more than 53,333 entries cannot win.
    expect(gathersOnceFirst(BOUND, undefined)).toBe(true);
    expect(gathersOnceFirst(BOUND, 945_000)).toBe(true);
    expect(gathersOnceFirst(BOUND, 53_334)).toBe(true);
  });
  it('counts the matches first when the filters keep few enough rows for a scan', () => {
    expect(gathersOnceFirst(BOUND, 53_333)).toBe(false);
    expect(gathersOnceFirst(BOUND, 33_000)).toBe(false);
  });
});

describe('firstMatchesMayCount', () => {
  it('checks the first matches when the filters keep enough of them to pass half a bound', () => {
    // 20,001 * 945,000 / 1,000,000 = 18,901 of them would meet approved and active.
    expect(firstMatchesMayCount(BOUND, 2 * BOUND + 1, 945_000, ROWS)).toBe(true);
    // 20,001 * 250,001 / 1,000,000 = 5,000.5, just past half the bound.
    expect(firstMatchesMayCount(BOUND, 2 * BOUND + 1, 250_001, ROWS)).toBe(true);
  });
  it('does not when the filters keep too few of them to reach the bound', () => {
    // 20,001 * 53,000 / 1,000,000 = 1,060 out-of-stock products; 20,001 * 249,000 / 1,000,000 = 4,980.
    expect(firstMatchesMayCount(BOUND, 2 * BOUND + 1, 53_000, ROWS)).toBe(false);
    expect(firstMatchesMayCount(BOUND, 2 * BOUND + 1, 249_000, ROWS)).toBe(false);
    expect(firstMatchesMayCount(BOUND, 2 * BOUND + 1, 0, 0)).toBe(false);
  });
});

describe('recountBound', () => {
  it('counts up to ten bounds, or the whole table when it is smaller', () => {
    expect(recountBound(ROWS, BOUND)).toBe(100_000);
    expect(recountBound(747, BOUND)).toBe(747);
  });
});

describe('scanPageUpTo', () => {
  it('sorts what a scan counted while that costs less than the walk expected for the page', () => {
    // 4,267 squared is about 51 * 1,000,000 * 0.25 / 0.7 = 18,214,286.
    expect(scanPageUpTo(51, ROWS, true)).toBe(4267);
    expect(scanPageUpTo(51, 747, true)).toBe(116);
  });
  it('always sorts in name or price order, where matches bunch', () => {
    expect(scanPageUpTo(51, ROWS, false)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('choosePostgresAccess', () => {
  it('leaves PostgreSQL its own plan without filters, or past 100,000 filtered products', () => {
    expect(choosePostgresAccess(undefined, 10)).toBe('filters');
    expect(choosePostgresAccess(100_001, 500_000)).toBe('filters');
  });
  it("reads the filters' index when the search matches many products", () => {
    // 33,000 entries at 0.2 (6,600) against 10,700 rows visited through the trigram index.
    expect(choosePostgresAccess(33_000, 10_700)).toBe('scan');
  });
  it('goes through the trigram index when the search matches few products', () => {
    // 53,000 entries at 0.2 (10,600) against 70 rows.
    expect(choosePostgresAccess(53_000, 70)).toBe('filters');
  });
  it("reads the filters' index when the search's matches could not be estimated", () => {
    expect(choosePostgresAccess(500, undefined)).toBe('scan');
  });
});

describe('trigramsNarrow', () => {
  it('holds for a text with a word of three letters or digits', () => {
    for (const text of ['men', "men'", 't-shir', 'PL-001', 'ab12', 'Ünï'])
      expect(trigramsNarrow(text), text).toBe(true);
  });
  it('fails for a shorter text or one whose words are all shorter', () => {
    for (const text of ['ab', '4.5', '(se', 'a-b-c', "o'k", '...']) expect(trigramsNarrow(text), text).toBe(false);
  });
});
