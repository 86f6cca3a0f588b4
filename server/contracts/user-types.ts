import { MANAGED_USER_TYPES, USER_TYPES, type UserType } from './enums';
import { USER_TYPE_ROLE, type Role } from './roles';

export { MANAGED_USER_TYPES };
export type ManagedUserType = (typeof MANAGED_USER_TYPES)[number];

/** English labels (each code in title case), as the user management screens show them; the CSV accepts them (or the codes) in any letter case. */
export const USER_TYPE_LABELS = Object.fromEntries(
  USER_TYPES.map((t) => [
    t,
    t
      .split('_')
      .map((w) => `${w[0].toUpperCase()}${w.slice(1)}`)
      .join(' '),
  ]),
) as Record<UserType, string>;

/** The type a CSV row gets when its user_type cell is empty. */
export const DEFAULT_IMPORT_USER_TYPE: ManagedUserType = 'sales_rep';

/** Roles whose users may be picked as someone's manager. */
const MANAGER_ROLES: readonly Role[] = ['sales_manager', 'admin'];

/** User types whose role makes them eligible managers (admin, manager, facilitator). */
export const MANAGER_USER_TYPES: UserType[] = (Object.keys(USER_TYPE_ROLE) as UserType[]).filter((t) => {
  const role = USER_TYPE_ROLE[t];
  return role !== null && MANAGER_ROLES.includes(role);
});

export function isManagerType(t: UserType): boolean {
  return MANAGER_USER_TYPES.includes(t);
}

/** A CSV user_type cell → managed type: label ("Sales Rep") or code ("sales_rep"), any case; null when unknown. */
export function parseUserType(value: string): ManagedUserType | null {
  const v = value.trim().toLowerCase().replace(/\s+/g, ' ');
  for (const t of MANAGED_USER_TYPES) {
    if (v === t || v === USER_TYPE_LABELS[t].toLowerCase() || v === t.replace(/_/g, ' ')) return t;
  }
  return null;
}
