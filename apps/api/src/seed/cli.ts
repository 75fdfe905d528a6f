import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../config.js';
import { createDb, type DatabaseHandle } from '../platform/db/create-db.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { defaultCustomerCount, generateLargeStore } from './large-store.js';
import { resetDatabase } from './reset-database.js';

/**
 * `npm run seed -- --products N --orders M [--customers K] [--vendors V] [--reset]`
 *
 * Fills the database at DATABASE_URL with a large store for benchmarks: the demo
 * staff and vendors, N products (variants of the sample catalog), K customers
 * (default N/2, at most 100,000) and M orders over 14 months. It refuses a database
 * that already has data unless `--reset` is given, which drops everything first.
 */

const usage = 'Usage: npm run seed -- --products N --orders M [--customers K] [--vendors V] [--reset]';

async function isEmpty(database: DatabaseHandle): Promise<boolean> {
  for (const table of ['users', 'products', 'orders'] as const) {
    if (await database.db.selectFrom(table).select('id').limit(1).executeTakeFirst()) return false;
  }
  return true;
}

const count = (text: string | undefined, name: string): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 100_000_000)
    throw new UsageError(`--${name} must be a whole number from 1`);
  return value;
};

class UsageError extends Error {}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      orders: { type: 'string' },
      customers: { type: 'string' },
      vendors: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (!values.products || !values.orders) throw new UsageError(usage);
  const products = count(values.products, 'products');
  const orders = count(values.orders, 'orders');
  const customers = values.customers ? count(values.customers, 'customers') : defaultCustomerCount(products);
  const vendors = values.vendors ? count(values.vendors, 'vendors') : undefined;

  const config = loadConfig();
  let database = createDb(config.databaseUrl);
  try {
    if (values.reset) {
      console.log(`Dropping everything in ${config.databaseUrl}`);
      database = await resetDatabase(database, config.databaseUrl);
    }
    await migrateToLatest(database.db);
    if (!(await isEmpty(database))) {
      console.error(
        `The database at ${config.databaseUrl} already has data. Pass --reset to drop everything and generate afresh.`,
      );
      return 1;
    }
    if (database.kind === 'sqlite') {
      // A throw-away benchmark load: no fsync, and a large page cache for the index builds.
      await sql`pragma synchronous = off`.execute(database.db);
      await sql`pragma cache_size = -1048576`.execute(database.db);
    }
    console.log(
      `Generating ${products.toLocaleString('en-IN')} products, ${customers.toLocaleString('en-IN')} customers and ` +
        `${orders.toLocaleString('en-IN')} orders into ${config.databaseUrl} (${database.kind})`,
    );
    const summary = await generateLargeStore(database.db, database.kind, {
      products,
      orders,
      customers,
      vendors,
      log: (line) => console.log(line),
    });
    if (database.kind === 'postgres') {
      // Settle the bulk load: fresh statistics for the planner, and the trigram indexes'
      // pending lists merged, so a benchmark measures the store as it would run.
      console.log('VACUUM ANALYZE');
      await sql`vacuum analyze`.execute(database.db);
    }
    console.log(
      [
        `Done in ${summary.seconds} s:`,
        `  ${summary.products.toLocaleString('en-IN')} products (${summary.productImages.toLocaleString('en-IN')} images)`,
        `  ${summary.customers.toLocaleString('en-IN')} customers`,
        `  ${summary.orders.toLocaleString('en-IN')} orders, ${summary.orderItems.toLocaleString('en-IN')} lines, ` +
          `${summary.statusEntries.toLocaleString('en-IN')} status entries, ${summary.couponsUsed.toLocaleString('en-IN')} coupon uses`,
        `  ${summary.vendors.toLocaleString('en-IN')} vendors, ${summary.ledgerEntries.toLocaleString('en-IN')} ledger entries, ${summary.payouts} payouts`,
        `  Sign in as admin@example.com / admin123 or vendor@example.com / vendor123`,
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof UsageError) console.error(error.message);
    else console.error(error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
