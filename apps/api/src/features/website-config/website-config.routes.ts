import {
  type WebsiteConfigSavedResponse,
  websiteConfigEndpoints,
  websiteConfigMessages,
  websiteConfigSections,
} from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { type Actor, actorOf } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { type EndpointRequest, registerEndpoints } from '../../platform/http/endpoints.js';
import {
  readWebsiteConfig,
  saveBanners,
  saveContactInfo,
  saveLogo,
  saveSalesBanner,
  saveSocialMedia,
  saveWelcomeQuote,
} from './website-config.service.js';

type Sections = Omit<typeof websiteConfigEndpoints, 'get'>;

/**
 * Website configuration (spec sections 2 'Website configuration', 3 and 7;
 * `websiteConfigEndpoints`). Reading is public (the storefront reads it); each of the six
 * sections is saved by its own admin-only `PUT` (`/logo`, `/welcome-quote`,
 * `/contact-info`, `/banners`, `/social-media`, `/sales-banner`).
 */
export const websiteConfigRoutes: FastifyPluginAsync = async (app) => {
  /**
   * The handler of one section's `PUT`: saves the section (as its body was parsed) and
   * answers `{ success, message: '{Label} configuration saved successfully!', config }`.
   * Errors: 400 validation; 409 stale `updatedAt`.
   */
  function section<K extends keyof Sections>(
    key: K,
    save: (db: Db, actor: Actor, body: EndpointRequest<Sections[K]>['body']) => ReturnType<typeof readWebsiteConfig>,
  ): (request: EndpointRequest<Sections[K]>) => Promise<WebsiteConfigSavedResponse> {
    const label = websiteConfigSections.find((section) => section.key === key)?.label ?? key;
    return async (request) => ({
      success: true as const,
      message: websiteConfigMessages.saved(label),
      config: await save(app.db, actorOf(request), request.body),
    });
  }

  registerEndpoints(app, websiteConfigEndpoints, {
    /** `GET /api/website-config` → the configuration, at the top level and under `config`. */
    get: async () => {
      const config = await readWebsiteConfig(app.db);
      return { success: true as const, ...config, config };
    },
    logo: section('logo', saveLogo),
    welcome: section('welcome', saveWelcomeQuote),
    contact: section('contact', saveContactInfo),
    banners: section('banners', saveBanners),
    social: section('social', saveSocialMedia),
    salesBanner: section('salesBanner', saveSalesBanner),
  });
};
