import {
  type Banner,
  bannerInput,
  contactInfoBody,
  isHttpUrl,
  logoBody,
  websiteConfigMessages as M,
  SALES_BANNER_DEFAULTS,
  type SalesBanner,
  type SocialLink,
  type SocialPlatform,
  salesBannerInput,
  socialLinkInput,
  socialPlatforms,
  type WebsiteConfig,
  type WebsiteConfigSection,
  welcomeQuoteBody,
} from '@haat/contract';
import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { notify } from '../../../components/ui/notify';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import type { SectionInput } from '../api';

/** What each tab hands up to be saved: its section's body, without the version (the page adds it). */
export type SaveSection<K extends WebsiteConfigSection> = (body: SectionInput<K>) => void;

export interface SectionProps<K extends WebsiteConfigSection> {
  config: WebsiteConfig;
  saving: boolean;
  onSave: SaveSection<K>;
}

/** The first message of a failed contract check, for the toast. */
function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Please check the form';
}

function SaveBar({ disabled, saving, children }: { disabled: boolean; saving: boolean; children?: ReactNode }) {
  return (
    <div className="mt-6 flex items-center justify-end gap-3">
      {children}
      <Button type="submit" disabled={disabled || saving}>
        {saving ? 'Saving...' : 'Save Changes'}
      </Button>
    </div>
  );
}

/** Whether a section's list or record differs from what the server holds (compared as JSON). */
function changedFrom(current: unknown, stored: unknown): boolean {
  return JSON.stringify(current) !== JSON.stringify(stored);
}

/** Checks `value` with the contract's `schema`; on failure toasts its first message and answers null. */
function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  notify.validation(firstIssue(parsed.error));
  return null;
}

/** Logo: Logo URL (required) with its preview, 'No logo uploaded' when empty. */
export function LogoSection({ config, saving, onSave }: SectionProps<'logo'>) {
  const [logoUrl, setLogoUrl] = useState(config.logoUrl ?? '');
  useUnsavedChanges(logoUrl !== (config.logoUrl ?? ''));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = check(logoBody, { logoUrl });
        if (body) onSave({ logoUrl: body.logoUrl });
      }}
    >
      <Field label="Logo URL" required>
        {(control) => <Input {...control} type="url" value={logoUrl} onChange={(e) => setLogoUrl(e.target.value)} />}
      </Field>
      <div className="mt-4 flex h-28 w-64 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50">
        {logoUrl.trim() ? (
          <ImageWithFallback src={logoUrl.trim()} alt="Logo preview" className="max-h-24 max-w-60 object-contain" />
        ) : (
          <p className="text-sm text-slate-500">{M.noLogo}</p>
        )}
      </div>
      <SaveBar disabled={!logoUrl.trim()} saving={saving} />
    </form>
  );
}

/** Welcome: Welcome Message, 4 rows, required. */
export function WelcomeSection({ config, saving, onSave }: SectionProps<'welcome'>) {
  const [welcomeQuote, setWelcomeQuote] = useState(config.welcomeQuote ?? '');
  useUnsavedChanges(welcomeQuote !== (config.welcomeQuote ?? ''));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = check(welcomeQuoteBody, { welcomeQuote });
        if (body) onSave({ welcomeQuote: body.welcomeQuote });
      }}
    >
      <Field label="Welcome Message" required>
        {(control) => (
          <Textarea {...control} rows={4} value={welcomeQuote} onChange={(e) => setWelcomeQuote(e.target.value)} />
        )}
      </Field>
      <SaveBar disabled={!welcomeQuote.trim()} saving={saving} />
    </form>
  );
}

