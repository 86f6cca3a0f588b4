import { randomUUID } from 'node:crypto';
import { criterionContent } from '../scorecards/scorecards';
import { PROMPT_TEXT_FIELDS } from '../../contracts/prompts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import {
  callInstructions,
  clientOverviews,
  icps,
  personas,
  productGroupings,
  prompts,
  scorecardCriteria,
  scorecards,
  simulations,
} from '../../../db/schema';
import { copyKnowledgeFiles } from '../knowledge/copy';

/**
 * Copying one client's configuration into a new client. Each step copies one kind of record;
 * `ids` maps old ids to new ones per step key, so a later step (simulations, which point at
 * personas, scorecards, ICPs, products and prompts) can re-point its references.
 */
interface CopyContext {
  from: string;
  to: string;
  ids: Map<string, Map<string, string>>;
}

export interface CopyStep {
  /** Names what was copied (`clients:copy.<key>` in the UI). */
  key: string;
  copy(tx: Executor, ctx: CopyContext): Promise<number>;
}

/** A new id for `oldId`, remembered under `key`. */
function remap(ctx: CopyContext, key: string, oldId: string): string {
  let m = ctx.ids.get(key);
  if (!m) ctx.ids.set(key, (m = new Map()));
  const id = randomUUID();
  m.set(oldId, id);
  return id;
}

/** Remembers an id mapping made elsewhere (a helper that inserted the rows itself). */
function remember(ctx: CopyContext, key: string, oldId: string, newId: string) {
  let m = ctx.ids.get(key);
  if (!m) ctx.ids.set(key, (m = new Map()));
  m.set(oldId, newId);
}

/** Inserts in slices: a large tenant never exceeds the driver's parameter limit. */
async function insertChunked<R>(rows: R[], insert: (slice: R[]) => Promise<unknown>, size = 200): Promise<number> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
  return rows.length;
}

/** The tables copied row for row: the listed columns, each row under a new id. */
type RowCopiedTable =
  typeof icps | typeof productGroupings | typeof callInstructions | typeof personas | typeof prompts;

/** A step that copies the tenant's rows of `table` (the listed columns), each under a new id remembered under `key`. */
function copyRows(key: string, table: RowCopiedTable, columns: readonly string[]): CopyStep {
  // one table shape for the query builder: each of these tables has an id and a tenant
  const t = table as typeof icps;
  const col = (name: string) => (table as unknown as Record<string, typeof icps.name>)[name];
  const selected = { id: t.id, ...Object.fromEntries(columns.map((c) => [c, col(c)])) };
  return {
    key,
    async copy(tx, ctx) {
      const rows = await tx.select(selected).from(t).where(eq(t.tenantId, ctx.from));
      return insertChunked(rows, (s) =>
        tx
          .insert(t)
          .values(s.map((r) => ({ ...r, id: remap(ctx, key, r.id), tenantId: ctx.to }) as typeof icps.$inferInsert)),
      );
    },
  };
}

/**
 * What a duplicated client starts with — configuration only: users, sessions, support requests,
 * mail, AI generation logs and call results are never copied. A new table is one more entry here,
 * after the steps whose ids it references (assignments, for instance, are results: not copied).
 */
