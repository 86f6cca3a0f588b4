import { createHash } from 'node:crypto';
import type { GenerationContext } from './context';
import { DIFFICULTY_BEHAVIOUR } from './difficulty';
import { learnerRoleLabel } from './labels';
import { phrasesFor, type OfflinePhrases } from './offline-phrases';
import type { ScenarioNarrative, ScenarioVariables } from './scenario-schema';

export const OFFLINE_MODEL = 'spar-offline-scenario-v1';

/** The inputs the offline generator reads (a GenerationContext satisfies it). */
export type OfflineInput = Pick<
  GenerationContext,
  'persona' | 'icp' | 'product' | 'clientOverview' | 'scorecard' | 'difficulty' | 'language' | 'knowledge' | 'learnerRole' | 'useCase'
>;

/** Small deterministic PRNG (mulberry32), seeded from a hash of the inputs. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(input: OfflineInput): number {
  const material = JSON.stringify([
    input.persona.name,
    input.persona.shortDescription,
    input.persona.longDescription,
    input.icp,
    input.product,
    input.clientOverview,
    input.scorecard.criteria.map((c) => [c.name, c.description, c.includeInScenario, c.levelHigh]),
    input.difficulty,
    input.language,
    input.knowledge.map((k) => k.content),
    input.learnerRole,
    input.useCase,
  ]);
  return createHash('sha256').update(material).digest().readUInt32BE(0);
}

function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Sentences (or list items) of a free text, without bullets, long enough to carry a fact. */
export function sentencesOf(text: string | null | undefined, min = 12, max = 260): string[] {
  if (!text) return [];
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => s.replace(/^\s*(?:[-*•·]|\d+[.)])\s*/, '').trim())
    .filter((s) => s.length >= min && s.length <= max);
}

