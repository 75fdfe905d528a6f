import type { Keyset, ListAnswer } from '../db/lists.js';
import { yieldToOthers } from '../yield.js';
import { EXPORT_BATCH_ROWS } from './csv-export.js';

/**
 * How an export reads its rows (decision 0105): in keyset batches of `EXPORT_BATCH_ROWS`,
 * each one short read, so no statement stays open while the client downloads and the
 * process's memory stays flat whatever the export's size; other requests go between two
 * reads (SQLite's driver is synchronous; decision 0121).
 */

/**
 * Every row of a keyset-ordered read, batch by batch. `read` answers up to `limit + 1`
 * rows after `after` in the list's order (a list repository's page read); `keyOf` is a
 * row's position (its sort key and id).
 */
export async function* keysetBatches<Row>(
  read: (page: { limit: number; after: Keyset | undefined }) => Promise<Row[]>,
  keyOf: (row: Row) => Keyset,
): AsyncGenerator<Row[]> {
  let after: Keyset | undefined;
  for (;;) {
    const rows = await read({ limit: EXPORT_BATCH_ROWS - 1, after });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    after = keyOf(rows[rows.length - 1] as Row);
    await yieldToOthers();
  }
}

/**
 * Every item of a paged list, page by page: `page` is the list's own service asked for
 * `EXPORT_BATCH_ROWS` items after `cursor` (the same filters, order and plans the screen's
 * list uses), followed until its `nextCursor` is null.
 */
export async function* listBatches<Item>(
  page: (paging: { limit: number; cursor: string | undefined }) => Promise<ListAnswer<Item>>,
): AsyncGenerator<Item[]> {
  let cursor: string | undefined;
  for (;;) {
    const answer = await page({ limit: EXPORT_BATCH_ROWS, cursor });
    if (answer.items.length > 0) yield answer.items;
    if (!answer.nextCursor) return;
    cursor = answer.nextCursor;
    await yieldToOthers();
  }
}

/**
 * Rows already in memory (a job's report, an export answered at once) as an export's
 * batches of `EXPORT_BATCH_ROWS`, letting other requests in between them: the CSV of a
 * 50,000-row report written in one go held the loop for seconds (decision 0121).
 */
export async function* oneBatch<Row>(rows: readonly Row[]): AsyncGenerator<readonly Row[]> {
  for (let at = 0; at < rows.length; at += EXPORT_BATCH_ROWS) {
    if (at > 0) await yieldToOthers();
    yield rows.slice(at, at + EXPORT_BATCH_ROWS);
  }
}

/** `items` grouped by `keyOf`, each group in the items' order (Node 20 has no `Map.groupBy`). */
export function groupedBy<Key, Item>(items: readonly Item[], keyOf: (item: Item) => Key): Map<Key, Item[]> {
  const groups = new Map<Key, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
