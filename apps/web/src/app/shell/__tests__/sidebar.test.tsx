import { staffRolePermissions } from '@haat/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { renderScreen, signInAs } from '../../../test/screen-kit';
import { ScreenGuard } from '../../require-auth';
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

describe('Sidebar by role (issue 36)', () => {
  const links = () => screen.getAllByRole('link').map((link) => link.textContent);

  it('shows a Finance member Payouts and Commission rates, not Products, Orders or Staff', () => {
    signInAs('admin', { staffRole: 'finance', permissions: [...staffRolePermissions.finance] });
    renderScreen(<Sidebar collapsed={false} onToggle={() => undefined} />, {
      route: '/admin/*',
      path: '/admin/payouts',
    });
    expect(links()).toEqual(['Commission rates', 'Tax settings', 'Tax reports', 'Payouts', 'Documents']);
  });

  it('shows a Support member Orders, Customers and Contact Inquiries', () => {
    signInAs('admin', { staffRole: 'support', permissions: [...staffRolePermissions.support] });
    renderScreen(<Sidebar collapsed={false} onToggle={() => undefined} />, {
      route: '/admin/*',
      path: '/admin/orders',
    });
    expect(links()).toEqual(['Dashboard', 'Orders', 'Customers', 'Contact Inquiries']);
  });

  it('shows the Owner Staff, and an Admin everything but Staff', () => {
    signInAs('admin', { staffRole: 'owner', permissions: [...staffRolePermissions.owner] });
    renderScreen(<Sidebar collapsed={false} onToggle={() => undefined} />, { route: '/admin/*', path: '/admin/staff' });
    expect(links()).toContain('Staff');
    expect(links()).toContain('Products');
    cleanup();
    sessionStore.end();
    signInAs('admin', { staffRole: 'admin', permissions: [...staffRolePermissions.admin] });
    renderScreen(<Sidebar collapsed={false} onToggle={() => undefined} />, { route: '/admin/*', path: '/admin/staff' });
    expect(links()).not.toContain('Staff');
    expect(links()).toContain('Payouts');
  });

  it("hides Earnings from a seller's staff member, not from the owner; both see Team", () => {
    signInAs('vendor', { teamRole: 'staff' });
    renderScreen(<Sidebar collapsed={false} onToggle={() => undefined} />, {
      route: '/admin/*',
      path: '/admin/products',
    });
    expect(links()).toEqual(['Dashboard', 'Products', 'Orders', 'Shipments', 'Team']);
    cleanup();
    sessionStore.end();
    signInAs('vendor', { teamRole: 'owner' });
    renderScreen(<Sidebar collapsed={false} onToggle={() => undefined} />, {
      route: '/admin/*',
      path: '/admin/products',
    });
    expect(links()).toEqual(['Dashboard', 'Products', 'Orders', 'Shipments', 'Earnings', 'Documents', 'KYC', 'Team']);
  });
});

describe('ScreenGuard (issue 36)', () => {
  it('tells a Finance member that Products is not theirs, and shows them Payouts', () => {
    signInAs('admin', { staffRole: 'finance', permissions: [...staffRolePermissions.finance] });
    renderScreen(
      <ScreenGuard>
        <p>The screen</p>
      </ScreenGuard>,
      { route: '/admin/*', path: '/admin/products' },
    );
    expect(screen.getByRole('heading', { name: 'Not available to your role' })).toBeInTheDocument();
    expect(screen.queryByText('The screen')).not.toBeInTheDocument();
    cleanup();
    renderScreen(
      <ScreenGuard>
        <p>The screen</p>
      </ScreenGuard>,
      { route: '/admin/*', path: '/admin/payouts' },
    );
    expect(screen.getByText('The screen')).toBeInTheDocument();
  });

  it("keeps a seller's staff member out of Earnings", () => {
    signInAs('vendor', { teamRole: 'staff' });
    renderScreen(
      <ScreenGuard>
        <p>The screen</p>
      </ScreenGuard>,
      { route: '/admin/*', path: '/admin/earnings' },
    );
    expect(screen.getByRole('heading', { name: 'Not available to your role' })).toBeInTheDocument();
  });

  it('keeps the Outbox (reset and invitation links) to the Owner: an Admin is refused it, the Owner is not', () => {
    const outbox = () =>
      renderScreen(
        <ScreenGuard>
          <p>The screen</p>
        </ScreenGuard>,
        { route: '/admin/*', path: '/admin/outbox' },
      );
    signInAs('admin', { staffRole: 'admin', permissions: [...staffRolePermissions.admin] });
    outbox();
    expect(screen.getByRole('heading', { name: 'Not available to your role' })).toBeInTheDocument();
    cleanup();
    signInAs('admin', { staffRole: 'owner', permissions: [...staffRolePermissions.owner] });
    outbox();
    expect(screen.getByText('The screen')).toBeInTheDocument();
  });
});
