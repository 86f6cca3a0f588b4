import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type Resource, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderMail } from '../../server/mail/jobs';
import { en } from '../../server/evaluation/offline/texts-en';
import { es } from '../../server/evaluation/offline/texts-es';
import { it as itTexts } from '../../server/evaluation/offline/texts-it';
import { pt } from '../../server/evaluation/offline/texts-pt';

/*
 * A count next to a noun takes the noun's form for that count in every language: the locale files
 * carry key_one / key_other (strings with two counts nest one pluralised key per count), rendered
 * here through i18next with the options the client uses (client/lib/i18n.ts).
 */
const LANGUAGES = ['en', 'es', 'it', 'pt-BR'] as const;
type Lng = (typeof LANGUAGES)[number];

type Tree = { [k: string]: string | Tree };
function resources(): Resource {
  const out: Resource = {};
  for (const lng of LANGUAGES) {
    const dir = path.resolve('locales', lng);
    out[lng] = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Tree]),
    );
  }
  return out;
}

const i18n = i18next.createInstance();
void i18n.init({
  resources: resources(),
  lng: 'en',
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  initAsync: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
});
const tFor = (lng: Lng, ns: string | string[]): TFunction => i18n.getFixedT(lng, ns);

/** [namespace, key, values for a count n] → the texts for n = 1 and n = 2 in each language. */
const CASES: [string | string[], string, (n: number) => Record<string, unknown>, Record<Lng, [string, string]>][] = [
  [
    'reports',
    'analytics.interruptionsValue',
    (n) => ({ bargeIns: n, overlaps: n }),
    {
      en: ['1 barge-in, 1 overlap', '2 barge-ins, 2 overlaps'],
      es: ['1 interrupción al cliente, 1 solapamiento', '2 interrupciones al cliente, 2 solapamientos'],
      it: ['1 interruzione del prospect, 1 sovrapposizione', '2 interruzioni del prospect, 2 sovrapposizioni'],
      'pt-BR': ['1 interrupção do prospect, 1 sobreposição', '2 interrupções do prospect, 2 sobreposições'],
    },
  ],
  [
    'reports',
    'analytics.monologueValue',
    (n) => ({ time: '0:12', words: n }),
    {
      en: ['0:12 (1 word)', '0:12 (2 words)'],
      es: ['0:12 (1 palabra)', '0:12 (2 palabras)'],
      it: ['0:12 (1 parola)', '0:12 (2 parole)'],
      'pt-BR': ['0:12 (1 palavra)', '0:12 (2 palavras)'],
    },
  ],
  [
    'reports',
    'analytics.questionsValue',
    (n) => ({ count: 2 * n, open: n, closed: n }),
    {
      en: ['2 (1 open, 1 closed)', '4 (2 open, 2 closed)'],
      es: ['2 (1 abierta, 1 cerrada)', '4 (2 abiertas, 2 cerradas)'],
      it: ['2 (1 aperta, 1 chiusa)', '4 (2 aperte, 2 chiuse)'],
      'pt-BR': ['2 (1 aberta, 1 fechada)', '4 (2 abertas, 2 fechadas)'],
    },
  ],
  [
    ['meetings', 'common'],
    'upload.summary',
    (n) => ({ format: 'WebVTT', turns: n, duration: '0:16', speakers: n }),
    {
      en: ['WebVTT: 1 turn, 0:16 long, 1 speaker.', 'WebVTT: 2 turns, 0:16 long, 2 speakers.'],
      es: [
        'WebVTT: 1 turno, 0:16 de duración, 1 interlocutor.',
        'WebVTT: 2 turnos, 0:16 de duración, 2 interlocutores.',
      ],
      it: ['WebVTT: 1 turno, durata 0:16, 1 interlocutore.', 'WebVTT: 2 turni, durata 0:16, 2 interlocutori.'],
      'pt-BR': ['WebVTT: 1 turno, duração 0:16, 1 interlocutor.', 'WebVTT: 2 turnos, duração 0:16, 2 interlocutores.'],
    },
  ],
  [
    ['meetings', 'common'],
    'upload.speaker',
    (n) => ({ name: 'Ana', turns: n, words: n }),
    {
      en: ['Ana (1 turn, 1 word)', 'Ana (2 turns, 2 words)'],
      es: ['Ana (1 turno, 1 palabra)', 'Ana (2 turnos, 2 palabras)'],
      it: ['Ana (1 turno, 1 parola)', 'Ana (2 turni, 2 parole)'],
      'pt-BR': ['Ana (1 turno, 1 palavra)', 'Ana (2 turnos, 2 palavras)'],
    },
  ],
  [
    'cta',
    'generate.count',
    (n) => ({ count: n, lines: n, max: 2000 }),
    {
      en: ['1 valid of 1 line (at most 2000)', '2 valid of 2 lines (at most 2000)'],
      es: ['1 válida de 1 línea (como máximo 2000)', '2 válidas de 2 líneas (como máximo 2000)'],
      it: ['1 valida su 1 riga (al massimo 2000)', '2 valide su 2 righe (al massimo 2000)'],
      'pt-BR': ['1 válida de 1 linha (no máximo 2000)', '2 válidas de 2 linhas (no máximo 2000)'],
    },
  ],
  [
    'cta',
    'generate.campaignFacts',
    (n) => ({ simulation: 'S', days: n, language: 'L' }),
    {
      en: ['Simulation: S · links valid 1 day · L', 'Simulation: S · links valid 2 days · L'],
      es: ['Simulación: S · enlaces válidos 1 día · L', 'Simulación: S · enlaces válidos 2 días · L'],
      it: ['Simulazione: S · link validi 1 giorno · L', 'Simulazione: S · link validi 2 giorni · L'],
      'pt-BR': ['Simulação: S · links válidos por 1 dia · L', 'Simulação: S · links válidos por 2 dias · L'],
    },
  ],
  [
    'cta',
    'generate.tooMany',
    (n) => ({ count: n, max: 2000 }),
    {
      en: ['1 entry: at most 2000 per batch. Split the list.', '2 entries: at most 2000 per batch. Split the list.'],
      es: [
        '1 entrada: como máximo 2000 por lote. Divide la lista.',
        '2 entradas: como máximo 2000 por lote. Divide la lista.',
      ],
      it: [
        "1 voce: al massimo 2000 per lotto. Dividi l'elenco.",
        "2 voci: al massimo 2000 per lotto. Dividi l'elenco.",
      ],
      'pt-BR': [
        '1 entrada: no máximo 2000 por lote. Divida a lista.',
        '2 entradas: no máximo 2000 por lote. Divida a lista.',
      ],
    },
  ],
  [
    'common',
    'errors.TOO_MANY_REQUESTS',
    (n) => ({ minutes: n }),
    {
      en: ['Too many failed attempts. Try again in 1 minute.', 'Too many failed attempts. Try again in 2 minutes.'],
      es: [
        'Demasiados intentos fallidos. Inténtalo de nuevo dentro de 1 minuto.',
        'Demasiados intentos fallidos. Inténtalo de nuevo dentro de 2 minutos.',
      ],
      it: [
        'Troppi tentativi non riusciti. Riprova tra 1 minuto.',
        'Troppi tentativi non riusciti. Riprova tra 2 minuti.',
      ],
      'pt-BR': [
        'Muitas tentativas sem sucesso. Tente novamente em 1 minuto.',
        'Muitas tentativas sem sucesso. Tente novamente em 2 minutos.',
      ],
    },
  ],
  [
    'prompts',
    'errors.inUse',
    (n) => ({ count: n }),
    {
      en: [
        'This prompt is used by 1 simulation. Choose another prompt for it first.',
        'This prompt is used by 2 simulations. Choose another prompt for them first.',
      ],
      es: [
        'Este prompt lo usa 1 simulación. Elige antes otro prompt para ella.',
        'Este prompt lo usan 2 simulaciones. Elige antes otro prompt para ellas.',
      ],
      it: [
        'Questo prompt è usato da 1 simulazione. Scegli prima un altro prompt per essa.',
        'Questo prompt è usato da 2 simulazioni. Scegli prima un altro prompt per esse.',
      ],
      'pt-BR': [
        'Este prompt é usado por 1 simulação. Escolha antes outro prompt para ela.',
        'Este prompt é usado por 2 simulações. Escolha antes outro prompt para elas.',
      ],
    },
  ],
  [
    'users',
    'confirmBulkDelete.confirm',
    (n) => ({ count: n }),
    {
      en: ['Delete 1 user', 'Delete 2 users'],
      es: ['Eliminar 1 usuario', 'Eliminar 2 usuarios'],
      it: ['Elimina 1 utente', 'Elimina 2 utenti'],
      'pt-BR': ['Excluir 1 usuário', 'Excluir 2 usuários'],
    },
  ],
  [
    'knowledge',
    'chunks',
    (n) => ({ count: n }),
    {
      en: ['Indexed in 1 search chunk', 'Indexed in 2 search chunks'],
      es: ['Indexado en 1 fragmento de búsqueda', 'Indexado en 2 fragmentos de búsqueda'],
      it: ['Indicizzato in 1 frammento di ricerca', 'Indicizzato in 2 frammenti di ricerca'],
      'pt-BR': ['Indexado em 1 trecho de busca', 'Indexado em 2 trechos de busca'],
    },
  ],
];

