import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { afterKeyset, type Keyset } from '../../platform/db/lists.js';
import type { CommissionRatesTable } from '../../platform/db/schema.js';

/**
 * Every SQL statement on commission rates (issue 25). Rates are few (one per scope);
 * the list is in id order, the default (made by the migration) first.
 */

/** The rate list's only order; its cursors carry this name. */
export const RATE_SORT = 'id';

const rateColumns = [
  'r.id',
  'r.name',
  'r.percentageBp',
  'r.categoryId',
  'r.vendorId',
  'r.minPaise',
  'r.maxPaise',
  'r.createdAt',
  'r.updatedAt',
  'c.name as categoryName',
  'v.businessName as vendorName',
] as const;

function rates(db: Db) {
  return db
    .selectFrom('commissionRates as r')
    .leftJoin('categories as c', 'c.id', 'r.categoryId')
    .leftJoin('vendors as v', 'v.id', 'r.vendorId')
    .select(rateColumns);
}

/** Every rate in id order; all, or `limit + 1` after the cursor. */
export function listRates(db: Db, page?: { limit: number; after?: Keyset | undefined }) {
  let query = rates(db);
  if (page?.after) query = query.where(afterKeyset(sql.ref('r.id'), sql.ref('r.id'), 'asc', page.after));
  query = query.orderBy('r.id');
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

export type RateRow = Awaited<ReturnType<typeof listRates>>[number];

/** How many rates there are. */
export async function countRates(db: Db): Promise<number> {
  const row = await db
    .selectFrom('commissionRates')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One rate with its category's and vendor's names; locked inside a PostgreSQL transaction (an edit decides on it). */
export function findRate(db: Db, id: number) {
  return rates(db)
    .where('r.id', '=', id)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate('r'))
    .executeTakeFirst();
}

/**
 * The rates that can apply to lines of `vendorIds`' products in `categoryIds`: the
 * default, and those whose vendor and category are each absent or among them.
 */
export function findApplicableRates(db: Db, vendorIds: readonly number[], categoryIds: readonly number[]) {
  return db
    .selectFrom('commissionRates as r')
    .select(['r.id', 'r.percentageBp', 'r.categoryId', 'r.vendorId', 'r.minPaise', 'r.maxPaise'])
    .where((eb) =>
      eb.and([
        vendorIds.length > 0
          ? eb.or([eb('r.vendorId', 'is', null), eb('r.vendorId', 'in', vendorIds)])
          : eb('r.vendorId', 'is', null),
        categoryIds.length > 0
          ? eb.or([eb('r.categoryId', 'is', null), eb('r.categoryId', 'in', categoryIds)])
          : eb('r.categoryId', 'is', null),
      ]),
    )
    .execute();
}

type RateValues = Pick<
  CommissionRatesTable,
  'name' | 'percentageBp' | 'categoryId' | 'vendorId' | 'minPaise' | 'maxPaise'
>;

/** Inserts a rate; returns its id. A scope already taken raises the unique violation of `commission_rates_scope_key`. */
export async function insertRate(db: Db, values: RateValues, at: string): Promise<number> {
  const row = await db
    .insertInto('commissionRates')
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a rate's fields. */
export async function updateRate(db: Db, id: number, values: RateValues, at: string): Promise<void> {
  await db
    .updateTable('commissionRates')
    .set({ ...values, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

/** Deletes a rate; false when it did not exist. */
export async function deleteRate(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('commissionRates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a category and a vendor exist (null: not asked). */
export async function scopeExists(
  db: Db,
  categoryId: number | null,
  vendorId: number | null,
): Promise<{ category: boolean; vendor: boolean }> {
  const category =
    categoryId === null ||
    (await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst()) !== undefined;
  const vendor =
    vendorId === null ||
    (await db.selectFrom('vendors').select('id').where('id', '=', vendorId).executeTakeFirst()) !== undefined;
  return { category, vendor };
}
