import { and, asc, eq } from 'drizzle-orm';
import type { TenantRunner } from '../../../db/tenant';
import { callTurns, calls, reports, simulations } from '../../../db/schema';
import type { CriterionResult } from '../../../db/schema/reports';
import { weakestCriteria } from '../../contracts/report-format';
import type { DrillMoment } from '../../../db/schema/simulations';
import { loadGenerationContext, simulationInputFromRow, type DrillSource } from '../../ai/context';
import type { TextProvider } from '../../ai/provider';
import { generateScenario, recordGeneration } from '../../ai/scenario';
import { isAiError } from '../../ai/errors';
import type { Language } from '../../contracts/languages';
import { AppError } from '../../errors';
import { objectionFamilies } from '../../evaluation/offline/objections';
import { serverTranslator } from '../../i18n';
import { createPersona } from '../personas/personas';
import { callForViewer, type ReportViewer } from '../reports/access';

/**
 * "Practise this": a drill simulation built from a scored call (practice or real). It trains the
 * criteria the rep scored lowest, against the customer of that call: their objections, facts and
 * situation (the customer side's own words), the same persona (a real call's customer becomes one)
 * and language. Offline the offline scenario generator builds it from the call's turns; with a model
 * the scenario task gets the call's transcript as data. The drill keeps the moment it trains (turn
 * and quote) and its source call, so the report of a drill attempt can compare the two.
 */

/** At most this many of the customer's statements go to the generator, and objections. */
const MAX_STATEMENTS = 8;
const MAX_OBJECTIONS = 4;

interface SourceTurn {
  seq: number;
  speaker: 'rep' | 'prospect';
  speakerName: string | null;
  text: string;
}

const sentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+/u)
    .map((s) => s.trim())
    .filter(Boolean);

/** The customer's push-backs and other statements, in call order, as said. */
function customerSide(turns: readonly SourceTurn[], language: string) {
  const objections: { seq: number; text: string }[] = [];
  const statements: string[] = [];
  for (const t of turns.filter((x) => x.speaker === 'prospect')) {
    for (const s of sentences(t.text)) {
      if (objectionFamilies(s, language).length > 0) objections.push({ seq: t.seq, text: s });
      else if (s.split(/\s+/).length >= 5) statements.push(s);
    }
  }
  return { objections: objections.slice(0, MAX_OBJECTIONS), statements: statements.slice(0, MAX_STATEMENTS) };
}

/**
 * The moment a drill trains: the weakest criterion's own evidence (what the rep said) when it has
 * some; otherwise the customer's first push-back, else the customer's first words.
 */
function drillMoment(
  weakest: CriterionResult,
  turns: readonly SourceTurn[],
  objections: readonly { seq: number; text: string }[],
): DrillMoment | null {
  const base = { criterionId: weakest.criterionId, criterionName: weakest.name, level: weakest.level };
  const quoted = weakest.evidence[0];
  if (quoted) return { ...base, turnSeq: quoted.turnSeq, quote: quoted.quote, speaker: 'rep' };
  if (objections[0]) return { ...base, turnSeq: objections[0].seq, quote: objections[0].text, speaker: 'prospect' };
  const first = turns.find((t) => t.speaker === 'prospect');
  return first
    ? { ...base, turnSeq: first.seq, quote: sentences(first.text)[0] ?? first.text, speaker: 'prospect' }
    : null;
}

const transcriptOf = (turns: readonly SourceTurn[], customer: string) =>
  turns.map((t) => `[${t.seq}] ${t.speaker === 'rep' ? 'Rep' : t.speakerName || customer}: ${t.text}`).join('\n');

export interface CreateDrillInput {
  tenant: TenantRunner;
  tenantId: string;
  viewer: ReportViewer;
  callId: string;
  provider: TextProvider | null;
  signal?: AbortSignal;
}

