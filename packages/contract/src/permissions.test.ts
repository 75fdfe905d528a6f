import { describe, expect, it } from 'vitest';
import { api } from './api.js';
import type { Endpoint } from './endpoint.js';
import { grants, staffRolePermissions, teamRoleAllows, teamRoleNeeded } from './permissions.js';

/** The permission catalogue and team roles (issue 36; decisions 0128, 0129). */

describe('staff roles', () => {
  it('give the Owner everything, the Admin all but staff, Support orders read only', () => {
    expect(grants(staffRolePermissions.owner, 'staff:write')).toBe(true);
    expect(grants(staffRolePermissions.admin, 'staff:read')).toBe(false);
    expect(grants(staffRolePermissions.admin, 'money:write')).toBe(true);
    expect(grants(staffRolePermissions.support, 'orders:read')).toBe(true);
    expect(grants(staffRolePermissions.support, 'orders:write')).toBe(false);
    expect(grants(staffRolePermissions.finance, 'money:write')).toBe(true);
    expect(grants(staffRolePermissions.finance, 'catalog:read')).toBe(false);
    expect(grants(staffRolePermissions.content, 'content:read')).toBe(true);
  });

  it('are declared on every admin endpoint of the contract', () => {
    const undeclared: string[] = [];
    for (const group of Object.values(api))
      for (const endpoint of Object.values(group as Record<string, Endpoint>)) {
        const { meta, route } = endpoint['~orpc'];
        if (meta.access === 'admin' && !meta.permission) undeclared.push(`${route.method} ${route.path}`);
      }
    expect(undeclared).toEqual([]);
  });
});

describe('team roles by route area', () => {
  it('keep money areas for managers and open any other vendor area, new ones included, to staff', () => {
    expect(teamRoleNeeded('/api/vendor/earnings')).toBe('manager');
    expect(teamRoleNeeded('/api/vendor/earnings/export')).toBe('manager');
    expect(teamRoleNeeded('/api/vendor/bank-details')).toBe('manager');
    expect(teamRoleNeeded('/api/vendor/payouts')).toBe('manager');
    expect(teamRoleNeeded('/api/vendor/kyc/documents')).toBe('manager');
    expect(teamRoleNeeded('/api/documents/:id/pdf')).toBe('manager');
    expect(teamRoleNeeded('/api/vendor/statements/:month')).toBe('manager');
    expect(teamRoleNeeded('/api/vendor/statements/:month.pdf')).toBe('manager');
    expect(teamRoleNeeded('/api/vendor/shipments')).toBe('staff');
    expect(teamRoleNeeded('/api/vendor/shipments/:id/label')).toBe('staff');
    expect(teamRoleNeeded('/api/vendor/earningsx')).toBe('staff');
    expect(teamRoleNeeded('/api/products/create')).toBe('staff');
    expect(teamRoleNeeded('/api/vendor/team/invitations', 'owner')).toBe('owner');
  });

  it('rank owner over manager over staff', () => {
    expect(teamRoleAllows('owner', 'manager')).toBe(true);
    expect(teamRoleAllows('manager', 'owner')).toBe(false);
    expect(teamRoleAllows('staff', 'manager')).toBe(false);
    expect(teamRoleAllows('staff', 'staff')).toBe(true);
  });
});
