import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Db } from './create-db.js';
import { isPostgres } from './dialect.js';

/**
 * What an erasure on request (issue 33; docs/decisions/0120-where-a-person-lands.md)
 * shares between the features it reaches: the person as the texts that identify them,
 * the SQL that replaces those texts wherever they were copied into free text, and the
 * work on each database's own copies (SQLite's WAL and STAT4 samples, PostgreSQL's
 * statistics) once the rows are rewritten.
 */

/** The texts that identify an erased person: as their account and every order of theirs stored them. */
export interface ErasedIdentity {
  names: readonly string[];
  /** Lower case, as accounts and orders store them. */
  emails: readonly string[];
  /** As typed (`+91 98001 12345`). */
  phones: readonly string[];
  /** Street addresses as typed (city and province name many people, not one). */
  addresses: readonly string[];
}

/** What an erased person's name and e-mail read as afterwards. */
export interface ErasureReplacement {
  name: string;
  email: string;
}

/** A needle shorter than this would replace text that names no one (an initial, a house number). */
const SHORTEST_NEEDLE = 3;

/**
 * The person's texts to look for in free text (notes, reasons, messages, job files),
 * each once, longest first (an e-mail is replaced before the name inside it), none
 * shorter than 3 characters. Matching is exact: a name typed in another case or a phone
 * written otherwise in a note is not found (the decision's limits).
 */
export function erasureNeedles(identity: ErasedIdentity): string[] {
  const all = [...identity.emails, ...identity.phones, ...identity.names, ...identity.addresses]
    .map((text) => text.trim())
    .filter((text) => text.length >= SHORTEST_NEEDLE);
  return [...new Set(all)].sort((a, b) => b.length - a.length);
}

/** The needles as a JSON string holds them (a quote or backslash escaped), for the columns that store JSON. */
export function jsonNeedles(needles: readonly string[]): string[] {
  const escaped = needles.map((needle) => JSON.stringify(needle).slice(1, -1)).filter((e, i) => e !== needles[i]);
  return [...needles, ...escaped];
}

/**
 * `column` with every needle replaced by `replacement` (nested `replace()`, the same on
 * both databases; case-sensitive). With no needles, the column as it is.
 */
export function redactedText<T extends string | null>(
  column: Expression<T>,
  needles: readonly string[],
  replacement: string,
): RawBuilder<T> {
  let text: RawBuilder<T> = sql<T>`${column}`;
  for (const needle of needles) text = sql<T>`replace(${text}, ${needle}, ${replacement})`;
  return text;
}

/** Characters a phone number is written with besides its digits. */
const PHONE_PUNCTUATION = [' ', '-', '(', ')', '+', '.'];

/** `column` with the phone punctuation taken out (digits only for a phone number), on both databases. */
export function phoneDigits(column: Expression<string | null>): RawBuilder<string | null> {
  let text: RawBuilder<string | null> = sql`${column}`;
  for (const char of PHONE_PUNCTUATION) text = sql`replace(${text}, ${char}, '')`;
  return text;
}

/** The digits of a phone number, and for an Indian mobile its 10 digits with and without `91` or `0` in front. */
export function phoneDigitVariants(phones: readonly string[]): string[] {
  const variants = new Set<string>();
  for (const phone of phones) {
    const digits = phone.replace(/\D/g, '');
    if (digits.length < 6) continue;
    variants.add(digits);
    const local = digits.length > 10 ? digits.slice(-10) : digits;
    if (local.length === 10) for (const each of [local, `91${local}`, `0${local}`]) variants.add(each);
  }
  return [...variants];
}

/**
 * In the erasure's transaction: SQLite's STAT4 samples (index keys ANALYZE copied into
 * `sqlite_stat4`, e-mails among them) that hold a needle are dropped; the next ANALYZE
 * samples again. PostgreSQL's statistics are refreshed after the commit instead
 * (`settleErasure`).
 */
export async function dropErasedSamples(trx: Db, needles: readonly string[]): Promise<void> {
  if (isPostgres(trx) || needles.length === 0) return;
  const stat4 = await sql<{ name: string }>`select name from sqlite_master where name = 'sqlite_stat4'`.execute(trx);
  if (stat4.rows.length === 0) return;
  const holds = needles.map((needle) => sql`instr(sample, cast(${needle} as blob)) > 0`);
  await sql`delete from sqlite_stat4 where ${sql.join(holds, sql` or `)}`.execute(trx);
}

/**
 * PostgreSQL: the tables whose statistics quote one of `needles` (ANALYZE's most common
 * values or histogram bounds, kept in `pg_statistic`), an expression index's named by
 * its table.
 */
async function tablesWhoseStatisticsHold(db: Db, needles: readonly string[]): Promise<string[]> {
  const holds = (column: string) =>
    sql.join(
      needles.map((needle) => sql`position(${needle} in coalesce(s.${sql.raw(column)}::text, '')) > 0`),
      sql` or `,
    );
  const result = await sql<{ name: string }>`
    select distinct coalesce(t.relname, s.tablename) as name
    from pg_stats s
    left join pg_class i on i.relname = s.tablename and i.relkind = 'i'
      and i.relnamespace = (select oid from pg_namespace where nspname = s.schemaname)
    left join pg_index x on x.indexrelid = i.oid
    left join pg_class t on t.oid = x.indrelid
    where s.schemaname = current_schema()
      and (${holds('most_common_vals')} or ${holds('histogram_bounds')})`.execute(db);
  return result.rows.map((row) => row.name);
}

/**
 * After the erasure's commit, the copies the database keeps beside its rows. SQLite
 * (`secure_delete` on, `create-db.ts`): the pages as they were before the erasure stay
 * in the WAL until a checkpoint; `wal_checkpoint(TRUNCATE)` copies the new pages into
 * the file and empties the WAL (a reader in another process at that moment can hold it
 * back: the old frames then stay until the WAL is written over). PostgreSQL: the tables
 * whose statistics (most common values, histogram bounds) quote one of `needles` are
 * ANALYZEd again, so they sample the rows as they now are; the old row versions are
 * dead tuples that no query or `pg_dump` reads, reclaimed by (auto)vacuum.
 * @returns false when SQLite could not empty the WAL at once (busy).
 */
export async function settleErasure(db: Db, needles: readonly string[]): Promise<boolean> {
  if (isPostgres(db)) {
    if (needles.length === 0) return true;
    const tables = await tablesWhoseStatisticsHold(db, needles);
    if (tables.length > 0) await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
    return true;
  }
  const result = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return Number(result.rows[0]?.busy ?? 0) === 0;
}
