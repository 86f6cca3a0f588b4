import type { OfflinePhrases } from './types';

export const it: OfflinePhrases = {
  defaultRole: 'Responsabile della decisione',
  generalIndustry: 'Servizi generali',
  companySize: (n) => `Circa ${n} dipendenti`,
  situation: (p) =>
    `${p.company} (segmento: ${p.industry}; ${p.size.toLowerCase()}). Oggi il team gestisce il lavoro a cui si rivolge ${p.product} con gli strumenti e i processi attuali, che iniziano a mostrare i loro limiti.`,
  icpContext: (s) => `Tipico per questo tipo di azienda: ${s}`,
  knowledgeBackground: (f) => `Contesto rilevante dalla base di conoscenza: «${f}»`,
  genericPains: [
    'Troppo lavoro manuale rallenta il team e causa errori.',
    'La direzione non dispone di numeri affidabili per decidere.',
    "Il processo attuale non regge la crescita dell'azienda.",
  ],
  genericGoals: (product) => [`Capire se ${product} può risolvere il problema senza stravolgere il lavoro del team.`, 'Mostrare risultati misurabili alla direzione entro l’anno.'],
  productGoal: (s) => `Gli interesserebbe se nel suo caso fosse vero: ${s}`,
  objections: [
    { mild: 'Non sono sicuro che in questo momento abbiamo il budget per {product}.', sharp: 'Francamente sembra caro. Perché dovremmo spendere tanto con i conti così stretti?', surfaces: 'Quando il venditore parla di prezzo o del passo successivo.' },
    { mild: 'Il momento non è ideale; questo trimestre abbiamo altre priorità.', sharp: 'Abbiamo dieci priorità più importanti questo trimestre. Perché questa dovrebbe passare avanti?', surfaces: 'A inizio chiamata, quando il venditore chiede della situazione attuale.' },
    { mild: 'Lavoriamo già con {competitor} e tutto sommato va bene.', sharp: 'Usiamo già {competitor}. Cambiare è un rischio che non corro senza un ottimo motivo.', surfaces: 'Quando il venditore inizia a presentare la soluzione.' },
    { mild: 'Mi preoccupa quanto tempo servirebbe per l’implementazione.', sharp: 'La nostra ultima implementazione è durata un anno ed è fallita. Cosa vi rende diversi?', surfaces: 'Quando il venditore parla di implementazione o avvio.' },
    { mild: 'Dovrei sentire il mio team prima di andare avanti.', sharp: 'Non decido da solo, e non porterò la cosa al mio capo senza numeri solidi.', surfaces: 'Quando il venditore chiede un impegno.' },
    { mild: 'Come faccio a sapere che funzionerà per un’azienda come la nostra?', sharp: 'Tutti i fornitori promettono risultati. Mi mostri prove da un’azienda come la nostra o non mi faccia perdere tempo.', surfaces: 'Dopo che il venditore ha descritto i vantaggi.' },
    { mild: 'Il nostro reparto IT avrà domande su sicurezza e integrazione.', sharp: 'Se non supera la nostra verifica di sicurezza e non si integra con i nostri sistemi, non se ne parla.', surfaces: 'Quando il venditore parla di dati o integrazioni.' },
  ],
  pushBack: (n) => (n === 1 ? 'Insiste una volta se la prima risposta è generica.' : `Insiste fino a ${n} volte e ci ritorna più avanti se non è risolta.`),
  hiddenFacts: [
    'Il team perde circa {n} ore a settimana in lavoro manuale in quest’area.',
    'La vera scadenza è una revisione del consiglio di amministrazione a {month}.',
    'Un secondo interlocutore, il responsabile IT, può bloccare l’acquisto.',
    'Un precedente tentativo di risolvere il problema è fallito per la scarsa adozione.',
    'C’è un budget inutilizzato di circa {k}.000 da spendere entro la fine dell’esercizio.',
    'Il suo bonus dipende dal miglioramento di questo indicatore quest’anno.',
    'Il contratto con il fornitore attuale si può disdire con 60 giorni di preavviso.',
  ],
  months: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  revealForCriterion: (c, high) => `Lo condivide solo quando il venditore dimostra «${c}»: ${high}`,
  knowledgeHidden: (f) => `Lo sa dal materiale della propria azienda: «${f}»`,
  revealKnowledge: 'Lo conferma solo se il venditore lo chiede in modo specifico.',
  successForCriterion: (c, high) => `Il venditore soddisfa «${c}» al livello alto: ${high}`,
  successByDifficulty: {
    easy: 'Il venditore propone un passo successivo chiaro; il cliente accetta volentieri.',
    medium: 'Il venditore collega l’offerta a un problema dichiarato e propone un incontro di follow-up concreto.',
    hard: 'Il venditore quantifica il problema, ricostruisce il processo decisionale e propone un passo successivo specifico e a basso rischio.',
    expert: 'Il venditore gestisce ogni obiezione, scopre le informazioni nascoste e ottiene un passo successivo con data e con le persone giuste.',
  },
  budget: {
    easy: 'Quest’anno è stato stanziato un budget per questo tipo di progetto.',
    medium: 'Un po’ di budget c’è, ma va giustificato rispetto ad altri progetti.',
    hard: 'Non c’è budget stanziato; andrebbe tolto a un altro progetto.',
    expert: 'I budget sono appena stati tagliati; ogni spesa richiede un ritorno chiaro entro sei mesi e l’approvazione del direttore finanziario.',
  },
  timeline: {
    easy: 'Vorrebbe una soluzione operativa entro il prossimo trimestre.',
    medium: 'Pensa di decidere nei prossimi tre-sei mesi.',
    hard: 'Nessuna scadenza fissa; il tema continua a slittare dietro altre priorità.',
    expert: 'Sostiene che non ci sia alcuna urgenza, anche se esiste una scadenza nascosta.',
  },
  decision: {
    easy: (name) => `${name} può approvare direttamente dopo un breve confronto con il team.`,
    medium: (name) => `${name} raccomanda; il suo responsabile approva dopo aver visto un business case.`,
    hard: (name) => `${name} raccomanda; Finanza e IT devono essere d’accordo, e gli acquisti confrontano altri fornitori.`,
    expert: (name) => `${name} è una voce in un comitato d’acquisto (Finanza, IT, Operations); l’ultima parola spetta al direttore finanziario e gli acquisti chiedono tre preventivi.`,
  },
  competitorsFallback: ['Un fornitore affermato e conosciuto', 'Fogli di calcolo e un processo interno', 'Uno strumento di nicchia più economico'],
  thisProduct: 'questa soluzione',
  learnerRoles: { sales_representative: 'un venditore', account_executive: 'un account executive', sales_manager: 'un responsabile commerciale', business_development: 'un addetto allo sviluppo commerciale' },
  summary: (p) =>
    `Sei ${p.learnerRole} e chiami ${p.name}, ${p.role} presso ${p.company} (segmento: ${p.industry}; ${p.size.toLowerCase()}). ${p.company} potrebbe trarre vantaggio da ${p.product}: da quanto sai, ${p.pain.charAt(0).toLowerCase()}${p.pain.slice(1)}`,
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
};
