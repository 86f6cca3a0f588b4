import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { campaigns, clients, magicLinks, simulations } from '../../../db/schema';
import {
  schedulerOrigins,
  schedulerUrl,
  type CtaReport,
  type ctaCompleteOutput,
  type ctaValidateOutput,
} from '../../contracts/campaigns';
import type { Language } from '../../contracts/languages';
import type { ReportView } from '../../contracts/reports';
import { withoutStaffNote } from '../../contracts/report-format';
import type { Env } from '../../env';
import { AppError, isAppError } from '../../errors';
import { getReport } from '../reports/reports';
import type { StartCallResult } from '../calls/calls';
import * as guest from '../guest-links/guest-link';
import { effectiveLinkStatus, OPEN_LINK_STATUSES } from './links';
import { caught } from '../../metrics/caught';

type Row = typeof magicLinks.$inferSelect;

/**
 * The guest's side of a campaign's magic link (no account): a link of one use — once its call
 * connected, opening it again expires it — whose clicks are counted; the campaign's owner sees it
 * in the all-links table and the guest gets their report and the Book-a-Call step.
 */
const links = guest.guestLinks<Row>({
  table: magicLinks,
  action: 'magic_link.resolve',
  mode: 'magic_link',
  openStatuses: OPEN_LINK_STATUSES,
  invalid: () => new AppError('MAGIC_LINK_INVALID', 'This link is invalid'),
  alreadyStarted: () => new AppError('MAGIC_LINK_STARTED', 'A call was already started from this link'),
  async simulationOf(tx, row) {
    const [c] = await tx.select({ id: campaigns.simulationId }).from(campaigns).where(eq(campaigns.id, row.campaignId));
    if (!c?.id) throw demoGone();
    return c.id;
  },
});

function demoGone() {
  return new AppError('MAGIC_LINK_INVALID', 'This demo is no longer available');
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
export async function validateMagicLink({
  now = new Date(),
  ...req
}: guest.GuestLinkRequest): Promise<z.infer<typeof ctaValidateOutput>> {
  const link = await links.resolve(req);
  const { tenant } = link;
  // opened again while the start's call never connected: that page is gone, the link is usable again
  let row = await links.release(link, { now, olderThan: null });
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
    row = (await links.resolve(req)).row;
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
        ...guest.introSimulationColumns,
        company: clients.name,
      })
      .from(campaigns)
      .innerJoin(clients, eq(clients.id, campaigns.tenantId))
      .leftJoin(simulations, eq(simulations.id, campaigns.simulationId))
      .where(eq(campaigns.id, row.campaignId));
    if (!info?.name) throw demoGone();
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
      simulation: guest.introSimulation({ ...info, name: info.name }),
      call_started: row.callId !== null,
    };
  });
}

/**
 * Starts the link's one call (`/cta/mark-started`, see startGuestCall): of two tabs racing, the
 * other gets MAGIC_LINK_STARTED. A start whose ticket expired unused is released first.
 */
export async function startMagicLinkCall({
  now = new Date(),
  ...req
}: guest.GuestLinkRequest & { env: Env }): Promise<StartCallResult> {
  const found = await links.resolve(req);
  const row = await links.release(found, { now, olderThan: guest.ticketExpiredBefore(req.env, now) });
  const refused = refusal(row);
  if (refused) throw refused;
  if (effectiveLinkStatus(row, now) === 'expired') throw new AppError('MAGIC_LINK_EXPIRED', 'This link has expired');
  return links.start({ db: req.db, env: req.env, link: { ...found, row }, now });
}

/** The thank-you page's facts (`/cta/complete`): where the link stands, the after-simulation message. */
export async function completeMagicLink({
  now = new Date(),
  ...req
}: guest.GuestLinkRequest): Promise<z.infer<typeof ctaCompleteOutput>> {
  return links.run(req, async (tx, row) => {
    const [c] = await tx
      .select({ name: campaigns.name, afterMessage: campaigns.afterMessage, language: campaigns.language })
      .from(campaigns)
      .where(eq(campaigns.id, row.campaignId));
    return {
      cta_id: row.id,
      status: effectiveLinkStatus(row, now),
      report_status: (await guest.guestReportOf(tx, row.callId)).status,
      campaign_name: c.name,
      after_message: c.afterMessage,
      language: c.language as Language,
    };
  });
}

