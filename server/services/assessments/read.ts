import { and, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { apiKeys, assessmentSettings, assessments, calls, reports, simulations } from '../../../db/schema';
import { ASSESSMENTS_PAGE_SIZE, type PartnerAssessment } from '../../contracts/assessments';
import type { AssessmentStatus } from '../../contracts/enums';
import type { z } from 'zod';
import type { assessmentListOutput, listAssessmentsInput, partnerReportOutput } from '../../contracts/assessments';

type Row = typeof assessments.$inferSelect;

/** Created or opened links past their expiry are expired, whether or not the expiry job has run yet. */
export function effectiveStatus(row: Pick<Row, 'status' | 'expiresAt'>, now: Date): AssessmentStatus {
  if ((row.status === 'created' || row.status === 'opened') && row.expiresAt.getTime() <= now.getTime())
    return 'expired';
  return row.status;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

const partnerSelect = {
  a: assessments,
  reportStatus: reports.status,
  score: reports.score,
  evaluator: reports.evaluator,
};

export const reportUrls = (baseUrl: string, id: string) => ({
  report_url: `${baseUrl}/api/v1/assessments/${id}/report`,
  report_download_url: `${baseUrl}/api/v1/assessments/${id}/reports/download`,
});

/** The evaluator as the API names it: a heuristic score is never passed off as a model's. */
export const evaluatorName = (e: string | null | undefined) => (e === 'offline' ? 'offline_heuristic' : (e ?? null));

/** The assessment as the partner sees it (tenant transaction: another tenant's id is not found). */
export async function loadPartnerAssessment({
  tx,
  id,
  baseUrl,
  now = new Date(),
}: {
  tx: Executor;
  id: string;
  baseUrl: string;
  now?: Date;
}): Promise<PartnerAssessment | null> {
  const [r] = await tx
    .select(partnerSelect)
    .from(assessments)
    .leftJoin(reports, eq(reports.callId, assessments.callId))
    .where(eq(assessments.id, id));
  if (!r) return null;
  const a = r.a;
  const ready = r.reportStatus === 'ready';
  return {
    id: a.id,
    status: effectiveStatus(a, now),
    simulation_id: a.simulationId,
    candidate: { email: a.candidate.email, first_name: a.candidate.firstName, last_name: a.candidate.lastName },
    external_id: a.externalId,
    metadata: a.metadata ?? null,
    expires_at: a.expiresAt.toISOString(),
    created_at: a.createdAt.toISOString(),
    opened_at: iso(a.openedAt),
    started_at: iso(a.startedAt),
    completed_at: iso(a.completedAt),
    score: ready && r.score !== null ? Number(r.score) : null,
    evaluator: ready ? evaluatorName(r.evaluator) : null,
    report_status: r.reportStatus ?? 'none',
    ...(r.reportStatus ? reportUrls(baseUrl, a.id) : { report_url: null, report_download_url: null }),
    email_sent: a.emailSent,
  };
}

/** An assessment with its call's report, the simulation's difficulty and the call's length (by id or by its call). */
export async function assessmentOutcome(tx: Executor, by: { id: string } | { callId: string }) {
  const [r] = await tx
    .select({ a: assessments, report: reports, difficulty: simulations.difficulty, durationMs: calls.durationMs })
    .from(assessments)
    .leftJoin(reports, eq(reports.callId, assessments.callId))
    .leftJoin(simulations, eq(simulations.id, assessments.simulationId))
    .leftJoin(calls, eq(calls.id, assessments.callId))
    .where('id' in by ? eq(assessments.id, by.id) : eq(assessments.callId, by.callId));
  return r ?? null;
}

/** The report of an assessment's call as data, for the partner. */
export async function loadPartnerReport(tx: Executor, id: string): Promise<z.infer<typeof partnerReportOutput> | null> {
  const [r] = await tx
    .select({ a: assessments, report: reports, durationMs: calls.durationMs })
    .from(assessments)
    .leftJoin(reports, eq(reports.callId, assessments.callId))
    .leftJoin(calls, eq(calls.id, assessments.callId))
    .where(eq(assessments.id, id));
  if (!r) return null;
  const rep = r.report;
  const ready = rep?.status === 'ready';
  return {
    assessment_id: r.a.id,
    status: rep?.status ?? 'none',
    score: ready && rep.score !== null ? Number(rep.score) : null,
    evaluator: ready ? evaluatorName(rep.evaluator) : null,
    heuristic: ready && rep.evaluator === 'offline',
    language: rep?.language ?? null,
    duration_seconds: r.durationMs !== null && r.durationMs !== undefined ? Math.round(r.durationMs / 1000) : null,
    completed_at: iso(rep?.completedAt),
    summary: ready ? rep.summary : null,
    strengths: ready ? (rep.strengths ?? []) : [],
    improvements: ready ? (rep.improvements ?? []).map((i) => `${i.what}${i.why ? ` — ${i.why}` : ''}`) : [],
    criteria: ready
      ? (rep.criteria ?? []).map((c) => ({
          name: c.name,
          level: c.level,
          max_level: 2 as const,
          note: c.note ?? null,
          rationale: c.rationale,
          evidence: c.evidence.map((e) => ({ quote: e.quote, start_ms: e.startMs })),
        }))
      : [],
  };
}

/** The /assessments list: newest first, a page of 25, filtered by status and candidate name/e-mail. */
export async function listAssessments(
  tx: Executor,
  input: z.infer<typeof listAssessmentsInput>,
  now = new Date(),
): Promise<z.infer<typeof assessmentListOutput>> {
  const where: SQL[] = [];
  if (input.status === 'expired') {
    where.push(
      or(
        eq(assessments.status, 'expired'),
        and(inArray(assessments.status, ['created', 'opened']), lte(assessments.expiresAt, now)),
      )!,
    );
  } else if (input.status === 'created' || input.status === 'opened') {
    where.push(and(eq(assessments.status, input.status), gt(assessments.expiresAt, now))!);
  } else if (input.status) where.push(eq(assessments.status, input.status));
  if (input.search) {
    const like = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(assessments.candidateEmail, like),
        sql`(${assessments.candidate}->>'firstName') || ' ' || (${assessments.candidate}->>'lastName') ilike ${like}`,
      )!,
    );
  }
  const filter = where.length ? and(...where) : undefined;
  const [{ total }] = await tx.select({ total: count() }).from(assessments).where(filter);
  const rows = await tx
    .select({
      a: assessments,
      simulationName: simulations.name,
      integration: apiKeys.integration,
      reportStatus: reports.status,
      score: reports.score,
      evaluator: reports.evaluator,
    })
    .from(assessments)
    .leftJoin(simulations, eq(simulations.id, assessments.simulationId))
    .leftJoin(apiKeys, eq(apiKeys.id, assessments.apiKeyId))
    .leftJoin(reports, eq(reports.callId, assessments.callId))
    .where(filter)
    .orderBy(desc(assessments.createdAt), desc(assessments.id))
    .limit(ASSESSMENTS_PAGE_SIZE)
    .offset((input.page - 1) * ASSESSMENTS_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({
      id: r.a.id,
      status: effectiveStatus(r.a, now),
      candidateName: `${r.a.candidate.firstName} ${r.a.candidate.lastName}`.trim(),
      candidateEmail: r.a.candidate.email,
      simulationName: r.simulationName,
      source: r.a.source,
      integration: r.integration,
      createdAt: r.a.createdAt.toISOString(),
      expiresAt: r.a.expiresAt.toISOString(),
      completedAt: iso(r.a.completedAt),
      score: r.reportStatus === 'ready' && r.score !== null ? Number(r.score) : null,
      evaluator: r.reportStatus === 'ready' ? r.evaluator : null,
      reportStatus: r.reportStatus ?? 'none',
      callId: r.a.callId,
    })),
    total: Number(total),
    page: input.page,
    pageSize: ASSESSMENTS_PAGE_SIZE,
  };
}

export async function getAssessmentSettings(tx: Executor, tenantId: string) {
  const [c] = await tx
    .select({ showScoreToCandidates: assessmentSettings.showScore })
    .from(assessmentSettings)
    .where(eq(assessmentSettings.tenantId, tenantId));
  return { showScoreToCandidates: c?.showScoreToCandidates ?? false };
}

export async function updateAssessmentSettings(
  tx: Executor,
  tenantId: string,
  input: { showScoreToCandidates: boolean },
) {
  await tx
    .insert(assessmentSettings)
    .values({ tenantId, showScore: input.showScoreToCandidates })
    .onConflictDoUpdate({
      target: assessmentSettings.tenantId,
      set: { showScore: input.showScoreToCandidates, updatedAt: new Date() },
    });
  return getAssessmentSettings(tx, tenantId);
}
