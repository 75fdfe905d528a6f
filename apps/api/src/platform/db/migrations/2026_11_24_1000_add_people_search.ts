import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * Indexes the global search's people (issue 10, docs/decisions/0060): customers and
 * vendors are found by a part of their name or e-mail. A store has up to 100,000
 * customers, too many to scan with LIKE on every key press, so `users` gets a trigram
 * index per database, as products (0010) and orders (0016) have. Vendors' business
 * names and categories are a few hundred rows at most and are scanned.
 * - PostgreSQL: a pg_trgm GIN index on `users.name` (`users.email` has one since
 *   migration 2026_11_21_1810).
 * - SQLite: an FTS5 trigram table over `users` (name, e-mail; external content, no
 *   copy of the text), kept in step by triggers.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index users_name_trgm_idx on users using gin (name gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`
    create virtual table users_search using fts5(
      name, email,
      content = 'users', content_rowid = 'id', tokenize = 'trigram'
    )`.execute(db);
  await sql`
    create trigger users_search_after_insert after insert on users begin
      insert into users_search (rowid, name, email) values (new.id, new.name, new.email);
    end`.execute(db);
  await sql`
    create trigger users_search_after_delete after delete on users begin
      insert into users_search (users_search, rowid, name, email) values ('delete', old.id, old.name, old.email);
    end`.execute(db);
  await sql`
    create trigger users_search_after_update after update of name, email on users begin
      insert into users_search (users_search, rowid, name, email) values ('delete', old.id, old.name, old.email);
      insert into users_search (rowid, name, email) values (new.id, new.name, new.email);
    end`.execute(db);
  await sql`insert into users_search (users_search) values ('rebuild')`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index users_name_trgm_idx`.execute(db);
    return;
  }
  await sql`drop trigger users_search_after_update`.execute(db);
  await sql`drop trigger users_search_after_delete`.execute(db);
  await sql`drop trigger users_search_after_insert`.execute(db);
  await sql`drop table users_search`.execute(db);
}
