import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { likeContains } from '../../platform/db/search-text.js';

/**
 * Up to `limit` categories whose name contains `text`, or one of whose subcategories'
 * does, any case, by name (LIKE scans: a store has a few hundred of each), with the
 * number of subcategories (issue 10, global search).
 */
export function findCategoriesMatching(db: Db, text: string, limit: number) {
  const postgres = isPostgres(db);
  return db
    .selectFrom('categories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      eb
        .selectFrom('subcategories as s')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('s.categoryId', '=', 'c.id')
        .as('subcategoryCount'),
      eb
        .selectFrom('subcategories as s')
        .select('s.name')
        .whereRef('s.categoryId', '=', 'c.id')
        .where((e) => likeContains(postgres, e.ref('s.name'), text))
        .orderBy('s.name')
        .limit(1)
        .as('matchingSubcategory'),
    ])
    .where((eb) =>
      eb.or([
        likeContains(postgres, eb.ref('c.name'), text),
        eb.exists(
          eb
            .selectFrom('subcategories as s')
            .select('s.id')
            .whereRef('s.categoryId', '=', 'c.id')
            .where((e) => likeContains(postgres, e.ref('s.name'), text)),
        ),
      ]),
    )
    .orderBy('c.name')
    .limit(limit)
    .execute();
}
