import type { ScenarioTopic } from '../contracts/scenario/schema';

/**
 * What the demo tenant's scripted reps say, in the languages of the seeded simulations (English
 * and Italian). Lines are general enough for any of the seeded scenarios (forecasting, security,
 * logistics, manufacturing): a manager opening a demo report reads a plausible call.
 */
export interface RepLines {
  opener: string[];
  /** Open questions by topic: a first question and a follow-up that digs deeper. */
  open: Partial<Record<ScenarioTopic, [string, string]>>;
  /** Yes/no questions a weaker rep asks instead. */
  closed: string[];
  /** Checking a number the prospect gave (quantification). */
  quantify: string[];
  /** Summing up what was heard, asking to confirm. */
  summary: string[];
  /** Answers to an objection: acknowledge, then evidence and specifics (strong). */
  handle: string[];
  /** A thin answer to an objection (weak). */
  thin: string[];
  pitch: string[];
  vagueNextStep: string[];
  concreteNextStep: string[];
  goodbye: string[];
}

export const REP_LINES: Record<'en' | 'it', RepLines> = {
  en: {
    opener: [
      'Hi, this is Sam from Northwind. Did I catch you at a good time for ten minutes?',
      'Hello, Alex from Northwind here. Thanks for taking the call. Is now still a good time?',
      'Good morning, it is Jordan from Northwind. Do you have a few minutes to talk?',
    ],
    open: {
      situation: ['How does your team handle this today?', 'And how does that work day to day, step by step?'],
      pain: ['What is the biggest challenge with the way it works now?', 'What else goes wrong when that happens?'],
      impact: [
        'What does that cost you in hours or money each month?',
        'How does that affect the rest of the business?',
      ],
      goal: ['What would success look like for you this year?', 'How would you measure that success?'],
      timing: ['When do you need this solved by?', 'What is driving that deadline?'],
      budget: [
        'How is the budget for a project like this usually set?',
        'Which budget would a change like this come from?',
      ],
      decision: ['Who else is involved in a decision like this?', 'Who has the final say, and who could stop it?'],
      history: ['What have you tried before to fix this?', 'What happened with that attempt?'],
      competition: ['Which other options are you looking at?', 'How do those options compare for you so far?'],
      motivation: ['Why does this matter to you personally?', 'What changes for you if this gets fixed?'],
    },
    closed: [
      'Do you have a deadline for this?',
      'Is there a budget for it?',
      'Are you the one who decides?',
      'Have you tried to fix it before?',
      'Do you lose a lot of time on it?',
      'Would you be interested in a better tool?',
    ],
    quantify: [
      'So that is roughly five hours a week for the team, is that right?',
      'If I do the maths, that is about twenty hours a month, does that sound right?',
    ],
    summary: [
      'Let me check I heard you right: the manual work costs your team time every week, and you need it fixed before the deadline you mentioned. Is that fair?',
      'So to sum up: the current process is slow, it is costing you real money, and you want a fix this year. Did I get that right?',
    ],
    handle: [
      'I understand, that is a fair concern. For example, a customer of your size ran a four-week pilot with clear success criteria, and we measured the results together.',
      'That makes sense. We could start small with a pilot on your own data, agree the numbers up front, and give you a reference call with a similar company.',
      'That is a reasonable worry. I can send you the results of a company like yours in writing, with the numbers they measured after three months.',
      'Fair point. What if we ran a phased rollout over six weeks, with an exit clause in the contract if the numbers are not there?',
    ],
    thin: ['It works, really.', 'Honestly, everyone likes it.', 'It is a really good product.'],
    pitch: [
      'Our platform is the best on the market, we have all the features you need and our customers love it.',
      'Let me tell you about our solution, it is the leading product and it does everything.',
    ],
    vagueNextStep: ['Could we have a meeting sometime next week?', 'Maybe we can talk again soon?'],
    concreteNextStep: [
      'Could we book a forty-five minute demo with your team next Tuesday at 10am?',
      'Shall we set up a call with your finance lead on Thursday at 2pm to go through the numbers?',
    ],
    goodbye: ['Thanks for your time. Talk soon, goodbye.', 'Great, thank you. Goodbye.'],
  },
  it: {
    opener: [
      'Buongiorno, sono Sam di Northwind. La disturbo? Ha dieci minuti?',
      'Buongiorno, sono Alex di Northwind. Grazie di avermi risposto, è un buon momento?',
      'Salve, sono Jordan di Northwind. Ha qualche minuto per parlare?',
    ],
    open: {
      situation: [
        'Come gestisce oggi il suo team questo processo?',
        'E come funziona nel concreto, giorno per giorno?',
      ],
      pain: ['Qual è il problema più grande di come funziona oggi?', 'Cos’altro va storto quando succede?'],
      impact: ['Quanto vi costa in ore o in denaro ogni mese?', 'Che effetto ha sul resto dell’azienda?'],
      goal: ['Come sarebbe un successo per lei quest’anno?', 'Come misurereste quel successo?'],
      timing: ['Entro quando vi serve una soluzione?', 'Cosa determina questa scadenza?'],
      budget: [
        'Come viene deciso di solito il budget per un progetto così?',
        'Da quale budget arriverebbe un cambiamento del genere?',
      ],
      decision: ['Chi altro è coinvolto in una decisione così?', 'Chi ha l’ultima parola e chi potrebbe bloccarla?'],
      history: ['Cosa avete provato prima per risolverlo?', 'Com’è andato quel tentativo?'],
      competition: ['Quali altre soluzioni state valutando?', 'Come si confrontano finora quelle opzioni?'],
      motivation: ['Perché è importante per lei personalmente?', 'Cosa cambierebbe per lei se si risolvesse?'],
    },
    closed: [
      'Avete una scadenza per questo?',
      'C’è un budget?',
      'Decide lei?',
      'Avete già provato a risolverlo?',
      'Perdete molto tempo con questo?',
      'Le interesserebbe uno strumento migliore?',
    ],
    quantify: [
      'Quindi sono circa cinque ore a settimana per il team, giusto?',
      'Se faccio i conti, sono circa venti ore al mese, le torna?',
    ],
    summary: [
      'Vediamo se ho capito bene: il lavoro manuale costa tempo al suo team ogni settimana e vi serve una soluzione prima della scadenza che ha citato. È corretto?',
      'Riassumendo: il processo attuale è lento, vi costa soldi veri e volete risolverlo quest’anno. Ho capito bene?',
    ],
    handle: [
      'Capisco, è una preoccupazione legittima. Per esempio, un cliente delle vostre dimensioni ha fatto un pilota di quattro settimane con criteri di successo chiari e abbiamo misurato insieme i risultati.',
      'Ha senso. Potremmo partire in piccolo con un pilota sui vostri dati, concordare i numeri all’inizio e darle un contatto di un’azienda simile.',
      'È un dubbio ragionevole. Posso mandarle per iscritto i risultati di un’azienda come la vostra, con i numeri misurati dopo tre mesi.',
      'Giusta osservazione. E se facessimo un avvio per fasi in sei settimane, con una clausola di uscita nel contratto se i numeri non ci sono?',
    ],
    thin: ['Funziona, davvero.', 'Sinceramente piace a tutti.', 'È un prodotto davvero buono.'],
    pitch: [
      'La nostra piattaforma è la migliore sul mercato, ha tutte le funzioni che vi servono e i clienti la adorano.',
      'Le racconto la nostra soluzione, è il prodotto leader e fa tutto.',
    ],
    vagueNextStep: ['Potremmo fare una riunione la settimana prossima?', 'Magari ci risentiamo presto?'],
    concreteNextStep: [
      'Possiamo fissare una demo di quarantacinque minuti con il suo team martedì prossimo alle 10?',
      'Organizziamo una chiamata con il vostro responsabile finanziario giovedì alle 14 per vedere i numeri?',
    ],
    goodbye: ['Grazie del tempo. A presto, arrivederci.', 'Perfetto, grazie. Arrivederci.'],
  },
};

