import { z } from 'zod';
import {
  EMAIL_PATTERN,
  hasNoNul,
  isHttpUrl,
  isImageAddress,
  isoDateTime,
  isPhoneNumber,
  NUL_CHARACTER_MESSAGE,
  optionalSafeText,
  versionInput,
} from './common.js';
import { endpoint } from './endpoint.js';

/** The six social platforms (spec sections 3 and 9). */
export const socialPlatforms = ['facebook', 'twitter', 'instagram', 'linkedin', 'youtube', 'pinterest'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

/** The six tabs of Website configuration, in the spec's order, and the word each uses in its toasts. */
export const websiteConfigSections = [
  { key: 'logo', label: 'Logo' },
  { key: 'welcome', label: 'Welcome' },
  { key: 'contact', label: 'Contact' },
  { key: 'banners', label: 'Banners' },
  { key: 'social', label: 'Social' },
  { key: 'salesBanner', label: 'Sales Banner' },
] as const;
export type WebsiteConfigSection = (typeof websiteConfigSections)[number]['key'];

/** Sales banner defaults (spec sections 3 and 9). */
export const SALES_BANNER_DEFAULTS = {
  backgroundColor: '#FF0000',
  textColor: '#FFFFFF',
  discountText: '50% OFF',
  isActive: true,
} as const;

/** Spec section 2 'Website configuration', 5 and 8; server-side wording for rules the spec leaves to the screen. */
export const websiteConfigMessages = {
  heading: 'Website Configuration',
  subtitle: 'Customize your website settings and appearance',
  loadFailed: 'Failed to load configuration',
  loaded: 'Configuration loaded successfully!',
  /** '{Section} configuration saved successfully!' */
  saved: (label: string) => `${label} configuration saved successfully!`,
  /** 'Failed to update {section} configuration' */
  saveFailed: (label: string) => `Failed to update ${label.toLowerCase()} configuration`,
  noLogo: 'No logo uploaded',
  logoUrlRequired: 'Logo URL is required',
  logoUrlInvalid: 'Please enter a valid logo URL',
  welcomeRequired: 'Welcome message is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  emailRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  bannerFieldsRequired: 'Please fill in both image URL and link URL',
  bannerImageInvalid: 'Please enter a valid image URL',
  bannerLinkInvalid: 'Please enter a valid link URL',
  bannersRequired: 'Add at least one banner before saving',
  bannerAdded: 'Banner added successfully!',
  bannerRemoved: 'Banner removed',
  noBanners: 'No banners added yet',
  socialFieldsRequired: 'Please select a platform and enter URL',
  socialUrlInvalid: 'Please enter a valid URL',
  socialDuplicate: 'This platform is already added',
  socialRequired: 'Add at least one social link before saving',
  socialAdded: 'Social link added successfully!',
  socialRemoved: 'Social link removed',
  noSocial: 'No social links added yet',
  colorInvalid: 'Please enter a colour as #RRGGBB',
  discountTextRequired: 'Discount text is required',
  shopNowLinkRequired: 'Shop now link is required',
  shopNowLinkInvalid: 'Please enter a valid link URL',
  previewText: 'Limited time offer! Shop now and save big!',
  previewButton: 'SHOP NOW',
  conflict:
    'The configuration was changed by someone else after you opened it. Reload the page to see their changes, then save yours again.',
} as const;

const M = websiteConfigMessages;
const URL_MAX = 2000;

/** A required absolute http(s) URL (spec section 5: a parseable absolute URL). */
const httpUrl = (required: string, invalid: string, accepts: (value: string) => boolean = isHttpUrl) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(URL_MAX, invalid)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
    .refine(accepts, invalid);

/** A required image: an http(s) URL, or an uploaded image's path (issue 27: the store's own pictures). */
const imageAddress = (required: string, invalid: string) => httpUrl(required, invalid, isImageAddress);

/** A colour `#RGB` or `#RRGGBB` (hex digits, either case). */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const hexColor = z
  .string({ error: M.colorInvalid })
  .trim()
  .max(7, M.colorInvalid)
  .regex(HEX_COLOR_PATTERN, M.colorInvalid);

/** The version every save carries: `updatedAt` of the configuration as loaded; null when none was saved yet. */
const version = { updatedAt: z.union([versionInput, z.null()]).optional() };

/** `PUT /api/website-config/logo` body. */
export const logoBody = z.object({ logoUrl: imageAddress(M.logoUrlRequired, M.logoUrlInvalid), ...version });
export type LogoBody = z.input<typeof logoBody>;

/** `PUT /api/website-config/welcome-quote` body. */
export const welcomeQuoteBody = z.object({
  welcomeQuote: z
    .string({ error: M.welcomeRequired })
    .trim()
    .min(1, M.welcomeRequired)
    .max(1000, 'Welcome message must be at most 1000 characters')
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
  ...version,
});
export type WelcomeQuoteBody = z.input<typeof welcomeQuoteBody>;

/** `PUT /api/website-config/contact-info` body: phone and e-mail required, address optional. */
export const contactInfoBody = z.object({
  phoneNumber: z
    .string({ error: M.phoneRequired })
    .trim()
    .min(1, M.phoneRequired)
    .max(20, M.phoneInvalid)
    .refine(isPhoneNumber, M.phoneInvalid),
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(254, M.emailInvalid)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
    .regex(EMAIL_PATTERN, M.emailInvalid),
  address: optionalSafeText(500),
  ...version,
});
export type ContactInfoBody = z.input<typeof contactInfoBody>;

/** One banner as sent: its place in the list is its display order. */
export const bannerInput = z.object({
  imageUrl: imageAddress(M.bannerFieldsRequired, M.bannerImageInvalid),
  anchorLink: httpUrl(M.bannerFieldsRequired, M.bannerLinkInvalid),
  isActive: z.boolean().default(true),
  /** Ignored: the order of the list is the display order. */
  displayOrder: z.number().int().min(0).max(1000).optional(),
});
export type BannerInput = z.input<typeof bannerInput>;

/** `PUT /api/website-config/banners` body: the whole list, in display order (at most 50). */
export const bannersBody = z.object({
  banners: z.array(bannerInput, { error: M.bannersRequired }).min(1, M.bannersRequired).max(50),
  ...version,
});
export type BannersBody = z.input<typeof bannersBody>;

/** One social link as sent. */
export const socialLinkInput = z.object({
  platform: z.enum(socialPlatforms, { error: M.socialFieldsRequired }),
  url: httpUrl(M.socialFieldsRequired, M.socialUrlInvalid),
});
export type SocialLinkInput = z.input<typeof socialLinkInput>;

/** `PUT /api/website-config/social-media` body: each of the six platforms at most once. */
export const socialMediaBody = z.object({
  socialMediaLinks: z
    .array(socialLinkInput, { error: M.socialRequired })
    .min(1, M.socialRequired)
    .max(socialPlatforms.length, M.socialDuplicate)
    .superRefine((links, ctx) => {
      const seen = new Set<string>();
      links.forEach((link, index) => {
        if (seen.has(link.platform))
          ctx.addIssue({ code: 'custom', message: M.socialDuplicate, path: [index, 'platform'] });
        seen.add(link.platform);
      });
    }),
  ...version,
});
export type SocialMediaBody = z.input<typeof socialMediaBody>;

/** The sales banner as sent; colours and active flag default as the spec says. */
export const salesBannerInput = z.object({
  logoUrl: z
    .union([z.string().meta({ maxLength: URL_MAX }), z.null()])
    .optional()
    .transform((value) => (value == null ? undefined : value.trim() || undefined))
    .pipe(
      z
        .string()
        .max(URL_MAX, M.logoUrlInvalid)
        .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
        .refine(isImageAddress, M.logoUrlInvalid)
        .optional(),
    ),
  backgroundColor: hexColor.default(SALES_BANNER_DEFAULTS.backgroundColor),
  textColor: hexColor.default(SALES_BANNER_DEFAULTS.textColor),
  discountText: z
    .string({ error: M.discountTextRequired })
    .trim()
    .min(1, M.discountTextRequired)
    .max(100, 'Discount text must be at most 100 characters')
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
  shopNowLink: httpUrl(M.shopNowLinkRequired, M.shopNowLinkInvalid),
  isActive: z.boolean().default(SALES_BANNER_DEFAULTS.isActive),
});
export type SalesBannerInput = z.input<typeof salesBannerInput>;

/**
 * `PUT /api/website-config/sales-banner` body: `{ salesBanner: {...} }` (spec section 7,
 * 'salesBanner object'); the bare object is accepted as well.
 */
export const salesBannerBody = z.preprocess(
  (body) =>
    body !== null && typeof body === 'object' && !Array.isArray(body) && !('salesBanner' in body)
      ? { salesBanner: body, updatedAt: (body as { updatedAt?: unknown }).updatedAt }
      : body,
  z.object({ salesBanner: salesBannerInput, ...version }),
);
export type SalesBannerBody = z.input<typeof salesBannerBody>;

/** A banner as the API answers it. */
export const banner = z.object({
  _id: z.string(),
  imageUrl: z.string(),
  anchorLink: z.string(),
  isActive: z.boolean(),
  /** Position in the list, from 0. */
  displayOrder: z.number().int(),
});
export type Banner = z.infer<typeof banner>;

export const socialLink = z.object({ _id: z.string(), platform: z.enum(socialPlatforms), url: z.string() });
export type SocialLink = z.infer<typeof socialLink>;

export const salesBanner = z.object({
  logoUrl: z.string().nullable(),
  backgroundColor: z.string(),
  textColor: z.string(),
  discountText: z.string(),
  shopNowLink: z.string().nullable(),
  isActive: z.boolean(),
});
export type SalesBanner = z.infer<typeof salesBanner>;

/**
 * The whole configuration (spec section 7, `GET /api/website-config`): the contact
 * fields both flat and under `contactInfo`. `updatedAt` is the version a save sends
 * back (null before the first save).
 */
export const websiteConfig = z.object({
  logoUrl: z.string().nullable(),
  welcomeQuote: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  contactInfo: z.object({
    phoneNumber: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
  }),
  banners: z.array(banner),
  socialMediaLinks: z.array(socialLink),
  salesBanner,
  updatedAt: isoDateTime.nullable(),
});
export type WebsiteConfig = z.infer<typeof websiteConfig>;

/** `GET /api/website-config` answer: the configuration's fields at the top level, and again under `config`. */
export const websiteConfigResponse = websiteConfig.extend({
  success: z.literal(true),
  config: websiteConfig,
});
export type WebsiteConfigResponse = z.infer<typeof websiteConfigResponse>;

/** Every `PUT /api/website-config/...` answer: the message and the configuration as saved (its new version). */
export const websiteConfigSavedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  config: websiteConfig,
});
export type WebsiteConfigSavedResponse = z.infer<typeof websiteConfigSavedResponse>;

