import { type RawBuilder, sql } from 'kysely';
import { ORDER_SEARCH_STATUS_CODES } from '../dialect.js';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * Indexes the admin order search (the tracking number, the billing e-mail or the
 * customer account's e-mail contains the text, in any case; spec section 7,
 * `GET /orders/admin/orders`) so a searched page stays fast on 1,000,000 orders.
 * Substring search cannot use a B-tree, so, as for products (migration
 * 2026_11_21_1700_add_product_search), each database gets its own trigram index and
 * `orders.repository.ts` picks the matching predicate. See docs/decisions/0016.
 */

// The status codes live in ../dialect.ts, which the order search reads at run time too.

export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    // pg_trgm GIN indexes serve `ILIKE '%text%'` for texts of 3+ characters. The
    // account's e-mail is looked up in users first (its own index), then the orders of
    // those accounts through orders_user_id_idx: a GIN index cannot span a join.
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index orders_tracking_number_trgm_idx on orders using gin (tracking_number gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index orders_billing_email_trgm_idx on orders using gin (billing_email gin_trgm_ops)`.execute(db);
    await sql`create index users_email_trgm_idx on users using gin (email gin_trgm_ops)`.execute(db);
    return;
  }

  // SQLite: an FTS5 trigram index of one document per order: tracking number, billing
  // e-mail, the account's e-mail when it differs from the billing one (most orders are
  // billed to the account's address; indexing it twice would double the index for
  // nothing), and the status. Each text is indexed with U+0001 appended, so that its
  // last two characters also start a trigram: a 2-character text then matches exactly
  // the orders having a trigram that starts with it. (Texts with control characters
  // never reach a full-text query; the repository matches them with LIKE.) Contentless with contentless_delete (SQLite 3.43+): the
  // document is not a copy of any one table's columns, so there is no external
  // content to point at, and a row is deleted by rowid alone. Triggers on orders and
  // users keep it in step for every writer. Raw SQL: the schema builder cannot express
  // virtual tables or triggers.
  await sql`
    create virtual table orders_search using fts5(
      tracking_number, billing_email, customer_email, status,
      content = '', contentless_delete = 1, tokenize = 'trigram'
    )`.execute(db);
  // The index's terms, read to expand a 2-character search into the trigrams starting with it.
  await sql`create virtual table orders_search_terms using fts5vocab(orders_search, row)`.execute(db);

  await sql`
    create trigger orders_search_after_insert after insert on orders begin
      ${insertDocuments('new', sql`select email from users where id = new.user_id`)};
    end`.execute(db);
  await sql`
    create trigger orders_search_after_delete after delete on orders begin
      delete from orders_search where rowid = old.id;
    end`.execute(db);
  // Also fires for ON DELETE SET NULL when the account is deleted (its e-mail stops matching).
  await sql`
    create trigger orders_search_after_update
    after update of id, tracking_number, billing_email, user_id, status on orders
    when old.id is not new.id or old.tracking_number is not new.tracking_number
      or old.billing_email is not new.billing_email or old.user_id is not new.user_id
      or old.status is not new.status
    begin
      delete from orders_search where rowid = old.id;
      ${insertDocuments('new', sql`select email from users where id = new.user_id`)};
    end`.execute(db);
  await sql`
    create trigger orders_search_after_user_email after update of email on users
    when old.email is not new.email begin
      delete from orders_search where rowid in (select id from orders where user_id = new.id);
      insert into orders_search (rowid, tracking_number, billing_email, customer_email, status)
        select ${documentOf('o', sql`select new.email`)} from orders o where o.user_id = new.id;
    end`.execute(db);

  await rebuildOrderSearch(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index users_email_trgm_idx`.execute(db);
    await sql`drop index orders_billing_email_trgm_idx`.execute(db);
    await sql`drop index orders_tracking_number_trgm_idx`.execute(db);
    return;
  }
  await sql`drop trigger orders_search_after_user_email`.execute(db);
  await sql`drop trigger orders_search_after_update`.execute(db);
  await sql`drop trigger orders_search_after_delete`.execute(db);
  await sql`drop trigger orders_search_after_insert`.execute(db);
  await sql`drop table orders_search_terms`.execute(db);
  await sql`drop table orders_search`.execute(db);
}

/**
 * SQLite: re-indexes every order from the tables (used once by this migration, and the
 * repair should the index ever be doubted), then merges the index into one segment.
 * About 15 s on 1,000,000 orders. Run inside a transaction. No-op on PostgreSQL, whose
 * indexes cannot drift.
 */
export async function rebuildOrderSearch(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`insert into orders_search (orders_search) values ('delete-all')`.execute(db);
  await sql`
    insert into orders_search (rowid, tracking_number, billing_email, customer_email, status)
      select ${documentOf('o', sql`select email from users where id = o.user_id`)} from orders o`.execute(db);
  await sql`insert into orders_search (orders_search) values ('optimize')`.execute(db);
}

/** `insert` of the document of the order `row` (a trigger's `new`). */
function insertDocuments(row: string, accountEmail: RawBuilder<unknown>) {
  return sql`insert into orders_search (rowid, tracking_number, billing_email, customer_email, status)
      select ${documentOf(row, accountEmail)}`;
}

/**
 * The column values of the document of the order `row`: rowid, the padded texts, and
 * the status token. `accountEmail` selects the account's e-mail (no row for a guest).
 */
function documentOf(row: string, accountEmail: RawBuilder<unknown>) {
  const o = sql.raw(row);
  const pad = sql`char(1)`;
  const codes = Object.entries(ORDER_SEARCH_STATUS_CODES).map(
    ([status, code]) => sql`when ${sql.lit(status)} then ${sql.lit(code)}`,
  );
  return sql`${o}.id, ${o}.tracking_number || ${pad}, ${o}.billing_email || ${pad},
    nullif((${accountEmail}), ${o}.billing_email) || ${pad},
    char(2) || case ${o}.status ${sql.join(codes, sql` `)} else ${o}.status end || char(2)`;
}
