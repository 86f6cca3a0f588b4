import { and, eq, inArray, isNull, or } from 'drizzle-orm';
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
  if (l.personaId)
    checks.push([
      'personaId',
      () =>
        exists(
          tx
            .select({ id: personas.id })
            .from(personas)
            .where(and(eq(personas.id, l.personaId!), eq(personas.tenantId, tenantId)))
            .limit(1),
        ),
    ]);
  if (l.scorecardId)
    checks.push([
      'scorecardId',
      () =>
        exists(
          tx
            .select({ id: scorecards.id })
            .from(scorecards)
            .where(
              and(eq(scorecards.id, l.scorecardId!), eq(scorecards.tenantId, tenantId), isNull(scorecards.deletedAt)),
            )
            .limit(1),
        ),
    ]);
  if (l.icpId)
    checks.push([
      'icpId',
      () =>
        exists(
          tx
            .select({ id: icps.id })
            .from(icps)
            .where(and(eq(icps.id, l.icpId!), eq(icps.tenantId, tenantId)))
            .limit(1),
        ),
    ]);
  if (l.productGroupingId)
    checks.push([
      'productGroupingId',
      () =>
        exists(
          tx
            .select({ id: productGroupings.id })
            .from(productGroupings)
            .where(and(eq(productGroupings.id, l.productGroupingId!), eq(productGroupings.tenantId, tenantId)))
            .limit(1),
        ),
    ]);
  if (l.callInstructionsId)
    checks.push([
      'callInstructionsId',
      () =>
        exists(
          tx
            .select({ id: callInstructions.id })
            .from(callInstructions)
            .where(and(eq(callInstructions.id, l.callInstructionsId!), eq(callInstructions.tenantId, tenantId)))
            .limit(1),
        ),
    ]);
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
