import { hasRole, type Role } from './roles';

/** Who may open a route. */
export type Access =
  | { kind: 'public' }
  | { kind: 'root' }
  | { kind: 'guest' }
  | { kind: 'noRole' }
  | { kind: 'signedIn' }
  | { kind: 'roles'; roles: readonly Role[]; fallback?: string };

export interface AccessUser {
  role: Role | null;
  home: string;
}

export type AccessDecision =
  | { type: 'render' }
  /** `remember`: keep the requested path to return to after sign-in. */
  | { type: 'redirect'; to: string; remember?: boolean };

export function decideAccess(access: Access, user: AccessUser | null, returnTo: string | null = null): AccessDecision {
  const redirect = (to: string, remember = false): AccessDecision => ({ type: 'redirect', to, remember });
  switch (access.kind) {
    case 'public':
      return { type: 'render' };
    case 'root':
      return redirect(user ? user.home : '/login');
    case 'guest':
      return user ? redirect(returnTo ?? user.home) : { type: 'render' };
    case 'noRole':
      if (!user) return redirect('/login', true);
      return user.role ? redirect(user.home) : { type: 'render' };
    case 'signedIn':
    case 'roles':
      if (!user) return redirect('/login', true);
      if (!user.role) return redirect('/no-role-assigned');
      if (access.kind === 'roles' && !hasRole(user.role, access.roles)) return redirect(access.fallback ?? user.home);
      return { type: 'render' };
  }
}
