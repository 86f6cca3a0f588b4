import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { callInstructions, icps, personas, productGroupings, scorecardCriteria, scorecards } from '../../../db/schema';
import type { SimulationOptions } from '../../contracts/simulations';
import { listPrompts } from '../prompts/prompts';

/** A call-instructions record has no name: its first line, shortened, labels it in a picker. */
function instructionsLabel(text: string): string {
  const first = text.trim().split(/\n/)[0]?.trim() ?? '';
  return first.length > 80 ? `${first.slice(0, 77)}…` : first;
}

/** Everything the wizard's pickers need, in one round trip. */
export async function simulationOptions(tx: Executor, tenantId: string): Promise<SimulationOptions> {
  const personaRows = await tx
    .select({ id: personas.id, name: personas.name, shortDescription: personas.shortDescription })
    .from(personas)
    .where(eq(personas.tenantId, tenantId))
    .orderBy(asc(sql`lower(${personas.name})`));
  const cards = await tx
    .select({ id: scorecards.id, name: scorecards.name })
    .from(scorecards)
    .where(and(eq(scorecards.tenantId, tenantId), eq(scorecards.isCurrent, true), isNull(scorecards.deletedAt)))
    .orderBy(asc(sql`lower(${scorecards.name})`));
  const criteria = cards.length
    ? await tx
        .select({
          id: scorecardCriteria.id,
          scorecardId: scorecardCriteria.scorecardId,
          name: scorecardCriteria.name,
          includeInScenario: scorecardCriteria.includeInScenario,
        })
        .from(scorecardCriteria)
        .where(
          inArray(
            scorecardCriteria.scorecardId,
            cards.map((c) => c.id),
          ),
        )
        .orderBy(asc(scorecardCriteria.position))
    : [];
  // the named records a picker lists by name, whatever the case
  const byName = (t: typeof icps | typeof productGroupings) =>
    tx
      .select({ id: t.id, name: t.name })
      .from(t)
      .where(eq(t.tenantId, tenantId))
      .orderBy(asc(sql`lower(${t.name})`));
  const icpRows = await byName(icps);
  const productRows = await byName(productGroupings);
  const instructionRows = await tx
    .select({ id: callInstructions.id, instructions: callInstructions.instructions })
    .from(callInstructions)
    .where(eq(callInstructions.tenantId, tenantId))
    .orderBy(asc(callInstructions.createdAt));
  const promptRef = (p: { id: string; name: string; isSystem: boolean; systemKey: string | null }) => ({
    id: p.id,
    name: p.name,
    isSystem: p.isSystem,
    systemKey: p.systemKey,
  });
  return {
    personas: personaRows,
    scorecards: cards.map((c) => ({
      ...c,
      criteria: criteria
        .filter((x) => x.scorecardId === c.id)
        .map(({ id, name, includeInScenario }) => ({ id, name, includeInScenario })),
    })),
    icps: icpRows,
    productGroupings: productRows,
    callInstructions: instructionRows.map((r) => ({ id: r.id, label: instructionsLabel(r.instructions) })),
    simulationPrompts: (await listPrompts(tx, tenantId, 'simulation')).map(promptRef),
    evaluationPrompts: (await listPrompts(tx, tenantId, 'evaluation')).map(promptRef),
  };
}
