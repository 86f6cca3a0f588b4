import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { campaigns, magicLinks, simulations } from '../../../db/schema';
import type { CampaignInput, CampaignRow, updateCampaignInput } from '../../contracts/campaigns';
import type { Language } from '../../contracts/languages';
import { AppError } from '../../errors';

type Row = typeof campaigns.$inferSelect;

const slugTaken = () =>
  new AppError('CAMPAIGN_EXISTS', 'A campaign with this id already exists', {
    fieldErrors: { slug: ['cta.validation.slugTaken'] },
  });

function toRow(r: Row, simulationName: string | null, links: number): CampaignRow {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    subHeader: r.subHeader,
    introParagraph: r.introParagraph,
    afterMessage: r.afterMessage,
    bannerMessage: r.bannerMessage,
    ctaInstructions: r.ctaInstructions,
    language: r.language as Language,
    linkExpirationDays: r.linkExpirationDays,
    simulationId: r.simulationId,
    simulationName,
    bookingProvider: r.bookingProvider,
    bookingUrl: r.bookingUrl,
    links,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The tenant's campaigns, newest first, with their simulation's name and how many links each has. */
export async function listCampaigns(tx: Executor): Promise<CampaignRow[]> {
  const links = tx
    .select({ campaignId: magicLinks.campaignId, n: sql<number>`count(*)::int`.as('n') })
    .from(magicLinks)
    .groupBy(magicLinks.campaignId)
    .as('l');
  const rows = await tx
    .select({ c: campaigns, simulationName: simulations.name, links: links.n })
    .from(campaigns)
    .leftJoin(simulations, eq(simulations.id, campaigns.simulationId))
    .leftJoin(links, eq(links.campaignId, campaigns.id))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map((r) => toRow(r.c, r.simulationName, Number(r.links ?? 0)));
}

async function requireSimulation(tx: Executor, simulationId: string) {
  const [sim] = await tx
    .select({ id: simulations.id, name: simulations.name })
    .from(simulations)
    .where(eq(simulations.id, simulationId));
  if (!sim)
    throw new AppError('VALIDATION', 'Simulation not found', {
      fieldErrors: { simulationId: ['cta.validation.simulationRequired'] },
    });
  return sim;
}

const values = (input: CampaignInput) => ({
  slug: input.slug,
  name: input.name,
  subHeader: input.subHeader,
  introParagraph: input.introParagraph,
  afterMessage: input.afterMessage,
  bannerMessage: input.bannerMessage,
  ctaInstructions: input.ctaInstructions,
  language: input.language,
  linkExpirationDays: input.linkExpirationDays,
  simulationId: input.simulationId,
  bookingProvider: input.bookingProvider,
  bookingUrl: input.bookingProvider === 'none' ? null : (input.bookingUrl ?? null),
});

export async function createCampaign({
  tx,
  tenantId,
  userId,
  input,
}: {
  tx: Executor;
  tenantId: string;
  userId: string;
  input: CampaignInput;
}): Promise<CampaignRow> {
  const sim = await requireSimulation(tx, input.simulationId);
  const [taken] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.slug, input.slug));
  if (taken) throw slugTaken();
  try {
    const [row] = await tx
      .insert(campaigns)
      .values({ tenantId, createdBy: userId, ...values(input) })
      .returning();
    return toRow(row, sim.name, 0);
  } catch (e) {
    if (isUniqueViolation(e)) throw slugTaken();
    throw e;
  }
}

export async function updateCampaign(tx: Executor, input: z.infer<typeof updateCampaignInput>): Promise<CampaignRow> {
  const sim = await requireSimulation(tx, input.simulationId);
  const [taken] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.slug, input.slug), sql`${campaigns.id} <> ${input.id}`));
  if (taken) throw slugTaken();
  const [row] = await tx
    .update(campaigns)
    .set({ ...values(input), updatedAt: new Date() })
    .where(eq(campaigns.id, input.id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'Campaign not found');
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(magicLinks)
    .where(eq(magicLinks.campaignId, row.id));
  return toRow(row, sim.name, Number(n));
}

/** Deletes a campaign and its links (the screen confirms, naming how many links go with it). */
export async function deleteCampaign(tx: Executor, id: string): Promise<{ id: string; links: number }> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(magicLinks)
    .where(eq(magicLinks.campaignId, id));
  const [row] = await tx.delete(campaigns).where(eq(campaigns.id, id)).returning({ id: campaigns.id });
  if (!row) throw new AppError('NOT_FOUND', 'Campaign not found');
  return { id: row.id, links: Number(n) };
}
