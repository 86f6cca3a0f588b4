import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { calls } from '../../../db/schema/calls';
import { hasRole, type Role } from '../../contracts/roles';
import { AppError } from '../../errors';

export interface ReportViewer {
  userId: string;
  role: Role | null;
}

/** Admins and managers of the tenant (and a superuser) see every report of it and may review. */
export const canSeeAllReports = (role: Role | null) => hasRole(role, ['admin', 'sales_manager']);

/**
 * The call behind a report, when `viewer` may see it: the call's owner, or an admin/manager of
 * the tenant. Another tenant's call is invisible under RLS (NOT_FOUND); another rep's call of the
 * same tenant is FORBIDDEN.
 */
export async function callForViewer(tx: Executor, viewer: ReportViewer, callId: string) {
  const [call] = await tx
    .select({
      id: calls.id,
      tenantId: calls.tenantId,
      userId: calls.userId,
      simulationId: calls.simulationId,
      state: calls.state,
      mode: calls.mode,
      provider: calls.provider,
      language: calls.language,
      durationMs: calls.durationMs,
      startedAt: calls.startedAt,
      createdAt: calls.createdAt,
      scorecardSnapshot: calls.scorecardSnapshot,
      simulationSnapshot: calls.simulationSnapshot,
      // a call the demo history made (server/demo-history): labelled as demo data
      demo: sql<boolean>`coalesce((${calls.serverMetrics}->>'demo')::boolean, false)`,
    })
    .from(calls)
    .where(eq(calls.id, callId))
    .limit(1);
  if (!call) throw new AppError('NOT_FOUND', 'Report not found');
  if (call.userId !== viewer.userId && !canSeeAllReports(viewer.role))
    throw new AppError('FORBIDDEN', 'You can only see your own reports');
  return call;
}
export type ReportCall = Awaited<ReturnType<typeof callForViewer>>;
