import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { assessments, clients, simulations, type AssessmentCandidate } from '../../../db/schema';
import { isUniqueViolation } from '../../../db/errors';
import type { TenantRunner } from '../../../db/tenant';
import type { CreateAssessmentInput, PartnerAssessment } from '../../contracts/assessments';
import type { AssessmentSource } from '../../contracts/enums';
import type { Language } from '../../contracts/languages';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { enqueueMail, renderMail } from '../../mail/jobs';
import { hashToken, newLinkToken } from '../guest-links/tokens';
import { candidateLink } from './links';
import { loadPartnerAssessment } from './read';

export interface AssessmentKey {
  tenantId: string;
  apiKeyId: string | null;
  /** The presented API key, when the request carried one (idempotent links derive from it). */
  key?: string;
}

export interface CreateAssessmentOptions {
  source?: AssessmentSource;
  /** Greenhouse: the URL to PATCH when the assessment is complete. */
  callbackUrl?: string | null;
  /** Greenhouse: the sealed key for the PATCH (server/integrations/greenhouse/callback-auth.ts). */
  callbackAuth?: string | null;
  sentBy?: string | null;
  candidateExtra?: Partial<AssessmentCandidate>;
  baseUrl: string;
  now?: Date;
  /**
   * A retry recognised without an Idempotency-Key (Greenhouse retries send_test with the same
   * body): `find` answers the assessment the same request already created, or null. It runs in
   * the creating transaction under an advisory lock on `lockKey`, so concurrent retries create one.
   */
  sameRequest?: { lockKey: string; find: (tx: Executor) => Promise<string | null> };
}

const expiryDedupeKey = (assessmentId: string) => `assessment-expiry:${assessmentId}`;

/** The request as it matters for idempotency: everything but the key itself, in a stable order. */
function requestHash(input: CreateAssessmentInput, opts: CreateAssessmentOptions): string {
  const stable = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
        )
      : v;
  const { idempotency_key: _ignored, ...rest } = input;
  return createHash('sha256')
    .update(JSON.stringify(stable({ ...rest, source: opts.source ?? 'api', callbackUrl: opts.callbackUrl ?? null })))
    .digest('hex');
}

/**
 * Creates a candidate's link to one of the key's tenant's simulations marked "available as
 * assessment" (another tenant's simulation is indistinguishable from a missing one). With an
 * Idempotency-Key the same request returns the same assessment and link; the same key with another
 * body is IDEMPOTENCY_CONFLICT. The expiry job and the invitation mail commit with the row.
 */
export async function createAssessment({
  tenant,
  env,
  key,
  input,
  options: opts,
}: {
  /** The key's tenant transactions (the partner API's ctx.tenant). */
  tenant: TenantRunner;
  env: Pick<Env, 'ASSESSMENT_LINK_TTL_HOURS'>;
  key: AssessmentKey;
  input: CreateAssessmentInput;
  options: CreateAssessmentOptions;
}): Promise<{ assessment: PartnerAssessment; created: boolean }> {
  const now = opts.now ?? new Date();
  const idem = input.idempotency_key && key.apiKeyId && key.key ? input.idempotency_key : null;
  const token = newLinkToken(idem ? { apiKey: key.key!, idempotencyKey: idem } : undefined);
  const hash = requestHash(input, opts);
  const replay = async (tx: Executor) => {
    if (!idem) return null;
    const [row] = await tx
      .select({ id: assessments.id, requestHash: assessments.requestHash })
      .from(assessments)
      .where(and(eq(assessments.apiKeyId, key.apiKeyId!), eq(assessments.idempotencyKey, idem)));
    if (!row) return null;
    if (row.requestHash !== hash)
      throw new AppError('IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was already used with a different request');
    return row.id;
  };
  const answer = async (id: string, created: boolean) => {
    const assessment = await tenant((tx) => loadPartnerAssessment({ tx, id, baseUrl: opts.baseUrl, now }));
    return { assessment: { ...assessment!, link: candidateLink(opts.baseUrl, id, token) }, created };
  };

  const existing = await tenant(replay);
  if (existing) return answer(existing, false);

  try {
    const made = await tenant(async (tx) => {
      if (opts.sameRequest) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${opts.sameRequest.lockKey}, 0))`);
        const found = await opts.sameRequest.find(tx);
        if (found) return { id: found, created: false };
      }
      const [sim] = await tx
        .select({
          id: simulations.id,
          name: simulations.name,
          language: simulations.language,
          clientName: clients.name,
        })
        .from(simulations)
        .innerJoin(clients, eq(clients.id, simulations.tenantId))
        .where(and(eq(simulations.id, input.simulation_id), eq(simulations.availableAsAssessment, true)));
      if (!sim) throw new AppError('SIMULATION_NOT_ASSESSABLE', 'This simulation is not available as an assessment');
      const expiresAt = new Date(now.getTime() + env.ASSESSMENT_LINK_TTL_HOURS * 3_600_000);
      const candidate: AssessmentCandidate = {
        ...opts.candidateExtra,
        email: input.candidate.email,
        firstName: input.candidate.first_name,
        lastName: input.candidate.last_name,
      };
      const [row] = await tx
        .insert(assessments)
        .values({
          tenantId: key.tenantId,
          apiKeyId: key.apiKeyId,
          source: opts.source ?? 'api',
          simulationId: sim.id,
          candidate,
          candidateEmail: input.candidate.email.toLowerCase(),
          externalId: input.external_id ?? null,
          metadata: input.metadata ?? null,
          tokenHash: hashToken(token),
          expiresAt,
          idempotencyKey: idem,
          requestHash: hash,
          sentBy: opts.sentBy ?? null,
          callbackUrl: opts.callbackUrl ?? null,
          callbackAuth: opts.callbackAuth ?? null,
          baseUrl: opts.baseUrl,
          emailSent: input.send_email,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: assessments.id });
      await enqueue(tx, {
        queue: 'assessment_expiry',
        tenantId: key.tenantId,
        payload: { assessmentId: row.id },
        dedupeKey: expiryDedupeKey(row.id),
        runAt: expiresAt,
        maxAttempts: 5,
      });
      if (input.send_email) {
        const lng = sim.language as Language;
        const hours = Math.round(env.ASSESSMENT_LINK_TTL_HOURS * 10) / 10;
        const vars = {
          name: candidate.preferredName || candidate.firstName,
          company: sim.clientName,
          simulation: sim.name,
          hours,
        };
        const mail = renderMail(lng, 'assessmentInvite', vars, [], candidateLink(opts.baseUrl, row.id, token));
        await enqueueMail(tx, {
          tenantId: key.tenantId,
          to: input.candidate.email,
          ...mail,
          dedupeKey: `assessment:${row.id}:invite`,
        });
      }
      return { id: row.id, created: true };
    });
    return answer(made.id, made.created);
  } catch (e) {
    // two requests with one Idempotency-Key raced: the loser answers with the winner's row
    if (idem && isUniqueViolation(e)) {
      const winner = await tenant(replay);
      if (winner) return answer(winner, false);
    }
    throw e;
  }
}
