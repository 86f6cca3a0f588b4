import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client';
import { campaigns, clients, magicLinks, reports, simulations } from '../../../db/schema';
import { asSystem, type TenantRunner } from '../../../db/tenant';
import { tenantRunnerFor } from '../../access/tenant-runner';
import {
  schedulerOrigins,
  schedulerUrl,
  type CtaReport,
  type ctaCompleteOutput,
  type ctaValidateOutput,
} from '../../contracts/campaigns';
import type { Language } from '../../contracts/languages';
import type { ReportView } from '../../contracts/reports';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { getReport } from '../reports/reports';
import { failUnconnectedCall, issueTicket, startCall, type StartCallResult } from '../calls/calls';
import { tokenMatches } from '../assessments/links';
import { effectiveLinkStatus, OPEN_LINK_STATUSES } from './links';

type Row = typeof magicLinks.$inferSelect;

/**
 * The guest's side of a magic link (no account): the token in the link is the only credential. The
 * link is found on the system path (the token tells the tenant), the token compared with its
 * stored hash in constant time; everything after runs in that tenant's transactions.
 */
async function resolveLink(db: Db, linkId: string, token: string): Promise<{ row: Row; tenant: TenantRunner }> {
  const [row] = await asSystem(db, { action: 'magic_link.resolve' }, (tx) =>
    tx.select().from(magicLinks).where(eq(magicLinks.id, linkId)),
  );
  // a wrong token and an unknown id are one answer
  if (!row || !tokenMatches(token, row.tokenHash)) throw new AppError('MAGIC_LINK_INVALID', 'This link is invalid');
  // the token named the tenant on the system path: this link acts for it, and for it only
  return { row, tenant: tenantRunnerFor(db, row.tenantId) };
}

/**
 * A start whose call never connected does not use up the link: when the page that started it is
 * gone (its ticket expired unused, or the guest opened the link again), the call is marked failed
 * and the link is Clicked again. A call that connected is never released here.
 */
async function releaseUnconnectedStart(
  tenant: TenantRunner,
  row: Row,
  now: Date,
  olderThan: Date | null,
): Promise<Row> {
  if (row.status !== 'started' || !row.callId) return row;
  return tenant(async (tx) => {
    if (!(await failUnconnectedCall(tx, row.callId!, now, olderThan))) return row;
    const [reopened] = await tx
      .update(magicLinks)
      .set({ status: 'clicked', callId: null, startedAt: null, updatedAt: now })
      .where(and(eq(magicLinks.id, row.id), eq(magicLinks.callId, row.callId!)))
      .returning();
    return reopened ?? row;
  });
}

function refusal(row: Row) {
  if (row.status === 'completed') return new AppError('MAGIC_LINK_USED', 'This link has already been used');
  if (row.status === 'expired') {
    return row.expiredReason === 'started'
      ? new AppError('MAGIC_LINK_STARTED', 'This link expired because the exercise was already started')
      : new AppError('MAGIC_LINK_EXPIRED', 'This link has expired');
  }
  return null;
}

/**
 * The guest opened the link: the click is counted (and kept even when the link refuses them), then
 * the intro's facts. Created/Sent → Clicked. A link whose days ran out is Expired; a link whose
 * exercise had been started (its call connected) is Expired "because the exercise was already
 * started" — opening it again cannot start a second call. A completed one is "already used".
 */
