import { describe, expect, it } from 'vitest';
import { type Counted, createListContext } from '../../../platform/db/list-search.js';
import { keepCount, keptCount, keptCountsOf } from './kept-counts.js';
import type { SqliteProductPlan } from './sqlite.js';

/**
 * The kept counts' own rules, without a database: each app keeps its own (its list
 * context's), so a new context stands for a new app and its database. What a kept count
 * means to the list (reused until a write) is held by staff-list.test.ts over HTTP.
 */

type Count = Counted<Partial<SqliteProductPlan>>;

const count = (total: number, extra: Partial<Count> = {}): Count => ({ total, bound: 10_000, ...extra });

/** A new app's kept counts. */
const newApp = () => keptCountsOf(createListContext({ unpagedLimit: 10_000, countBound: 10_000 }));

describe('keptCount and keepCount', () => {
  it('answers a count kept for the same list and version, without the ids of its page', () => {
    const db = newApp();
    expect(keptCount(db, 'list', '7')).toBeUndefined();
    keepCount(db, 'list', '7', count(12, { rows: 100, pageIds: [3, 2, 1] }));
    expect(keptCount(db, 'list', '7')).toEqual({ total: 12, bound: 10_000, rows: 100 });
    expect(keptCount(db, 'other list', '7')).toBeUndefined();
  });

  it('answers nothing for another version, and a newer count replaces the older', () => {
    const db = newApp();
    keepCount(db, 'list', '7', count(12));
    expect(keptCount(db, 'list', '8')).toBeUndefined();
    keepCount(db, 'list', '8', count(13));
    expect(keptCount(db, 'list', '8')?.total).toBe(13);
    expect(keptCount(db, 'list', '7')).toBeUndefined();
  });

  it('keeps each database apart', () => {
    const one = newApp();
    const two = newApp();
    keepCount(one, 'list', '1', count(5));
    expect(keptCount(two, 'list', '1')).toBeUndefined();
  });

  it('drops the least recently used list past 1,000, not one read since', () => {
    const db = newApp();
    for (let i = 0; i < 1000; i++) keepCount(db, `list ${i}`, '1', count(i));
    expect(keptCount(db, 'list 0', '1')?.total).toBe(0);
    keepCount(db, 'list 1000', '1', count(1000));
    expect(keptCount(db, 'list 0', '1')?.total).toBe(0);
    expect(keptCount(db, 'list 1', '1')).toBeUndefined();
    expect(keptCount(db, 'list 1000', '1')?.total).toBe(1000);
  });
});
