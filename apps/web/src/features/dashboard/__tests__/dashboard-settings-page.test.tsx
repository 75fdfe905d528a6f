import { api as endpoints } from '@haat/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs } from '../../../test/screen-kit';
import { DashboardSettingsPage } from '../pages/dashboard-settings-page';

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

const stored = (hidden: string[], months: number, updatedAt: string | null) => ({
  success: true,
  settings: { hidden, months },
  updatedAt,
});

function renderPage() {
  renderScreen(<DashboardSettingsPage />, { route: '/admin/dashboard-settings', path: '/admin/dashboard-settings' });
}

describe('DashboardSettingsPage', () => {
  it("saves an admin's choice of cards and period with the version it loaded", async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.dashboardSettings.get)]: () => stored(['recentOrders'], 12, '2026-11-20T10:00:00.000Z'),
      [route(endpoints.dashboardSettings.save)]: (call) => {
        const body = call.body as { hidden: string[]; months: number };
        return stored(body.hidden, body.months, '2026-11-21T10:00:00.000Z');
      },
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Dashboard Settings' })).toBeVisible();
    expect(await screen.findByRole('checkbox', { name: 'Recent Orders' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Total Users' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'My Products' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Total Users' }));
    await user.selectOptions(screen.getByLabelText('Monthly chart covers'), 'Last 6 months');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Dashboard settings saved')).toBeVisible();
    expect(api.callsTo(endpoints.dashboardSettings.save)[0]?.body).toEqual({
      hidden: ['totalUsers', 'recentOrders'],
      months: 6,
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it("offers a vendor their own dashboard's cards, without the period, and says so when the settings changed elsewhere", async () => {
    signInAs('vendor');
    fakeApi({
      [route(endpoints.dashboardSettings.get)]: () => stored([], 12, null),
      [route(endpoints.dashboardSettings.save)]: () =>
        reply(409, {
          success: false,
          code: 'CONFLICT',
          message: 'These settings were changed elsewhere. Reload to see the latest.',
        }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'My Revenue' }));
    expect(screen.queryByLabelText('Monthly chart covers')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Total Users' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(screen.getByText('These settings were changed elsewhere. Reload to see the latest.')).toBeVisible(),
    );
  });
});
