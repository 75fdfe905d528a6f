import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnsavedChangesPrompt } from '../../components/ui/unsaved-changes-prompt';
import { signInAs } from '../../test/screen-kit';
import { sessionStore } from '../session';
import { hasUnsavedChanges, useUnsavedChanges } from '../unsaved-changes';

function Form() {
  const [text, setText] = useState('');
  useUnsavedChanges(text !== '');
  return (
    <label>
      Name
      <input value={text} onChange={(event) => setText(event.target.value)} />
    </label>
  );
}

function Shell() {
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/form#security">Same page</Link>
      <Outlet />
      <UnsavedChangesPrompt />
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/form', element: <Form /> },
          { path: '/elsewhere', element: <p>Somewhere else</p> },
        ],
      },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  sessionStore.end();
});

describe('the unsaved-changes guard', () => {
  it('lets a clean form go without asking', () => {
    const router = renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before a dirty form is left: Cancel stays with the changes, Discard changes goes on', async () => {
    const router = renderApp();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Half typed' } });
    expect(hasUnsavedChanges()).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    expect(ask).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('Name')).toHaveValue('Half typed');

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('does not hold a move within the page, nor the way out of an ended session', async () => {
    const router = renderApp();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Half typed' } });
    fireEvent.click(screen.getByRole('link', { name: 'Same page' }));
    expect(router.state.location.hash).toBe('#security');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    act(() => sessionStore.end());
    await act(() => router.navigate('/elsewhere'));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks the browser before the tab closes while a form is dirty', () => {
    renderApp();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Half typed' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
