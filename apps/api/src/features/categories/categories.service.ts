import {
  type Category,
  type CategoryBody,
  type categoryListQuery,
  categoryMessages,
  type Subcategory,
  type SubcategoryBody,
  type subcategoryListQuery,
} from '@haat/contract';
import type { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraint-errors.js';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { AppError, notFound } from '../../platform/errors.js';
import { type ActivityActor, diffFields, recordActivity } from '../activity/activity.service.js';
import {
  type CategoryListRow,
  categorySortKeyType,
  countCategories,
  countProductsUsingCategory,
  countProductsUsingSubcategory,
  countSubcategories,
  deleteCategory as deleteCategoryRow,
  deleteSubcategory as deleteSubcategoryRow,
  findCategoryById,
  findSubcategoryById,
  insertCategory,
  insertSubcategory,
  isCategoryNameTaken,
  isSubcategoryNameTaken,
  listCategories as listCategoryRows,
  listSubcategories as listSubcategoryRows,
  moveSubcategoryProducts,
  type SubcategoryListRow,
  updateCategory as updateCategoryRow,
  updateSubcategory as updateSubcategoryRow,
} from './categories.repository.js';

/**
 * Category and subcategory rules (spec section 2 'Category and subcategory
 * management'; issue 3, server rules): category names are unique ignoring case, and
 * subcategory names within their category; deleting a category deletes its
 * subcategories; neither is deleted while products use it (409 saying how many).
 */

type CategoryQuery = z.output<typeof categoryListQuery>;
type SubcategoryQuery = z.output<typeof subcategoryListQuery>;

/** A category row as the wire shape. */
export function toCategory(row: CategoryListRow): Category {
  return {
    _id: String(row.id),
    name: row.name,
    imageUrl: row.imageUrl,
    subcategoryCount: Number(row.subcategoryCount ?? 0),
    productCount: Number(row.productCount ?? 0),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A subcategory row as the wire shape: `category` is the parent reference, `categoryId` its id. */
export function toSubcategory(row: SubcategoryListRow): Subcategory {
  return {
    _id: String(row.id),
    name: row.name,
    category: { _id: String(row.categoryId), name: row.categoryName },
    categoryId: String(row.categoryId),
    productCount: Number(row.productCount ?? 0),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * `GET /categories`: every category (the spec's answer) or, with `limit`, one page plus
 * the total and the next cursor. Sorted by name unless asked otherwise.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this sort.
 */
export async function listCategories(
  db: Db,
  bounds: ListBounds,
  query: CategoryQuery,
): Promise<{ categories: Category[]; total?: number; nextCursor?: string | null }> {
  const search = query.search || undefined;
  const { items, ...paging } = await listOrPage(
    query,
    {
      keyType: categorySortKeyType(query.sort),
      fetchAll: () => listCategoryRows(db, search, query.sort),
      fetchPage: (page) => listCategoryRows(db, search, query.sort, page),
      count: () => countCategories(db, search),
      keyOf: (row) => ({ key: row.sortKey, id: row.id }),
      toItems: (rows) => rows.map(toCategory),
    },
    bounds,
  );
  return { categories: items, ...paging };
}

const categoryNameTaken = () =>
  new AppError('CONFLICT', categoryMessages.nameTaken, { name: categoryMessages.nameTaken });

/** A unique-index violation (a concurrent request took the name after our check) answers the same 409. */
async function guardName<T>(write: () => Promise<T>, taken: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

async function loadCategory(db: Db, id: number): Promise<Category> {
  const row = await findCategoryById(db, id);
  if (!row) throw notFound(categoryMessages.notFound);
  return toCategory(row);
}

/**
 * `POST /categories/create`: `_id` in the body is ignored.
 * @throws AppError CONFLICT (409) when the name is taken, ignoring case.
 */
export async function createCategory(db: Db, actor: ActivityActor, body: CategoryBody): Promise<Category> {
  const now = new Date().toISOString();
  const id = await guardName(
    () =>
      db.transaction().execute(async (trx) => {
        if (await isCategoryNameTaken(trx, body.name)) throw categoryNameTaken();
        const id = await insertCategory(trx, {
          name: body.name,
          imageUrl: body.imageUrl,
          createdAt: now,
          updatedAt: now,
        });
        const changes = diffFields(null, { name: body.name, imageUrl: body.imageUrl });
        await recordActivity(trx, {
          actor,
          action: 'create',
          kind: 'category',
          recordId: id,
          label: body.name,
          changes,
        });
        return id;
      }),
    categoryNameTaken,
  );
  return loadCategory(db, id);
}

/**
 * `PUT /categories/:id`: renames it and changes its image.
 * @throws AppError NOT_FOUND (404); CONFLICT (409) when another category has the name.
 */
export async function updateCategory(db: Db, actor: ActivityActor, id: number, body: CategoryBody): Promise<Category> {
  const now = new Date().toISOString();
  await guardName(
    () =>
      db.transaction().execute(async (trx) => {
        const before = await findCategoryById(trx, id);
        if (!before) throw notFound(categoryMessages.notFound);
        if (await isCategoryNameTaken(trx, body.name, id)) throw categoryNameTaken();
        await updateCategoryRow(trx, id, { name: body.name, imageUrl: body.imageUrl, updatedAt: now });
        const changes = diffFields(
          { name: before.name, imageUrl: before.imageUrl },
          { name: body.name, imageUrl: body.imageUrl },
        );
        await recordActivity(trx, {
          actor,
          action: 'update',
          kind: 'category',
          recordId: id,
          label: body.name,
          changes,
        });
      }),
    categoryNameTaken,
  );
  return loadCategory(db, id);
}

/**
 * `DELETE /categories/:id`: deletes the category and its subcategories ('Delete
 * Category?': all associated subcategories are also deleted).
 * @throws AppError NOT_FOUND (404); IN_USE (409) naming how many products use it or
 *   its subcategories, also when one is added while deleting (foreign-key violation).
 */
export async function deleteCategory(db: Db, actor: ActivityActor, id: number): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findCategoryById(trx, id);
      if (!before) throw notFound(categoryMessages.notFound);
      const used = await countProductsUsingCategory(trx, id);
      if (used > 0) throw new AppError('IN_USE', categoryMessages.inUse(used));
      await deleteCategoryRow(trx, id);
      await recordActivity(trx, { actor, action: 'delete', kind: 'category', recordId: id, label: before.name });
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw new AppError('IN_USE', categoryMessages.inUse(await countProductsUsingCategory(db, id)));
  }
}

/**
 * `GET /subcategories`: every subcategory, or one category's (`category`), or with
 * `limit` one page plus the total and the next cursor.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this sort.
 */
export async function listSubcategories(
  db: Db,
  bounds: ListBounds,
  query: SubcategoryQuery,
): Promise<{ subcategories: Subcategory[]; total?: number; nextCursor?: string | null }> {
  const filters = { categoryId: query.category, search: query.search || undefined };
  const { items, ...paging } = await listOrPage(
    query,
    {
      keyType: categorySortKeyType(query.sort),
      fetchAll: () => listSubcategoryRows(db, filters, query.sort),
      fetchPage: (page) => listSubcategoryRows(db, filters, query.sort, page),
      count: () => countSubcategories(db, filters),
      keyOf: (row) => ({ key: row.sortKey, id: row.id }),
      toItems: (rows) => rows.map(toSubcategory),
    },
    bounds,
  );
  return { subcategories: items, ...paging };
}

const subcategoryNameTaken = () =>
  new AppError('CONFLICT', categoryMessages.subcategoryNameTaken, { name: categoryMessages.subcategoryNameTaken });

const parentMissing = () =>
  new AppError('VALIDATION_FAILED', categoryMessages.notFound, { category: categoryMessages.notFound });

async function loadSubcategory(db: Db, id: number): Promise<Subcategory> {
  const row = await findSubcategoryById(db, id);
  if (!row) throw notFound(categoryMessages.subcategoryNotFound);
  return toSubcategory(row);
}

/**
 * `POST /subcategories`: `{ name, category }`; `_id` is ignored.
 * @throws AppError VALIDATION_FAILED (400) when the parent category does not exist;
 *   CONFLICT (409) when the category already has a subcategory of that name.
 */
export async function createSubcategory(db: Db, actor: ActivityActor, body: SubcategoryBody): Promise<Subcategory> {
  const now = new Date().toISOString();
  const id = await guardName(async () => {
    try {
      return await db.transaction().execute(async (trx) => {
        if (!(await findCategoryById(trx, body.category))) throw parentMissing();
        if (await isSubcategoryNameTaken(trx, body.category, body.name)) throw subcategoryNameTaken();
        const id = await insertSubcategory(trx, {
          categoryId: body.category,
          name: body.name,
          createdAt: now,
          updatedAt: now,
        });
        const changes = diffFields(null, { name: body.name, categoryId: body.category });
        await recordActivity(trx, {
          actor,
          action: 'create',
          kind: 'subcategory',
          recordId: id,
          label: body.name,
          changes,
        });
        return id;
      });
    } catch (error) {
      // The category was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw parentMissing();
      throw error;
    }
  }, subcategoryNameTaken);
  return loadSubcategory(db, id);
}

/**
 * `PUT /subcategories/:id`: renames it or moves it to another category; its products
 * move with it, so a product's subcategory always belongs to its category.
 * @throws AppError NOT_FOUND (404); VALIDATION_FAILED (400) when the new parent does
 *   not exist; CONFLICT (409) when the target category has a subcategory of that name.
 */
export async function updateSubcategory(
  db: Db,
  actor: ActivityActor,
  id: number,
  body: SubcategoryBody,
): Promise<Subcategory> {
  const now = new Date().toISOString();
  await guardName(async () => {
    try {
      await db.transaction().execute(async (trx) => {
        const current = await findSubcategoryById(trx, id);
        if (!current) throw notFound(categoryMessages.subcategoryNotFound);
        if (!(await findCategoryById(trx, body.category))) throw parentMissing();
        if (await isSubcategoryNameTaken(trx, body.category, body.name, id)) throw subcategoryNameTaken();
        await updateSubcategoryRow(trx, id, { categoryId: body.category, name: body.name, updatedAt: now });
        if (current.categoryId !== body.category) await moveSubcategoryProducts(trx, id, body.category, now);
        const changes = diffFields(
          { name: current.name, categoryId: current.categoryId },
          { name: body.name, categoryId: body.category },
        );
        await recordActivity(trx, {
          actor,
          action: 'update',
          kind: 'subcategory',
          recordId: id,
          label: body.name,
          changes,
        });
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw parentMissing();
      throw error;
    }
  }, subcategoryNameTaken);
  return loadSubcategory(db, id);
}

/**
 * `DELETE /subcategories/:id`.
 * @throws AppError NOT_FOUND (404); IN_USE (409) naming how many products use it.
 */
export async function deleteSubcategory(db: Db, actor: ActivityActor, id: number): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findSubcategoryById(trx, id);
      if (!before) throw notFound(categoryMessages.subcategoryNotFound);
      const used = await countProductsUsingSubcategory(trx, id);
      if (used > 0) throw new AppError('IN_USE', categoryMessages.subcategoryInUse(used));
      await deleteSubcategoryRow(trx, id);
      await recordActivity(trx, { actor, action: 'delete', kind: 'subcategory', recordId: id, label: before.name });
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    throw new AppError('IN_USE', categoryMessages.subcategoryInUse(await countProductsUsingSubcategory(db, id)));
  }
}
