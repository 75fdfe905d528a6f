import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { gstr8, tdsReport, vendorStatement } from '../src/features/tax/tax-reports.service.js';
import { createDb } from '../src/platform/db/create-db.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { repoRoot } from './child-server.js';

/**
 * The tax reports at scale (issue 35; decision 0149): a fresh SQLite store holding
 * `rows` tax-register rows in one month (a vendor line each: `rows` sales over 1,000
 * vendors, a tenth of them given back by a return row) and the ledger entries of one
 * vendor's month (5 per line), then GSTR-8 of the month, TDS of its quarter and that
 * vendor's statement, each timed over `samples` calls after 2 unmeasured ones.
 * `npx tsx --conditions=source apps/api/bench/tax-reports.ts [rows] [samples]`: SQLite in
 * `.bench/tax-reports.db`, made afresh; `BENCH_DATABASE_URL=postgres://…/<name with
 * "bench">` measures PostgreSQL in a database of its own, emptied first.
 */

const rows = Number(process.argv[2] ?? 1_000_000);
const samples = Number(process.argv[3] ?? 5);
const sqlitePath = `${repoRoot}.bench/tax-reports.db`;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${sqlitePath}`;
const isPostgres = databaseUrl.startsWith('postgres');
const VENDORS = 1000;
const MONTH = '2026-11';
const CHUNK = 400;

async function main() {
  if (isPostgres) {
    if (!/bench/i.test(new URL(databaseUrl).pathname))
      throw new Error('BENCH_DATABASE_URL must name a database of its own, with "bench" in its name');
  } else {
    mkdirSync(`${repoRoot}.bench`, { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${suffix}`, { force: true });
  }
  const database = createDb(databaseUrl);
  const { db } = database;
  if (isPostgres) {
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  }
  await migrateToLatest(db);
  const started = Date.now();
  const base = Date.parse(`${MONTH}-01T00:00:00.000Z`);
  const span = 29 * 86_400_000;
  for (let from = 0; from < rows; from += CHUNK) {
    const values = [];
    for (let i = from; i < Math.min(rows, from + CHUNK); i++) {
      const vendorId = (i % VENDORS) + 1;
      const returned = i % 10 === 0;
      const sign = returned ? -1 : 1;
      values.push({
        orderId: Math.floor(i / 2) + 1,
        orderItemId: i + 1,
        vendorId,
        event: returned ? ('refund' as const) : ('sale' as const),
        sellerGstin: `29AAACV${String(vendorId).padStart(4, '0')}A1Z${vendorId % 10}`,
        sellerPan: `AAACV${String(vendorId).padStart(4, '0')}A`,
        sellerStateCode: vendorId % 3 === 0 ? '27' : '29',
        placeOfSupplyCode: i % 4 === 0 ? '29' : '27',
        netPaise: sign * 100_000,
        suppliesPaise: sign * 84_746,
        tdsBasePaise: sign * 84_746,
        commissionPaise: sign * 10_000,
        commissionGstBp: 1800,
        tcsBp: 50,
        tdsBp: 10,
        commissionGstPaise: sign * 1800,
        tcsCgstPaise: 0,
        tcsSgstPaise: 0,
        tcsIgstPaise: sign * 424,
        tdsPaise: sign * 85,
        createdAt: new Date(base + ((i * 7919) % span)).toISOString(),
      });
    }
    await db.insertInto('taxDeductions').values(values).execute();
  }
  // One vendor's month in the ledger: 5 entries per line of theirs.
  const lines = Math.ceil(rows / VENDORS);
  const kinds = ['sale', 'commission', 'commission_gst', 'tcs', 'tds'] as const;
  for (let from = 0; from < lines; from += 80) {
    const values = [];
    for (let i = from; i < Math.min(lines, from + 80); i++)
      for (const kind of kinds)
        values.push({
          vendorId: 1,
          kind,
          amountPaise: kind === 'sale' ? 100_000 : -100,
          orderId: i + 1,
          orderItemId: i + 1,
          payoutId: null,
          note: null,
          createdBy: null,
          createdAt: new Date(base + ((i * 7919) % span)).toISOString(),
        });
    await db.insertInto('vendorLedgerEntries').values(values).execute();
  }
  await sql`analyze`.execute(db);
  console.log(
    `${database.kind}: seeded ${rows} register rows and ${lines * kinds.length} ledger entries in ${Date.now() - started} ms`,
  );
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );

  const time = async (name: string, run: () => Promise<unknown>) => {
    for (let i = 0; i < 2; i++) await run();
    const ms: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      await run();
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    console.log(`| ${name} | ${ms[Math.floor(ms.length / 2)]?.toFixed(0)} ms | ${ms[ms.length - 1]?.toFixed(0)} ms |`);
  };
  console.log('| report | median | max |\n| --- | ---: | ---: |');
  await time(`GSTR-8 of a month (${rows} lines, ${VENDORS} vendors)`, () => gstr8(db, MONTH));
  await time('TDS of its quarter', () => tdsReport(db, '2026-Q3'));
  await time(`a vendor's statement (${lines * kinds.length} entries)`, () => vendorStatement(db, 1, MONTH));
  await database.close();
}

await main();