/**
 * One section's save: admin only; validates that section, carries the version it was
 * loaded from (`updatedAt`, 409 when saved since) and answers `{ success, message:
 * '{Section} configuration saved successfully!', config }`.
 */
function sectionSave<Body extends z.ZodType>(path: `/api/website-config/${string}`, label: string, body: Body) {
  return endpoint('PUT', path, {
    access: 'admin',
    permission: 'content:write',
    summary: `Save the ${label.toLowerCase()} section`,
    // A stale `updatedAt`; the sales banner's body, which also takes the bare object, hides it from the derivation.
    errors: [409],
  })
    .input(z.object({ body }))
    .output(websiteConfigSavedResponse);
}

/**
 * Website configuration (spec sections 2 'Website configuration', 3 and 7). Reading is
 * public (the storefront reads it); each section (`websiteConfigSections`, by key) is
 * saved by its own admin-only `PUT`.
 */
export const websiteConfigEndpoints = {
  /**
   * The whole configuration, its fields at the top level and again under `config`;
   * contact fields flat and under `contactInfo`; banners in display order; `updatedAt`
   * the version (null before the first save).
   */
  get: endpoint('GET', '/api/website-config', { access: 'public', summary: 'The storefront configuration' }).output(
    websiteConfigResponse,
  ),
  /** `{ logoUrl, updatedAt? }`: an absolute http(s) URL. */
  logo: sectionSave('/api/website-config/logo', 'Logo', logoBody),
  /** `{ welcomeQuote, updatedAt? }`: required, at most 1000 characters. */
  welcome: sectionSave('/api/website-config/welcome-quote', 'Welcome', welcomeQuoteBody),
  /** `{ phoneNumber, email, address?, updatedAt? }`. */
  contact: sectionSave('/api/website-config/contact-info', 'Contact', contactInfoBody),
  /** `{ banners: [{ imageUrl, anchorLink, isActive }], updatedAt? }`: order kept. */
  banners: sectionSave('/api/website-config/banners', 'Banners', bannersBody),
  /** `{ socialMediaLinks: [{ platform, url }], updatedAt? }`: each platform once. */
  social: sectionSave('/api/website-config/social-media', 'Social', socialMediaBody),
  /** `{ salesBanner: {...}, updatedAt? }` (or the bare object): hex colours, http(s) links. */
  salesBanner: sectionSave('/api/website-config/sales-banner', 'Sales Banner', salesBannerBody),
} satisfies Record<'get' | WebsiteConfigSection, unknown>;