/** Contact: Phone Number (tel, required), Email Address (required), Physical Address (optional). */
export function ContactSection({ config, saving, onSave }: SectionProps<'contact'>) {
  const [phoneNumber, setPhoneNumber] = useState(config.phoneNumber ?? '');
  const [email, setEmail] = useState(config.email ?? '');
  const [address, setAddress] = useState(config.address ?? '');
  useUnsavedChanges(
    phoneNumber !== (config.phoneNumber ?? '') || email !== (config.email ?? '') || address !== (config.address ?? ''),
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = check(contactInfoBody, { phoneNumber, email, address });
        if (body) onSave({ phoneNumber: body.phoneNumber, email: body.email, address: body.address ?? '' });
      }}
      className="grid gap-4 md:grid-cols-2"
    >
      <Field label="Phone Number" required>
        {(control) => (
          <Input {...control} type="tel" value={phoneNumber} onChange={(e) => setPhoneNumber(e.target.value)} />
        )}
      </Field>
      <Field label="Email Address" required>
        {(control) => <Input {...control} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Field label="Physical Address" className="md:col-span-2">
        {(control) => <Textarea {...control} rows={3} value={address} onChange={(e) => setAddress(e.target.value)} />}
      </Field>
      <div className="md:col-span-2">
        <SaveBar disabled={!phoneNumber.trim() || !email.trim()} saving={saving} />
      </div>
    </form>
  );
}

type LocalBanner = Pick<Banner, 'imageUrl' | 'anchorLink' | 'isActive'>;

