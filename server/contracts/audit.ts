import { z } from 'zod';
import { AUDIT_FAMILIES } from './audit-families';
import { isoDateTime, text } from './text';

// Messages are i18n keys of locales/<lng>/audit.json; the client translates.

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;

/** How long a tenant keeps its audit log (days). */
export const AUDIT_RETENTION_MIN = 30;
export const AUDIT_RETENTION_MAX = 3650;
export const AUDIT_RETENTION_DEFAULT = 365;
/** Superuser actions on no one tenant are kept this long. */
export const AUDIT_SYSTEM_RETENTION_DAYS = 365;

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds (newest first). */
export const AUDIT_EXPORT_MAX = 50_000;

/** The filters of the list and of its CSV export. */
export const auditFilterInput = z.object({
  family: z.enum(AUDIT_FAMILIES).optional(),
  /** Part of the actor's or the target's text, any case. */
  q: text().max(200, 'audit.validation.searchTooLong').optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  /** From this moment on (the start of the first day, in the viewer's time zone). */
  from: isoDateTime().optional(),
  /** Before this moment (the end of the last day). */
  to: isoDateTime().optional(),
});
export type AuditFilter = z.infer<typeof auditFilterInput>;

export const auditListInput = auditFilterInput.extend({ page: z.number().int().min(1).max(100_000).default(1) });

const auditRowOutput = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorUserId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowOutput>;

export const auditListOutput = z.object({
  rows: z.array(auditRowOutput),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const auditExportOutput = z.object({ csv: z.string(), count: z.number().int() });

export const auditSettingsOutput = z.object({ retentionDays: z.number().int() });

export const setAuditRetentionInput = z.object({
  days: z
    .number({ error: 'audit.validation.retentionRange' })
    .int('audit.validation.retentionRange')
    .min(AUDIT_RETENTION_MIN, 'audit.validation.retentionRange')
    .max(AUDIT_RETENTION_MAX, 'audit.validation.retentionRange'),
});