export async function validateMagicLink(
  db: Db,
  env: Pick<Env, 'CALL_TICKET_TTL_SECONDS'>,
  linkId: string,
  token: string,
  now = new Date(),
): Promise<z.infer<typeof ctaValidateOutput>> {
  const link = await resolveLink(db, linkId, token);
  const { tenant } = link;
  let row = link.row;
  // opened again while the start's call never connected: that page is gone, the link is usable again
  row = await releaseUnconnectedStart(tenant, row, now, null);
  for (let attempt = 0; ; attempt++) {
    const expiredByDays = effectiveLinkStatus(row, now) === 'expired' && row.status !== 'expired';
    const cameBack = row.status === 'started' || row.status === 'in_progress';
    const next = expiredByDays
      ? { status: 'expired' as const, expiredReason: 'days' as const, expiredAt: now }
      : cameBack
        ? { status: 'expired' as const, expiredReason: 'started' as const, expiredAt: now }
        : row.status === 'created' || row.status === 'sent'
          ? { status: 'clicked' as const }
          : {};
    const [updated] = await tenant((tx) =>
      tx
        .update(magicLinks)
        .set({ clicks: sql`${magicLinks.clicks} + 1`, lastClickedAt: now, updatedAt: now, ...next })
        .where(and(eq(magicLinks.id, row.id), eq(magicLinks.status, row.status)))
        .returning(),
    );
    if (updated) {
      row = updated;
      break;
    }
    // the status moved meanwhile (a call ended, another tab): read it again
    if (attempt >= 3) throw new AppError('CONFLICT', 'The link changed meanwhile; please try again');
    row = (await resolveLink(db, linkId, token)).row;
  }
  const refused = refusal(row);
  if (refused) throw refused;

  return tenant(async (tx) => {
    const [info] = await tx
      .select({
        campaignName: campaigns.name,
        subHeader: campaigns.subHeader,
        intro: campaigns.introParagraph,
        campaignLanguage: campaigns.language,
        name: simulations.name,
        learnerRole: simulations.learnerRole,
        difficulty: simulations.difficulty,
        timeLimitMinutes: simulations.timeLimitMinutes,
        language: simulations.language,
        instructions: simulations.instructions,
        company: clients.name,
      })
      .from(campaigns)
      .innerJoin(clients, eq(clients.id, campaigns.tenantId))
      .leftJoin(simulations, eq(simulations.id, campaigns.simulationId))
      .where(eq(campaigns.id, row.campaignId));
    if (!info?.name) throw new AppError('MAGIC_LINK_INVALID', 'This demo is no longer available');
    return {
      cta_id: row.id,
      status: row.status,
      first_name: row.firstName,
      company_name: info.company,
      expires_at: row.expiresAt.toISOString(),
      campaign: {
        name: info.campaignName,
        sub_header: info.subHeader,
        intro_paragraph: info.intro,
        language: info.campaignLanguage as Language,
      },
      simulation: {
        name: info.name,
        type: info.learnerRole!,
        difficulty: info.difficulty!,
        time_limit_minutes: Number(info.timeLimitMinutes),
        language: info.language!,
        instructions: info.instructions ?? '',
      },
      call_started: row.callId !== null,
    };
  });
}

/**
 * Starts the link's one call (`/cta/mark-started`). The claim is one conditional UPDATE
 * (a link not started, not expired): of two tabs racing, one gets the call, the other
 * MAGIC_LINK_STARTED. The call is created in the same transaction; its single-use socket ticket is
 * issued after it commits.
 */
export async function startMagicLinkCall(
  db: Db,
  env: Env,
  linkId: string,
  token: string,
  now = new Date(),
): Promise<StartCallResult> {
  const staleBefore = new Date(now.getTime() - env.CALL_TICKET_TTL_SECONDS * 1000);
  const { row: found, tenant } = await resolveLink(db, linkId, token);
  const row = await releaseUnconnectedStart(tenant, found, now, staleBefore);
  const refused = refusal(row);
  if (refused) throw refused;
  if (effectiveLinkStatus(row, now) === 'expired') throw new AppError('MAGIC_LINK_EXPIRED', 'This link has expired');
  const started = await tenant(async (tx) => {
    const [campaign] = await tx
      .select({ simulationId: campaigns.simulationId })
      .from(campaigns)
      .where(eq(campaigns.id, row.campaignId));
    if (!campaign?.simulationId) throw new AppError('MAGIC_LINK_INVALID', 'This demo is no longer available');
    const [claimed] = await tx
      .update(magicLinks)
      .set({ status: 'started', startedAt: now, updatedAt: now })
      .where(
        and(
          eq(magicLinks.id, row.id),
          inArray(magicLinks.status, OPEN_LINK_STATUSES),
          isNull(magicLinks.callId),
          gt(magicLinks.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) throw new AppError('MAGIC_LINK_STARTED', 'A call was already started from this link');
    const call = await startCall(
      tx,
      env,
      { tenantId: row.tenantId, userId: null, role: null, candidate: true },
      { simulationId: campaign.simulationId, mode: 'magic_link' },
    );
    await tx.update(magicLinks).set({ callId: call.callId }).where(eq(magicLinks.id, row.id));
    return call;
  });
  const ticket = await issueTicket(db, env, { tenantId: row.tenantId, callId: started.callId, userId: null });
  return { ...started, ticket };
}

async function reportStatusOf(tx: Executor, callId: string | null) {
  if (!callId) return 'none' as const;
  const [r] = await tx.select({ status: reports.status }).from(reports).where(eq(reports.callId, callId));
  return r?.status ?? ('none' as const);
}

/** The thank-you page's facts (`/cta/complete`): where the link stands, the after-simulation message. */
export async function completeMagicLink(
  db: Db,
  linkId: string,
  token: string,
  now = new Date(),
): Promise<z.infer<typeof ctaCompleteOutput>> {
  const { row, tenant } = await resolveLink(db, linkId, token);
  return tenant(async (tx) => {
    const [c] = await tx
      .select({ name: campaigns.name, afterMessage: campaigns.afterMessage, language: campaigns.language })
      .from(campaigns)
      .where(eq(campaigns.id, row.campaignId));
    return {
      cta_id: row.id,
      status: effectiveLinkStatus(row, now),
      report_status: await reportStatusOf(tx, row.callId),
      campaign_name: c.name,
      after_message: c.afterMessage,
      language: c.language as Language,
    };
  });
}

/** What a guest may see of their report: no recording, no reviews or reviewers, no review rights. */
function forGuest(view: ReportView, firstName: string): ReportView {
  return {
    ...view,
    call: { ...view.call, repName: firstName || null },
    hasRecording: false,
    overrides: [],
    canReview: false,
  };
}

/**
 * The guest's report page (`/cta/reports/{id}`), reached only with the link's own token:
 * the report of the link's call once ready, the campaign's texts and the Book-a-Call step.
 */
export async function guestReport(db: Db, linkId: string, token: string): Promise<CtaReport> {
  const { row, tenant } = await resolveLink(db, linkId, token);
  return tenant(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, row.campaignId));
    const reportStatus = await reportStatusOf(tx, row.callId);
    const view =
      row.callId && reportStatus === 'ready'
        ? forGuest(await getReport(tx, { userId: row.id, role: 'sales_manager' }, row.callId), row.firstName)
        : null;
    const url = c.bookingProvider === 'none' ? null : (schedulerUrl(c.bookingUrl)?.toString() ?? null);
    return {
      cta_id: row.id,
      first_name: row.firstName,
      email: row.email,
      campaign: {
        name: c.name,
        after_message: c.afterMessage,
        banner_message: c.bannerMessage,
        cta_instructions: c.ctaInstructions,
        language: c.language as Language,
      },
      booking: {
        provider: url ? c.bookingProvider : 'none',
        url,
        origins: url ? schedulerOrigins(c.bookingProvider, url) : [],
      },
      booked_at: row.bookedAt?.toISOString() ?? null,
      report_status: reportStatus,
      report: view,
    };
  });
}

