import {
  DummyDriver,
  type Expression,
  type ExpressionBuilder,
  Kysely,
  type SqlBool,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  anyContains,
  containsPattern,
  copyAloneSuffices,
  ftsPhrase,
  likeContains,
  usesTrigrams,
} from './search-text.js';

/** The text helpers every search shares (products, orders, customers, the lookups), without a database. */

describe('ftsPhrase', () => {
  it('quotes a text as one FTS5 phrase, doubling its quotes, so it is no syntax', () => {
    expect(ftsPhrase('a"b')).toBe('"a""b"');
    expect(ftsPhrase('x OR y*')).toBe('"x OR y*"');
  });
  it('puts the phrase in one column when told', () => {
    expect(ftsPhrase('ORD-1', 'tracking_number')).toBe('tracking_number : "ORD-1"');
  });
});

describe('usesTrigrams', () => {
  it('serves 3 characters or more, counted as characters rather than UTF-16 units', () => {
    expect(usesTrigrams('ab')).toBe(false);
    expect(usesTrigrams('abc')).toBe(true);
    expect(usesTrigrams('😀😀')).toBe(false);
    expect(usesTrigrams('😀😀😀')).toBe(true);
  });
});

describe('containsPattern and copyAloneSuffices', () => {
  it('escapes LIKE wildcards so they match themselves', () => {
    expect(containsPattern('5%_off\\')).toBe('%5\\%\\_off\\\\%');
  });
  it('needs the fields checked one by one only for a text holding the copy’s separator', () => {
    expect(copyAloneSuffices('abc')).toBe(true);
    expect(copyAloneSuffices('a\u001fb')).toBe(false);
  });
});

describe('anyContains', () => {
  // Compiled only, never run: a handle whose driver answers nothing.
  const db = new Kysely<{ t: { a: string; b: string } }>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (handle) => new SqliteIntrospector(handle),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const where = (predicate: (eb: ExpressionBuilder<{ t: { a: string; b: string } }, 't'>) => Expression<SqlBool>) =>
    db.selectFrom('t').select('a').where(predicate).compile();

  it('writes what an OR of likeContains on each field writes, so the lists’ statements are unchanged', () => {
    for (const postgres of [false, true]) {
      const mine = where((eb) => anyContains(postgres, [eb.ref('a'), eb.ref('b')], 'x%'));
      const before = where((eb) =>
        eb.or([likeContains(postgres, eb.ref('a'), 'x%'), likeContains(postgres, eb.ref('b'), 'x%')]),
      );
      expect(mine.sql).toBe(before.sql);
      expect(mine.parameters).toEqual(before.parameters);
    }
  });

  it('writes one field as that field’s likeContains alone', () => {
    const mine = where((eb) => anyContains(false, [eb.ref('a')], 'x'));
    expect(mine.sql).toBe(where((eb) => likeContains(false, eb.ref('a'), 'x')).sql);
  });
});