/** What the scorecard of a seeded simulation asks for (seed/scorecards.ts). */
export type CallKind = 'discovery' | 'meddic' | 'objections' | 'cold' | 'closing';

export const KIND_OF_SCORECARD: Record<string, CallKind> = {
  'Discovery (SPIN)': 'discovery',
  'MEDDIC Qualification': 'meddic',
  'Objection Handling': 'objections',
  'Cold Call Opener': 'cold',
  'Closing & Next Steps': 'closing',
};

/**
 * The moves a strong rep makes for each kind of call, in order: the scorecard's behaviours said in
 * plain words. `{company}` is the prospect's company; `{n}` a number the prospect gave.
 */
export const KIND_MOVES: Record<'en' | 'it', Record<CallKind, string[]>> = {
  en: {
    discovery: [
      'What happens to the quarter when the forecast turns out wrong?',
      'And what does that mean for the board meeting?',
      'If you could get that weekly call down to thirty minutes, what would that mean for your managers?',
    ],
    meddic: [
      'How will you measure success, which number matters most to you?',
      'Who signs off on the budget for something like this?',
      'What matters most when you compare vendors?',
      'What are the steps from here to a signed contract, and who is involved in each?',
      'Could you set up a meeting with your finance lead and present it with me?',
    ],
    objections: [
      'When you say that, compared with what, exactly?',
      'Does that answer your concern, or is there something else behind it?',
    ],
    cold: [
      'Hi, this is Sam from Northwind. I know you were not expecting my call. Could you give me two minutes, and then you decide whether we keep talking?',
      'I saw that {company} announced an expansion this year, so I thought planning might be on your mind.',
      'Other companies like yours cut manual planning time by 30% in the first quarter. I am not sure if that is the case for you, is it?',
    ],
    closing: [
      'To recap what you told me: your team loses about five hours every week to manual work, that costs you money every quarter, and you need it fixed this quarter. Did I miss anything?',
      'On a scale of 1 to 10, how ready are you to move forward?',
      'What would make it a 10 for you?',
      'Can we agree to start the pilot on March 3rd with two of your teams?',
    ],
  },
  it: {
    discovery: [
      'Cosa succede al trimestre quando le previsioni si rivelano sbagliate?',
      'E cosa significa per il consiglio di amministrazione?',
      'Se poteste ridurre quella riunione settimanale a trenta minuti, cosa cambierebbe per i suoi responsabili?',
    ],
    meddic: [
      'Come misurerete il successo, quale numero conta di più per lei?',
      'Chi firma il budget per un progetto così?',
      'Cosa conta di più quando confrontate i fornitori?',
      'Quali sono i passaggi da qui a un contratto firmato, e chi è coinvolto in ciascuno?',
      'Potrebbe organizzare un incontro con il vostro responsabile finanziario e presentarlo insieme a me?',
    ],
    objections: [
      'Quando dice così, rispetto a cosa, esattamente?',
      'Questo risponde al suo dubbio, o c’è dell’altro dietro?',
    ],
    cold: [
      'Buongiorno, sono Sam di Northwind. So che non si aspettava la mia chiamata. Mi concede due minuti, e poi decide lei se continuare?',
      'Ho visto che {company} ha annunciato un’espansione quest’anno, quindi ho pensato che la pianificazione fosse un tema per voi.',
      'Altre aziende come la vostra hanno ridotto del 30% il tempo di pianificazione manuale nel primo trimestre. Non so se è il vostro caso, lo è?',
    ],
    closing: [
      'Riassumendo quello che mi ha detto: il suo team perde circa cinque ore ogni settimana in lavoro manuale, questo vi costa soldi ogni trimestre, e vi serve una soluzione in questo trimestre. Manca qualcosa?',
      'Su una scala da 1 a 10, quanto è pronto ad andare avanti?',
      'Cosa servirebbe per arrivare a 10?',
      'Possiamo concordare di avviare il pilota il 3 marzo con due dei suoi team?',
    ],
  },
};

/** After the next step is agreed, who does what. */
export const OWNERS: Record<'en' | 'it', string> = {
  en: 'Great. I will send the invite today, and you bring your finance lead. Does that work?',
  it: 'Perfetto. Le mando l’invito oggi e lei porta il vostro responsabile finanziario. Le va bene?',
};
