import type { Tx } from '../../../db/client';
import { supportRequests } from '../../../db/schema';
import { enqueueMail, escapeHtml } from '../../mail/jobs';

export interface SupportInput {
  subject: string;
  description: string;
  pageUrl?: string;
}

export interface SupportRequester {
  tenantId: string;
  userId: string;
  email: string;
}

async function storeSupportRequest(tx: Tx, tenantId: string, userId: string, input: SupportInput) {
  const [row] = await tx
    .insert(supportRequests)
    .values({
      tenantId,
      userId,
      subject: input.subject,
      description: input.description,
      pageUrl: input.pageUrl ?? null,
    })
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
  return row;
}

/** The mail to SUPPORT_EMAIL: plain text as support has always read it, and the same lines escaped as HTML. */
function renderSupportMail(req: { id: string; from: string } & SupportInput) {
  const head = [`Support request ${req.id}`, `From: ${req.from}`, req.pageUrl ? `Page: ${req.pageUrl}` : ''];
  const text = [...head, '', req.description].join('\n');
  const html =
    '<!doctype html><html lang="en"><body style="font-family:sans-serif">' +
    head
      .filter(Boolean)
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('') +
    `<p style="white-space:pre-wrap">${escapeHtml(req.description)}</p>` +
    '</body></html>';
  return { subject: `[Spar support] ${req.subject}`, text, html };
}

/**
 * Stores a support request and, when SUPPORT_EMAIL is set, queues its mail in the same
 * transaction: the request and its mail job commit (or roll back) together, and the job worker
 * delivers it. Without SUPPORT_EMAIL the request is only stored.
 */
export async function createSupportRequest({
  tx,
  requester,
  input,
  supportEmail,
}: {
  tx: Tx;
  requester: SupportRequester;
  input: SupportInput;
  supportEmail: string | undefined;
}) {
  const row = await storeSupportRequest(tx, requester.tenantId, requester.userId, input);
  if (supportEmail) {
    const mail = renderSupportMail({ id: row.id, from: requester.email, ...input });
    await enqueueMail(tx, { tenantId: requester.tenantId, to: supportEmail, ...mail, dedupeKey: `support:${row.id}` });
  }
  return { id: row.id, mailed: !!supportEmail };
}
