import type { Db, Tx } from '../../../db/client';
import { supportRequests } from '../../../db/schema';
import type { Mailer } from '../../mail/mailer';

export interface SupportInput {
  subject: string;
  description: string;
  pageUrl?: string;
}

export async function storeSupportRequest(tx: Tx, tenantId: string, userId: string, input: SupportInput) {
  const [row] = await tx
    .insert(supportRequests)
    .values({ tenantId, userId, subject: input.subject, description: input.description, pageUrl: input.pageUrl ?? null })
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
  return row;
}

/** Support requests must reach someone: mailed to SUPPORT_EMAIL when set (outbox without SMTP). */
export async function mailSupportRequest(
  db: Db,
  mailer: Mailer,
  to: string | undefined,
  req: { id: string; tenantId: string; from: string; subject: string; description: string; pageUrl?: string },
) {
  if (!to) return null;
  const text = [`Support request ${req.id}`, `From: ${req.from}`, req.pageUrl ? `Page: ${req.pageUrl}` : '', '', req.description]
    .filter((l) => l !== null)
    .join('\n');
  return mailer.send(db, { to, subject: `[Spar support] ${req.subject}`, text, tenantId: req.tenantId });
}
