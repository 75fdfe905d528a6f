import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * PostgreSQL only (decision 0035): the order search reads one copy and its indexes, as
 * SQLite's `orders_search` already does.
 *
 * - **The account's e-mail joins the copy.** `orders.search_text` becomes
 *   `lower(tracking_number ‖ U+001F ‖ billing_email ‖ U+001F ‖ the account's e-mail)`,
 *   kept by triggers instead of a generated column (a generated column cannot read
 *   `users`): on each order written, and on the orders of an account whose e-mail
 *   changes. Before, the accounts whose e-mail matched were found first and their ids
 *   OR-ed into every count, gather and walk: for a common text (thousands of
 *   accounts) PostgreSQL then scanned the orders (430 ms to count "diga" among
 *   1,000,000 orders).
 * - **Two-character texts get an index.** pg_trgm cannot serve them, so each was
 *   checked on every order (250 ms to count "ez"). A GIN index of the copy's
 *   two-character substrings (`search_bigrams`) finds every order containing such a
 *   text; the search still checks each candidate with LIKE. The function costs about
 *   14 µs an order, so it is declared costly (`cost 10000`): the planner reads the
 *   index rather than computing it on each order of a scan, and a walk of the list
 *   leaves the condition out (`bigramsContain`, `platform/db/lists.ts`).
 *
 * The copy is rewritten for every order once, with its trigram index dropped meanwhile
 * (about three minutes at 1,000,000 orders). SQLite is unchanged.
 */

export async function up(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table orders alter column search_text drop expression`.execute(db);
  await db.schema.dropIndex('orders_search_text_trgm_idx').execute();
  await sql`
    update orders as o set search_text = lower(o.tracking_number || chr(31) || o.billing_email || chr(31)
      || coalesce((select u.email from users as u where u.id = o.user_id), ''))`.execute(db);
  await sql`alter table orders alter column search_text set not null`.execute(db);
  await sql`
    create function orders_set_search_text() returns trigger language plpgsql as $$
    begin
      new.search_text := lower(new.tracking_number || chr(31) || new.billing_email || chr(31)
        || coalesce((select email from users where id = new.user_id), ''));
      return new;
    end $$`.execute(db);
  await sql`
    create trigger orders_search_text before insert or update of tracking_number, billing_email, user_id, search_text
    on orders for each row execute function orders_set_search_text()`.execute(db);
  await sql`
    create function users_set_order_search_text() returns trigger language plpgsql as $$
    begin
      update orders set search_text = lower(tracking_number || chr(31) || billing_email || chr(31)
        || coalesce(new.email, '')) where user_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_order_search_text after update of email on users
    for each row when (old.email is distinct from new.email) execute function users_set_order_search_text()`.execute(
    db,
  );
  await sql`create index orders_search_text_trgm_idx on orders using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`
    create function search_bigrams(value text) returns text[]
    language sql immutable strict parallel safe cost 10000
    as $$
      select coalesce(array_agg(substr(value, i, 2)), '{}'::text[])
      from generate_series(1, char_length(value) - 1) as i
    $$`.execute(db);
  await sql`create index orders_search_text_bigrams_idx on orders using gin (search_bigrams(search_text))`.execute(db);
  // The planner's estimate of a bigram's orders comes from the expression's statistics.
  await sql`analyze orders`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropIndex('orders_search_text_bigrams_idx').execute();
  await sql`drop function search_bigrams(text)`.execute(db);
  await sql`drop trigger users_order_search_text on users`.execute(db);
  await sql`drop function users_set_order_search_text()`.execute(db);
  await sql`drop trigger orders_search_text on orders`.execute(db);
  await sql`drop function orders_set_search_text()`.execute(db);
  await db.schema.dropIndex('orders_search_text_trgm_idx').execute();
  await sql`alter table orders drop column search_text`.execute(db);
  await sql`
    alter table orders add column search_text text
      generated always as (lower(tracking_number || chr(31) || billing_email)) stored`.execute(db);
  await sql`create index orders_search_text_trgm_idx on orders using gin (search_text gin_trgm_ops)`.execute(db);
}
