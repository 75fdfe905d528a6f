import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { encodeCursor, type Keyset, type ListBounds, type ListPieces, listOrPage } from './lists.js';

/**
 * The shared list helper, without a database: the query pieces here are functions over
 * an array, and every call they get is recorded. (PostgreSQL's page-plan chooser, once
 * here, is held by postgres-planning.test.ts.)
 */

/** An app's bounds, far above these lists. */
const BOUNDS: ListBounds = { unpagedLimit: 10_000, countBound: 10_000 };

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = [
  { id: 1, name: 'a' },
  { id: 2, name: 'b' },
  { id: 3, name: 'c' },
];

/** Pieces over `rows` sorted by name, recording the calls in `calls`. */
function piecesOver(calls: string[], extra: Partial<ListPieces<Row, string>> = {}): ListPieces<Row, string> {
  const after = (from: Keyset | undefined) => rows.filter((row) => from === undefined || row.name > from.key);
  return {
    keyType: 'string',
    fetchAll: async (from) => {
      calls.push(`all ${from?.id ?? '-'}`);
      return after(from);
    },
    fetchPage: async ({ limit, after: from, count }) => {
      calls.push(`page ${limit} ${from?.id ?? '-'} ${count ?? '-'}`);
      return after(from).slice(0, limit + 1);
    },
    count: async () => {
      calls.push('count');
      return rows.length;
    },
    keyOf: (row) => ({ key: row.name, id: row.id }),
    toItems: (page) => page.map((row) => row.name.toUpperCase()),
    ...extra,
  };
}

describe('listOrPage', () => {
  it('answers every row, without total or cursor, when unpaged, ignoring a cursor', async () => {
    const calls: string[] = [];
    const answer = await listOrPage({ sort: 'name', cursor: 'junk' }, piecesOver(calls), BOUNDS);
    expect(answer).toEqual({ items: ['A', 'B', 'C'] });
    expect(Object.keys(answer)).toEqual(['items']);
    // Counted first: an unpaged answer is bounded (decision 0025).
    expect(calls).toEqual(['count', 'all -']);
  });

  it('answers the rows after the cursor when unpaged, if the list asks so', async () => {
    const calls: string[] = [];
    const cursor = encodeCursor('name', 'a', 1);
    const answer = await listOrPage({ sort: 'name', cursor }, piecesOver(calls, { unpagedFromCursor: true }), BOUNDS);
    expect(answer).toEqual({ items: ['B', 'C'] });
    expect(calls).toEqual(['count', 'all 1']);
  });

  it('answers a page, the total and the next cursor, then the last page with a null cursor', async () => {
    const first = await listOrPage({ sort: 'name', limit: 2 }, piecesOver([]), BOUNDS);
    expect(first).toEqual({ items: ['A', 'B'], total: 3, nextCursor: encodeCursor('name', 'b', 2) });
    const last = await listOrPage({ sort: 'name', limit: 2, cursor: first.nextCursor ?? '' }, piecesOver([]), BOUNDS);
    expect(last).toEqual({ items: ['C'], total: 3, nextCursor: null });
  });

  it('counts first and hands the count to the page fetch with countFirst', async () => {
    const calls: string[] = [];
    await listOrPage({ sort: 'name', limit: 2 }, piecesOver(calls, { countFirst: true }), BOUNDS);
    expect(calls).toEqual(['count', 'page 2 - 3']);
  });

  it('reads the total from a richer count with totalOf', async () => {
    const base = piecesOver([]);
    const pieces: ListPieces<Row, string, { total: number; rows: number }> = {
      ...base,
      fetchAll: (after) => base.fetchAll(after, 3),
      fetchPage: ({ limit, after }) => base.fetchPage({ limit, after }),
      count: async () => ({ total: 3, rows: 10 }),
      totalOf: (count) => count.total,
    };
    const answer = await listOrPage({ sort: 'name', limit: 5 }, pieces, BOUNDS);
    expect(answer.total).toBe(3);
  });

  it('answers 400 to a cursor of another sort, of the wrong key type, or with an id that cannot exist', async () => {
    const page = (cursor: string, extra: Partial<ListPieces<Row, string>> = {}) =>
      listOrPage({ sort: 'name', limit: 2, cursor }, piecesOver([], extra), BOUNDS);
    await expect(page(encodeCursor('price', 'a', 1))).rejects.toBeInstanceOf(AppError);
    await expect(page(encodeCursor('name', 5, 1))).rejects.toBeInstanceOf(AppError);
    await expect(page(encodeCursor('name', 'a', 1), { keyType: 'instant' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      page(encodeCursor('name', '2026-02-30T00:00:00.000Z', 1), { keyType: 'instant' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(page(encodeCursor('name', 'a', 2_147_483_648))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
