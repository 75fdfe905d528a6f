import { api as endpoints, websiteConfigMessages as M } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs } from '../../../test/screen-kit';
import { WebsiteConfigPage } from '../pages/website-config-page';

const config = {
  logoUrl: 'https://cdn.example.test/logo.png',
  welcomeQuote: 'Welcome',
  phoneNumber: '+91 80 4567 8900',
  email: 'help@example.test',
  address: null,
  contactInfo: { phoneNumber: '+91 80 4567 8900', email: 'help@example.test', address: null },
  banners: [
    {
      _id: '1',
      imageUrl: 'https://cdn.example.test/a.jpg',
      anchorLink: 'https://shop.test/a',
      isActive: true,
      displayOrder: 0,
    },
  ],
  socialMediaLinks: [{ _id: '1', platform: 'facebook', url: 'https://facebook.com/haat' }],
  salesBanner: {
    logoUrl: null,
    backgroundColor: '#FF0000',
    textColor: '#FFFFFF',
    discountText: '50% OFF',
    shopNowLink: 'https://shop.test/sale',
    isActive: true,
  },
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function configApi(extra = {}) {
  return fakeApi({ [route(endpoints.websiteConfig.get)]: () => ({ success: true, ...config, config }), ...extra });
}

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

const visible = () => screen.getAllByRole('tabpanel')[0] as HTMLElement;

describe('WebsiteConfigPage', () => {
  it('saves the logo with the version it loaded, then the next save carries the new one', async () => {
    signInAs('admin');
    const saved = { ...config, logoUrl: 'https://cdn.example.test/new.png', updatedAt: '2026-11-21T10:00:00.000Z' };
    const api = configApi({
      [route(endpoints.websiteConfig.logo)]: () => ({ success: true, message: 'ok', config: saved }),
      [route(endpoints.websiteConfig.welcome)]: () => ({ success: true, message: 'ok', config: saved }),
    });
    const user = userEvent.setup();
    renderScreen(<WebsiteConfigPage />);
    expect(await screen.findByRole('heading', { name: M.heading })).toBeInTheDocument();
    const logo = screen.getAllByLabelText('Logo URL')[0] as HTMLInputElement;
    await user.clear(logo);
    expect(screen.getByText(M.noLogo)).toBeInTheDocument();
    const save = within(visible()).getAllByRole('button', { name: 'Save Changes' })[0] as HTMLButtonElement;
    expect(save).toBeDisabled();
    await user.type(logo, 'https://cdn.example.test/new.png');
    await user.click(save);
    expect(await screen.findByText(M.saved('Logo'))).toBeInTheDocument();
    expect(api.callsTo(endpoints.websiteConfig.logo)[0]?.body).toEqual({
      logoUrl: 'https://cdn.example.test/new.png',
      updatedAt: config.updatedAt,
    });

    await user.click(screen.getByRole('tab', { name: 'Welcome' }));
    await user.click(screen.getAllByRole('button', { name: 'Save Changes' })[0] as HTMLButtonElement);
    expect(await screen.findByText(M.saved('Welcome'))).toBeInTheDocument();
    expect(api.callsTo(endpoints.websiteConfig.welcome)[0]?.body).toMatchObject({
      updatedAt: saved.updatedAt,
    });
  });

  it('checks banners and social links as they are added, each platform once', async () => {
    signInAs('admin');
    configApi();
    const user = userEvent.setup();
    renderScreen(<WebsiteConfigPage />);
    await user.click(await screen.findByRole('tab', { name: 'Banners' }));
    expect(screen.getByText('Current Banners (1)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Banner' }));
    expect(await screen.findByText(M.bannerFieldsRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Image URL'), 'x.jpg');
    await user.type(screen.getByLabelText('Link URL'), 'https://shop.test/b');
    await user.click(screen.getByRole('button', { name: 'Add Banner' }));
    expect(await screen.findByText(M.bannerImageInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Image URL'));
    await user.type(screen.getByLabelText('Image URL'), 'https://cdn.example.test/b.jpg');
    await user.click(screen.getByRole('button', { name: 'Add Banner' }));
    expect(await screen.findByText(M.bannerAdded)).toBeInTheDocument();
    expect(screen.getByText('Current Banners (2)')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Social' }));
    const platform = screen.getByLabelText('Platform') as HTMLSelectElement;
    expect(within(platform).getByRole('option', { name: 'Facebook' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText(M.socialFieldsRequired)).toBeInTheDocument();
    await user.selectOptions(platform, 'youtube');
    await user.type(screen.getByLabelText('Profile URL'), 'youtube');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText(M.socialUrlInvalid)).toBeInTheDocument();
  });

  it("shows the server's conflict message when someone saved since", async () => {
    signInAs('admin');
    configApi({
      [route(endpoints.websiteConfig.logo)]: () =>
        reply(409, { success: false, code: 'CONFLICT', message: M.conflict }),
    });
    const user = userEvent.setup();
    renderScreen(<WebsiteConfigPage />);
    await user.click((await screen.findAllByRole('button', { name: 'Save Changes' }))[0] as HTMLButtonElement);
    expect(await screen.findByText(M.conflict)).toBeInTheDocument();
  });

  it('shows the sales banner preview with its fixed text', async () => {
    signInAs('admin');
    configApi();
    const user = userEvent.setup();
    renderScreen(<WebsiteConfigPage />);
    await user.click(await screen.findByRole('tab', { name: 'Sales Banner' }));
    const preview = screen.getByRole('region', { name: 'Sales banner preview' });
    expect(within(preview).getByText(M.previewText)).toBeInTheDocument();
    expect(within(preview).getByText('SHOP NOW')).toBeInTheDocument();
    expect(within(preview).getByText('50% OFF')).toBeInTheDocument();
  });
});
