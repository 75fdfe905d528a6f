import { websiteConfigMessages as M, type WebsiteConfig } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { hostileBodies } from '../../test/hostile-bodies.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;

function call(method: 'GET' | 'PUT', url: string, as: FixtureUser | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(as ? authAs(t.app, as) : {}), ...(payload !== undefined && { 'content-type': 'application/json' }) },
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });
}

async function current(): Promise<WebsiteConfig> {
  const res = await call('GET', '/api/website-config', null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().config;
}

async function save(path: string, body: Record<string, unknown>) {
  const version = (await current()).updatedAt;
  const res = await call('PUT', `/api/website-config/${path}`, admin, { ...body, updatedAt: version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const valid = {
  logo: { logoUrl: 'https://cdn.example.test/logo.png' },
  'welcome-quote': { welcomeQuote: 'Welcome to the store' },
  'contact-info': { phoneNumber: '+91 80 4567 8900', email: 'help@example.test', address: '12 Residency Road' },
  banners: {
    banners: [
      { imageUrl: 'https://cdn.example.test/a.jpg', anchorLink: 'https://shop.example.test/a', isActive: true },
      { imageUrl: 'https://cdn.example.test/b.jpg', anchorLink: 'https://shop.example.test/b', isActive: false },
    ],
  },
  'social-media': {
    socialMediaLinks: [
      { platform: 'instagram', url: 'https://instagram.com/haat' },
      { platform: 'facebook', url: 'https://facebook.com/haat' },
    ],
  },
  'sales-banner': {
    salesBanner: {
      logoUrl: 'https://cdn.example.test/sale.png',
      backgroundColor: '#112233',
      textColor: '#fff',
      discountText: '30% OFF',
      shopNowLink: 'https://shop.example.test/sale',
      isActive: false,
    },
  },
} as const;
const sections = Object.keys(valid) as Array<keyof typeof valid>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
});
afterAll(() => t.close());

describe('GET /api/website-config', () => {
  it('answers the defaults to anyone before the first save', async () => {
    const res = await call('GET', '/api/website-config', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      logoUrl: null,
      contactInfo: { phoneNumber: null, email: null, address: null },
      banners: [],
      socialMediaLinks: [],
      salesBanner: { backgroundColor: '#FF0000', textColor: '#FFFFFF', discountText: '50% OFF', isActive: true },
      updatedAt: null,
    });
  });
});

describe('PUT /api/website-config/...', () => {
  for (const path of sections) {
    it(`${path}: answers 401 to anonymous and 403 to a vendor, changing nothing`, async () => {
      const before = await current();
      expect((await call('PUT', `/api/website-config/${path}`, null, valid[path])).statusCode).toBe(401);
      const res = await call('PUT', `/api/website-config/${path}`, vendor, valid[path]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(await current()).toEqual(before);
    });

    it(`${path}: refuses null, a number and an array as the body with 400`, async () => {
      for (const body of [null, 42, [valid[path]]]) {
        const res = await call('PUT', `/api/website-config/${path}`, admin, body);
        expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false });
        expect(typeof res.json().message).toBe('string');
      }
    });
  }

  it('saves each section, answering its message, and reads back what was saved, flat and under contactInfo', async () => {
    const labels = ['Logo', 'Welcome', 'Contact', 'Banners', 'Social', 'Sales Banner'];
    for (const [index, path] of sections.entries()) {
      const body = await save(path, valid[path]);
      expect(body.message).toBe(`${labels[index]} configuration saved successfully!`);
    }
    const config = await current();
    expect(config).toMatchObject({
      logoUrl: valid.logo.logoUrl,
      welcomeQuote: 'Welcome to the store',
      phoneNumber: '+91 80 4567 8900',
      email: 'help@example.test',
      address: '12 Residency Road',
      contactInfo: { phoneNumber: '+91 80 4567 8900', email: 'help@example.test', address: '12 Residency Road' },
      banners: [
        { imageUrl: 'https://cdn.example.test/a.jpg', isActive: true, displayOrder: 0 },
        { imageUrl: 'https://cdn.example.test/b.jpg', isActive: false, displayOrder: 1 },
      ],
      socialMediaLinks: [
        { platform: 'instagram', url: 'https://instagram.com/haat' },
        { platform: 'facebook', url: 'https://facebook.com/haat' },
      ],
      salesBanner: { ...valid['sales-banner'].salesBanner },
    });
    const top = (await call('GET', '/api/website-config', null)).json();
    expect(top.logoUrl).toBe(valid.logo.logoUrl);
    expect(top.banners).toHaveLength(2);
  });

  it('keeps the banners in the order sent, and a new list replaces the old one', async () => {
    const list = ['c', 'a', 'b', 'd'].map((name, index) => ({
      imageUrl: `https://cdn.example.test/${name}.jpg`,
      anchorLink: `https://shop.example.test/${name}`,
      isActive: index % 2 === 0,
    }));
    await save('banners', { banners: list });
    expect((await current()).banners.map((banner) => banner.imageUrl)).toEqual(list.map((banner) => banner.imageUrl));
    expect((await current()).banners.map((banner) => banner.displayOrder)).toEqual([0, 1, 2, 3]);
  });

  it('accepts the sales banner as a bare object, with the spec defaults for what is left out', async () => {
    const res = await call('PUT', '/api/website-config/sales-banner', admin, {
      discountText: '50% OFF',
      shopNowLink: 'https://shop.example.test/sale',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().config.salesBanner).toEqual({
      logoUrl: null,
      backgroundColor: '#FF0000',
      textColor: '#FFFFFF',
      discountText: '50% OFF',
      shopNowLink: 'https://shop.example.test/sale',
      isActive: true,
    });
  });

  const refusals: Array<[string, unknown, string]> = [
    ['logo', { logoUrl: '' }, M.logoUrlRequired],
    ['logo', {}, M.logoUrlRequired],
    ['logo', { logoUrl: 'not a url' }, M.logoUrlInvalid],
    ['logo', { logoUrl: 'javascript:alert(1)' }, M.logoUrlInvalid],
    ['logo', { logoUrl: 'ftp://files.example.test/logo.png' }, M.logoUrlInvalid],
    ['welcome-quote', { welcomeQuote: '   ' }, M.welcomeRequired],
    ['welcome-quote', { welcomeQuote: 'Hello\u0000there' }, 'Must not contain NUL characters'],
    ['contact-info', { email: 'a@b.co' }, M.phoneRequired],
    ['contact-info', { phoneNumber: '+91 80 4567 8900' }, M.emailRequired],
    ['contact-info', { phoneNumber: 'call me', email: 'a@b.co' }, M.phoneInvalid],
    ['contact-info', { phoneNumber: '+91 80 4567 8900', email: 'not-an-email' }, M.emailInvalid],
    ['contact-info', { phoneNumber: '+91 80 4567 8900', email: 'a\u0000@b.co' }, 'Must not contain NUL characters'],
    ['contact-info', { phoneNumber: '+91 80 4567 8900', email: 'a@b.co', address: 'x\u0000' }, 'Must not contain NUL'],
    ['logo', { logoUrl: 'https://a.test/\u0000.png' }, 'Must not contain NUL characters'],
    ['banners', { banners: [] }, M.bannersRequired],
    ['banners', { banners: [{ imageUrl: '', anchorLink: 'https://a.test/' }] }, M.bannerFieldsRequired],
    ['banners', { banners: [{ imageUrl: 'https://a.test/x.png', anchorLink: '' }] }, M.bannerFieldsRequired],
    ['banners', { banners: [{ imageUrl: 'x.png', anchorLink: 'https://a.test/' }] }, M.bannerImageInvalid],
    ['banners', { banners: [{ imageUrl: 'https://a.test/x.png', anchorLink: '/sale' }] }, M.bannerLinkInvalid],
    ['social-media', { socialMediaLinks: [] }, M.socialRequired],
    ['social-media', { socialMediaLinks: [{ platform: 'myspace', url: 'https://a.test/' }] }, M.socialFieldsRequired],
    ['social-media', { socialMediaLinks: [{ platform: 'facebook', url: '' }] }, M.socialFieldsRequired],
    ['social-media', { socialMediaLinks: [{ platform: 'facebook', url: 'facebook' }] }, M.socialUrlInvalid],
    [
      'social-media',
      {
        socialMediaLinks: [
          { platform: 'facebook', url: 'https://facebook.com/a' },
          { platform: 'facebook', url: 'https://facebook.com/b' },
        ],
      },
      M.socialDuplicate,
    ],
    ['sales-banner', { salesBanner: { shopNowLink: 'https://a.test/' } }, M.discountTextRequired],
    ['sales-banner', { salesBanner: { discountText: '10%' } }, M.shopNowLinkRequired],
    ['sales-banner', { salesBanner: { discountText: '10%', shopNowLink: 'sale' } }, M.shopNowLinkInvalid],
    [
      'sales-banner',
      { salesBanner: { discountText: '10%', shopNowLink: 'https://a.test/', backgroundColor: 'red' } },
      M.colorInvalid,
    ],
    [
      'sales-banner',
      { salesBanner: { discountText: '10%', shopNowLink: 'https://a.test/', textColor: '#12345' } },
      M.colorInvalid,
    ],
    [
      'sales-banner',
      { salesBanner: { discountText: '10%', shopNowLink: 'https://a.test/', logoUrl: 'logo.png' } },
      M.logoUrlInvalid,
    ],
  ];
  for (const [path, body, message] of refusals) {
    it(`${path}: answers 400 '${message}' to ${JSON.stringify(body)}, changing nothing`, async () => {
      const before = await current();
      const res = await call('PUT', `/api/website-config/${path}`, admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.json().message).toContain(message);
      expect(await current()).toEqual(before);
    });
  }

  it('refuses a save carrying an old version with 409, changing nothing', async () => {
    const loaded = await current();
    await save('logo', { logoUrl: 'https://cdn.example.test/first.png' });
    const res = await call('PUT', '/api/website-config/welcome-quote', admin, {
      welcomeQuote: 'Stale',
      updatedAt: loaded.updatedAt,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', message: M.conflict });
    expect((await current()).welcomeQuote).not.toBe('Stale');
  });

  it('moves the version on at every save, and a save with the new version succeeds', async () => {
    const first = await save('logo', { logoUrl: 'https://cdn.example.test/one.png' });
    const second = await call('PUT', '/api/website-config/logo', admin, {
      logoUrl: 'https://cdn.example.test/two.png',
      updatedAt: first.config.updatedAt,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().config.updatedAt > first.config.updatedAt).toBe(true);
  });

  it('refuses a version that is not a timestamp with 400', async () => {
    const res = await call('PUT', '/api/website-config/logo', admin, { logoUrl: valid.logo.logoUrl, updatedAt: 'x' });
    expect(res.statusCode).toBe(400);
  });

  // Hundreds of requests one after another: well within 20 s on a quiet machine, not always on a loaded one.
  it('never answers 5xx to arbitrary bodies, on any section', { timeout: 120_000 }, async () => {
    const fields = [
      'logoUrl',
      'welcomeQuote',
      'phoneNumber',
      'email',
      'address',
      'banners',
      'socialMediaLinks',
      'salesBanner',
      'updatedAt',
      'discountText',
      'shopNowLink',
    ];
    for (const path of sections) {
      for (const body of hostileBodies(fields, 40)) {
        const res = await call('PUT', `/api/website-config/${path}`, admin, body);
        expect(res.statusCode, `${path} ${JSON.stringify(body)} ${res.body}`).toBeLessThan(500);
      }
    }
  });
});
