import type { Language } from '../contracts/languages';
import type { GenerationContext } from './context';
import type { OfflinePhrases, Stakeholder } from './offline-phrases';
import { inferMoment } from '../contracts/scenario/render';
import type { ObjectionMoment, ScenarioTopic } from '../contracts/scenario/schema';
import { cleanForSpeech, speakable } from '../contracts/speech/first-person';
import { detectLanguage } from '../contracts/speech/language';
import { LEXICONS } from '../contracts/speech/lexicon';
import { canSay } from '../contracts/speech/guard';

/** The inputs the offline generator reads (a GenerationContext satisfies it). */
export type OfflineInput = Pick<
  GenerationContext,
  | 'persona'
  | 'icp'
  | 'product'
  | 'clientOverview'
  | 'scorecard'
  | 'difficulty'
  | 'language'
  | 'knowledge'
  | 'learnerRole'
  | 'useCase'
  | 'drill'
>;

/** What the generator found in the manager's texts, ready to use in the call language. */
export interface ScenarioSources {
  company: string | null;
  employees: number | null;
  /** A size as written in the ICP ("200-500 employees") when the persona gives no number. */
  sizeText: string | null;
  industry: string | null;
  tools: string[];
  competitors: string[];
  /** A price from the product grouping ("$75"), for a price objection. */
  amount: string | null;
  /** First-person sentences, in the call language. */
  situation: string[];
  pains: string[];
  /** "What good looks like" items, in the call language (said through goalFromSource). */
  goals: string[];
  hidden: { topic: ScenarioTopic; note: string; said: string }[];
  objections: { said: string; moment: ObjectionMoment }[];
  /** The seller's claims, in the call language (a proof objection doubts one). */
  claims: string[];
  /** The most relevant knowledge-base passages, for the learner's background (any language). */
  background: string[];
}

/** Sentences (or list items) of a free text, without bullets, long enough to carry a fact. */
export function sentencesOf(text: string | null | undefined, min = 12, max = 260): string[] {
  if (!text) return [];
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[\p{Lu}"“«¿¡])/u)
    .map((s) => s.replace(/^\s*(?:[-*•·]|\d+[.)])\s*/, '').trim())
    .filter((s) => s.length >= min && s.length <= max);
}

const PAIN =
  /struggl|pain|challeng|problem|manual|by hand|slow|cost|risk|difficult|lack|error|delay|churn|waste|missed|invisible|nobody trusts|cannot|can't|hard to|dolor|lent|difícil|falta|retras|a mano|difficolt|ritard|rischi|manual|errori|dificuldade|atraso|custo|risco|perd|não conseg|non riesc|no pued/i;
const SIZE_NUMBER =
  /(\d{1,3}(?:[.,\s]\d{3})+|\d+)\s*(?:-|\s)?\s*(?:person|people|employee|employees|staff|empleados|trabajadores|personas|dipendenti|persone|funcionários|colaboradores)(?![\p{L}])/iu;
const SIZE_RANGE =
  /\b\d[\d.,]*\s*(?:[-–]|to|a|e|y)?\s*\d*[\d.,]*\s*\+?\s*(?:employees|staff|people|empleados|trabajadores|dipendenti|persone|funcionários|colaboradores)\b/i;
const INDUSTRY = /(?:industry|sector|industria|settore|setor|segmento|segment)\s*:\s*([^\n.;]+)/i;
const COMPETITORS = /(?:competitors?|alternatives?|competidores?|concorrenti|concorrentes?)\s*:\s*([^\n.]+)/i;
const AMOUNT = /(?:[$€£]\s?\d[\d.,]*(?:\s?[kKmM](?![\p{L}]))?|\d[\d.,]*\s?(?:€|EUR|USD|dollars|euros?)(?![\p{L}]))/u;
const KNOWN_TOOLS =
  /(?<![\p{L}])(?:Salesforce|HubSpot|SAP|Excel|Google Sheets|Microsoft Dynamics|Dynamics|Snowflake|NetSuite|Oracle|Zoho|Pipedrive|Power BI|Tableau|Jira|ServiceNow|Workday|Marketo|Looker|BigQuery)(?![\p{L}])/gu;
