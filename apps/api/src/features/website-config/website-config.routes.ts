import {
  apiError,
  bannersBody,
  contactInfoBody,
  logoBody,
  salesBannerBody,
  socialMediaBody,
  websiteConfigMessages,
  websiteConfigResponse,
  websiteConfigSavedResponse,
  welcomeQuoteBody,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { type Actor, actorOf } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import {
  readWebsiteConfig,
  saveBanners,
  saveContactInfo,
  saveLogo,
  saveSalesBanner,
  saveSocialMedia,
  saveWelcomeQuote,
} from './website-config.service.js';

const tags = ['website-config'];
const saveResponses = {
  200: websiteConfigSavedResponse,
  400: apiError,
  401: apiError,
  403: apiError,
  409: apiError,
  415: apiError,
};

/**
 * Website configuration (spec sections 2 'Website configuration', 3 and 7). Mounted at
 * `/api/website-config`. Reading is public (the storefront reads it); each section is
 * saved by its own admin-only `PUT`, which validates that section, carries the version
 * it was loaded from (`updatedAt`, 409 when saved since) and answers
 * `{ success, message: '{Section} configuration saved successfully!', config }`.
 */
export const websiteConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET /api/website-config` (spec section 7): the whole configuration, its fields at
   * the top level and again under `config`; contact fields flat and under
   * `contactInfo`; banners in display order; `updatedAt` the version (null before the
   * first save). Public.
   */
  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The storefront configuration', response: { 200: websiteConfigResponse } },
    },
    async () => {
      const config = await readWebsiteConfig(app.db);
      return { success: true as const, ...config, config };
    },
  );

  /** Registers one section's `PUT`: admin only; errors 400 validation, 401, 403, 409 stale version. */
  function section<S extends ZodType>(
    path: string,
    label: string,
    body: S,
    save: (db: Db, actor: Actor, body: S['_output']) => ReturnType<typeof readWebsiteConfig>,
  ) {
    app.put(
      path,
      {
        config: { access: 'admin' },
        schema: { tags, summary: `Save the ${label.toLowerCase()} section`, body, response: saveResponses },
      },
      async (request) => ({
        success: true as const,
        message: websiteConfigMessages.saved(label),
        config: await save(app.db, actorOf(request), request.body as S['_output']),
      }),
    );
  }

  /** `PUT /api/website-config/logo` `{ logoUrl, updatedAt? }`: an absolute http(s) URL. */
  section('/logo', 'Logo', logoBody, saveLogo);
  /** `PUT /api/website-config/welcome-quote` `{ welcomeQuote, updatedAt? }`: required, at most 1000 characters. */
  section('/welcome-quote', 'Welcome', welcomeQuoteBody, saveWelcomeQuote);
  /** `PUT /api/website-config/contact-info` `{ phoneNumber, email, address?, updatedAt? }`. */
  section('/contact-info', 'Contact', contactInfoBody, saveContactInfo);
  /** `PUT /api/website-config/banners` `{ banners: [{ imageUrl, anchorLink, isActive }], updatedAt? }`: order kept. */
  section('/banners', 'Banners', bannersBody, saveBanners);
  /** `PUT /api/website-config/social-media` `{ socialMediaLinks: [{ platform, url }], updatedAt? }`: each platform once. */
  section('/social-media', 'Social', socialMediaBody, saveSocialMedia);
  /** `PUT /api/website-config/sales-banner` `{ salesBanner: {...}, updatedAt? }` (or the bare object): hex colours, http(s) links. */
  section('/sales-banner', 'Sales Banner', salesBannerBody, saveSalesBanner);
};
