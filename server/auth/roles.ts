import { AppError } from '../errors';
import { hasRole, type Role } from '../contracts/roles';

/**
 * The access rule's refusal (FORBIDDEN). Its details name the rule, so a caller (and the access
 * test) can tell "this role may not use this" from a refusal a service makes about one record.
 */
export function requireRole(role: Role | null, allowed: readonly Role[]): void {
  if (!hasRole(role, allowed)) throw new AppError('FORBIDDEN', 'You do not have access to this', { rule: 'role' });
}
