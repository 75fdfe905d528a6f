import { SALES_BANNER_DEFAULTS } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import type { WebsiteConfigTable } from '../../platform/db/schema.js';

/**
 * Every SQL statement on the storefront's configuration: the single `website_config`
 * row (id 1), its banners and its social links. Functions take the query handle first
 * so the service can pass a transaction.
 */

/** The id of the one configuration row. */
export const CONFIG_ROW_ID = 1;

/** The configuration row, or undefined before the first save. Locked `FOR UPDATE` inside a PostgreSQL transaction. */
export function findConfigRow(db: Db) {
  return db
    .selectFrom('websiteConfig')
    .selectAll()
    .where('id', '=', CONFIG_ROW_ID)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The banners in display order. */
export function listBanners(db: Db) {
  return db
    .selectFrom('websiteBanners')
    .select(['id', 'imageUrl', 'anchorLink', 'isActive', 'displayOrder'])
    .orderBy('displayOrder')
    .orderBy('id')
    .execute();
}

/** The social links in the order they were saved. */
export function listSocialLinks(db: Db) {
  return db
    .selectFrom('websiteSocialLinks')
    .select(['id', 'platform', 'url'])
    .orderBy('displayOrder')
    .orderBy('id')
    .execute();
}

/** Settable columns of the configuration row. */
export type ConfigChanges = Partial<Omit<WebsiteConfigTable, 'id' | 'createdAt' | 'updatedAt'>>;

/** Creates the configuration row with `changes` (defaults elsewhere); the caller knows it is missing. */
export async function insertConfigRow(db: Db, changes: ConfigChanges, now: string): Promise<void> {
  await db
    .insertInto('websiteConfig')
    .values({
      salesBannerBackgroundColor: SALES_BANNER_DEFAULTS.backgroundColor,
      salesBannerTextColor: SALES_BANNER_DEFAULTS.textColor,
      salesBannerDiscountText: SALES_BANNER_DEFAULTS.discountText,
      salesBannerIsActive: SALES_BANNER_DEFAULTS.isActive,
      ...changes,
      id: CONFIG_ROW_ID,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

/** Updates the configuration row; `updatedAt` is its new version. */
export async function updateConfigRow(db: Db, changes: ConfigChanges, updatedAt: string): Promise<void> {
  await db
    .updateTable('websiteConfig')
    .set({ ...changes, updatedAt })
    .where('id', '=', CONFIG_ROW_ID)
    .execute();
}

/** Replaces every banner by `banners`, each at its position in the list. */
export async function replaceBanners(
  db: Db,
  banners: ReadonlyArray<{ imageUrl: string; anchorLink: string; isActive: boolean }>,
  now: string,
): Promise<void> {
  await db.deleteFrom('websiteBanners').execute();
  if (banners.length === 0) return;
  await db
    .insertInto('websiteBanners')
    .values(banners.map((banner, index) => ({ ...banner, displayOrder: index, createdAt: now, updatedAt: now })))
    .execute();
}

/** Replaces every social link by `links`, in their order. */
export async function replaceSocialLinks(
  db: Db,
  links: ReadonlyArray<{ platform: string; url: string }>,
  now: string,
): Promise<void> {
  await db.deleteFrom('websiteSocialLinks').execute();
  if (links.length === 0) return;
  await db
    .insertInto('websiteSocialLinks')
    .values(links.map((link, index) => ({ ...link, displayOrder: index, createdAt: now, updatedAt: now })))
    .execute();
}
