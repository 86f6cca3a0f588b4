import { DEMO_SCORECARDS } from './demo-scorecards';
import { DEMO_SCORECARDS_BY_LANGUAGE } from './demo-scorecards-by-language';
import { fold, phrases } from '../text';
import type { Criterion } from '../types';
import {
  finding,
  isConfirmedQuantity,
  isFollowUp,
  isParaphrase,
  isReference,
  questions,
  talkFinding,
  verdict,
  type Rubric,
} from './detectors';
import { CLOSING } from './rubrics-closing';
import { COLD_CALL } from './rubrics-cold-call';
import { DISCOVERY } from './rubrics-discovery';
import { MEDDIC } from './rubrics-meddic';
import { advance, OBJECTION } from './rubrics-objection';

const SEEDED: Record<string, Rubric> = { ...DISCOVERY, ...MEDDIC, ...OBJECTION, ...COLD_CALL, ...CLOSING };

// A seeded criterion is recognised by its name and its top level text, in any language the demo
// scorecards are written in (the same criterion at the same place in each): a tenant that rewrote
// the level texts has its own criterion, scored by the generic detectors.
const seededKey = (name: string, levelHigh: string) => `${fold(name).trim()}\n${fold(levelHigh).trim()}`;
const SEEDED_BY_TEXT = new Map(
  Object.values(DEMO_SCORECARDS_BY_LANGUAGE).flatMap((cards) =>
    cards.flatMap((card, i) =>
      card.criteria.map((c, j) => [seededKey(c.name, c.levelHigh), DEMO_SCORECARDS[i].criteria[j].name] as const),
    ),
  ),
);

/** Generic detectors for custom criteria, one per behaviour the offline rules can observe. */
const GENERIC: Record<string, Rubric> = {
  questions: (x) => {
    const qs = questions(x);
    const open = qs.filter((s) => s.open);
    const follow = qs.filter((s) => isFollowUp(x, s));
    const found = [
      finding('openQuestions', open.length),
      finding('followUps', follow.length),
      finding('closedQuestions', qs.length - open.length),
    ];
    const missing = [finding('openQuestions', 3), finding('followUps')];
    if (open.length >= 3 && follow.length)
      return verdict({ level: 2, example: 'questions', evidence: [...follow, ...open], found });
    if (qs.length) return verdict({ level: 1, example: 'questions', evidence: [...open, ...qs], found, missing });
    return verdict({ level: 0, example: 'questions', evidence: [], found, missing });
  },
  quantify: (x) => {
    const asked = questions(x).filter((s) => x.has(s, 'quantityAsk'));
    const confirmed = asked.filter((s) => isConfirmedQuantity(x, s));
    const found = [
      finding('quantityConfirmed', confirmed.length),
      finding('quantityAsked', asked.length - confirmed.length),
    ];
    const missing = [finding('quantityConfirmed', 2)];
    if (confirmed.length >= 2) return verdict({ level: 2, example: 'quantify', evidence: confirmed, found });
    if (asked.length)
      return verdict({ level: 1, example: 'quantify', evidence: [...confirmed, ...asked], found, missing });
    return verdict({ level: 0, example: 'quantify', evidence: [], found, missing });
  },
  nextStep: advance,
  listening: (x) => {
    const back = x.live.filter((s) => isParaphrase(x, s) || isReference(x, s));
    const found = [finding('paraphrases', back.length), talkFinding(x)];
    const missing = [finding('paraphrases', 2), finding('prospectTalksMost')];
    if (back.length >= 2 && x.repShare <= 0.5)
      return verdict({ level: 2, example: 'listening', evidence: back, found });
    if (back.length) return verdict({ level: 1, example: 'listening', evidence: back, found, missing });
    return verdict({ level: 0, example: 'listening', evidence: [], found, missing });
  },
  objection: (x) => {
    const ack = OBJECTION.Acknowledge(x);
    if (ack.missing.some((m) => m.key === 'noObjection')) return { ...ack, level: null };
    const clarify = OBJECTION.Clarify(x);
    const level =
      ack.level === 2 && (clarify.level ?? 0) >= 1 ? 2 : Math.max(ack.level ?? 0, clarify.level ?? 0) >= 1 ? 1 : 0;
    return verdict({
      level,
      example: 'acknowledge',
      evidence: [...ack.evidence, ...clarify.evidence],
      found: [...ack.found, ...clarify.found],
      missing: [...ack.missing, ...clarify.missing],
    });
  },
  talk: (x) => {
    const found = [talkFinding(x), x.bargeIns && finding('bargeIns', x.bargeIns)];
    const level = x.repShare <= 0.5 && x.bargeIns <= 1 ? 2 : x.repShare <= 0.65 && x.bargeIns <= 2 ? 1 : 0;
    // measured from the whole call: the talk share itself is the evidence, there is no quote
    return {
      ...verdict({ level, example: 'talk', evidence: [], found, missing: [finding('prospectTalksMost')] }),
      measured: true,
    };
  },
  opener: COLD_CALL['Permission-based opener'],
};

