// The audit log's groups of actions (no zod here: the action names are not message keys).

/** The groups of actions the audit log can be filtered by (Admin → Audit log). */
export const AUDIT_FAMILIES = [
  'sign_in',
  'sso',
  'provisioning',
  'users',
  'keys',
  'exports',
  'deletions',
  'settings',
  'lms',
  'superuser',
] as const;
export type AuditFamily = (typeof AUDIT_FAMILIES)[number];

/**
 * Which action names a family holds: a pattern is an exact name, or has one `*` standing for any
 * text (`auth.*`, `*.deleted`). A family may leave out names its patterns would take (`exclude`);
 * an action may be in more than one family (`users.deleted` is a users action and a deletion).
 */
export const AUDIT_FAMILY_RULES: Record<AuditFamily, { include: string[]; exclude?: string[] }> = {
  sign_in: { include: ['auth.*'], exclude: ['auth.sso_*'] },
  sso: { include: ['auth.sso_*', 'sso.*'] },
  provisioning: { include: ['scim.*', 'users.imported'] },
  users: { include: ['users.*'] },
  keys: { include: ['api_keys.*', 'webhooks.*'] },
  exports: { include: ['export.*'] },
  deletions: { include: ['*.deleted', 'clients.delete'] },
  settings: { include: ['security.*'] },
  lms: { include: ['lms.*', 'lti.*', 'scorm.*'] },
  superuser: { include: ['superuser.*', 'clients.*'] },
};
