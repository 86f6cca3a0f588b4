import { createHash } from 'node:crypto';
import { seededRandom, shuffled } from './seeded-random';
import { DIFFICULTY_BEHAVIOUR } from './difficulty';
import { learnerRoleLabel } from './labels';
import { phrasesFor, type HiddenPhrase, type OfflinePhrases, type Stakeholder } from './offline-phrases';
import { readSources, sentencesOf, stakeholderOf, type OfflineInput } from './offline-sources';
import { inferTopic } from '../contracts/scenario/render';
import type { ScenarioNarrative, ScenarioVariables } from '../contracts/scenario/schema';
import { lowerStart, namesIn, personaNames } from '../contracts/speech/first-person';

export type { OfflineInput } from './offline-sources';

export const OFFLINE_MODEL = 'spar-offline-scenario-v2';

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

const COMPANY_FIRST = [
  'Northbridge',
  'Bluefield',
  'Crestline',
  'Harborview',
  'Ironwood',
  'Silverlake',
  'Redwood',
  'Clearwater',
  'Brightpath',
  'Oakridge',
  'Westhaven',
  'Stonegate',
];
const COMPANY_LAST = ['Group', 'Partners', 'Industries', 'Systems', 'Holdings', 'Solutions'];
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function roleFrom(description: string, p: OfflinePhrases): string {
  const first = sentencesOf(description, 3)[0] ?? '';
  const role = first
    .split(/\s+(?:at|en|presso|na|no|em|for|para|per|in|who|that|which|que|che|chi|quien)\s+|[,;:(—–]|\s-\s/i)[0]
    .trim()
    .replace(/[.]$/, '');
  return role && role.length <= 80 ? role : p.defaultRole;
}

export interface OfflineScenario {
  variables: ScenarioVariables;
  narrative: ScenarioNarrative;
}

/**
 * Builds a coherent scenario without a model: the same inputs always give the same scenario.
 * The persona's long description names the company, its size and trade; the ICP, product,
 * overview and the most relevant knowledge passages supply pains, goals, objections, claims and
 * the learner's background (offline-sources.ts). Everything the prospect may say is written in
 * the first person in the call language; each criterion marked for scenario generation becomes a
 * hidden fact on the matching topic, with its note for the trainer and the prospect's own words.
 * Stakeholders who approve or can veto are never the prospect's own role.
 */
export function generateOfflineScenario(input: OfflineInput): OfflineScenario {
  const p = phrasesFor(input.language);
  const rand = seededRandom(seedOf(input));
  const behaviour = DIFFICULTY_BEHAVIOUR[input.difficulty];
  const sharp = input.difficulty === 'hard' || input.difficulty === 'expert';
  const criteria = input.scorecard.criteria.filter((c) => c.includeInScenario);
  const productName = input.product?.name?.trim() || p.thisProduct;
  const names = personaNames(input.persona.name);
  const prospectName = names[0] ?? input.persona.name;
  const src = readSources(input, p, names);
  const properNouns = namesIn([
    input.persona.longDescription,
    input.icp?.details ?? '',
    input.product?.details ?? '',
    input.clientOverview,
    ...input.knowledge.map((k) => k.content),
  ]);

  const randomCompany = `${COMPANY_FIRST[Math.floor(rand() * COMPANY_FIRST.length)]} ${COMPANY_LAST[Math.floor(rand() * COMPANY_LAST.length)]}`;
  const company = src.company ?? randomCompany;
  const industry = src.industry ?? (input.icp?.name?.trim() || p.generalIndustry);
  const randomSize = [80, 150, 250, 400, 900, 1500][Math.floor(rand() * 6)];
  const size = src.employees
    ? p.companySize(src.employees)
    : src.sizeText
      ? capital(src.sizeText)
      : p.companySize(randomSize);
  const role = roleFrom(input.persona.shortDescription, p);

  // who else decides: never the prospect's own role
  const own = stakeholderOf(role, input.persona.shortDescription);
  const approverKey: Stakeholder = own === 'ceo' ? 'board' : own === 'finance' ? 'ceo' : 'finance';
  const vetoKey: Stakeholder = own === 'it' ? 'finance' : 'it';
  const approver = p.stakeholders[approverKey].said;
  const others = p.and(
    (['finance', 'it', 'operations'] as Stakeholder[])
      .filter((k) => k !== own)
      .slice(0, 2)
      .map((k) => p.stakeholders[k].team),
  );

  const situationText = src.situation.length
    ? src.situation.slice(0, 2).join(' ')
    : p.situation({ product: productName, tools: src.tools.length ? p.and(src.tools) : p.toolsFallback });
  const situation = situationText.includes(company)
    ? situationText
    : `${p.atCompany(company)} ${lowerStart(situationText, input.language, properNouns)}`;
  const pains = [...new Set([...src.pains, ...p.genericPains])].slice(0, sharp ? 4 : 3);
  const goals = [
    ...src.goals.map((g) => p.goalFromSource(lowerStart(g, input.language, properNouns))),
    ...p.genericGoals(productName),
  ].slice(0, 3);
  const namedCompetitors = src.competitors.length > 0;
  const competitors = namedCompetitors ? src.competitors : shuffled(p.competitorsFallback, rand).slice(0, 2);

  // objections: the ICP's own words first, then a claim doubted (hard, expert), then the phrase bank
  const objectionCount = behaviour.objectionCount + (input.difficulty === 'expert' && rand() < 0.5 ? 1 : 0);
  const pool: {
    objection: string;
    surfaces_when: string;
    moment: ScenarioVariables['objections'][number]['moment'];
  }[] = [];
  // a drill raises every push-back of its source call it has room for; otherwise the ICP's leave room for the rest
  for (const o of src.objections.slice(0, input.drill ? objectionCount : Math.max(1, objectionCount - 1)))
    pool.push({ objection: o.said, surfaces_when: p.sourcedSurfaces[o.moment], moment: o.moment });
  if (sharp)
    pool.push({
      objection: p.proofObjection(
        src.claims.length
          ? lowerStart(src.claims[Math.floor(rand() * src.claims.length)], input.language, properNouns)
          : null,
      ),
      surfaces_when: p.sourcedSurfaces.proof,
      moment: 'proof',
    });
  if (sharp && src.amount)
    pool.push({ objection: p.priceObjection(src.amount), surfaces_when: p.sourcedSurfaces.price, moment: 'price' });
  for (const o of shuffled(p.objections, rand)) {
    const said = sharp ? o.sharp : o.mild;
    if (said.includes('{competitor}') && !namedCompetitors) continue;
    if (pool.some((x) => x.moment === o.moment && o.moment !== 'implementation')) continue;
    pool.push({
      objection: said.replaceAll('{product}', productName).replaceAll('{competitor}', competitors[0]),
      surfaces_when: o.surfaces,
      moment: o.moment,
    });
  }
  const objections = pool
    .slice(0, objectionCount)
    .map((o, i) =>
      i === 0 && behaviour.pushBacks > 0
        ? { ...o, surfaces_when: `${o.surfaces_when} ${p.pushBack(behaviour.pushBacks)}` }
        : o,
    );

  // hidden facts: one per marked criterion, on the topic the criterion is about
  const fill = (h: HiddenPhrase) => {
    const n = String(5 + Math.floor(rand() * 30));
    const k = String(20 + Math.floor(rand() * 130));
    const month = p.months[Math.floor(rand() * 12)];
    const stake = p.stakeholders[vetoKey];
    const f = (s: string) =>
      s
        .replaceAll('{n}', n)
        .replaceAll('{k}', k)
        .replaceAll('{month}', month)
        .replaceAll('{role}', stake.note)
        .replaceAll('{ourRole}', stake.said)
        .replaceAll('{OurRole}', capital(stake.said));
    return { information: f(h.information), said: f(h.said), topic: h.topic };
  };
  const bank = shuffled(p.hidden, rand);
  const used = new Set<HiddenPhrase>();
  const take = (topic: string) => {
    const h = bank.find((x) => !used.has(x) && x.topic === topic) ?? bank.find((x) => !used.has(x)) ?? bank[0];
    used.add(h);
    return fill(h);
  };
  const hidden: ScenarioVariables['hidden_information'] = criteria.map((c) => ({
    ...take(inferTopic(`${c.name} ${c.description} ${c.levelHigh}`)),
    reveal_when: p.revealForCriterion(c.name, c.levelHigh),
  }));
  for (const h of src.hidden.slice(0, 2))
    hidden.push({ information: h.note, reveal_when: p.revealSourced, topic: h.topic, said: h.said });
  if (hidden.length === 0) hidden.push({ ...take('impact'), reveal_when: p.revealSourced });

  const variables: ScenarioVariables = {
    prospect_name: prospectName,
    prospect_role: role,
    company_name: company,
    company_size: size,
    industry,
    current_situation: situation,
    pain_points: pains,
    goals,
    objections,
    budget: p.budget[input.difficulty](approver),
    timeline: p.timeline[input.difficulty],
    decision_process: p.decision[input.difficulty]({ approver, others }),
    competitors,
    hidden_information: hidden,
    success_signals: [
      ...criteria.map((c) => p.successForCriterion(c.name, c.levelHigh)),
      p.successByDifficulty[input.difficulty],
    ],
  };

  const learnerRole = p.learnerRoles[input.learnerRole] ?? learnerRoleLabel(input.learnerRole);
  const summary = [
    [
      p.summary({ learnerRole, name: prospectName, role, company, industry, size, product: productName }),
      src.background.length ? p.knowledgeBackground(src.background.slice(0, 2)) : '',
    ]
      .filter(Boolean)
      .join(' '),
    [p.callGoal(input.useCase, productName), p.difficultyNote[input.difficulty]].join(' '),
    input.drill ? p.drillMoment(input.drill.moment.quote, input.drill.moment.criterionName) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const narrative: ScenarioNarrative = { summary, opening_line: p.opening[input.difficulty](prospectName, company) };
  return { variables, narrative };
}

/** What the offline generator stores as its "prompt": no model was called, these were its inputs. */
export function describeOfflineInputs(input: OfflineInput, task: 'scenario_variables' | 'scenario_narrative'): string {
  const criteria = input.scorecard.criteria.filter((c) => c.includeInScenario).map((c) => c.name);
  return [
    `Offline generator ${OFFLINE_MODEL} (${task}): no model was called and no prompt was sent. The scenario was built deterministically from:`,
    `- persona: ${input.persona.name} (long description: ${input.persona.longDescription.trim().length} characters)`,
    `- ICP: ${input.icp?.name ?? '(none)'}`,
    `- product grouping: ${input.product?.name ?? '(none)'}`,
    `- client overview: ${input.clientOverview.trim() ? `${input.clientOverview.trim().length} characters` : '(none)'}`,
    `- difficulty: ${input.difficulty}; language: ${input.language}; learner role: ${input.learnerRole}; use case: ${input.useCase ?? '(none)'}`,
    `- criteria marked for scenario generation: ${criteria.join(', ') || '(none)'}`,
    `- knowledge excerpts: ${input.knowledge.length ? input.knowledge.map((k) => `${k.fileName} part ${k.position + 1}`).join(', ') : '(none)'}`,
  ].join('\n');
}
