import { expressionBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { afterKeyset, type Keyset } from '../../platform/db/lists.js';
import type { BlogsTable, Database } from '../../platform/db/schema.js';

/**
 * Every SQL statement on blog posts. The list is newest first, paged by the keyset
 * (created_at, id) over `blogs_created_at_id_idx`. Functions take the query handle first.
 */

const eb = expressionBuilder<Database & { b: BlogsTable }, 'b'>();

/** The blog list's only order; its cursors carry this name. */
export const BLOG_SORT = 'newest';

const COLUMNS = [
  'b.id',
  'b.title',
  'b.category',
  'b.author',
  'b.content',
  'b.image',
  'b.createdAt',
  'b.updatedAt',
] as const;

/** Posts newest first: all, or `limit + 1` after the cursor. */
export function listBlogs(db: Db, page?: { limit: number; after?: Keyset | undefined }) {
  let query = db.selectFrom('blogs as b').select(COLUMNS);
  if (page?.after) query = query.where(afterKeyset(eb.ref('b.createdAt'), eb.ref('b.id'), 'desc', page.after));
  query = query.orderBy('b.createdAt', 'desc').orderBy('b.id', 'desc');
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

export type BlogRow = Awaited<ReturnType<typeof listBlogs>>[number];

/** How many posts there are, and how many have a category (the list's footer). */
export async function countBlogs(db: Db): Promise<{ total: number; withCategory: number }> {
  const row = await db
    .selectFrom('blogs')
    .select((qb) => [
      qb.fn.countAll<number>().as('total'),
      sql<number>`count(case when trim(category) <> '' then 1 end)`.as('withCategory'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), withCategory: Number(row.withCategory) };
}

/** One post, or undefined. Locked `FOR UPDATE` inside a PostgreSQL transaction (an edit's version check). */
export function findBlogById(db: Db, id: number) {
  return db
    .selectFrom('blogs as b')
    .select(COLUMNS)
    .where('b.id', '=', id)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The columns a write sets. */
export interface BlogValues {
  title: string;
  category: string;
  author: string;
  /** Sanitised HTML. */
  content: string;
  image: string | null;
}

/** Inserts a post; returns its id. */
export async function insertBlog(db: Db, values: BlogValues, now: string): Promise<number> {
  const row = await db
    .insertInto('blogs')
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a post; `updatedAt` is its new version. */
export async function updateBlog(db: Db, id: number, values: BlogValues, updatedAt: string): Promise<void> {
  await db
    .updateTable('blogs')
    .set({ ...values, updatedAt })
    .where('id', '=', id)
    .execute();
}

/** Deletes a post; false when it did not exist. */
export async function deleteBlog(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blogs').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