const end = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`);

const PAIN_WORDS = /struggl|pain|challeng|problem|manual|slow|cost|risk|difficult|lack|error|delay|churn|waste|dolor|lent|cost|difícil|falta|retras|difficolt|ritard|rischi|dificuldade|atraso|custo|risco|perd/i;
const GOAL_WORDS = /reduc|increas|improv|sav|fast|automat|grow|aument|mejor|ahorr|rápid|ridu|miglior|rispar|veloc|cresc|melhor|econom|acelera/i;
const SIZE = /\b\d[\d.,]*\s*(?:[-–]|to|a|e|y)?\s*\d*[\d.,]*\s*\+?\s*(?:employees|staff|people|empleados|trabajadores|dipendenti|persone|funcionários|colaboradores)\b/i;
const INDUSTRY = /(?:industry|sector|industria|settore|setor|segmento|segment)\s*:\s*([^\n.;]+)/i;
const COMPETITORS = /(?:competitors?|alternatives?|competidores?|concorrenti|concorrentes?)\s*:\s*([^\n.]+)/i;
const COMPANY_FIRST = ['Northbridge', 'Bluefield', 'Crestline', 'Harborview', 'Ironwood', 'Silverlake', 'Redwood', 'Clearwater', 'Brightpath', 'Oakridge', 'Westhaven', 'Stonegate'];
const COMPANY_LAST = ['Group', 'Partners', 'Industries', 'Systems', 'Holdings', 'Solutions'];

function roleFrom(description: string, p: OfflinePhrases): string {
  const first = sentencesOf(description, 3)[0] ?? '';
  const role = first.split(/\s+(?:at|en|presso|na|no|em|for|para|per)\s+|[,;:(—–]|\s-\s/i)[0].trim().replace(/[.]$/, '');
  return role && role.length <= 80 ? role : p.defaultRole;
}

/** Facts quoted from the knowledge-base excerpts, best-ranked excerpt first. */
function knowledgeFacts(input: OfflineInput, max: number): string[] {
  const facts: string[] = [];
  for (const k of input.knowledge) {
    const s = sentencesOf(k.content, 20, 240)[0];
    if (s && !facts.includes(s)) facts.push(s);
    if (facts.length >= max) break;
  }
  return facts;
}

export interface OfflineScenario {
  variables: ScenarioVariables;
  narrative: ScenarioNarrative;
}

/**
 * Builds a coherent scenario without a model: the same inputs always give the same scenario.
 * Persona, ICP, product, overview and knowledge excerpts supply the facts; the difficulty sets the
 * number and sharpness of objections, the budget, timeline and decision process; every criterion
 * marked for scenario generation becomes hidden information and a success signal.
 */
export function generateOfflineScenario(input: OfflineInput): OfflineScenario {
  const p = phrasesFor(input.language);
  const rand = rng(seedOf(input));
  const behaviour = DIFFICULTY_BEHAVIOUR[input.difficulty];
  const sharp = input.difficulty === 'hard' || input.difficulty === 'expert';
  const criteria = input.scorecard.criteria.filter((c) => c.includeInScenario);
  const icpText = [input.icp?.name, input.icp?.details].filter(Boolean).join('\n');
  const productName = input.product?.name?.trim() || p.thisProduct;

  const company = `${COMPANY_FIRST[Math.floor(rand() * COMPANY_FIRST.length)]} ${COMPANY_LAST[Math.floor(rand() * COMPANY_LAST.length)]}`;
  const industry = INDUSTRY.exec(icpText)?.[1]?.trim() || input.icp?.name?.trim() || p.generalIndustry;
  const sizeMatch = SIZE.exec(icpText)?.[0]?.trim();
  const size = sizeMatch ? sizeMatch.charAt(0).toUpperCase() + sizeMatch.slice(1) : p.companySize([80, 150, 250, 400, 900, 1500][Math.floor(rand() * 6)]);
  const role = roleFrom(input.persona.shortDescription, p);
  const facts = knowledgeFacts(input, 3);

  const icpSentences = sentencesOf(input.icp?.details);
  const painSentences = icpSentences.filter((s) => PAIN_WORDS.test(s));
  const pains = [...painSentences, ...p.genericPains].slice(0, sharp ? 4 : 3).map(end);

  const productGoals = sentencesOf(input.product?.details).filter((s) => GOAL_WORDS.test(s)).slice(0, 1);
  const goals = [...p.genericGoals(productName), ...productGoals.map((s) => p.productGoal(end(s)))];

  const listed = [input.clientOverview, input.product?.details, input.icp?.details].map((t) => COMPETITORS.exec(t ?? '')?.[1]).find(Boolean);
  const competitors = listed
    ? listed.split(/,|;|\s+(?:and|y|e|ou|o)\s+/).map((s) => s.trim()).filter(Boolean).slice(0, 4)
    : shuffled(p.competitorsFallback, rand).slice(0, 2);

  const objectionCount = behaviour.objectionCount + (input.difficulty === 'expert' && rand() < 0.5 ? 1 : 0);
  const objections = shuffled(p.objections, rand)
    .slice(0, objectionCount)
    .map((o, i) => {
      const said = (sharp ? o.sharp : o.mild).replaceAll('{product}', productName).replaceAll('{competitor}', competitors[0]);
      // the persistence note once, on the first objection, rather than repeated on each
      const surfaces = i === 0 && behaviour.pushBacks > 0 ? `${o.surfaces} ${p.pushBack(behaviour.pushBacks)}` : o.surfaces;
      return { objection: said, surfaces_when: surfaces };
    });

  const hiddenFacts = shuffled(p.hiddenFacts, rand);
  const hidden = criteria.map((c, i) => ({
    information: hiddenFacts[i % hiddenFacts.length]
      .replaceAll('{n}', String(5 + Math.floor(rand() * 30)))
      .replaceAll('{k}', String(20 + Math.floor(rand() * 130)))
      .replaceAll('{month}', p.months[Math.floor(rand() * 12)]),
    reveal_when: p.revealForCriterion(c.name, c.levelHigh),
  }));
  for (const f of facts.slice(1)) hidden.push({ information: p.knowledgeHidden(f), reveal_when: p.revealKnowledge });
  if (hidden.length === 0) hidden.push({ information: hiddenFacts[0].replaceAll('{n}', '10').replaceAll('{k}', '50').replaceAll('{month}', p.months[0]), reveal_when: p.revealKnowledge });

  const situation = [p.situation({ company, industry, size, product: productName })];
  // a descriptive ICP sentence, not a "Key: value" line or one already used as a pain
  const icpContext = icpSentences.find((s) => !painSentences.includes(s) && !INDUSTRY.test(s) && !SIZE.test(s) && !/^[^:]{1,30}:/.test(s));
  if (icpContext) situation.push(p.icpContext(end(icpContext)));
  if (facts[0]) situation.push(p.knowledgeBackground(facts[0]));

  const variables: ScenarioVariables = {
    prospect_name: personName(input.persona.name),
    prospect_role: role,
    company_name: company,
    company_size: size,
    industry,
    current_situation: situation.join(' '),
    pain_points: pains,
    goals,
    objections,
    budget: p.budget[input.difficulty],
    timeline: p.timeline[input.difficulty],
    decision_process: p.decision[input.difficulty](personName(input.persona.name)),
    competitors,
    hidden_information: hidden,
    success_signals: [...criteria.map((c) => p.successForCriterion(c.name, c.levelHigh)), p.successByDifficulty[input.difficulty]],
  };

  const learnerRole = p.learnerRoles[input.learnerRole] ?? learnerRoleLabel(input.learnerRole);
  const summary = [
    p.summary({ learnerRole, name: personName(input.persona.name), role, company, industry, size, product: productName, pain: pains[0] }),
    [p.callGoal(input.useCase, productName), p.difficultyNote[input.difficulty]].join(' '),
  ].join('\n\n');
  const narrative: ScenarioNarrative = { summary, opening_line: p.opening[input.difficulty](personName(input.persona.name), company) };
  return { variables, narrative };
}

/** What the offline generator stores as its "prompt": no model was called, these were its inputs. */
export function describeOfflineInputs(input: OfflineInput, task: 'scenario_variables' | 'scenario_narrative'): string {
  const criteria = input.scorecard.criteria.filter((c) => c.includeInScenario).map((c) => c.name);
  return [
    `Offline generator ${OFFLINE_MODEL} (${task}): no model was called and no prompt was sent. The scenario was built deterministically from:`,
    `- persona: ${input.persona.name}`,
    `- ICP: ${input.icp?.name ?? '(none)'}`,
    `- product grouping: ${input.product?.name ?? '(none)'}`,
    `- client overview: ${input.clientOverview.trim() ? `${input.clientOverview.trim().length} characters` : '(none)'}`,
    `- difficulty: ${input.difficulty}; language: ${input.language}; learner role: ${input.learnerRole}; use case: ${input.useCase ?? '(none)'}`,
    `- criteria marked for scenario generation: ${criteria.join(', ') || '(none)'}`,
    `- knowledge excerpts: ${input.knowledge.length ? input.knowledge.map((k) => `${k.fileName} part ${k.position + 1}`).join(', ') : '(none)'}`,
  ].join('\n');
}

/** Persona names often carry a label ("Derek Osei — Busy VP of Sales"); the prospect is the person. */
function personName(name: string): string {
  return name.split(/\s+[—–-]\s+/)[0].trim() || name;
}
