import type { categorySorts } from '@haat/contract';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { afterKeyset, type Keyset, type SortKeyType } from '../../platform/db/lists.js';
import type { CategoriesTable, Database, SubcategoriesTable } from '../../platform/db/schema.js';
import { likeContains } from '../../platform/db/search-text.js';

/**
 * Every SQL statement on categories and subcategories. Functions take the query handle
 * first so a service can pass a transaction. Counts are computed by the database.
 */

export type CategorySort = (typeof categorySorts)[number];

type SortSpec = { key: Expression<unknown>; direction: 'asc' | 'desc'; type: SortKeyType };

const ceb = expressionBuilder<Database & { c: CategoriesTable }, 'c'>();
const seb = expressionBuilder<Database & { s: SubcategoriesTable }, 's'>();

/** The key each sort orders by (then id), for categories (`c`) and subcategories (`s`). */
function sortSpec(alias: 'c' | 's', sort: CategorySort): SortSpec {
  const ref = (column: 'name' | 'createdAt') => (alias === 'c' ? ceb.ref(`c.${column}`) : seb.ref(`s.${column}`));
  switch (sort) {
    case 'name-asc':
      return { key: sql`lower(${ref('name')})`, direction: 'asc', type: 'string' };
    case 'name-desc':
      return { key: sql`lower(${ref('name')})`, direction: 'desc', type: 'string' };
    case 'newest':
      return { key: ref('createdAt'), direction: 'desc', type: 'instant' };
    case 'oldest':
      return { key: ref('createdAt'), direction: 'asc', type: 'instant' };
  }
}

/** The cursor key type of a category or subcategory sort. */
export function categorySortKeyType(sort: CategorySort): SortKeyType {
  return sortSpec('c', sort).type;
}

function selectCategories(db: Db) {
  return db
    .selectFrom('categories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.imageUrl',
      'c.createdAt',
      'c.updatedAt',
      eb
        .selectFrom('subcategories as s')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('s.categoryId', '=', 'c.id')
        .as('subcategoryCount'),
      eb
        .selectFrom('products as p')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('p.categoryId', '=', 'c.id')
        .as('productCount'),
    ]);
}

export type CategoryListRow = Awaited<ReturnType<typeof findCategoryById>> & object;

/** One category with its subcategory and product counts, or undefined. */
export function findCategoryById(db: Db, id: number) {
  return selectCategories(db).where('c.id', '=', id).executeTakeFirst();
}

function categoryWhere(db: Db, search: string | undefined): Expression<SqlBool> {
  return search ? likeContains(isPostgres(db), ceb.ref('c.name'), search) : ceb.and([]);
}

/**
 * Categories whose name contains `search`, in `sort` order then by id; all of them, or
 * with `page` `limit + 1` rows after the cursor (`sortKey` is each row's cursor key).
 */
