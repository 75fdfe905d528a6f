import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';

/**
 * Every SQL statement on product revisions (decision 0044) and the names a revision's
 * before/after list shows. Functions take the query handle first so a service can pass
 * a transaction. Times UTC ISO 8601.
 */

const revisionColumns = [
  'id',
  'productId',
  'proposedBy',
  'status',
  'proposed',
  'base',
  'reason',
  'reviewedBy',
  'reviewedAt',
  'createdAt',
  'updatedAt',
] as const;

/** A stored revision (its `proposed` and `base` still JSON text). */
export type RevisionRow = Awaited<ReturnType<typeof findRevisionById>> & object;

/**
 * One revision by id, or undefined. Inside a transaction on PostgreSQL the row is
 * locked (`FOR UPDATE`), so two reviews of it cannot interleave.
 */
export function findRevisionById(db: Db, id: number) {
  return db
    .selectFrom('productRevisions')
    .select(revisionColumns)
    .where('id', '=', id)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The product's pending revision, or undefined (there is at most one). */
export function findOpenRevision(db: Db, productId: number) {
  return db
    .selectFrom('productRevisions')
    .select(revisionColumns)
    .where('productId', '=', productId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** Inserts a pending revision; returns its id. */
export async function insertRevision(
  db: Db,
  values: { productId: number; proposedBy: number; proposed: string; base: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('productRevisions')
    .values({
      productId: values.productId,
      proposedBy: values.proposedBy,
      status: 'pending',
      proposed: values.proposed,
      base: values.base,
      reason: null,
      reviewedBy: null,
      reviewedAt: null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a revision's columns. */
export async function updateRevision(
  db: Db,
  id: number,
  values: Partial<{
    proposedBy: number;
    status: 'pending' | 'approved' | 'rejected';
    proposed: string;
    base: string;
    reason: string | null;
    reviewedBy: number;
    reviewedAt: string;
    updatedAt: string;
  }>,
): Promise<void> {
  await db.updateTable('productRevisions').set(values).where('id', '=', id).execute();
}

/** Deletes a revision (a pending one the vendor's later edit withdrew). */
export async function deleteRevision(db: Db, id: number): Promise<void> {
  await db.deleteFrom('productRevisions').where('id', '=', id).execute();
}

/** Bound parameters per statement stay well under SQLite's and PostgreSQL's limits. */
const BATCH = 500;

/** The newest revision of each product that has one, by product id. */
export async function findLatestRevisionsOf(db: Db, productIds: number[]): Promise<Map<number, RevisionRow>> {
  const latest = new Map<number, RevisionRow>();
  for (let start = 0; start < productIds.length; start += BATCH) {
    const batch = productIds.slice(start, start + BATCH);
    const rows = await db
      .selectFrom('productRevisions as r')
      .select(revisionColumns.map((column) => `r.${column}` as const))
      .where('r.productId', 'in', batch)
      .where(({ eb, selectFrom }) =>
        eb(
          'r.id',
          '=',
          selectFrom('productRevisions as newer')
            .select(({ fn }) => fn.max('newer.id').as('id'))
            .whereRef('newer.productId', '=', 'r.productId'),
        ),
      )
      .execute();
    for (const row of rows) latest.set(row.productId, row);
  }
  return latest;
}

/** Names of categories and subcategories by id, for a revision's before/after list. */
export async function findReferenceNames(
  db: Db,
  categoryIds: number[],
  subcategoryIds: number[],
): Promise<{ categories: Map<number, string>; subcategories: Map<number, string> }> {
  const [categories, subcategories] = await Promise.all([
    categoryIds.length === 0
      ? []
      : db.selectFrom('categories').select(['id', 'name']).where('id', 'in', categoryIds.slice(0, BATCH)).execute(),
    subcategoryIds.length === 0
      ? []
      : db
          .selectFrom('subcategories')
          .select(['id', 'name'])
          .where('id', 'in', subcategoryIds.slice(0, BATCH))
          .execute(),
  ]);
  return {
    categories: new Map(categories.map((row) => [row.id, row.name])),
    subcategories: new Map(subcategories.map((row) => [row.id, row.name])),
  };
}