/**
 * Builds and stores the drill of a scored call the viewer may see (their own, or any of the tenant
 * for an admin or manager). Reads in one short transaction, generates outside any, writes in
 * another; a generation failure stores its attempt and changes nothing else.
 */
export async function createDrill(input: CreateDrillInput): Promise<{ simulationId: string; name: string }> {
  const { tenant, tenantId, viewer, callId } = input;
  const source = await tenant(async (tx) => {
    const call = await callForViewer(tx, viewer, callId);
    const [row] = await tx
      .select({ simulationId: calls.simulationId, scorecardId: calls.scorecardId, userId: calls.userId })
      .from(calls)
      .where(eq(calls.id, callId));
    const [report] = await tx
      .select({ status: reports.status, criteria: reports.criteria })
      .from(reports)
      .where(eq(reports.callId, callId));
    if (!report || report.status !== 'ready' || !report.criteria)
      throw new AppError('CONFLICT', 'The report is not ready yet', { messageKey: 'reports.drill.notReady' });
    const turns = (await tx
      .select({
        seq: callTurns.seq,
        speaker: callTurns.speaker,
        speakerName: callTurns.speakerName,
        text: callTurns.text,
      })
      .from(callTurns)
      .where(eq(callTurns.callId, callId))
      .orderBy(asc(callTurns.seq))) as SourceTurn[];
    const simulation = row.simulationId
      ? ((
          await tx
            .select()
            .from(simulations)
            .where(and(eq(simulations.id, row.simulationId), eq(simulations.tenantId, tenantId)))
        )[0] ?? null)
      : null;
    return { call, row, criteria: report.criteria, turns, simulation };
  });

  const language = source.call.language as Language;
  const t = serverTranslator(language, 'reports');
  const weak = weakestCriteria(source.criteria);
  if (weak.length === 0)
    throw new AppError('VALIDATION', 'Every assessed criterion of this call is at level 2: there is nothing to drill', {
      messageKey: 'reports.drill.nothingToDrill',
    });
  if (!source.row.scorecardId)
    throw new AppError('VALIDATION', 'The scorecard of this call was deleted', {
      messageKey: 'reports.drill.noScorecard',
    });
  const side = customerSide(source.turns, language);
  const moment = drillMoment(weak[0], source.turns, side.objections);
  if (!moment)
    throw new AppError('VALIDATION', 'The call has no customer turn to build a drill from', {
      messageKey: 'reports.drill.noCustomer',
    });
  const customerNames = [
    ...new Set(source.turns.filter((x) => x.speaker === 'prospect' && x.speakerName).map((x) => x.speakerName!)),
  ];
  const snapshot = (source.call.simulationSnapshot ?? {}) as {
    simulation?: { name?: string };
    persona?: { name?: string };
  };
  const title = snapshot.simulation?.name ?? source.simulation?.name ?? '';
  const customer = customerNames.join(', ') || snapshot.persona?.name || t('drill.customer');

  // the persona: the source simulation's, or (a real call) the call's customer, written from their own words
  const setup = await tenant(async (tx) => {
    const personaId =
      source.simulation?.personaId ??
      (
        await createPersona(tx, tenantId, {
          name: t('drill.personaName', { customer, title }),
          shortDescription: t('drill.personaShort', { title }),
          longDescription:
            [...side.statements, ...side.objections.map((o) => o.text)].join(' ') || t('drill.personaShort', { title }),
          voice: 'alloy',
          language,
          behaviourNotes: {},
        })
      ).id;
    const base = source.simulation;
    const row = {
      ...(base ?? {}),
      id: '',
      tenantId,
      name: '',
      personaId,
      scorecardId: source.row.scorecardId!,
      language,
      difficulty: base?.difficulty ?? 'medium',
      learnerRole: base?.learnerRole ?? 'sales_representative',
      learnerTeam: base?.learnerTeam ?? 'direct_sales',
      useCase: base?.useCase ?? null,
      criteriaQuantity: weak.length,
      icpId: base?.icpId ?? null,
      productGroupingId: base?.productGroupingId ?? null,
      callInstructionsId: base?.callInstructionsId ?? null,
      simulationPromptId: base?.simulationPromptId ?? null,
      reportPromptId: base?.reportPromptId ?? null,
    } as typeof simulations.$inferSelect;
    const context = await loadGenerationContext(
      tx,
      { ...simulationInputFromRow(row), simulationId: null },
      { knowledgeBudgetChars: 0 },
    );
    return { row, context };
  });

  const names = new Set(weak.map((c) => c.name));
  const drill: DrillSource = {
    customerName: customer,
    objections: side.objections.map((o) => o.text),
    statements: side.statements,
    transcript: transcriptOf(source.turns, customer),
    moment: { quote: moment.quote, criterionName: moment.criterionName },
    criteria: weak.map((c) => c.name),
  };
  const context = {
    ...setup.context,
    criteriaQuantity: weak.length,
    // the scenario is about the criteria trained, and only those
    scorecard: {
      ...setup.context.scorecard,
      criteria: setup.context.scorecard.criteria.map((c) => ({ ...c, includeInScenario: names.has(c.name) })),
    },
    drill,
  };
  if (!context.scorecard.criteria.some((c) => c.includeInScenario))
    throw new AppError('VALIDATION', 'The criteria of this call are no longer in its scorecard', {
      messageKey: 'reports.drill.noScorecard',
    });

  let result;
  try {
    result = await generateScenario({ provider: input.provider, context, signal: input.signal });
  } catch (e) {
    if (isAiError(e)) {
      if (e.records.length)
        await tenant((tx) =>
          recordGeneration(tx, { tenantId, simulationId: null, createdBy: viewer.userId, records: e.records }),
        );
      throw new AppError('AI_GENERATION_FAILED', `Error Generating Scenario: ${e.message}`, {
        aiCode: e.aiCode,
        task: e.task,
        messageKey: 'simulations.errors.generateFailed',
      });
    }
    throw e;
  }

  const name = t('drill.name', { criteria: weak.map((c) => c.name).join(', '), title: title || customer });
  return tenant(async (tx) => {
    const [created] = await tx
      .insert(simulations)
      .values({
        tenantId,
        createdBy: viewer.userId,
        name,
        kind: 'drill',
        sourceCallId: callId,
        sourceMoment: moment,
        drillCriteria: weak.map((c) => c.criterionId),
        difficulty: setup.row.difficulty,
        timeLimitMinutes: source.simulation ? Number(source.simulation.timeLimitMinutes) : 10,
        language,
        learnerRole: setup.row.learnerRole,
        learnerTeam: setup.row.learnerTeam,
        useCase: setup.row.useCase,
        criteriaQuantity: weak.length,
        icon: 'target',
        personaId: setup.row.personaId,
        scorecardId: setup.row.scorecardId,
        icpId: setup.row.icpId,
        productGroupingId: setup.row.productGroupingId,
        callInstructionsId: setup.row.callInstructionsId,
        simulationPromptId: setup.row.simulationPromptId,
        reportPromptId: setup.row.reportPromptId,
        instructions: t('drill.instructions', { quote: moment.quote, criterion: moment.criterionName }),
        callProvider: source.simulation?.callProvider ?? 'openai-realtime',
        scenarioSummary: result.summary,
        scenarioDetails: { variables: result.variables, narrative: result.narrative },
        scenarioSource: result.provider === 'openai' ? 'model' : 'offline',
      })
      .returning({ id: simulations.id });
    const ids = await recordGeneration(tx, {
      tenantId,
      simulationId: created.id,
      createdBy: viewer.userId,
      records: result.records,
    });
    await tx
      .update(simulations)
      .set({ scenarioGenerationId: ids[ids.length - 1] })
      .where(eq(simulations.id, created.id));
    return { simulationId: created.id, name };
  });
}
