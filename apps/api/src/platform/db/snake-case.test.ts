import {
  CamelCasePlugin,
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  CamelCaseResultsPlugin,
  SnakeCasePostgresQueryCompiler,
  SnakeCaseSqliteQueryCompiler,
  snakeCase,
} from './snake-case.js';

/** Decision 0160: identifiers renamed by the compiler write the SQL `CamelCasePlugin` wrote. */

interface Shape {
  orderItems: { id: number; orderId: number; productId: number; unitPricePaise: number; isStoreOwned: boolean };
  orders: { id: number; trackingNumber: string; customerId: number; createdAt: string };
  customerAccounts: { id: number; displayName: string };
}

// Compiled only, never run: handles whose driver answers nothing.
function handle(postgres: boolean, compiler: SqliteQueryCompiler | PostgresQueryCompiler, plugin: CamelCasePlugin) {
  return new Kysely<Shape>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => compiler,
    },
    plugins: [plugin],
  });
}

const statements: Array<[string, (db: Kysely<Shape>) => CompiledQuery]> = [
  [
    'a join with aliases, a where, an order and a page',
    (db) =>
      db
        .selectFrom('orderItems as line')
        .innerJoin('orders', 'orders.id', 'line.orderId')
        .select(['line.unitPricePaise as pricePaise', 'orders.trackingNumber', 'line.isStoreOwned'])
        .where('orders.customerId', '=', 7)
        .where((eb) => eb.or([eb('line.productId', 'in', [1, 2]), eb('orders.createdAt', '>', '2026-01-01')]))
        .orderBy('orders.createdAt', 'desc')
        .limit(20)
        .compile(),
  ],
  [
    'an insert on conflict, returning',
    (db) =>
      db
        .insertInto('customerAccounts')
        .values({ id: 1, displayName: 'A "quoted" name' })
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ displayName: eb.ref('excluded.displayName') })))
        .returning(['id', 'displayName'])
        .compile(),
  ],
  [
    'an update from a subquery, and a delete',
    (db) =>
      db
        .updateTable('orderItems')
        .set((eb) => ({
          unitPricePaise: eb(
            'unitPricePaise',
            '+',
            eb.selectFrom('orders').select('orders.customerId').where('orders.id', '=', eb.ref('orderItems.orderId')),
          ),
        }))
        .where('isStoreOwned', '=', true)
        .compile(),
  ],
  ['a delete', (db) => db.deleteFrom('orderItems').where('orderId', '=', 3).returning('productId').compile()],
  [
    'a common table expression and raw references',
    (db) =>
      db
        .with('recentOrders', (qb) => qb.selectFrom('orders').select(['id', 'createdAt']).where('customerId', '>', 0))
        .selectFrom('recentOrders')
        .select([
          sql<number>`count(${sql.ref('recentOrders.id')})`.as('orderCount'),
          sql<string>`max(${sql.ref('createdAt')})`.as('lastPlacedAt'),
        ])
        .where(sql<boolean>`${sql.table('recentOrders')}.${sql.id('createdAt')} is not null`)
        .compile(),
  ],
];

describe('SnakeCaseSqliteQueryCompiler and SnakeCasePostgresQueryCompiler', () => {
  for (const postgres of [false, true]) {
    const before = handle(
      postgres,
      postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
      new CamelCasePlugin(),
    );
    const now = handle(
      postgres,
      postgres ? new SnakeCasePostgresQueryCompiler() : new SnakeCaseSqliteQueryCompiler(),
      new CamelCaseResultsPlugin(),
    );
    for (const [name, build] of statements) {
      it(`writes ${name} as CamelCasePlugin did (${postgres ? 'PostgreSQL' : 'SQLite'})`, () => {
        const mine = build(now);
        expect(mine.sql).toBe(build(before).sql);
        expect(mine.parameters).toEqual(build(before).parameters);
        expect(mine.sql).not.toMatch(/[a-z][A-Z]/);
      });
    }
  }

  it('maps an identifier as CamelCasePlugin does, and leaves snake_case alone', () => {
    expect(snakeCase('unitPricePaise')).toBe('unit_price_paise');
    expect(snakeCase('order_items')).toBe('order_items');
    expect(snakeCase('kysely_migration')).toBe('kysely_migration');
  });
});

describe('CamelCaseResultsPlugin', () => {
  it('leaves the query as built and maps the rows back to camelCase', async () => {
    const plugin = new CamelCaseResultsPlugin();
    const node = handle(false, new SqliteQueryCompiler(), plugin).selectFrom('orders').selectAll().toOperationNode();
    expect(plugin.transformQuery({ node, queryId: { queryId: 'q' } })).toBe(node);
    const result = await plugin.transformResult({
      queryId: { queryId: 'q' },
      result: { rows: [{ tracking_number: 'ORD-1', created_at: 'x' }] },
    });
    expect(result.rows).toEqual([{ trackingNumber: 'ORD-1', createdAt: 'x' }]);
  });
});
