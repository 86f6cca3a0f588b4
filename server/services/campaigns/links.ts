import { rawRows } from '../../../db/tenant';
import { and, desc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import { campaigns, magicLinks, reports, simulations } from '../../../db/schema';
import {
  MAGIC_LINKS_CSV_COLUMNS,
  MAGIC_LINKS_CSV_MAX_ROWS,
  type linkFilterInput,
  type ListLinksInput,
  type MagicLinkRow,
} from '../../contracts/campaigns';
import { toCsv } from '../../contracts/csv';
import type { MagicLinkStatus } from '../../contracts/enums';

type Filter = z.infer<typeof linkFilterInput>;
/** The statuses of a link whose call has not started: these expire when the days run out. */
export const OPEN_LINK_STATUSES: MagicLinkStatus[] = ['created', 'sent', 'clicked'];

/** What a link's status reads as at `now`: a link not yet started whose days ran out is Expired. */
export function effectiveLinkStatus(row: { status: MagicLinkStatus; expiresAt: Date }, now: Date): MagicLinkStatus {
  return OPEN_LINK_STATUSES.includes(row.status) && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
}

/** The filter as SQL, with the status as it reads at `now` (see effectiveLinkStatus). */
function whereOf(f: Filter, now: Date): SQL | undefined {
  const where: SQL[] = [];
  if (f.campaignId) where.push(eq(magicLinks.campaignId, f.campaignId));
  if (f.status === 'booked') where.push(isNotNull(magicLinks.bookedAt));
  else if (f.status === 'expired')
    where.push(
      or(
        eq(magicLinks.status, 'expired'),
        and(inArray(magicLinks.status, OPEN_LINK_STATUSES), lte(magicLinks.expiresAt, now)),
      )!,
    );
  else if (f.status && OPEN_LINK_STATUSES.includes(f.status))
    where.push(and(eq(magicLinks.status, f.status), gt(magicLinks.expiresAt, now))!);
  else if (f.status) where.push(eq(magicLinks.status, f.status));
  // addresses are stored lower-cased: a plain substring test (no pattern characters to escape)
  if (f.search) where.push(sql`strpos(${magicLinks.email}, ${f.search.toLowerCase()}) > 0`);
  return where.length ? and(...where) : undefined;
}

const columns = {
  l: magicLinks,
  campaignSlug: campaigns.slug,
  campaignName: campaigns.name,
  simulationName: simulations.name,
  score: reports.score,
  reportStatus: reports.status,
  evaluator: reports.evaluator,
};

function toRow(
  r: {
    l: typeof magicLinks.$inferSelect;
    campaignSlug: string;
    campaignName: string;
    simulationName: string | null;
    score: string | number | null;
    reportStatus: string | null;
    evaluator: string | null;
  },
  now: Date,
): MagicLinkRow {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const status = effectiveLinkStatus(r.l, now);
  return {
    id: r.l.id,
    email: r.l.email,
    firstName: r.l.firstName,
    campaignId: r.l.campaignId,
    campaignSlug: r.campaignSlug,
    campaignName: r.campaignName,
    simulationName: r.simulationName,
    status,
    expiredReason: status === 'expired' ? (r.l.expiredReason ?? 'days') : null,
    clicks: r.l.clicks,
    createdAt: r.l.createdAt.toISOString(),
    expiresAt: r.l.expiresAt.toISOString(),
    sentAt: iso(r.l.sentAt),
    lastClickedAt: iso(r.l.lastClickedAt),
    completedAt: iso(r.l.completedAt),
    bookedAt: iso(r.l.bookedAt),
    bookingFailedAt: iso(r.l.bookingFailedAt),
    score: r.reportStatus === 'ready' && r.score !== null ? Number(r.score) : null,
    heuristic: r.evaluator === 'offline',
  };
}

function select(tx: Executor) {
  return tx
    .select(columns)
    .from(magicLinks)
    .innerJoin(campaigns, eq(campaigns.id, magicLinks.campaignId))
    .leftJoin(simulations, eq(simulations.id, campaigns.simulationId))
    .leftJoin(reports, eq(reports.callId, magicLinks.callId));
}

/**
 * The all-links table: one page, newest first, paged on the server with the total. The page's ids
 * are found first on the links alone (the (tenant, created_at, id) index), and only those rows are
 * joined to their campaign, simulation and report: joining first would join every link of the
 * tenant before sorting (measured: ~100 ms at 100,000 links on PostgreSQL).
 */
export async function listLinks(tx: Executor, input: ListLinksInput, now = new Date()) {
  const where = whereOf(input, now);
  const offset = (input.page - 1) * input.pageSize;
  let total: number;
  let ids: string[];
  if (input.search) {
    // a substring search cannot use an index: one pass over the tenant's links finds the matches,
    // and the count and the page both come from it (walking the date index instead, filtering
    // every row on the way, measured twice as slow)
    const found = await rawRows<{ id: string; total: number }>(
      tx,
      sql`with m as materialized (select ${magicLinks.id} as id, ${magicLinks.createdAt} as created_at from ${magicLinks} where ${where} order by ${magicLinks.tenantId}, ${magicLinks.email})
          select id, (select count(*) from m)::int as total from m order by created_at desc, id desc limit ${input.pageSize} offset ${offset}`,
    );
    ids = found.map((r) => r.id);
    total = found.length
      ? Number(found[0].total)
      : Number(
          (
            await rawRows<{ n: number }>(
              tx,
              sql`select count(*)::int as n from ${magicLinks} where ${where ?? sql`true`}`,
            )
          )[0].n,
        );
  } else {
    // counted in the date index's order, so the count reads the index alone rather than every row
    // (where each row would run the row-level-security check)
    total = Number(
      (
        await rawRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from (select 1 from ${magicLinks} where ${where ?? sql`true`} order by ${magicLinks.tenantId}, ${magicLinks.createdAt}, ${magicLinks.id}) s`,
        )
      )[0].n,
    );
    ids = (
      await tx
        .select({ id: magicLinks.id })
        .from(magicLinks)
        .where(where)
        .orderBy(desc(magicLinks.createdAt), desc(magicLinks.id))
        .limit(input.pageSize)
        .offset(offset)
    ).map((r) => r.id);
  }
  const rows = ids.length
    ? await select(tx).where(inArray(magicLinks.id, ids)).orderBy(desc(magicLinks.createdAt), desc(magicLinks.id))
    : [];
  return { rows: rows.map((r) => toRow(r, now)), total, page: input.page, pageSize: input.pageSize };
}

/** The filtered list as CSV (formula injection escaped), newest first, at most MAGIC_LINKS_CSV_MAX_ROWS rows. */
export async function exportLinks(
  tx: Executor,
  filter: Filter,
  now = new Date(),
): Promise<{ filename: string; csv: string; rows: number }> {
  const rows = (
    await select(tx)
      .where(whereOf(filter, now))
      .orderBy(desc(magicLinks.createdAt), desc(magicLinks.id))
      .limit(MAGIC_LINKS_CSV_MAX_ROWS)
  ).map((r) => toRow(r, now));
  const body = rows.map((r) => [
    r.email,
    r.firstName,
    r.campaignSlug,
    r.simulationName,
    r.status,
    String(r.clicks),
    r.createdAt,
    r.expiresAt,
    r.sentAt,
    r.lastClickedAt,
    r.completedAt,
    r.bookedAt,
    r.score === null ? '' : r.score.toFixed(1),
  ]);
  const stamp = now.toISOString().slice(0, 10);
  return {
    filename: `magic-links-${stamp}.csv`,
    csv: toCsv([[...MAGIC_LINKS_CSV_COLUMNS], ...body]),
    rows: body.length,
  };
}
