import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { signInAs } from '../../test/screen-kit';
import { NotFoundPage } from '../not-found-page';
import { isWellFormedId, WellFormedId } from '../well-formed-id';

afterEach(() => {
  cleanup();
  sessionStore.end();
});

describe('WellFormedId', () => {
  it.each(['1', '2147483647'])('lets %s through', (id) => expect(isWellFormedId(id)).toBe(true));
  it.each(['abc', '0', '-1', '1.5', '2147483648', '9'.repeat(30), ''])('refuses %j', (id) =>
    expect(isWellFormedId(id)).toBe(false),
  );

  it("shows 'Page not found' for a malformed id instead of the screen", () => {
    const router = createMemoryRouter(
      [{ element: <WellFormedId />, children: [{ path: '/products/edit/:id', element: <h1>Edit product</h1> }] }],
      { initialEntries: ['/products/edit/abc'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Edit product' })).not.toBeInTheDocument();
  });
});

describe('NotFoundPage', () => {
  it('Go Back stays in the app when the browser holds no earlier page of it', async () => {
    signInAs('admin');
    window.history.replaceState({ idx: 0 }, '');
    const router = createMemoryRouter(
      [
        { path: '/admin/dashboard', element: <h1>Admin Dashboard</h1> },
        { path: '*', element: <NotFoundPage /> },
      ],
      { initialEntries: ['/admin/nowhere'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Page not found · Haat');
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });
});
