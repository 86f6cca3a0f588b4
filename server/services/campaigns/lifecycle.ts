import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { magicLinks } from '../../../db/schema';

/**
 * A magic link's status as its call moves (called in the call's own transactions, by calls.mode
 * 'magic_link'), and as its invitation mail is accepted. Each step is a conditional UPDATE from
 * the statuses it may follow, so a late or repeated step changes nothing.
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

/** The link's call connected: Started → In Progress. */
export async function markMagicLinkCallLive(tx: Executor, callId: string, now = new Date()) {
  await tx
    .update(magicLinks)
    .set({ status: 'in_progress', updatedAt: now })
    .where(and(eq(magicLinks.callId, callId), eq(magicLinks.status, 'started')));
}

/**
 * The link's call ended. With something said by the guest: Completed (the report follows) — also
 * when the guest came back meanwhile and the link read as expired (the call they held still
 * counts). With nothing said (the microphone failed, the page closed at once) there is nothing to
 * score: the link goes back to Clicked so the guest can start again while it is valid.
 */
export async function markMagicLinkCallEnded({
  tx,
  callId,
  repTurns,
  now = new Date(),
}: {
  tx: Executor;
  callId: string;
  repTurns: number;
  now?: Date;
}) {
  if (repTurns > 0) {
    await tx
      .update(magicLinks)
      .set({ status: 'completed', completedAt: now, expiredReason: null, expiredAt: null, updatedAt: now })
      .where(and(eq(magicLinks.callId, callId), inArray(magicLinks.status, ['started', 'in_progress', 'expired'])));
  } else {
    await tx
      .update(magicLinks)
      .set({ status: 'clicked', callId: null, startedAt: null, updatedAt: now })
      .where(and(eq(magicLinks.callId, callId), inArray(magicLinks.status, ['started', 'in_progress'])));
  }
}
