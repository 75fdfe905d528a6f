import { describe, expect, it } from 'vitest';
import { createListContext } from '../../../platform/db/list-search.js';
import { plannedCount, planningCountsOf } from './planning-counts.js';

/**
 * The planning counts' own rules, without a database: each app keeps its own (its list
 * context's), so a new context stands for a new app and its database.
 */

/** A new app's planning counts. */
const newApp = () => planningCountsOf(createListContext({ unpagedLimit: 10_000, countBound: 10_000 }));

/** A count that answers `value` and tells how often it was taken. */
function counter(value: number) {
  const taken = { times: 0 };
  const count = async () => {
    taken.times += 1;
    return value;
  };
  return { taken, count };
}

describe('plannedCount', () => {
  it('counts a key once and answers the kept count after', async () => {
    const db = newApp();
    const { taken, count } = counter(42);
    expect(await plannedCount(db, 'status=active', count)).toBe(42);
    expect(await plannedCount(db, 'status=active', count)).toBe(42);
    expect(taken.times).toBe(1);
  });

  it('counts each key and each database apart', async () => {
    const one = newApp();
    const two = newApp();
    await plannedCount(one, 'status=active', counter(1).count);
    expect(await plannedCount(one, 'status=inactive', counter(2).count)).toBe(2);
    expect(await plannedCount(two, 'status=active', counter(3).count)).toBe(3);
  });

  it('keeps nothing when the count fails', async () => {
    const db = newApp();
    await expect(plannedCount(db, 'k', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(await plannedCount(db, 'k', counter(7).count)).toBe(7);
  });

  it('drops the least recently used key past 512, not one read since', async () => {
    const db = newApp();
    for (let i = 0; i < 512; i++) await plannedCount(db, `key ${i}`, counter(i).count);
    await plannedCount(db, 'key 0', counter(-1).count);
    await plannedCount(db, 'key 512', counter(512).count);
    expect(await plannedCount(db, 'key 0', counter(-1).count)).toBe(0);
    expect(await plannedCount(db, 'key 1', counter(-1).count)).toBe(-1);
  });
});