export function listCategories(
  db: Db,
  search: string | undefined,
  sort: CategorySort,
  page?: { limit: number; after?: Keyset },
) {
  const { key, direction } = sortSpec('c', sort);
  let query = selectCategories(db).select(sql<string>`${key}`.as('sortKey')).where(categoryWhere(db, search));
  if (page?.after) query = query.where(afterKeyset(key, ceb.ref('c.id'), direction, page.after));
  query = query.orderBy(key, direction).orderBy('c.id', direction);
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

/** How many categories' names contain `search`. */
export async function countCategories(db: Db, search: string | undefined): Promise<number> {
  const row = await db
    .selectFrom('categories as c')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(categoryWhere(db, search))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** True when another category (not `exceptId`) has this name, ignoring case. */
export async function isCategoryNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where(sql<SqlBool>`lower(name) = lower(${name})`)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a category; returns its id. */
export async function insertCategory(
  db: Db,
  values: { name: string; imageUrl: string; createdAt: string; updatedAt: string },
): Promise<number> {
  const row = await db.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Every category's id and name (the catalog importer matches names ignoring case). */
export function listCategoryNames(db: Db) {
  return db.selectFrom('categories').select(['id', 'name']).execute();
}

/** Updates a category; false when it does not exist. */
export async function updateCategory(
  db: Db,
  id: number,
  values: { name: string; imageUrl: string; updatedAt: string },
): Promise<boolean> {
  const result = await db.updateTable('categories').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a category; its subcategories go with it (foreign key cascade). */
export async function deleteCategory(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Products filed under the category or any of its subcategories. */
export async function countProductsUsingCategory(db: Db, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) =>
      eb.or([
        eb('categoryId', '=', categoryId),
        eb(
          'subcategoryId',
          'in',
          eb.selectFrom('subcategories').select('id').where('subcategories.categoryId', '=', categoryId),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function selectSubcategories(db: Db) {
  return db
    .selectFrom('subcategories as s')
    .innerJoin('categories as c', 'c.id', 's.categoryId')
    .select((eb) => [
      's.id',
      's.name',
      's.categoryId',
      'c.name as categoryName',
      's.createdAt',
      's.updatedAt',
      eb
        .selectFrom('products as p')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('p.subcategoryId', '=', 's.id')
        .as('productCount'),
    ]);
}

export type SubcategoryListRow = Awaited<ReturnType<typeof findSubcategoryById>> & object;

/** One subcategory with its parent's name and its product count, or undefined. */
export function findSubcategoryById(db: Db, id: number) {
  return selectSubcategories(db).where('s.id', '=', id).executeTakeFirst();
}

/** Filters of the subcategory list. */
export interface SubcategoryFilters {
  categoryId?: number;
  search?: string;
}

function subcategoryWhere(db: Db, filters: SubcategoryFilters): Expression<SqlBool> {
  const parts: Array<Expression<SqlBool>> = [];
  if (filters.categoryId !== undefined) parts.push(seb('s.categoryId', '=', filters.categoryId));
  if (filters.search) parts.push(likeContains(isPostgres(db), seb.ref('s.name'), filters.search));
  return seb.and(parts);
}

/** Subcategories meeting `filters`, all or one page (as `listCategories`). */
export function listSubcategories(
  db: Db,
  filters: SubcategoryFilters,
  sort: CategorySort,
  page?: { limit: number; after?: Keyset },
) {
  const { key, direction } = sortSpec('s', sort);
  let query = selectSubcategories(db).select(sql<string>`${key}`.as('sortKey')).where(subcategoryWhere(db, filters));
  if (page?.after) query = query.where(afterKeyset(key, seb.ref('s.id'), direction, page.after));
  query = query.orderBy(key, direction).orderBy('s.id', direction);
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

/** How many subcategories meet `filters`. */
export async function countSubcategories(db: Db, filters: SubcategoryFilters): Promise<number> {
  const row = await db
    .selectFrom('subcategories as s')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(subcategoryWhere(db, filters))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A subcategory's parent, or undefined when it does not exist. */
export function findSubcategoryParent(db: Db, id: number) {
  return db.selectFrom('subcategories').select(['id', 'categoryId']).where('id', '=', id).executeTakeFirst();
}

/** True when another subcategory (not `exceptId`) of the category has this name, ignoring case. */
export async function isSubcategoryNameTaken(
  db: Db,
  categoryId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('subcategories')
    .select('id')
    .where('categoryId', '=', categoryId)
    .where(sql<SqlBool>`lower(name) = lower(${name})`)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a subcategory; returns its id. */
export async function insertSubcategory(
  db: Db,
  values: { categoryId: number; name: string; createdAt: string; updatedAt: string },
): Promise<number> {
  const row = await db.insertInto('subcategories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a subcategory's name and parent. */
export async function updateSubcategory(
  db: Db,
  id: number,
  values: { categoryId: number; name: string; updatedAt: string },
): Promise<void> {
  await db.updateTable('subcategories').set(values).where('id', '=', id).execute();
}

/** Files the subcategory's products under `categoryId` (after the subcategory moved there). */
export async function moveSubcategoryProducts(
  db: Db,
  subcategoryId: number,
  categoryId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('products')
    .set({ categoryId, updatedAt: now })
    .where('subcategoryId', '=', subcategoryId)
    .where('categoryId', '!=', categoryId)
    .execute();
}

/** Deletes a subcategory. */
export async function deleteSubcategory(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('subcategories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Products filed under the subcategory. */
export async function countProductsUsingSubcategory(db: Db, subcategoryId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('subcategoryId', '=', subcategoryId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
