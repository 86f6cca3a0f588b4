import { describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../server/contracts/enums';
import { hasRole, homePathFor, ROLES, roleOf, USER_TYPE_ROLE } from '../../server/contracts/roles';

describe('user types and roles', () => {
  it('maps every user type to its role', () => {
    expect(USER_TYPE_ROLE).toEqual({
      superuser: 'superuser',
      admin: 'admin',
      manager: 'sales_manager',
      demo_manager: 'demo_sales_manager',
      facilitator: 'sales_manager',
      sales_rep: 'sales_rep',
      user: null,
    });
    expect(Object.keys(USER_TYPE_ROLE).sort()).toEqual([...USER_TYPES].sort());
    for (const t of USER_TYPES) expect(roleOf(t)).toBe(USER_TYPE_ROLE[t]);
  });

  it('sends each role home', () => {
    expect(homePathFor('admin')).toBe('/dashboard');
    expect(homePathFor('sales_manager')).toBe('/dashboard');
    expect(homePathFor('sales_rep')).toBe('/assignments/sr');
    expect(homePathFor('superuser')).toBe('/spar-admin');
    expect(homePathFor('demo_sales_manager')).toBe('/assignments');
    expect(homePathFor(null)).toBe('/no-role-assigned');
  });

  it('hasRole allows listed roles only', () => {
    expect(hasRole('admin', ['admin', 'sales_manager'])).toBe(true);
    expect(hasRole('sales_rep', ['admin', 'sales_manager'])).toBe(false);
    expect(hasRole('demo_sales_manager', ['sales_manager'])).toBe(false);
    expect(hasRole(null, ['admin'])).toBe(false);
    expect(hasRole(null, [])).toBe(false);
  });

  it('superuser passes every check, even an empty list', () => {
    expect(hasRole('superuser', [])).toBe(true);
    for (const r of ROLES) expect(hasRole('superuser', [r])).toBe(true);
  });
});