/** The report as the HTML download, for the link's holder. */
export async function guestReportView(
  db: Db,
  linkId: string,
  token: string,
): Promise<{ view: ReportView; language: Language }> {
  const r = await guestReport(db, linkId, token);
  if (!r.report) throw new AppError('NOT_FOUND', 'The report is not ready yet');
  return { view: r.report, language: r.campaign.language };
}

/**
 * The guest's browser saw the scheduler's booking event (checked by its origin there): the link is
 * marked booked, once. Only a link whose call was held can be booked from its report page.
 */
export async function markMagicLinkBooked(
  db: Db,
  linkId: string,
  token: string,
  now = new Date(),
): Promise<{ cta_id: string; booked_at: string }> {
  const { row, tenant } = await resolveLink(db, linkId, token);
  if (row.bookedAt) return { cta_id: row.id, booked_at: row.bookedAt.toISOString() };
  return tenant(async (tx) => {
    const [c] = await tx
      .select({ provider: campaigns.bookingProvider })
      .from(campaigns)
      .where(eq(campaigns.id, row.campaignId));
    if (!c || c.provider === 'none') throw new AppError('NOT_FOUND', 'This campaign has no booking step');
    const [updated] = await tx
      .update(magicLinks)
      .set({ bookedAt: now, updatedAt: now })
      .where(and(eq(magicLinks.id, row.id), isNull(magicLinks.bookedAt)))
      .returning({ bookedAt: magicLinks.bookedAt });
    const at =
      updated?.bookedAt ??
      (await tx.select({ bookedAt: magicLinks.bookedAt }).from(magicLinks).where(eq(magicLinks.id, row.id)))[0]
        .bookedAt!;
    return { cta_id: row.id, booked_at: at.toISOString() };
  });
}

/** The scheduler origins the report page of `linkId` may frame (its Content-Security-Policy), when the token is the link's. */
export async function bookingFrameOrigins(db: Db, linkId: string, token: string): Promise<string[]> {
  try {
    const { row, tenant } = await resolveLink(db, linkId, token);
    const [c] = await tenant((tx) =>
      tx
        .select({ provider: campaigns.bookingProvider, url: campaigns.bookingUrl })
        .from(campaigns)
        .where(eq(campaigns.id, row.campaignId)),
    );
    return c ? schedulerOrigins(c.provider, c.url) : [];
  } catch {
    return [];
  }
}