/** What a guest may see of their report: no recording, no reviews or reviewers, no review rights. */
export function forGuest(view: ReportView, firstName: string): ReportView {
  return {
    ...view,
    call: { ...view.call, repName: firstName || null },
    report: view.report && { ...view.report, summary: view.report.summary && withoutStaffNote(view.report.summary) },
    hasRecording: false,
    overrides: [],
    canReview: false,
    audience: 'guest',
    drill: null,
    canPractise: false,
    drills: [],
  };
}

/**
 * The guest's report page (`/cta/reports/{id}`), reached only with the link's own token:
 * the report of the link's call once ready, the campaign's texts and the Book-a-Call step.
 */
export async function guestReport(req: guest.GuestLinkRequest): Promise<CtaReport> {
  return links.run(req, async (tx, row) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, row.campaignId));
    const reportStatus = (await guest.guestReportOf(tx, row.callId)).status;
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
  const r = await guestReport({ db, id: linkId, token });
  if (!r.report) throw new AppError('NOT_FOUND', 'The report is not ready yet');
  return { view: r.report, language: r.campaign.language };
}

/**
 * One of the link's booking moments (booked, or the scheduler failed to load), set once on a campaign
 * that has a booking step: the moment kept, the first time it was set. A failure reported after
 * the booking is not kept (the guest booked: nothing failed for the owner to see).
 */
async function markBookingMoment(
  { now = new Date(), ...req }: guest.GuestLinkRequest,
  moment: 'bookedAt' | 'bookingFailedAt',
): Promise<{ id: string; at: Date }> {
  const { row, tenant } = await links.resolve(req);
  const kept = row[moment];
  if (kept) return { id: row.id, at: kept };
  return tenant(async (tx) => {
    const [c] = await tx
      .select({ provider: campaigns.bookingProvider })
      .from(campaigns)
      .where(eq(campaigns.id, row.campaignId));
    if (!c || c.provider === 'none') throw new AppError('NOT_FOUND', 'This campaign has no booking step');
    const unset = [isNull(magicLinks[moment]), ...(moment === 'bookingFailedAt' ? [isNull(magicLinks.bookedAt)] : [])];
    await tx
      .update(magicLinks)
      .set({ [moment]: now, updatedAt: now })
      .where(and(eq(magicLinks.id, row.id), ...unset));
    const [after] = await tx.select({ at: magicLinks[moment] }).from(magicLinks).where(eq(magicLinks.id, row.id));
    return { id: row.id, at: after?.at ?? now };
  });
}

/**
 * The guest's browser saw the scheduler's booking event (checked by its origin there): the link is
 * marked booked, once. Only a link whose call was held can be booked from its report page.
 */
export async function markMagicLinkBooked(req: guest.GuestLinkRequest): Promise<{ cta_id: string; booked_at: string }> {
  const { id, at } = await markBookingMoment(req, 'bookedAt');
  return { cta_id: id, booked_at: at.toISOString() };
}

/**
 * The campaign's scheduler did not load in the guest's browser (blocked, offline, misconfigured): the
 * first failure is kept for the campaign's owner, who sees it in the links table.
 */
export async function markMagicLinkBookingFailed(
  req: guest.GuestLinkRequest,
): Promise<{ cta_id: string; booking_failed_at: string }> {
  const { id, at } = await markBookingMoment(req, 'bookingFailedAt');
  return { cta_id: id, booking_failed_at: at.toISOString() };
}

/** The scheduler origins the report page of `linkId` may frame (its Content-Security-Policy), when the token is the link's. */
export async function bookingFrameOrigins(db: Db, linkId: string, token: string): Promise<string[]> {
  try {
    const [c] = await links.run({ db, id: linkId, token }, (tx, row) =>
      tx
        .select({ provider: campaigns.bookingProvider, url: campaigns.bookingUrl })
        .from(campaigns)
        .where(eq(campaigns.id, row.campaignId)),
    );
    return c ? schedulerOrigins(c.provider, c.url) : [];
  } catch (err) {
    // a link that is unknown, or not this token's, frames nothing: the page says why by itself
    if (isAppError(err)) return [];
    // anything else (the database, a bad stored URL) leaves the page without the scheduler: said and counted
    caught(
      'booking_frame',
      'the scheduler origins of a guest report could not be read; the page is served without them',
      { err, linkId },
      'warn',
    );
    return [];
  }
}
