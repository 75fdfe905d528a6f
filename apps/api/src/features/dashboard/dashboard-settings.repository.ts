import type { Db } from '../../platform/db/create-db.js';

/** SQL of Dashboard Settings (issue 10): one row per user who saved theirs (migration 2026_11_24_1010). */

/** The user's saved row, if any. */
export function findSettingsRow(db: Db, userId: number) {
  return db
    .selectFrom('dashboardSettings')
    .select(['hidden', 'months', 'updatedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Inserts or replaces the user's row; `savedAt` (UTC) is its new version. */
export async function saveSettingsRow(
  db: Db,
  userId: number,
  values: { hidden: string; months: number },
  savedAt: string,
  exists: boolean,
): Promise<void> {
  if (exists) {
    await db
      .updateTable('dashboardSettings')
      .set({ ...values, updatedAt: savedAt })
      .where('userId', '=', userId)
      .execute();
  } else {
    await db
      .insertInto('dashboardSettings')
      .values({ userId, ...values, createdAt: savedAt, updatedAt: savedAt })
      .execute();
  }
}
