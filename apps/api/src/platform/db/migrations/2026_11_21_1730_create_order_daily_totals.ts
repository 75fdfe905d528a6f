import { sql } from 'kysely';
import { dateType, isPostgres, type MigrationDb, moneyType } from './helpers.js';

/**
 * `order_daily_totals`: per UTC calendar day and status, how many orders and the sum
 * of their discounted totals (paise). The dashboard's all-time and monthly figures
 * read it instead of the orders, so they cost the same on 1,000 orders and on
 * 10,000,000 (measured: summing 1,000,000 orders through the best index took 350 to
 * 600 ms; see docs/decisions and docs/performance.md).
 *
 * The database keeps it in step itself, with triggers on orders (insert, update,
 * delete), so every writer (checkout, status updates, seeders, bulk loads, a
 * hand-written UPDATE) is counted and none can forget. Trigger syntax differs: SQLite
 * has row triggers only; PostgreSQL gets statement triggers over transition tables,
 * so a bulk insert of 10,000 orders updates the totals once, not 10,000 times.
 *
 * A derived table: no id (the key is day and status) and no created_at/updated_at,
 * which would mean nothing and cost a clock read per order written.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('order_daily_totals')
    .addColumn('day', dateType(db), (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('order_count', 'integer', (col) => col.notNull())
    .addColumn('total_paise', moneyType, (col) => col.notNull())
    .addPrimaryKeyConstraint('order_daily_totals_pkey', ['day', 'status'])
    .execute();

  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  await rebuildOrderDailyTotals(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger order_daily_totals_after_insert on orders`.execute(db);
    await sql`drop trigger order_daily_totals_after_update on orders`.execute(db);
    await sql`drop trigger order_daily_totals_after_delete on orders`.execute(db);
    await sql`drop function order_daily_totals_add()`.execute(db);
    await sql`drop function order_daily_totals_remove()`.execute(db);
    await sql`drop function order_daily_totals_move()`.execute(db);
  } else {
    await sql`drop trigger order_daily_totals_after_insert`.execute(db);
    await sql`drop trigger order_daily_totals_after_update`.execute(db);
    await sql`drop trigger order_daily_totals_after_delete`.execute(db);
  }
  await db.schema.dropTable('order_daily_totals').execute();
}

/**
 * Recomputes every row from the orders (a full scan; used once by this migration, and
 * the repair should the totals ever be doubted). Run inside a transaction.
 */
export async function rebuildOrderDailyTotals(db: MigrationDb): Promise<void> {
  await sql`delete from order_daily_totals`.execute(db);
  // The UTC calendar date of created_at: timestamptz on PostgreSQL, ISO 8601 text on SQLite.
  const day = isPostgres(db) ? sql`(created_at at time zone 'UTC')::date` : sql`substr(created_at, 1, 10)`;
  await sql`
    insert into order_daily_totals (day, status, order_count, total_paise)
    select ${day}, status, count(*), sum(discounted_total_paise) from orders group by 1, 2`.execute(db);
}

/** SQLite: row triggers; an update moves the order out of its old (day, status) and into its new one. */
async function createSqliteTriggers(db: MigrationDb): Promise<void> {
  const add = sql`
    insert into order_daily_totals (day, status, order_count, total_paise)
    values (substr(new.created_at, 1, 10), new.status, 1, new.discounted_total_paise)
    on conflict (day, status) do update
      set order_count = order_count + 1, total_paise = total_paise + excluded.total_paise;`;
  const remove = sql`
    update order_daily_totals
      set order_count = order_count - 1, total_paise = total_paise - old.discounted_total_paise
      where day = substr(old.created_at, 1, 10) and status = old.status;`;
  await sql`create trigger order_daily_totals_after_insert after insert on orders begin ${add} end`.execute(db);
  await sql`create trigger order_daily_totals_after_delete after delete on orders begin ${remove} end`.execute(db);
  await sql`
    create trigger order_daily_totals_after_update
    after update of created_at, status, discounted_total_paise on orders begin ${remove} ${add} end`.execute(db);
}

/** PostgreSQL: one statement trigger per event, aggregating the statement's rows first. */
async function createPostgresTriggers(db: MigrationDb): Promise<void> {
  const upsert = (rows: string, sign: '+' | '-') => `
    insert into order_daily_totals (day, status, order_count, total_paise)
    select (created_at at time zone 'UTC')::date, status, ${sign}count(*), ${sign}sum(discounted_total_paise)
      from ${rows} group by 1, 2
    on conflict (day, status) do update
      set order_count = order_daily_totals.order_count + excluded.order_count,
          total_paise = order_daily_totals.total_paise + excluded.total_paise;`;
  const fn = (name: string, body: string) =>
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin ${body} return null; end $$`);
  await sql`${fn('order_daily_totals_add', upsert('added', '+'))}`.execute(db);
  await sql`${fn('order_daily_totals_remove', upsert('removed', '-'))}`.execute(db);
  await sql`${fn('order_daily_totals_move', upsert('removed', '-') + upsert('added', '+'))}`.execute(db);
  await sql`
    create trigger order_daily_totals_after_insert after insert on orders
    referencing new table as added for each statement execute function order_daily_totals_add()`.execute(db);
  await sql`
    create trigger order_daily_totals_after_delete after delete on orders
    referencing old table as removed for each statement execute function order_daily_totals_remove()`.execute(db);
  await sql`
    create trigger order_daily_totals_after_update after update on orders
    referencing old table as removed new table as added
    for each statement execute function order_daily_totals_move()`.execute(db);
}
