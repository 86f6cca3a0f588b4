import { describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../server/contracts/enums';
import { hasRole, homePathFor, ROLES, roleOf, USER_TYPE_ROLE } from '../../server/contracts/roles';

describe('user types and roles', () => {
  it.each([
    ['superuser', 'superuser', '/spar-admin'],
    ['admin', 'admin', '/dashboard'],
    ['manager', 'sales_manager', '/dashboard'],
    ['demo_manager', 'demo_sales_manager', '/assignments'],
    ['facilitator', 'sales_manager', '/dashboard'],
    ['sales_rep', 'sales_rep', '/assignments/sr'],
    ['user', null, '/no-role-assigned'],
  ] as const)('a %s is a %s and lands on %s', (userType, role, home) => {
    expect(USER_TYPE_ROLE[userType]).toBe(role);
    expect(roleOf(userType)).toBe(role);
    expect(homePathFor(role)).toBe(home);
  });

  it('maps every user type, and no other', () => {
    expect(Object.keys(USER_TYPE_ROLE).sort()).toEqual([...USER_TYPES].sort());
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
