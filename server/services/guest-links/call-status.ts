import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { assessments, magicLinks } from '../../../db/schema';
import type { MagicLinkStatus } from '../../contracts/enums';

/*
 * A guest link's status as its call moves, called in the call's own transactions by the call's
 * mode. Each step is a conditional UPDATE from the statuses it may follow, so a late or repeated
 * step changes nothing. The two kinds of link differ only in the data below.
 */
const LINK_OF_MODE = {
  assessment: {
    table: assessments,
    reopened: 'opened',
    completedFrom: ['started', 'in_progress'],
    clearOnComplete: {},
  },
  // a guest who came back meanwhile reads their link as expired; the call they held still counts
  magic_link: {
    table: magicLinks,
    reopened: 'clicked',
    completedFrom: ['started', 'in_progress', 'expired'],
    clearOnComplete: { expiredReason: null, expiredAt: null },
  },
} as const;

function linkOf(mode: string | null) {
  const link = mode === 'assessment' || mode === 'magic_link' ? LINK_OF_MODE[mode] : null;
  // one table shape for the query builder: both link tables have these columns and statuses
  return link && { ...link, t: link.table as typeof magicLinks, reopened: link.reopened as MagicLinkStatus };
}

/** The link's call connected: started → in progress. */
export async function markGuestLinkCallLive(tx: Executor, mode: string | null, callId: string) {
  const link = linkOf(mode);
  if (!link) return;
  const { t } = link;
  await tx
    .update(t)
    .set({ status: 'in_progress', updatedAt: new Date() })
    .where(and(eq(t.callId, callId), eq(t.status, 'started')));
}

/**
 * The link's call ended. With something said by the guest the link is completed (the report
 * follows). With nothing said (the microphone failed, the page was closed at once) there is nothing
 * to score: the link goes back to the status before its start, so the guest can start again while
 * it is valid — a second call can still never run while one is live.
 */
export async function markGuestLinkCallEnded({
  tx,
  mode,
  callId,
  repTurns,
  now = new Date(),
}: {
  tx: Executor;
  mode: string | null;
  callId: string;
  repTurns: number;
  now?: Date;
}) {
  const link = linkOf(mode);
  if (!link) return;
  const { t } = link;
  const [set, from]: [Partial<typeof t.$inferInsert>, readonly MagicLinkStatus[]] =
    repTurns > 0
      ? [{ status: 'completed', completedAt: now, ...link.clearOnComplete, updatedAt: now }, link.completedFrom]
      : [{ status: link.reopened, callId: null, startedAt: null, updatedAt: now }, ['started', 'in_progress']];
  await tx
    .update(t)
    .set(set)
    .where(and(eq(t.callId, callId), inArray(t.status, [...from])));
}
