import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { renderScreen, signInAs } from '../../../test/screen-kit';
import { Sidebar } from '../sidebar';

afterEach(() => {
  cleanup();
  sessionStore.end();
});

const highlighted = (name: string) => screen.getByRole('link', { name }).className.includes('font-semibold');

describe('Sidebar', () => {
  it.each(['/admin/blog', '/admin/blogs', '/admin/blogs/new', '/admin/blogs/edit/7'])(
    'highlights Blog Posts on %s',
    (path) => {
      signInAs('admin');
      renderScreen(<Sidebar collapsed={false} onToggle={() => undefined} />, { route: '/admin/*', path });
      expect(highlighted('Blog Posts')).toBe(true);
      expect(highlighted('Contact Inquiries')).toBe(false);
    },
  );

  it('does not highlight Blog Posts elsewhere', () => {
    signInAs('admin');
    renderScreen(<Sidebar collapsed={false} onToggle={() => undefined} />, {
      route: '/admin/*',
      path: '/admin/contact',
    });
    expect(highlighted('Blog Posts')).toBe(false);
    expect(highlighted('Contact Inquiries')).toBe(true);
  });
});
