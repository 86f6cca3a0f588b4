import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { callInstructions, icps, personas, productGroupings, prompts, scorecards } from '../../../db/schema';
import { type PromptKind } from '../../contracts/enums';
import { AppError } from '../../errors';

export interface SimulationLinks {
  personaId?: string | null;
  scorecardId?: string | null;
  icpId?: string | null;
  productGroupingId?: string | null;
  callInstructionsId?: string | null;
  simulationPromptId?: string | null;
  reportPromptId?: string | null;
}

const invalid = (field: keyof SimulationLinks) =>
  new AppError('VALIDATION', `The selected ${field.replace(/Id$/, '')} does not exist`, {
    field,
    messageKey: 'simulations.validation.linkNotFound',
  });

type OwnedTable = typeof personas | typeof scorecards | typeof icps | typeof productGroupings | typeof callInstructions;

async function exists(q: Promise<unknown[]>): Promise<boolean> {
  return (await q).length > 0;
}

/**
 * Every linked record must be the tenant's own (prompts: the tenant's or a system prompt of the
 * right kind). Row-level security already hides other tenants' rows; the explicit tenant filter
 * keeps it true on a system handle too. A missing link is VALIDATION naming the field.
 */
export async function assertLinksBelongToTenant(tx: Executor, tenantId: string, l: SimulationLinks): Promise<void> {
  const checks: [keyof SimulationLinks, () => Promise<boolean>][] = [];
  // one table shape for the query builder: each linked table has an id and a tenant
  const owned = (table: OwnedTable, id: string, ...more: SQL[]) => {
    const t = table as typeof icps;
    return exists(
      tx
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.id, id), eq(t.tenantId, tenantId), ...more))
        .limit(1),
    );
  };
  if (l.personaId) checks.push(['personaId', () => owned(personas, l.personaId!)]);
  if (l.scorecardId)
    checks.push(['scorecardId', () => owned(scorecards, l.scorecardId!, isNull(scorecards.deletedAt))]);
  if (l.icpId) checks.push(['icpId', () => owned(icps, l.icpId!)]);
  if (l.productGroupingId) checks.push(['productGroupingId', () => owned(productGroupings, l.productGroupingId!)]);
  if (l.callInstructionsId) checks.push(['callInstructionsId', () => owned(callInstructions, l.callInstructionsId!)]);
  const promptCheck = (id: string, kind: PromptKind) =>
    exists(
      tx
        .select({ id: prompts.id })
        .from(prompts)
        .where(
          and(
            eq(prompts.id, id),
            inArray(prompts.kind, [kind]),
            or(eq(prompts.tenantId, tenantId), isNull(prompts.tenantId)),
          ),
        )
        .limit(1),
    );
  if (l.simulationPromptId) checks.push(['simulationPromptId', () => promptCheck(l.simulationPromptId!, 'simulation')]);
  if (l.reportPromptId) checks.push(['reportPromptId', () => promptCheck(l.reportPromptId!, 'evaluation')]);
  for (const [field, check] of checks) {
    if (!(await check())) throw invalid(field);
  }
}
