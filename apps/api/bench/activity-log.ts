import { activityKinds } from '@haat/contract';
import { sql } from 'kysely';

import { createDb, type Db } from '../src/platform/db/create-db.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { openBenchApp, runWhenExecuted } from './bench-app.js';
import { type BenchResult, measure } from './measure.js';

/**
 * The activity log's reads (issue 10) on a large log, through the real app as an admin:
 * the first page of 50 with its total, unfiltered and filtered by person, by kind, by a
 * one-month date range; a deep page (a cursor 100,000 entries in); one record's history.
 *
 * Fills the log first when it holds fewer than `ACTIVITY_ROWS` entries (default
 * 1,000,000): entries spread over 365 days, 20 actors, every kind, 50,000 records per
 * kind, written straight to the table (the services write one per change).
 * Run: `DATABASE_URL=sqlite:.bench/activity.db npx tsx --conditions=source apps/api/bench/activity-log.ts [samples]`
 * (or a postgres:// URL). An empty database gets an admin and 19 vendors' users.
 */

const DAY = 24 * 60 * 60 * 1000;

async function fill(db: Db, rows: number): Promise<void> {
  const now = new Date().toISOString();
  const admins = await db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
  if (admins.length === 0) {
    for (let k = 0; k < 20; k++) {
      await db
        .insertInto('users')
        .values({
          name: `Bench Person ${k}`,
          email: `bench.person.${k}@example.test`,
          passwordHash: null,
          role: k === 0 ? 'admin' : 'vendor',
          phone: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
  }
  const people = await db
    .selectFrom('users')
    .select(['id', 'name', 'role'])
    .where('role', 'in', ['admin', 'vendor'])
    .limit(20)
    .execute();
  const have = Number(
    (
      await db
        .selectFrom('activityLog')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const start = Date.now() - 365 * DAY;
  const batch = 500;
  for (let i = have; i < rows; i += batch) {
    const values = Array.from({ length: Math.min(batch, rows - i) }, (_, j) => {
      const n = i + j;
      const person = people[n % people.length] as (typeof people)[number];
      return {
        actorUserId: person.id,
        actorName: person.name,
        actorRole: person.role === 'admin' ? ('admin' as const) : ('vendor' as const),
        action: 'update',
        recordKind: activityKinds[n % activityKinds.length] as string,
        recordId: 1 + (Math.floor(n / activityKinds.length) % 50_000),
        recordLabel: `Record ${n}`,
        changes: JSON.stringify({ name: { before: `Old ${n}`, after: `New ${n}` } }),
        createdAt: new Date(start + Math.floor((n / rows) * 365 * DAY)).toISOString(),
      };
    });
    await db.insertInto('activityLog').values(values).execute();
  }
  if (have < rows) await sql`analyze`.execute(db);
}

export async function benchActivityLog(
  databaseUrl: string,
  options: { samples?: number; warmup?: number } = {},
): Promise<BenchResult[]> {
  const rows = Number(process.env.ACTIVITY_ROWS ?? 1_000_000);
  const database = createDb(databaseUrl);
  await migrateToLatest(database.db);
  const started = Date.now();
  await fill(database.db, rows);
  console.log(`log of ${rows} entries ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await database.close();

  const bench = await openBenchApp(databaseUrl);
  try {
    const { db, get } = bench;
    const people = await db
      .selectFrom('users')
      .select('id')
      .where('role', 'in', ['admin', 'vendor'])
      .limit(20)
      .execute();
    const runs = { samples: options.samples ?? 200, warmup: options.warmup ?? 20 };
    // A cursor 100,000 entries from the newest.
    const deep = await db
      .selectFrom('activityLog')
      .select(['id', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .offset(100_000)
      .limit(1)
      .executeTakeFirstOrThrow();
    const cursor = Buffer.from(JSON.stringify(['newest', deep.createdAt, deep.id])).toString('base64url');
    const month = (i: number) => {
      const from = new Date(Date.now() - (30 + (i % 330)) * DAY).toISOString().slice(0, 10);
      const to = new Date(Date.parse(`${from}T00:00:00Z`) + 30 * DAY).toISOString().slice(0, 10);
      return `from=${from}&to=${to}`;
    };
    return [
      await measure('first page of 50 with total, no filter', () => get('/api/activity?limit=50'), runs),
      await measure(
        'page of 50 with total, by person (varies)',
        (i) => get(`/api/activity?limit=50&person=${people[i % people.length]?.id}`),
        runs,
      ),
      await measure(
        'page of 50 with total, by kind (varies)',
        (i) => get(`/api/activity?limit=50&kind=${activityKinds[i % activityKinds.length]}`),
        runs,
      ),
      await measure(
        'page of 50 with total, one month (varies)',
        (i) => get(`/api/activity?limit=50&${month(i)}`),
        runs,
      ),
      await measure('page of 50, 100,000 entries deep', () => get(`/api/activity?limit=50&cursor=${cursor}`), runs),
      await measure(
        "one record's history (record varies)",
        (i) => get(`/api/activity/${activityKinds[i % activityKinds.length]}/${1 + ((i * 7919) % 50_000)}`),
        runs,
      ),
    ];
  } finally {
    await bench.close();
  }
}

runWhenExecuted(import.meta.url, 'Activity log reads', benchActivityLog);