/** Banners: an add form and the current list, edited here and saved together. */
export function BannersSection({ config, saving, onSave }: SectionProps<'banners'>) {
  const [banners, setBanners] = useState<LocalBanner[]>(
    config.banners.map(({ imageUrl, anchorLink, isActive }) => ({ imageUrl, anchorLink, isActive })),
  );
  const [imageUrl, setImageUrl] = useState('');
  const [anchorLink, setAnchorLink] = useState('');
  const [isActive, setIsActive] = useState(true);
  useUnsavedChanges(
    changedFrom(
      banners,
      config.banners.map(({ imageUrl, anchorLink, isActive }) => ({ imageUrl, anchorLink, isActive })),
    ),
  );

  const add = () => {
    if (!imageUrl.trim() || !anchorLink.trim()) return notify.validation(M.bannerFieldsRequired);
    if (!isHttpUrl(imageUrl.trim())) return notify.validation(M.bannerImageInvalid);
    if (!isHttpUrl(anchorLink.trim())) return notify.validation(M.bannerLinkInvalid);
    const banner = check(bannerInput, { imageUrl, anchorLink, isActive });
    if (!banner) return;
    setBanners((list) => [
      ...list,
      { imageUrl: banner.imageUrl, anchorLink: banner.anchorLink, isActive: banner.isActive },
    ]);
    setImageUrl('');
    setAnchorLink('');
    setIsActive(true);
    notify.success(M.bannerAdded);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ banners });
      }}
    >
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 md:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-700">Add Banner</legend>
        <Field label="Image URL">
          {(control) => (
            <Input {...control} type="url" value={imageUrl} onChange={(e) => setImageUrl(e.target.value)} />
          )}
        </Field>
        <Field label="Link URL">
          {(control) => (
            <Input {...control} type="url" value={anchorLink} onChange={(e) => setAnchorLink(e.target.value)} />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} /> Active Banner
        </label>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={add}>
            Add Banner
          </Button>
        </div>
      </fieldset>
      <h3 className="mt-6 mb-3 text-sm font-semibold text-slate-800">Current Banners ({banners.length})</h3>
      {banners.length === 0 ? (
        <p className="text-sm text-slate-500">{M.noBanners}</p>
      ) : (
        <ol aria-label="Current Banners" className="space-y-2">
          {banners.map((banner, index) => (
            <li
              // Banners have no id until saved; the position is what identifies one here.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              aria-label={`Banner ${index + 1}`}
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2"
            >
              <ImageWithFallback
                src={banner.imageUrl}
                thumbnail
                alt={`Banner ${index + 1}`}
                className="h-12 w-24 rounded"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate text-slate-800">{banner.imageUrl}</p>
                <p className="truncate text-slate-500">{banner.anchorLink}</p>
              </div>
              <span className="text-xs text-slate-500">{banner.isActive ? 'Active' : 'Inactive'}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove banner ${index + 1}`}
                onClick={() => {
                  setBanners((list) => list.filter((_, i) => i !== index));
                  notify.info(M.bannerRemoved);
                }}
              >
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <SaveBar disabled={banners.length === 0} saving={saving} />
    </form>
  );
}

const platformLabel = (platform: string) => platform.charAt(0).toUpperCase() + platform.slice(1);

/** Social: platform select (added ones disabled), Profile URL, and the current links, saved together. */
export function SocialSection({ config, saving, onSave }: SectionProps<'social'>) {
  const [links, setLinks] = useState<Array<Pick<SocialLink, 'platform' | 'url'>>>(
    config.socialMediaLinks.map(({ platform, url }) => ({ platform, url })),
  );
  const [platform, setPlatform] = useState<SocialPlatform | ''>('');
  const [url, setUrl] = useState('');
  const taken = new Set(links.map((link) => link.platform));
  useUnsavedChanges(
    changedFrom(
      links,
      config.socialMediaLinks.map(({ platform, url }) => ({ platform, url })),
    ),
  );

  const add = () => {
    if (!platform || !url.trim()) return notify.validation(M.socialFieldsRequired);
    if (!isHttpUrl(url.trim())) return notify.validation(M.socialUrlInvalid);
    if (taken.has(platform)) return notify.validation(M.socialDuplicate);
    const link = check(socialLinkInput, { platform, url });
    if (!link) return;
    setLinks((list) => [...list, link]);
    setPlatform('');
    setUrl('');
    notify.success(M.socialAdded);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ socialMediaLinks: links });
      }}
    >
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 md:grid-cols-[12rem_1fr_auto]">
        <legend className="px-1 text-sm font-semibold text-slate-700">Add Social Link</legend>
        <Field label="Platform">
          {(control) => (
            <Select {...control} value={platform} onChange={(e) => setPlatform(e.target.value as SocialPlatform | '')}>
              <option value="">Select platform</option>
              {socialPlatforms.map((name) => (
                <option key={name} value={name} disabled={taken.has(name)}>
                  {platformLabel(name)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Profile URL">
          {(control) => <Input {...control} type="url" value={url} onChange={(e) => setUrl(e.target.value)} />}
        </Field>
        <div className="flex items-end">
          <Button variant="secondary" onClick={add}>
            Add Link
          </Button>
        </div>
      </fieldset>
      <h3 className="mt-6 mb-3 text-sm font-semibold text-slate-800">Current Social Links ({links.length})</h3>
      {links.length === 0 ? (
        <p className="text-sm text-slate-500">{M.noSocial}</p>
      ) : (
        <ul aria-label="Current Social Links" className="space-y-2">
          {links.map((link) => (
            <li
              key={link.platform}
              aria-label={platformLabel(link.platform)}
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 text-sm"
            >
              <span className="w-24 font-medium text-slate-800">{platformLabel(link.platform)}</span>
              <span className="min-w-0 flex-1 truncate text-slate-600">{link.url}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${platformLabel(link.platform)}`}
                onClick={() => {
                  setLinks((list) => list.filter((item) => item.platform !== link.platform));
                  notify.info(M.socialRemoved);
                }}
              >
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <SaveBar disabled={links.length === 0} saving={saving} />
    </form>
  );
}

/** Sales Banner: logo, colours, discount text, shop-now link, active flag, and a live preview with the spec's fixed text. */
export function SalesBannerSection({ config, saving, onSave }: SectionProps<'salesBanner'>) {
  const [banner, setBanner] = useState<SalesBanner>({
    ...config.salesBanner,
    backgroundColor: config.salesBanner.backgroundColor || SALES_BANNER_DEFAULTS.backgroundColor,
    textColor: config.salesBanner.textColor || SALES_BANNER_DEFAULTS.textColor,
  });
  const set = <K extends keyof SalesBanner>(key: K, value: SalesBanner[K]) => {
    setEdited(true);
    setBanner((current) => ({ ...current, [key]: value }));
  };
  // Filled with defaults for empty colours, the form differs from the stored banner until the user edits it.
  const [edited, setEdited] = useState(false);
  useUnsavedChanges(edited && changedFrom(banner, config.salesBanner));
  const colour = (value: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value : fallback);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = check(salesBannerInput, banner);
        if (body) onSave({ salesBanner: { ...body, logoUrl: body.logoUrl ?? null } });
      }}
      className="grid gap-6 lg:grid-cols-2"
    >
      <div className="grid gap-4">
        <Field label="Logo URL">
          {(control) => (
            <Input
              {...control}
              type="url"
              value={banner.logoUrl ?? ''}
              onChange={(e) => set('logoUrl', e.target.value)}
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Background Color">
            {(control) => (
              <div className="flex gap-2">
                <input
                  type="color"
                  aria-hidden
                  tabIndex={-1}
                  value={colour(banner.backgroundColor, SALES_BANNER_DEFAULTS.backgroundColor)}
                  onChange={(e) => set('backgroundColor', e.target.value.toUpperCase())}
                  className="h-9 w-10 rounded border border-slate-300"
                />
                <Input
                  {...control}
                  value={banner.backgroundColor}
                  onChange={(e) => set('backgroundColor', e.target.value)}
                />
              </div>
            )}
          </Field>
          <Field label="Text Color">
            {(control) => (
              <div className="flex gap-2">
                <input
                  type="color"
                  aria-hidden
                  tabIndex={-1}
                  value={colour(banner.textColor, SALES_BANNER_DEFAULTS.textColor)}
                  onChange={(e) => set('textColor', e.target.value.toUpperCase())}
                  className="h-9 w-10 rounded border border-slate-300"
                />
                <Input {...control} value={banner.textColor} onChange={(e) => set('textColor', e.target.value)} />
              </div>
            )}
          </Field>
        </div>
        <Field label="Discount Text" required>
          {(control) => (
            <Input {...control} value={banner.discountText} onChange={(e) => set('discountText', e.target.value)} />
          )}
        </Field>
        <Field label="Shop Now Link" required>
          {(control) => (
            <Input
              {...control}
              type="url"
              value={banner.shopNowLink ?? ''}
              onChange={(e) => set('shopNowLink', e.target.value)}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={banner.isActive} onChange={(e) => set('isActive', e.target.checked)} /> Active
          Banner
        </label>
      </div>
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">Preview</p>
        <section
          aria-label="Sales banner preview"
          className="flex items-center gap-4 rounded-xl p-5"
          style={{
            backgroundColor: colour(banner.backgroundColor, SALES_BANNER_DEFAULTS.backgroundColor),
            color: colour(banner.textColor, SALES_BANNER_DEFAULTS.textColor),
            opacity: banner.isActive ? 1 : 0.5,
          }}
        >
          {banner.logoUrl?.trim() && (
            <ImageWithFallback
              src={banner.logoUrl.trim()}
              alt="Sales banner logo"
              className="h-12 w-20 rounded object-contain"
            />
          )}
          <div className="flex-1">
            <p className="text-2xl font-bold">{banner.discountText || SALES_BANNER_DEFAULTS.discountText}</p>
            <p className="text-sm">{M.previewText}</p>
          </div>
          <span
            className="rounded-full border-2 px-4 py-1.5 text-sm font-semibold"
            style={{ borderColor: colour(banner.textColor, SALES_BANNER_DEFAULTS.textColor) }}
          >
            {M.previewButton}
          </span>
        </section>
      </div>
      <div className="lg:col-span-2">
        <SaveBar disabled={!banner.discountText.trim() || !banner.shopNowLink?.trim()} saving={saving} />
      </div>
    </form>
  );
}
