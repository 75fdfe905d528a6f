import type { Db } from '../../platform/db/create-db.js';
import { findCategoriesMatching } from './category-lookup.repository.js';

/**
 * The global search's categories for an admin (issue 10, docs/decisions/0060): up to
 * `limit` categories whose name, or one of whose subcategories' names, contains
 * `text`, any case, by name; each with the matching subcategory's name, if any.
 */
export function lookUpCategories(db: Db, text: string, limit: number) {
  return findCategoriesMatching(db, text, limit);
}
