/** Roles and where each lands: pure, shared by the server and the client. */
import type { UserType } from './enums';

export const ROLES = ['superuser', 'admin', 'sales_manager', 'sales_rep', 'demo_sales_manager'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The one mapping from the user types shown in management screens to the role codes used for
 * routing and permissions (README "Roles"). "User" is an account with no product role yet: it
 * lands on /no-role-assigned until an admin gives it a type. A facilitator runs training
 * sessions, so it has the manager's rights.
 */
export const USER_TYPE_ROLE: Record<UserType, Role | null> = {
  superuser: 'superuser',
  admin: 'admin',
  manager: 'sales_manager',
  demo_manager: 'demo_sales_manager',
  facilitator: 'sales_manager',
  sales_rep: 'sales_rep',
  user: null,
};

export function roleOf(userType: UserType): Role | null {
  return USER_TYPE_ROLE[userType] ?? null;
}

/** `superuser` passes every role check. */
export function hasRole(role: Role | null, allowed: readonly Role[]): boolean {
  if (!role) return false;
  return role === 'superuser' || allowed.includes(role);
}

/** Where `/` sends a user. */
export function homePathFor(role: Role | null): string {
  switch (role) {
    case 'admin':
    case 'sales_manager':
      return '/dashboard';
    case 'sales_rep':
      return '/assignments/sr';
    case 'superuser':
      return '/spar-admin';
    case null:
      return '/no-role-assigned';
    default:
      return '/assignments';
  }
}