const COMPANY =
  /(?<![\p{L}])(?:at|en|presso|di|na|no|em|for|with|bei)\s+((?:\p{Lu}[\p{L}&'.-]*)(?:\s+(?:\p{Lu}[\p{L}&'.-]*|&|de|del|di|da|do|y|e|and)){0,3})\s*[,(—–:]/u;
const APPOSITIVE_CUT = /\s+(?:that|which|who|with|in|based|con|che|que|com|cuya|dove|donde|onde)\s+.*$|[,;:].*$/iu;

const LABELS: Record<'pains' | 'goals' | 'objections' | 'company' | 'pricing' | 'proof', RegExp> = {
  pains: /^(?:pains?|pain points?|problems?|dolores|problemas|problemi|punti dolenti|dores)$/i,
  goals:
    /^(?:what good looks like|goals?|success looks like|objetivos|cómo es el éxito|obiettivi|come appare il successo|como é o sucesso)$/i,
  objections: /objection|objeci|obiezion|objeç/i,
  company: /^(?:company|empresa|azienda|società|companhia)$/i,
  pricing: /pric|precio|tarif|prezz|preç/i,
  proof:
    /proof|evidence|why customers buy|results|pruebas|por qué compran|prove|risultati|provas|resultados|por que compram/i,
};

function labelled(text: string | null | undefined): { label: string | null; value: string }[] {
  return (text ?? '')
    .split(/\n+/)
    .map((line) => {
      const m = /^\s*([\p{L}][\p{L} '/-]{1,32}):\s*(.+)$/u.exec(line);
      return m ? { label: m[1].trim().toLowerCase(), value: m[2].trim() } : { label: null, value: line.trim() };
    })
    .filter((l) => l.value);
}

/** "a; b; c", or "a, b and c" when a single item would be too long to say. */
function itemsOf(value: string): string[] {
  const parts = value.split(/\s*;\s*/).map((s) => s.trim().replace(/[.]$/, ''));
  if (parts.length > 1 || value.length <= 120) return parts.filter((s) => s.split(/\s+/).length >= 3);
  return value
    .split(/,\s+(?:and\s+|y\s+|e\s+)?/)
    .map((s) => s.trim().replace(/[.]$/, ''))
    .filter((s) => s.split(/\s+/).length >= 3);
}

const parseNumber = (s: string) => Number(s.replace(/[.,\s](?=\d{3}(?!\d))/g, ''));

/** Which of the stakeholders the prospect is, from the role and the short description. */
export function stakeholderOf(role: string, description: string): Stakeholder | null {
  const t = `${role} ${description}`;
  if (
    /(?<![\p{L}])(?:IT|CIO|CTO|TI)(?![\p{L}])|technolog|information|business systems|informátic|informatic|sistemas|sistemi/iu.test(
      t,
    )
  )
    return 'it';
  if (/(?<![\p{L}])CFO(?![\p{L}])|financ|finanz|finanç|controller|treasur|contab/iu.test(t)) return 'finance';
  if (/procurement|purchasing|compras|acquisti|suprimentos/iu.test(t)) return 'procurement';
  if (
    /(?<![\p{L}])CEO(?![\p{L}])|founder|managing director|owner|fundador|amministratore delegato|director general|diretor geral/iu.test(
      t,
    )
  )
    return 'ceo';
  if (/operations|operaciones|operazioni|operações/iu.test(t)) return 'operations';
  return null;
}

/**
 * Reads the persona's long description, the ICP, the product grouping, the client overview and
 * the ranked knowledge passages. Facts the prospect will say are kept only when they are written
 * in the call language and can be said in the first person (speech/first-person.ts); names,
 * sizes, tools, prices and competitors are taken from any language.
 */
export function readSources(input: OfflineInput, p: OfflinePhrases, names: string[]): ScenarioSources {
  const lang: Language = input.language;
  const lex = LEXICONS[lang];
  const inLang = (s: string) => detectLanguage(s) === lang;
  const say = (s: string) => (inLang(s) ? speakable(s, { language: lang, names }) : null);
  const topicOf = (s: string): ScenarioTopic | null => {
    const order: ScenarioTopic[] = [
      'history',
      'motivation',
      'decision',
      'timing',
      'budget',
      'current_solution',
      'impact',
      'pain',
      'goal',
      'technical',
      'situation',
    ];
    return order.find((t) => lex.topics[t].test(s)) ?? (PAIN.test(s) ? 'pain' : null);
  };
  // the seller: the product's name, and the name the client overview opens with ("Northwind Analytics …")
  const opener = /^\s*(\p{Lu}[\p{L}&'.-]*)(?:\s+(\p{Lu}[\p{L}&'.-]*))?/u.exec(input.clientOverview ?? '');
  const sellerNames = [input.product?.name, opener?.[1], opener?.[2] ? `${opener[1]} ${opener[2]}` : null].filter(
    (x): x is string => !!x && x.length >= 3,
  );
  const mentionsSeller = (s: string) =>
    sellerNames.some((n) => s.includes(n)) ||
    /(?<![\p{L}])(?:our customers|customers|clientes|clienti|our platform)(?![\p{L}])/iu.test(s);

  const out: ScenarioSources = {
    company: null,
    employees: null,
    sizeText: null,
    industry: null,
    tools: [],
    competitors: [],
    amount: null,
    situation: [],
    pains: [],
    goals: [],
    hidden: [],
    objections: [],
    claims: [],
    background: [],
  };

  // a drill: what the customer said in the source call comes first, in their own words (already
  // speech, in the call language): their push-backs, then their problems, numbers and situation
  if (input.drill) {
    for (const o of input.drill.objections) {
      const said = say(o) ?? cleanForSpeech(o);
      if (said) out.objections.push({ said, moment: inferMoment(o) });
    }
    for (const s of input.drill.statements) {
      const said = speakable(s, { language: lang, names });
      if (!said) continue;
      if (/\d/.test(s)) out.hidden.push({ topic: topicOf(s) ?? 'impact', note: p.sourcedInformation(s), said });
      else if (PAIN.test(s)) out.pains.push(said);
      else out.situation.push(said);
    }
  }

  // the persona: the company, its size and trade, and (written in the call language) what they would say
  const long = input.persona.longDescription ?? '';
  const company = COMPANY.exec(long);
  if (company && !sellerNames.some((n) => company[1].includes(n))) {
    out.company = company[1].trim();
    const after = long.slice(company.index + company[0].length - 1).replace(/^[,(—–:]\s*/, '');
    const appositive = /^(?:a|an|un|una|uma|um)\s+(.+)/iu.exec(after.split(/[.\n]/)[0]);
    if (appositive) {
      const industry = appositive[1]
        .replace(APPOSITIVE_CUT, '')
        .replace(/^[\d.,]+[-\s](?:person|employee|people)\s+/i, '')
        .trim();
      if (industry.split(/\s+/).length <= 8 && industry.length >= 4)
        out.industry = industry.charAt(0).toUpperCase() + industry.slice(1);
    }
  }
  const size = SIZE_NUMBER.exec(long) ?? SIZE_NUMBER.exec(input.persona.shortDescription);
  if (size) out.employees = parseNumber(size[1]);
  const icpText = [input.icp?.name, input.icp?.details].filter(Boolean).join('\n');
  if (!out.employees) out.sizeText = SIZE_RANGE.exec(icpText)?.[0]?.trim() ?? null;
  out.industry ??= INDUSTRY.exec(icpText)?.[1]?.trim() ?? null;

  for (const [i, s] of sentencesOf(long).entries()) {
    if (i === 0 || p.traits.test(s)) continue;
    // in languages that drop the subject, a sentence about the persona cannot be told apart from one about the company
    if (
      lang !== 'en' &&
      !/(?<![\p{L}])(?:nosotros|nuestr[oa]s?|noi|nostr[oaie]|nós|nosso|nossa|a gente)(?![\p{L}])/iu.test(s)
    )
      continue;
    const said = say(s);
    const topic = said && topicOf(s);
    if (!said || !topic) continue;
    if (topic === 'situation' || topic === 'technical') out.situation.push(said);
    else if (topic === 'pain' || topic === 'impact') out.pains.push(said);
    else if (topic === 'goal') out.goals.push(said);
    else out.hidden.push({ topic, note: p.sourcedInformation(s), said });
  }

  // the ICP: labelled lists (pains, what good looks like, typical objections) and plain sentences
  for (const { label, value } of labelled(input.icp?.details)) {
    if (label && LABELS.pains.test(label)) {
      for (const item of itemsOf(value)) pushSaid(out.pains, say(item));
    } else if (label && LABELS.goals.test(label)) {
      for (const item of itemsOf(value).slice(0, 2)) {
        if (inLang(`${item} ${value}`) && canSay(cleanForSpeech(item), { language: lang }))
          out.goals.push(cleanForSpeech(item, { capitalise: false }).replace(/[.]$/, ''));
      }
    } else if (label && LABELS.objections.test(label)) {
      for (const m of value.matchAll(/["“«]([^"”»]{8,160})["”»]/g)) {
        const said = say(m[1]);
        if (said) out.objections.push({ said, moment: inferMoment(m[1]) });
      }
    } else if (label && LABELS.company.test(label)) {
      out.industry ??= value.split(',')[0].trim();
    } else if (!label) {
      for (const s of sentencesOf(value)) if (!SIZE_RANGE.test(s) && PAIN.test(s)) pushSaid(out.pains, say(s));
    }
  }

  // the product and the overview: a price, the seller's claims, the competitors
  for (const { label, value } of [...labelled(input.product?.details), ...labelled(input.clientOverview)]) {
    if (label && LABELS.pricing.test(label)) out.amount ??= AMOUNT.exec(value)?.[0] ?? null;
    if (label && LABELS.proof.test(label)) {
      for (const item of itemsOf(value)) {
        for (const claim of sentencesOf(item.replace(/^(?:and|y|e|ou)\s+/i, ''), 8))
          if (inLang(claim) && /\d/.test(claim))
            out.claims.push(cleanForSpeech(claim, { capitalise: false }).replace(/[.]$/, ''));
      }
    }
  }
  const listed = [input.clientOverview, input.product?.details, input.icp?.details]
    .map((t) => COMPETITORS.exec(t ?? '')?.[1])
    .find(Boolean);
  if (listed) {
    out.competitors = listed
      .replace(/\([^)]*\)/g, '')
      .split(/\s+[—–-]\s+/)[0]
      .split(/,|;|\s+(?:and|y|e|ou|o|plus)\s+/)
      .map((s) => s.trim())
      .filter((s) => s && s.length <= 40)
      .slice(0, 4);
  }

  // the knowledge base, best passages first: the learner's background, the seller's claims, and
  // what the prospect would recognise as its own problems
  const seenExcerpts = new Set<string>();
  for (const k of input.knowledge) {
    const passage = sentencesOf(k.content, 20, 240);
    const key = `${k.fileId}:${k.position}`;
    if (passage.length && out.background.length < 3 && !seenExcerpts.has(key)) {
      out.background.push(passage[0]);
      seenExcerpts.add(key);
    }
    for (const s of passage) {
      if (mentionsSeller(s) || /\d+\s?%/.test(s)) {
        if (inLang(s) && out.claims.length < 4) out.claims.push(cleanForSpeech(s).replace(/[.]$/, ''));
        continue;
      }
      const topic = topicOf(s);
      if (topic === 'pain' || topic === 'impact') pushSaid(out.pains, say(s));
      else if (topic && topic !== 'situation' && topic !== 'goal' && out.company && s.includes(out.company)) {
        const said = say(s);
        if (said) out.hidden.push({ topic, note: p.sourcedInformation(s), said });
      }
    }
  }

  // the tools the prospect's team works with, named anywhere on the prospect's side
  const toolText = [long, input.icp?.details ?? '', ...input.knowledge.map((k) => k.content)].join('\n');
  const tools = new Set<string>();
  for (const m of toolText.matchAll(KNOWN_TOOLS))
    if (!out.competitors.includes(m[0]) && !sellerNames.includes(m[0])) tools.add(m[0]);
  out.tools = [...tools].slice(0, 3);
  return out;
}

function pushSaid(list: string[], said: string | null) {
  if (said && !list.includes(said)) list.push(said);
}
