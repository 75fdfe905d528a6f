import type { Db } from '../../../platform/db/create-db.js';
import { isPostgres } from '../../../platform/db/dialect.js';
import type { ListSearch } from '../../../platform/db/list-search.js';
import type { OrderRows } from '../orders.repository.js';
import { postgresOrderSearch } from './postgres.js';
import type { OrderFilters, OrderPlan } from './shared.js';
import { sqliteOrderSearch } from './sqlite.js';

/** The order list's search (`ListSearch`, platform/db/list-search.ts): the one for `db`'s database. */
export function orderSearch(db: Db): ListSearch<OrderFilters, OrderPlan, OrderRows> {
  return isPostgres(db) ? postgresOrderSearch(db) : sqliteOrderSearch(db);
}