describe('counts in the interface texts (locales/*)', () => {
  for (const [ns, key, values, expected] of CASES)
    it.each(LANGUAGES)(`${String(ns)}:${key} in %s`, (lng) => {
      const t = tFor(lng, ns);
      expect([t(key, values(1)), t(key, values(2))]).toEqual(expected[lng]);
    });

  // Spanish, Italian and Portuguese have a third form for a million and up: never the bare key
  it.each(LANGUAGES)('a count of a million in %s still reads as a count', (lng) => {
    for (const [ns, key, values] of CASES) {
      const said = tFor(lng, ns)(key, values(1_000_000));
      expect([key, key.split('.').at(-1)], `${String(ns)}:${key}`).not.toContain(said);
      expect(said).toMatch(/1[.,\s\u202f]?000[.,\s\u202f]?000/);
    }
  });

  it.each(LANGUAGES)('no text in %s writes a plural as "(s)" or "/i"', (lng) => {
    const dir = path.resolve('locales', lng);
    const hedged = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('\n'))
      .filter((line) => /\((s|es|ões)\)|[a-z]\/[ie]\b/.test(line));
    expect(hedged).toEqual([]);
  });
});

describe('counts in the assignment mails (locales/*/mail.json through server/mail/jobs.ts)', () => {
  const body = (lng: Lng, kind: 'assigned' | 'reminder', count: number) =>
    renderMail(lng, kind, { name: 'Rita', manager: 'Mona', assignment: 'Q4', count }, [], 'http://x').text;
  const EXPECTED: Record<Lng, [string, string, string]> = {
    en: ['with 1 simulation.', 'with 2 simulations.', 'still have 2 unfinished simulations in'],
    es: ['con 1 simulación.', 'con 2 simulaciones.', 'aún tienes 2 simulaciones sin terminar en'],
    it: ['con 1 simulazione.', 'con 2 simulazioni.', 'hai ancora 2 simulazioni da completare in'],
    'pt-BR': ['com 1 simulação.', 'com 2 simulações.', 'ainda tem 2 simulações não concluídas em'],
  };
  it.each(LANGUAGES)('%s', (lng) => {
    const [one, two, reminder] = EXPECTED[lng];
    expect(body(lng, 'assigned', 1)).toContain(one);
    expect(body(lng, 'assigned', 2)).toContain(two);
    expect(body(lng, 'reminder', 2)).toContain(reminder);
  });
});

describe('the offline evaluator summary (server/evaluation/offline/texts-*.ts)', () => {
  const summary = (texts: typeof en, n: number) =>
    texts.summary({ repShare: 0.5, byWords: false, questions: n, open: n, followUps: n, datedStep: true });
  it.each([
    ['en', en, 'asked 1 question: 1 open, 1 building', 'asked 2 questions: 2 open, 2 building'],
    ['es', es, 'hizo 1 pregunta: 1 abierta y 1 que retoma la', 'hizo 2 preguntas: 2 abiertas y 2 que retoman la'],
    ['it', itTexts, 'fatto 1 domanda: 1 aperta, 1 che riprende la', 'fatto 2 domande: 2 aperte, 2 che riprendono la'],
    ['pt-BR', pt, 'fez 1 pergunta: 1 aberta e 1 aproveitando', 'fez 2 perguntas: 2 abertas e 2 aproveitando'],
  ] as const)('%s', (_lng, texts, one, two) => {
    expect(summary(texts, 1)).toContain(one);
    expect(summary(texts, 2)).toContain(two);
    expect(summary(texts, 2)).not.toMatch(/\(s\)|\(es\)|\/e\b/);
  });
});
