export type Role = 'superuser' | 'admin' | 'sales_manager' | 'sales_rep' | 'demo_sales_manager';

/** Same rule as the server (server/auth/roles.ts): `superuser` passes every role check. */
export function hasRole(role: Role | null | undefined, allowed: readonly Role[]): boolean {
  if (!role) return false;
  return role === 'superuser' || allowed.includes(role);
}
