import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { magicLinks } from '../../../db/schema';

/*
 * A magic link's status as its invitation mail is accepted (as its call moves:
 * ../guest-links/call-status.ts). A conditional UPDATE from the status it may follow, so a late or
 * repeated step changes nothing.
 */

/** The mail with the link was accepted by the mail server: Created → Sent. */
export async function markMagicLinkSent({
  tx,
  tenantId,
  linkId,
  now = new Date(),
}: {
  tx: Executor;
  tenantId: string;
  linkId: string;
  now?: Date;
}) {
  await tx
    .update(magicLinks)
    .set({ status: 'sent', sentAt: now, updatedAt: now })
    .where(and(eq(magicLinks.id, linkId), eq(magicLinks.tenantId, tenantId), eq(magicLinks.status, 'created')));
}
