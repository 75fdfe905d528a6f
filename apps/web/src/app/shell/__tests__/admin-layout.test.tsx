import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { signInAs, stubScreenWidth } from '../../../test/screen-kit';
import { AdminLayout } from '../admin-layout';
import { SIDEBAR_COLLAPSED_KEY } from '../use-sidebar-collapsed';

function renderShell(path = '/admin/dashboard') {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { path: 'dashboard', element: <h1>Admin Dashboard</h1> },
          { path: 'products', element: <h1>Product Management</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  sessionStore.end();
  localStorage.removeItem(SIDEBAR_COLLAPSED_KEY);
  vi.unstubAllGlobals();
});

describe('AdminLayout on a phone (under 768 px)', () => {
  it('keeps the sidebar out of the way and opens it over the content from the menu button', async () => {
    stubScreenWidth(390);
    signInAs('admin');
    const router = renderShell();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();

    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(menuButton);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');

    // Following a link closes it.
    await userEvent.click(within(menu).getByRole('link', { name: 'Products' }));
    expect(router.state.location.pathname).toBe('/admin/products');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();

    // So do Escape and its own close button.
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});

describe('AdminLayout on a wide screen', () => {
  it('remembers the collapsed sidebar in local storage', async () => {
    stubScreenWidth(1440);
    signInAs('admin');
    renderShell();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    cleanup();

    renderShell();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('data-collapsed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
  });

  it("starts with a 'Skip to content' link that moves focus to the content", async () => {
    signInAs('admin');
    renderShell();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    fireEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
