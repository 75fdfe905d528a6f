import {
  type DashboardSettings,
  type DashboardSettingsBody,
  DEFAULT_DASHBOARD_PERIOD,
  dashboardSettings,
  dashboardSettingsMessages,
} from '@haat/contract';
import { isUniqueViolation } from '../../platform/db/constraint-errors.js';
import type { Db } from '../../platform/db/create-db.js';
import { nextVersion } from '../../platform/db/versions.js';
import { AppError } from '../../platform/errors.js';
import { findSettingsRow, saveSettingsRow } from './dashboard-settings.repository.js';

/**
 * Dashboard Settings (issue 10, `/admin/dashboard-settings`; docs/decisions/0062): each
 * signed-in user's own choice of the dashboard widgets they hide and the months the
 * monthly chart covers, kept on the server. Versioned by `updatedAt` (decision 0018).
 */

/** What a user who never saved sees: everything, over 12 months. */
export const DEFAULT_SETTINGS: DashboardSettings = { hidden: [], months: DEFAULT_DASHBOARD_PERIOD };

export interface StoredSettings {
  settings: DashboardSettings;
  /** UTC ISO 8601; null before the first save. */
  updatedAt: string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Reads a stored row, falling back to the defaults for anything a later version of the widget list no longer knows. */
function parseRow(row: { hidden: string; months: number }): DashboardSettings {
  let hidden: unknown = [];
  try {
    hidden = JSON.parse(row.hidden);
  } catch {
    hidden = [];
  }
  const parsed = dashboardSettings.safeParse({ hidden, months: Number(row.months) });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/** `GET /api/dashboard/settings`: the user's settings and version (defaults and null before the first save). */
export async function getDashboardSettings(db: Db, userId: number): Promise<StoredSettings> {
  const row = await findSettingsRow(db, userId);
  return row
    ? { settings: parseRow(row), updatedAt: iso(row.updatedAt) }
    : { settings: DEFAULT_SETTINGS, updatedAt: null };
}

const stale = () => new AppError('CONFLICT', dashboardSettingsMessages.stale);

/**
 * `PUT /api/dashboard/settings`: saves the user's settings if `body.updatedAt` is the
 * version stored (null: none saved yet), in a transaction.
 * @throws AppError CONFLICT (409) when they were saved since (another tab, another device).
 */
export async function saveDashboardSettings(
  db: Db,
  userId: number,
  body: DashboardSettingsBody,
): Promise<StoredSettings> {
  try {
    await db.transaction().execute(async (trx) => {
      const row = await findSettingsRow(trx, userId);
      const current = row ? iso(row.updatedAt) : null;
      const loaded = body.updatedAt;
      if (current === null ? loaded !== null : loaded === null || Date.parse(loaded) !== Date.parse(current)) {
        throw stale();
      }
      const savedAt = nextVersion(current, new Date().toISOString());
      await saveSettingsRow(
        trx,
        userId,
        { hidden: JSON.stringify(body.hidden), months: body.months },
        savedAt,
        row !== undefined,
      );
    });
  } catch (error) {
    // Two first saves raced to create the row: the loser saved over nothing it saw.
    if (isUniqueViolation(error)) throw stale();
    throw error;
  }
  return getDashboardSettings(db, userId);
}
