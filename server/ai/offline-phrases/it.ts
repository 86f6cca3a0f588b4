import type { PhraseBank } from './types';

const and = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;

export const it: PhraseBank = {
  defaultRole: 'Responsabile della decisione',
  generalIndustry: 'Servizi alle imprese',
  companySize: (n) => `Circa ${n.toLocaleString('it-IT')} dipendenti`,
  situation: (p) =>
    `Oggi lo gestiamo con ${p.tools}, e gran parte del lavoro è ancora manuale. Funziona, ma comincia a starci stretto.`,
  atCompany: (company) => `Qui da ${company},`,
  toolsFallback: 'fogli Excel e procedure interne',
  and,
  genericPains: [
    'C’è troppo lavoro manuale: il team è lento e gli errori ci sfuggono.',
    'Quando devo decidere, non ho numeri di cui fidarmi.',
    'Con il modo in cui lavoriamo oggi non reggiamo la crescita.',
  ],
  genericGoals: (product) => [
    `Voglio capire se ${product} risolve il problema senza stravolgere il mio team.`,
    'Quest’anno devo portare alla direzione risultati misurabili.',
  ],
  goalFromSource: (item) => `Quello che vorrei è ${item.replace(/[.!?]*$/, '')}.`,
  objections: [
    {
      mild: 'Non sono sicuro che adesso ci sia il budget per {product}.',
      sharp: 'Francamente sembra caro. Perché dovremmo spendere tanto con i conti così stretti?',
      surfaces: 'Quando il commerciale parla di prezzi.',
      moment: 'price',
    },
    {
      mild: 'Il momento non è dei migliori; questo trimestre abbiamo altre priorità.',
      sharp: 'Ho dieci priorità davanti a questa, questo trimestre. Perché dovrebbe passare avanti?',
      surfaces: 'All’inizio, subito dopo la presentazione.',
      moment: 'opening',
    },
    {
      mild: 'Lavoriamo già con {competitor} e tutto sommato ci troviamo bene.',
      sharp: 'Usiamo già {competitor}. Cambiare è un rischio che non corro senza un ottimo motivo.',
      surfaces: 'Quando il commerciale presenta la soluzione o la confronta con altre.',
      moment: 'competition',
    },
    {
      mild: 'Mi preoccupa quanto ci vorrebbe per metterlo in funzione.',
      sharp: 'L’ultima implementazione ci ha preso un anno ed è andata male. Voi cosa avete di diverso?',
      surfaces: 'Quando il commerciale parla dell’implementazione.',
      moment: 'implementation',
    },
    {
      mild: 'Dovrei sentire il mio team prima di andare avanti.',
      sharp: 'Non decido da solo, e dal mio capo non ci vado senza numeri solidi.',
      surfaces: 'Quando il commerciale chiede un impegno o un passo successivo.',
      moment: 'next_step',
    },
    {
      mild: 'E come faccio a sapere che funziona per un’azienda come la nostra?',
      sharp:
        'Tutti i fornitori promettono risultati. Mi porti prove da un’azienda come la nostra, altrimenti non perdiamo tempo.',
      surfaces: 'Dopo che il commerciale ha descritto i vantaggi.',
      moment: 'proof',
    },
    {
      mild: 'I colleghi dell’informatica avranno domande su sicurezza e integrazione.',
      sharp: 'Se non passa la nostra verifica di sicurezza e non si integra con i nostri sistemi, non se ne parla.',
      surfaces: 'Quando il commerciale parla di dati, integrazione o avvio.',
      moment: 'implementation',
    },
    {
      mild: 'Sinceramente, non so se per noi è una priorità.',
      sharp: 'Di presentazioni così ne ho sentite tante. Per ora non vedo perché dovrebbe interessarci.',
      surfaces: 'Durante la scoperta, dopo qualche domanda.',
      moment: 'discovery',
    },
  ],
  proofObjection: (claim) =>
    claim
      ? `Voi dite che ${claim.replace(/[.!?]*$/, '')}. Ogni fornitore ha una storia così. Perché dovrebbe valere anche per noi?`
      : 'Ogni fornitore mi mostra un caso di successo. Perché dovrebbe funzionare anche da noi?',
  priceObjection: (amount) =>
    `Ho visto i vostri prezzi. ${amount} per un team come il nostro diventa una cifra importante.`,
  sourcedSurfaces: {
    opening: 'All’inizio della chiamata.',
    discovery: 'Durante la scoperta.',
    pitch: 'Quando il commerciale presenta la soluzione.',
    price: 'Quando il commerciale parla di prezzi.',
    proof: 'Quando il commerciale promette risultati.',
    competition: 'Quando il commerciale si confronta con un’alternativa.',
    implementation: 'Quando il commerciale parla dell’implementazione.',
    next_step: 'Quando il commerciale chiede un passo successivo.',
  },
  pushBack: (n) =>
    n === 1
      ? 'Insiste una volta se la prima risposta è generica.'
      : `Insiste fino a ${n} volte e ci ritorna più avanti se non è risolta.`,
  hidden: [
    {
      topic: 'pain',
      information: 'Il problema ha già causato {n} reclami di clienti in questo trimestre.',
      said: 'Quello che fa davvero male è che solo in questo trimestre ci è costato {n} reclami dei clienti.',
    },
    {
      topic: 'situation',
      information: 'Metà del team aggira il processo ufficiale con fogli di calcolo personali.',
      said: 'A dire il vero, metà del mio team il processo ufficiale non lo segue nemmeno: ognuno ha il suo foglio Excel.',
    },
    {
      topic: 'impact',
      information: 'Il team perde circa {n} ore a settimana in lavoro manuale in quest’area.',
      said: 'A dirla tutta, ci se ne vanno circa {n} ore ogni settimana in lavoro manuale su questo.',
    },
    {
      topic: 'timing',
      information: 'La vera scadenza è una revisione del consiglio di amministrazione a {month}.',
      said: 'Quello che non le ho detto: a {month} la cosa passa dal consiglio di amministrazione, quindi la mia vera scadenza è quella.',
    },
    {
      topic: 'decision',
      information: 'Un secondo interlocutore, {role}, può bloccare l’acquisto.',
      said: 'Non dipende solo da me. Deve essere d’accordo anche {ourRole}, che può fermare tutto.',
    },
    {
      topic: 'history',
      information: 'Un precedente tentativo di risolvere il problema è fallito per la scarsa adozione.',
      said: 'Ci abbiamo già provato una volta, ed è finita nel nulla perché nessuno usava il nuovo strumento.',
    },
    {
      topic: 'budget',
      information: 'C’è un budget inutilizzato di circa {k}.000 da spendere entro la fine dell’esercizio.',
      said: 'Detto tra noi, mi restano circa {k}.000 quest’anno, e se non li spendo entro la chiusura li perdo.',
    },
    {
      topic: 'motivation',
      information: 'Il bonus dell’interlocutore dipende dal miglioramento di questo indicatore quest’anno.',
      said: 'Personalmente, una parte del mio bonus quest’anno dipende da questo numero.',
    },
    {
      topic: 'current_solution',
      information: 'Il contratto con il fornitore attuale si può disdire con 60 giorni di preavviso.',
      said: 'In realtà dal contratto attuale posso uscire con sessanta giorni di preavviso.',
    },
  ],
  stakeholders: {
    it: { note: 'il responsabile IT', said: 'il nostro responsabile IT', team: 'l’IT' },
    finance: { note: 'il direttore finanziario', said: 'il nostro direttore finanziario', team: 'la Finanza' },
    ceo: {
      note: 'l’amministratore delegato',
      said: 'il nostro amministratore delegato',
      team: 'l’amministratore delegato',
    },
    board: {
      note: 'il consiglio di amministrazione',
      said: 'il nostro consiglio di amministrazione',
      team: 'il consiglio',
    },
    operations: { note: 'il direttore operativo', said: 'il nostro direttore operativo', team: 'le Operations' },
    procurement: { note: 'l’ufficio acquisti', said: 'l’ufficio acquisti', team: 'gli Acquisti' },
  },
  revealForCriterion: (c, high) => `Lo condivide solo quando il commerciale dimostra «${c}»: ${high}`,
  sourcedInformation: (f) => `Dai dati di questo scenario: «${f}»`,
  revealSourced: 'Lo condivide solo se il commerciale fa una domanda aperta su questo tema.',
  successForCriterion: (c, high) => `Il commerciale soddisfa «${c}» al livello alto: ${high}`,
  successByDifficulty: {
    easy: 'Il commerciale propone un passo successivo chiaro; il cliente accetta volentieri.',
    medium: 'Il commerciale collega l’offerta a un problema dichiarato e propone un incontro di follow-up concreto.',
    hard: 'Il commerciale quantifica il problema, ricostruisce il processo decisionale e propone un passo successivo specifico e a basso rischio.',
    expert:
      'Il commerciale gestisce ogni obiezione, scopre le informazioni nascoste e ottiene un passo successivo con data e con le persone giuste.',
  },
  budget: {
    easy: () => 'Quest’anno abbiamo messo da parte un budget per progetti di questo tipo.',
    medium: () => 'Un po’ di budget c’è, ma dovrei giustificarlo rispetto ad altri progetti.',
    hard: () => 'Non c’è niente di stanziato. Dovrei togliere i soldi a un altro progetto.',
    expert: (approver) =>
      `Ci hanno appena tagliato i budget. Ogni spesa deve rientrare in sei mesi e deve firmarla ${approver}.`,
  },
  timeline: {
    easy: 'Mi piacerebbe avere qualcosa di operativo entro il prossimo trimestre.',
    medium: 'Vogliamo decidere nei prossimi tre-sei mesi.',
    hard: 'Non c’è una data fissa. Continua a slittare dietro altre priorità.',
    expert: 'Sinceramente, da parte nostra non c’è nessuna fretta.',
  },
  decision: {
    easy: () => 'Posso approvarlo io, dopo un rapido confronto con il mio team.',
    medium: ({ approver }) => `Io lo raccomando, e ${approver} firma quando c’è un business case.`,
    hard: ({ others }) =>
      `Io raccomando, ma devono essere d’accordo anche ${others}, e confrontiamo sempre più fornitori.`,
    expert: ({ approver, others }) =>
      `Sono una voce in un comitato d’acquisto con ${others}. L’ultima parola ce l’ha ${approver}, e servono tre preventivi.`,
  },
  competitorsFallback: [
    'Un fornitore affermato',
    'Fogli di calcolo e un processo interno',
    'Uno strumento di nicchia più economico',
  ],
  thisProduct: 'questa soluzione',
  learnerRoles: {
    sales_representative: 'un venditore',
    account_executive: 'un account executive',
    sales_manager: 'un responsabile commerciale',
    business_development: 'un addetto allo sviluppo commerciale',
  },
  summary: (p) =>
    `Sei ${p.learnerRole} e chiami ${p.name}, ${p.role} presso ${p.company} (${p.industry.charAt(0).toLowerCase()}${p.industry.slice(1)}, ${p.size.charAt(0).toLowerCase()}${p.size.slice(1)}). ${p.company} potrebbe trarre vantaggio da ${p.product}.`,
  knowledgeBackground: (facts) => `Dal tuo materiale: ${facts.map((f) => `«${f}»`).join(' ')}`,
  drillMoment: (quote, criterion) =>
    `Questo esercizio ripropone un momento della tua chiamata in cui «${criterion}» ha avuto un punteggio basso: «${quote}». Il cliente solleverà di nuovo gli stessi punti; questa volta, gestiscili.`,
  callGoal: (useCase, product) =>
    useCase
      ? `Obiettivo della chiamata (${useCase}): capire la situazione con buone domande, collegare ${product} a esigenze reali e concordare un passo successivo.`
      : `Obiettivo della chiamata: capire la situazione con buone domande, collegare ${product} a esigenze reali e concordare un passo successivo.`,
  difficultyNote: {
    easy: 'Il cliente è aperto e cordiale.',
    medium: 'Il cliente è impegnato e non offrirà molte informazioni di sua iniziativa.',
    hard: 'Il cliente è diffidente e solleverà obiezioni.',
    expert: 'Il cliente è scettico, ha poco tempo e ti metterà alla prova.',
  },
  opening: {
    easy: (name, company) => `Buongiorno, sono ${name} di ${company}. Grazie della chiamata, come posso aiutarla?`,
    medium: (name) => `Pronto, sono ${name}. Ho qualche minuto, di che cosa si tratta?`,
    hard: (name) => `${name}. Sono tra una riunione e l’altra, quindi sia breve. Che cosa desidera?`,
    expert: (name) => `${name}. Ricevo molte chiamate come questa. Ha due minuti per convincermi ad ascoltarla.`,
  },
  traits:
    /(?<![\p{L}])(?:parla|gli piace|le piace|non ama|odia|rispetta|preferisce|tono|tranquill[oa]|cordiale|pragmatic[oa]|pazient[ei]|impazient[ei]|scettic[oa]|diffident[ei]|precis[oa]|ci tiene|divaga|non ama la fretta)(?![\p{L}])/iu,
};
