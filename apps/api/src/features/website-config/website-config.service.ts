import {
  type bannersBody,
  type contactInfoBody,
  type logoBody,
  SALES_BANNER_DEFAULTS,
  type SocialPlatform,
  type salesBannerBody,
  type socialMediaBody,
  type WebsiteConfig,
  websiteConfigMessages,
  type welcomeQuoteBody,
} from '@haat/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../platform/db/constraint-errors.js';
import type { Db } from '../../platform/db/create-db.js';
import { nextVersion } from '../../platform/db/versions.js';
import { AppError } from '../../platform/errors.js';
import { type ActivityActor, diffFields, recordActivity } from '../activity/activity.service.js';
import {
  type ConfigChanges,
  findConfigRow,
  insertConfigRow,
  listBanners,
  listSocialLinks,
  replaceBanners,
  replaceSocialLinks,
  updateConfigRow,
} from './website-config.repository.js';

/**
 * The storefront's configuration (spec section 2 'Website configuration', sections 3
 * and 7): read whole, saved one section at a time. Every save carries the version it
 * was loaded from (`updatedAt`, decision 0018): when the configuration was saved since,
 * the save is refused with 409 and changes nothing. The version is the whole
 * configuration's, so a save is refused after any other section's save too
 * (docs/decisions/0031).
 */

/** The whole configuration as the API answers it; defaults before the first save. */
export async function readWebsiteConfig(db: Db): Promise<WebsiteConfig> {
  const [row, banners, links] = await Promise.all([findConfigRow(db), listBanners(db), listSocialLinks(db)]);
  const contactInfo = {
    phoneNumber: row?.phoneNumber ?? null,
    email: row?.email ?? null,
    address: row?.address ?? null,
  };
  return {
    logoUrl: row?.logoUrl ?? null,
    welcomeQuote: row?.welcomeQuote ?? null,
    ...contactInfo,
    contactInfo,
    banners: banners.map((banner) => ({
      _id: String(banner.id),
      imageUrl: banner.imageUrl,
      anchorLink: banner.anchorLink,
      isActive: Boolean(banner.isActive),
      displayOrder: banner.displayOrder,
    })),
    socialMediaLinks: links.map((link) => ({
      _id: String(link.id),
      platform: link.platform as SocialPlatform,
      url: link.url,
    })),
    salesBanner: {
      logoUrl: row?.salesBannerLogoUrl ?? null,
      backgroundColor: row?.salesBannerBackgroundColor ?? SALES_BANNER_DEFAULTS.backgroundColor,
      textColor: row?.salesBannerTextColor ?? SALES_BANNER_DEFAULTS.textColor,
      discountText: row?.salesBannerDiscountText ?? SALES_BANNER_DEFAULTS.discountText,
      shopNowLink: row?.salesBannerShopNowLink ?? null,
      isActive: row ? Boolean(row.salesBannerIsActive) : SALES_BANNER_DEFAULTS.isActive,
    },
    updatedAt: row?.updatedAt ?? null,
  };
}

const conflict = () => new AppError('CONFLICT', websiteConfigMessages.conflict);

/**
 * Saves one section in a transaction: checks the version, writes the row's `changes`
 * and runs `alsoWrite` (banners, social links), and moves the version on.
 * `version` undefined skips the check (clients of the spec send none); null means
 * "loaded before any save".
 * @throws AppError CONFLICT (409) when the configuration was saved after `version`.
 */
async function saveSection(
  db: Db,
  actor: ActivityActor,
  version: string | null | undefined,
  changes: ConfigChanges,
  alsoWrite?: (trx: Db, now: string) => Promise<void>,
): Promise<WebsiteConfig> {
  try {
    await db.transaction().execute(async (trx) => {
      const row = await findConfigRow(trx);
      if (version !== undefined) {
        const current = row?.updatedAt ?? null;
        if (current === null ? version !== null : version === null || Date.parse(version) !== Date.parse(current)) {
          throw conflict();
        }
      }
      const before = await readWebsiteConfig(trx);
      const savedAt = nextVersion(row?.updatedAt, new Date().toISOString());
      if (row) await updateConfigRow(trx, changes, savedAt);
      else await insertConfigRow(trx, changes, savedAt);
      await alsoWrite?.(trx, savedAt);
      const saved = diffFields(before, await readWebsiteConfig(trx));
      await recordActivity(trx, {
        actor,
        action: 'config_save',
        kind: 'website_config',
        recordId: 1,
        label: 'Website configuration',
        changes: saved,
      });
    });
  } catch (error) {
    // Two first saves raced to create the row: the loser saved over nothing it saw.
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
  return readWebsiteConfig(db);
}

/** `PUT /api/website-config/logo`. @throws AppError CONFLICT (409) on a stale version. */
export function saveLogo(db: Db, actor: ActivityActor, body: z.output<typeof logoBody>): Promise<WebsiteConfig> {
  return saveSection(db, actor, body.updatedAt, { logoUrl: body.logoUrl });
}

/** `PUT /api/website-config/welcome-quote`. @throws AppError CONFLICT (409) on a stale version. */
export function saveWelcomeQuote(
  db: Db,
  actor: ActivityActor,
  body: z.output<typeof welcomeQuoteBody>,
): Promise<WebsiteConfig> {
  return saveSection(db, actor, body.updatedAt, { welcomeQuote: body.welcomeQuote });
}

/** `PUT /api/website-config/contact-info`: an omitted address clears it. @throws AppError CONFLICT (409). */
export function saveContactInfo(
  db: Db,
  actor: ActivityActor,
  body: z.output<typeof contactInfoBody>,
): Promise<WebsiteConfig> {
  return saveSection(db, actor, body.updatedAt, {
    phoneNumber: body.phoneNumber,
    email: body.email,
    address: body.address ?? null,
  });
}

/** `PUT /api/website-config/banners`: the list replaces the old one, in its order. @throws AppError CONFLICT (409). */
export function saveBanners(db: Db, actor: ActivityActor, body: z.output<typeof bannersBody>): Promise<WebsiteConfig> {
  const banners = body.banners.map(({ imageUrl, anchorLink, isActive }) => ({ imageUrl, anchorLink, isActive }));
  return saveSection(db, actor, body.updatedAt, {}, (trx, now) => replaceBanners(trx, banners, now));
}

/** `PUT /api/website-config/social-media`: the list replaces the old one. @throws AppError CONFLICT (409). */
export function saveSocialMedia(
  db: Db,
  actor: ActivityActor,
  body: z.output<typeof socialMediaBody>,
): Promise<WebsiteConfig> {
  return saveSection(db, actor, body.updatedAt, {}, (trx, now) => replaceSocialLinks(trx, body.socialMediaLinks, now));
}

/** `PUT /api/website-config/sales-banner`. @throws AppError CONFLICT (409) on a stale version. */
export function saveSalesBanner(
  db: Db,
  actor: ActivityActor,
  body: z.output<typeof salesBannerBody>,
): Promise<WebsiteConfig> {
  const banner = body.salesBanner;
  return saveSection(db, actor, body.updatedAt, {
    salesBannerLogoUrl: banner.logoUrl ?? null,
    salesBannerBackgroundColor: banner.backgroundColor,
    salesBannerTextColor: banner.textColor,
    salesBannerDiscountText: banner.discountText,
    salesBannerShopNowLink: banner.shopNowLink,
    salesBannerIsActive: banner.isActive,
  });
}