// Which behaviour a custom criterion is about, from its own texts, in any of the four languages.
const CATEGORY_WORDS: Record<keyof typeof GENERIC, string[]> = {
  questions: [
    'question',
    'questions',
    'questioning',
    'ask',
    'asks',
    'asking',
    'discovery',
    'uncover',
    'uncovers',
    'uncovering',
    'probe',
    'probing',
    'curious',
    'curiosity',
    'pregunta',
    'preguntas',
    'preguntar',
    'descubrimiento',
    'indagar',
    'sondear',
    'domanda',
    'domande',
    'chiedere',
    'scoperta',
    'pergunta',
    'perguntas',
    'perguntar',
    'descoberta',
    'sondar',
  ],
  quantify: [
    'number',
    'numbers',
    'quantify',
    'quantifies',
    'quantified',
    'quantifying',
    'quantification',
    'metric',
    'metrics',
    'measure',
    'measures',
    'measured',
    'measuring',
    'measurable',
    'measurement',
    'figures',
    'roi',
    'baseline',
    'numero',
    'numeros',
    'cifra',
    'cifras',
    'cuantificar',
    'metrica',
    'metricas',
    'metriche',
    'medir',
    'numeri',
    'quantificare',
    'misurare',
    'quantificar',
  ],
  nextStep: [
    'next step',
    'next steps',
    'follow-up',
    'follow up',
    'meeting',
    'calendar',
    'schedule',
    'commitment',
    'proximo paso',
    'siguiente paso',
    'reunion',
    'compromiso',
    'agendar',
    'prossimo passo',
    'riunione',
    'impegno',
    'proximo passo',
    'reuniao',
    'compromisso',
  ],
  listening: [
    'listen',
    'listens',
    'listening',
    'paraphrase',
    'paraphrases',
    'paraphrasing',
    'summary',
    'summarise',
    'summarize',
    'summarises',
    'summarizes',
    'summarising',
    'summarizing',
    'recap',
    'restate',
    'restates',
    'restating',
    'empathy',
    'escucha',
    'escuchar',
    'parafrasea',
    'parafrasear',
    'parafraseia',
    'resumir',
    'resumen',
    'empatia',
    'ascolto',
    'ascolta',
    'ascoltare',
    'parafrasare',
    'riassumere',
    'riepilogo',
    'escuta',
    'escutar',
    'resumo',
  ],
  objection: [
    'objection',
    'objections',
    'pushback',
    'push back',
    'concern',
    'concerns',
    'resistance',
    'objecion',
    'objeciones',
    'resistencia',
    'obiezione',
    'obiezioni',
    'resistenza',
    'objecao',
    'objecoes',
  ],
  talk: [
    'talk time',
    'talk ratio',
    'talks over',
    'monologue',
    'monologues',
    'interrupt',
    'interrupts',
    'interrupting',
    'interruption',
    'interruptions',
    'speaking time',
    'monologo',
    'monologos',
    'monologhi',
    'interrumpe',
    'interrumpir',
    'interrupciones',
    'interrompe',
    'interrompere',
    'interromper',
    'interruzioni',
    'interrupcoes',
    'tiempo de habla',
    'tempo di parola',
    'tempo de fala',
  ],
  opener: [
    'opener',
    'opening',
    'introduction',
    'introduces',
    'introduce',
    'greeting',
    'apertura',
    'presentacion',
    'presentarse',
    'saludo',
    'presentazione',
    'presentarsi',
    'saluto',
    'abertura',
    'apresentacao',
    'saudacao',
  ],
};
const CATEGORY_RES = Object.entries(CATEGORY_WORDS).map(
  ([k, list]) => [k, new RegExp(phrases(list).source, 'gu')] as const,
);

/** The behaviour a criterion's own texts describe, or null when none of the detectors applies. */
function genericCategory(c: Criterion): keyof typeof GENERIC | null {
  const text = fold(`${c.name} ${c.name} ${c.description} ${c.levelLow} ${c.levelHigh}`);
  let best: string | null = null;
  let hits = 0;
  for (const [k, re] of CATEGORY_RES) {
    const n = (text.match(re) ?? []).length;
    if (n > hits) [best, hits] = [k, n];
  }
  return best as keyof typeof GENERIC | null;
}

/** The rubric a criterion is scored with: its seeded rubric, a generic detector, or none. */
export function rubricFor(c: Criterion): Rubric | null {
  const english = SEEDED_BY_TEXT.get(seededKey(c.name, c.levelHigh));
  if (english && SEEDED[english]) return SEEDED[english];
  const category = genericCategory(c);
  return category ? GENERIC[category] : null;
}
