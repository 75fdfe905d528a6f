import { describe, expect, it } from 'vitest';
import type { OrdersTable } from '../../../platform/db/schema.js';
import {
  choosePagePlan,
  ftsQuery,
  likeAgreesWithIndex,
  pairsQuery,
  pairTermRange,
  sqliteSearchKind,
  statusToken,
  walkBudget,
  worthProving,
} from './plan.js';

/**
 * The order search's plan choosers are pure functions of the text and the counts:
 * each branch is taken here by an input whose answer is worked out by hand from the
 * cost constants in `plan.ts` (lookup 1, index entry scanned 0.05, LIKE check 3). The
 * answers those plans give are held to the search's meaning by orders.search.test.ts.
 */

describe('sqliteSearchKind', () => {
  it('matches 3+ characters as an FTS5 phrase', () => {
    expect(sqliteSearchKind('abc')).toBe('phrase');
    expect(sqliteSearchKind('ÄÖÜ')).toBe('phrase');
  });
  it('matches 2 printable ASCII characters by the index terms starting with them', () => {
    expect(sqliteSearchKind('ab')).toBe('pairs');
  });
  it('matches 2 characters that are not ASCII with LIKE', () => {
    expect(sqliteSearchKind('äö')).toBe('like');
  });
  it('matches 1 character with LIKE', () => {
    expect(sqliteSearchKind('a')).toBe('like');
  });
  it('matches a text with a control character with LIKE, whatever its length', () => {
    expect(sqliteSearchKind('ab\u0001cd')).toBe('like');
    expect(sqliteSearchKind('abc\u007f')).toBe('like');
  });
});

describe('likeAgreesWithIndex', () => {
  it('holds for printable ASCII and not beyond it', () => {
    expect(likeAgreesWithIndex('ORD-2026 x@y.in')).toBe(true);
    expect(likeAgreesWithIndex('ä')).toBe(false);
  });
});

describe('FTS5 queries', () => {
  it('gives the lower-cased range of terms starting with a 2-character text', () => {
    expect(pairTermRange('Ab')).toEqual({ from: 'ab', to: 'ac' });
  });
  it('ORs the terms that start with the text, ignoring others', () => {
    expect(pairsQuery('ab', ['abc', 'abz', 'acd'])).toBe('("abc" OR "abz")');
  });
  it('answers null when no term starts with the text', () => {
    expect(pairsQuery('ab', ['acd'])).toBeNull();
    expect(pairsQuery('ab', [])).toBeNull();
  });
  it('indexes a status as its code between U+0002, and an unknown one as its own text', () => {
    expect(statusToken('Delivered')).toBe('\u00024\u0002');
    expect(statusToken('Lost' as OrdersTable['status'])).toBe('\u0002Lost\u0002');
  });
  it('adds the status column filter only with a status', () => {
    expect(ftsQuery('"abc"', undefined)).toBe('"abc"');
    expect(ftsQuery('"abc"', 'Packaging')).toBe('"abc" AND status : "\u00022\u0002"');
  });
});

describe('choosePagePlan', () => {
  it('takes the newest matches when they are many (51 of 2,000 in 1,000,000: 1,326 against 2,000)', () => {
    expect(choosePagePlan(51, 2000, 1_000_000)).toBe('newest');
  });
  it('gathers the matches when they are few (51 of 1,600 in 1,000,000: 1,645 against 1,600)', () => {
    expect(choosePagePlan(51, 1600, 1_000_000)).toBe('gather');
  });
  it('takes the newest matches when the count stopped at the bound (51 of 10,001+ in 1,000,000)', () => {
    expect(choosePagePlan(51, 10_001, 1_000_000)).toBe('newest');
  });
  it('gathers when nothing matches', () => {
    expect(choosePagePlan(51, 0, 1_000_000)).toBe('gather');
  });
});

describe('worthProving', () => {
  it('proves when scanning the span costs less than gathering', () => {
    expect(worthProving(1000, 100)).toBe(true);
  });
  it('does not when the span is too wide', () => {
    expect(worthProving(10_000, 100)).toBe(false);
  });
  it('always proves when the matches are a lower bound, whatever the span', () => {
    expect(worthProving(900_000, 10_001, false)).toBe(true);
    expect(worthProving(900_000, 10_001, true)).toBe(false);
  });
});

describe('walkBudget', () => {
  it('walks 4 times the expected distance when that is cheaper than gathering', () => {
    // 51 * 1,000,000 / 100,000 = 510 orders expected; 3 * 510 < 100,000.
    expect(walkBudget(51, 100_000, 1_000_000)).toBe(2040);
  });
  it('walks at least 1,000 orders', () => {
    expect(walkBudget(10, 500_000, 1_000_000)).toBe(1000);
  });
  it('does not walk when checking the expected orders costs more than gathering', () => {
    // 5,100 orders expected; 3 * 5,100 >= 10,000.
    expect(walkBudget(51, 10_000, 1_000_000)).toBeUndefined();
  });
});
