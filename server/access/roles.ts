import { ROLES, type Role } from '../contracts/roles';

/**
 * Who may use what: the one table of role lists that tRPC procedures, REST routes and the call
 * WebSocket read. `superuser` passes every check (server/auth/roles.ts), so it is listed only
 * where it alone may act. A new procedure picks its audience here; it never spells out roles.
 */
export const ACCESS = {
  /** Any signed-in user with a role; the service narrows to what the user may see. */
  anyRole: ROLES,
  /** Tenant settings, users, API-key integration details that only the tenant's admins change. */
  admins: ['admin'],
  /** Managing the tenant's reps and content: personas, scorecards, simulations, dashboard, partner keys and webhooks. */
  managers: ['admin', 'sales_manager'],
  /** Sending assignments: managers, and demo managers for demos. */
  assigners: ['admin', 'sales_manager', 'demo_sales_manager'],
  /** Holding practice calls. */
  callers: ['admin', 'sales_manager', 'sales_rep'],
  /** Recording and uploading real calls (meetings); demo managers try it too. */
  meetingHolders: ['admin', 'sales_manager', 'sales_rep', 'demo_sales_manager'],
  /** Marketing campaigns with one-time magic links. */
  campaignOwners: ['sales_manager'],
  /** The platform's operators: clients, system prompts, usage analytics. */
  superusers: ['superuser'],
} as const satisfies Record<string, readonly Role[]>;