export const CLIENT_COPY_STEPS: readonly CopyStep[] = [
  {
    key: 'clientOverview',
    async copy(tx, ctx) {
      const rows = await tx
        .select({ details: clientOverviews.details })
        .from(clientOverviews)
        .where(eq(clientOverviews.tenantId, ctx.from));
      return insertChunked(rows, (s) =>
        tx.insert(clientOverviews).values(s.map((r) => ({ tenantId: ctx.to, details: r.details }))),
      );
    },
  },
  copyRows('icps', icps, ['name', 'details']),
  copyRows('productGroupings', productGroupings, ['name', 'details']),
  copyRows('callInstructions', callInstructions, ['instructions']),
  copyRows('personas', personas, [
    'name',
    'shortDescription',
    'longDescription',
    'voice',
    'language',
    'behaviourNotes',
  ]),
  // the tenant's own prompts; system prompts are shared by every client already
  copyRows('prompts', prompts, ['kind', 'name', ...PROMPT_TEXT_FIELDS]),
  {
    key: 'scorecards',
    async copy(tx, ctx) {
      // current versions only, as fresh lineages: the copy has no finished calls to explain
      const cards = await tx
        .select({
          id: scorecards.id,
          name: scorecards.name,
          icon: scorecards.icon,
          shortDescription: scorecards.shortDescription,
          longDescription: scorecards.longDescription,
        })
        .from(scorecards)
        .where(and(eq(scorecards.tenantId, ctx.from), eq(scorecards.isCurrent, true), isNull(scorecards.deletedAt)));
      if (!cards.length) return 0;
      await insertChunked(cards, (s) =>
        tx.insert(scorecards).values(
          s.map((r) => {
            const id = remap(ctx, 'scorecards', r.id);
            return {
              ...r,
              id,
              tenantId: ctx.to,
              lineageId: randomUUID(),
              version: 1,
              isCurrent: true,
              usedAt: null,
              deletedAt: null,
            };
          }),
        ),
      );
      const cardIds = ctx.ids.get('scorecards')!;
      // older versions of a copied scorecard point at its copy, so references to them (simulations) follow
      const versions = await tx
        .select({ id: scorecards.id, lineageId: scorecards.lineageId, isCurrent: scorecards.isCurrent })
        .from(scorecards)
        .where(eq(scorecards.tenantId, ctx.from));
      const currentOfLineage = new Map(
        versions.filter((v) => v.isCurrent && cardIds.has(v.id)).map((v) => [v.lineageId, cardIds.get(v.id)!]),
      );
      for (const v of versions)
        if (!cardIds.has(v.id) && currentOfLineage.has(v.lineageId))
          cardIds.set(v.id, currentOfLineage.get(v.lineageId)!);
      const criteria = await tx
        .select({ scorecardId: scorecardCriteria.scorecardId, ...criterionContent })
        .from(scorecardCriteria)
        .where(
          and(
            eq(scorecardCriteria.tenantId, ctx.from),
            inArray(
              scorecardCriteria.scorecardId,
              cards.map((c) => c.id),
            ),
          ),
        );
      await insertChunked(criteria, (s) =>
        tx
          .insert(scorecardCriteria)
          .values(s.map((c) => ({ ...c, tenantId: ctx.to, scorecardId: cardIds.get(c.scorecardId)! }))),
      );
      return cards.length;
    },
  },
  {
    key: 'simulations',
    async copy(tx, ctx) {
      const rows = await tx.select().from(simulations).where(eq(simulations.tenantId, ctx.from));
      const mapped = (key: string, id: string | null) => (id ? (ctx.ids.get(key)?.get(id) ?? null) : null);
      // a prompt that was not copied is a system prompt (every tenant prompt was): it is shared, keep it
      const prompt = (id: string | null) => (id ? (ctx.ids.get('prompts')?.get(id) ?? id) : null);
      return insertChunked(rows, (s) =>
        tx.insert(simulations).values(
          s.map(({ id, tenantId: _t, createdAt: _c, updatedAt: _u, ...r }) => ({
            ...r,
            id: remap(ctx, 'simulations', id),
            tenantId: ctx.to,
            scorecardId: mapped('scorecards', r.scorecardId),
            personaId: mapped('personas', r.personaId),
            icpId: mapped('icps', r.icpId),
            productGroupingId: mapped('productGroupings', r.productGroupingId),
            callInstructionsId: mapped('callInstructions', r.callInstructionsId),
            reportPromptId: prompt(r.reportPromptId),
            simulationPromptId: prompt(r.simulationPromptId),
            // generation logs and people are not copied
            scenarioGenerationId: null,
            createdBy: null,
          })),
        ),
      );
    },
  },
  {
    key: 'knowledgeFiles',
    async copy(tx, ctx) {
      let copied = 0;
      for (const [oldSim, newSim] of ctx.ids.get('simulations') ?? []) {
        const ids = await copyKnowledgeFiles(tx, {
          fromTenant: ctx.from,
          toTenant: ctx.to,
          fromSimulation: oldSim,
          toSimulation: newSim,
          owners: 'none',
        });
        for (const [oldId, newId] of ids) remember(ctx, 'knowledgeFiles', oldId, newId);
        copied += ids.size;
      }
      return copied;
    },
  },
];

/** Runs every step in order inside the caller's transaction; returns what each copied. */
export async function copyClientConfiguration(
  tx: Executor,
  from: string,
  to: string,
): Promise<{ key: string; count: number }[]> {
  const ctx: CopyContext = { from, to, ids: new Map() };
  const copied: { key: string; count: number }[] = [];
  for (const step of CLIENT_COPY_STEPS) copied.push({ key: step.key, count: await step.copy(tx, ctx) });
  return copied;
}
