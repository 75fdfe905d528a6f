import { sql } from 'kysely';
import type { MigrationDb } from './helpers.js';

/**
 * Orders with a cancellation or a refund, in list order (issue 24): the order list's
 * filter reads them from this partial index, a few percent of the orders, instead of
 * walking every order. Its condition is written as the search writes it
 * (`CORRECTED_ORDER` in features/orders/search/shared.ts), which both databases need to
 * use a partial index.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create index orders_corrected_idx on orders (created_at, id)
    where (cancelled_total_paise > 0 or refunded_total_paise > 0)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index orders_corrected_idx`.execute(db);
}
