import type { ProspectLines } from './types';

export const it: ProspectLines = {
  greeting: {
    easy: (name, company) => [
      company
        ? `Buongiorno, sono ${name} di ${company}. Come posso aiutarla?`
        : `Buongiorno, sono ${name}. Come posso aiutarla?`,
      `Pronto, ${name}. Mi dica pure.`,
    ],
    medium: (name) => [`Pronto, ${name}.`, `Sì, sono ${name}. Chi parla?`],
    hard: (name) => [`${name}. Sono tra una riunione e l’altra, mi dica.`, `${name}. Sia breve, per favore.`],
    expert: (name) => [
      `${name}. Tra pochi minuti ho una riunione. Cosa vuole?`,
      `${name}. Chi parla, e perché mi chiama?`,
    ],
  },
  timeCheck: {
    easy: ['Sì, certo, ho qualche minuto. Mi dica.', 'Sì, va bene adesso. Prego.'],
    medium: ['Ho una quindicina di minuti. Di cosa si tratta?', 'Qualche minuto sì. Cosa le serve?'],
    hard: ['Non proprio, ma vada avanti. In breve.', 'Cinque minuti. Prego.'],
    expert: ['No, non è un buon momento. Ha due minuti.', 'Sinceramente no. Mi dica perché dovrei ascoltarla.'],
  },
  howAreYou: {
    easy: ['Bene, grazie, di corsa come sempre. Come posso aiutarla?', 'Bene, grazie. Di cosa si tratta?'],
    medium: ['Pieno di lavoro. Di cosa si tratta?', 'Bene. Cosa le serve?'],
    hard: ['Impegnato. Cosa vuole?', 'Lasciamo stare i convenevoli. Perché mi chiama?'],
    expert: ['Non ho tempo per i convenevoli. Di cosa si tratta?', 'Lasci perdere. Perché mi chiama?'],
  },
  afterIntro: {
    easy: ['Piacere. Di cosa voleva parlare?', 'Bene. Mi dica pure.'],
    medium: ['D’accordo. Di cosa si tratta?', 'E come posso esserle utile?'],
    hard: ['E quindi? Cosa vuole da me?', 'Venga al punto, per favore.'],
    expert: ['Ricevo tante chiamate così. Perché dovrebbe interessarmi?', 'E a me cosa ne viene?'],
  },
  ack: {
    easy: ['Va bene.', 'Capisco.', 'Sì.'],
    medium: ['Va bene.', 'Sì.', 'Mh.'],
    hard: ['Mh.', 'E quindi?', 'Va bene.'],
    expert: ['E quindi?', 'Allora?', 'Mh.'],
  },
  acknowledged: {
    easy: ['Eh sì, proprio così. Grazie di capirlo.', 'Esatto, è frustrante.'],
    medium: ['Sì, lo è.', 'Si può dire così.'],
    hard: ['Lo è. E adesso?', 'Sì. E quindi?'],
    expert: ['Non mi serve comprensione, mi serve un motivo per continuare.', 'Lasci stare. Dove vuole arrivare?'],
  },
  leadIn: {
    easy: ['Guardi,', 'Sinceramente,', 'Bella domanda.', 'Allora.'],
    medium: ['Beh,', '', 'Sinceramente,'],
    hard: ['', 'In breve,', ''],
    expert: ['', '', 'Va bene.'],
  },
  revealLeadIn: [
    'Visto che me lo chiede.',
    'Va bene, le sarò sincero.',
    'Bella domanda, in effetti.',
    'Detto tra noi.',
  ],
  alsoLeadIn: ['E un’altra cosa.', 'In più,', 'E per di più,'],
  hint: {
    situation: 'E quello che succede nella pratica non è proprio quello che dice il processo.',
    pain: 'E c’è un problema che non le ho ancora nemmeno detto.',
    impact: 'Ci costa più di quanto mi piaccia ammettere, a dire il vero.',
    goal: 'Quest’anno ho un obiettivo molto preciso.',
    timing: 'E i tempi contano più di quanto sembri.',
    budget: 'Anche il budget non è così semplice come sembra.',
    decision: 'E non sono l’unico a decidere.',
    history: 'Tra l’altro, qualcosa di simile l’abbiamo già provato.',
    motivation: 'E per me è una cosa che conta anche personalmente.',
    current_solution: 'Anche quello che abbiamo adesso non è scolpito nella pietra.',
    competition: 'Non parliamo solo con voi, ovviamente.',
    technical: 'I colleghi dell’informatica avranno la loro opinione.',
    company: 'Qui succedono più cose di quanto si pensi.',
  },
  topicFallback: {
    situation: ['Ce la caviamo, ma non è un bello spettacolo.', 'Funziona, più o meno.'],
    pain: [
      'Qualche cosa che mi dà fastidio c’è, niente di drammatico.',
      'Le solite cose. Niente che chiamerei una crisi.',
    ],
    impact: ['Non ci ho mai messo un numero.', 'Difficile dirlo con precisione. Ci costa tempo.'],
    goal: ['Soprattutto, voglio meno sorprese.', 'Voglio che funzioni senza dover rincorrere nessuno.'],
    timing: ['Non c’è una data fissata.', 'Quando avrà senso. Senza fretta.'],
    budget: ['Dipende da cos’è e da cosa porta.', 'Il budget segue il valore. Prima mi mostri il valore.'],
    decision: ['Dipende dall’importo.', 'Il solito processo. Niente di speciale.'],
    history: ['Abbiamo guardato altre cose in passato, come tutti.', 'Niente che valga la pena raccontare.'],
    motivation: ['È il mio lavoro far funzionare queste cose.', 'Perché è una mia responsabilità.'],
    current_solution: [
      'Abbiamo quello che abbiamo, e più o meno funziona.',
      'Quello che usiamo oggi fa il suo lavoro, più o meno.',
    ],
    competition: ['Guardiamo sempre più di un’opzione.', 'Parlo con diversi fornitori. È normale.'],
    technical: [
      'Se ne occuperà l’informatica quando sarà il momento.',
      'Questo è un tema per i miei colleghi dell’IT.',
    ],
    company: ['Le cose vanno bene, grazie.', 'Siamo un’azienda con tanto da fare. Lasciamola lì.'],
  },
  guarded: ['Perché me lo chiede?', 'Dipende.', 'È un po’ presto per entrare nel merito.', 'Non andiamo lì, per ora.'],
  closedShort: {
    easy: ['Sì, più o meno.', 'Sì, direi di sì.', 'Non proprio, no.'],
    medium: ['Più o meno.', 'Sì.', 'In parte.'],
    hard: ['Sì.', 'No.', 'Forse.'],
    expert: ['Sì. E quindi?', 'No.', 'Perché?'],
  },
  broad: ['È una domanda molto ampia. Cosa vuole sapere esattamente?', 'Da dove comincio? Sia più preciso.'],
  unclear: [
    'Mi scusi, non ho capito bene cosa intende.',
    'Cosa intende dire?',
    'Non l’ho seguita. Cosa mi sta chiedendo?',
  ],
  repeatLine: ['L’ha appena detto.', 'Si sta ripetendo.', 'L’ho sentita la prima volta.'],
  alreadyTold: ['Gliel’ho già detto.', 'Ne abbiamo parlato un minuto fa.'],
  asISaid: ['Come le dicevo,', 'Come le ho detto,'],
  company: (company, employees) => [
    company && employees
      ? `Siamo ${company}, circa ${employees.toLocaleString('it-IT')} persone.`
      : company
        ? `Siamo ${company}. Non siamo una piccola realtà.`
        : 'Siamo un’azienda di medie dimensioni, in crescita.',
  ],
  competition: (names) => [
    names.length
      ? `Abbiamo guardato ${names.slice(0, 2).join(' e ')}, tra gli altri.`
      : 'Guardiamo sempre diverse opzioni.',
  ],
  pitchTooEarly: {
    easy: ['Aspetti, non sa nemmeno ancora di cosa ci occupiamo.', 'Un attimo, prima le racconto come lavoriamo.'],
    medium: ['Mi sta vendendo qualcosa prima di sapere chi siamo.', 'Piano. Non conosce ancora la nostra situazione.'],
    hard: ['Si fermi. Non mi ha chiesto niente e sta già vendendo.', 'Non le ho chiesto una presentazione.'],
    expert: [
      'Questa è una presentazione commerciale, e non l’ho chiesta.',
      'Non sa niente di noi e sta già vendendo. Non è un buon inizio.',
    ],
  },
  pitchReaction: {
    easy: ['Sembra interessante. Come funzionerebbe nel nostro caso?', 'Va bene, potrebbe servirci.'],
    medium: ['Lo dicono tutti. Cosa significa per noi?', 'Va bene. E quindi?'],
    hard: ['Lo dicono tutti i fornitori.', 'L’ho già sentito.'],
    expert: ['Parole da marketing. Mi dia qualcosa di concreto o chiudiamo qui.', 'Parole. Le sento tutti i giorni.'],
  },
  getToThePoint: ['Venga al punto, per favore.', 'Quante parole. Qual è la sua domanda?'],
  objectionLead: [
    'Mi fermo un attimo qui.',
    'Prima di andare avanti, una cosa.',
    'Una cosa, però.',
    'Anche se, sinceramente.',
  ],
  objectionDetail: {
    opening: ['Siamo nel mezzo di altri progetti e non ho spazio per niente di nuovo.'],
    discovery: ['È che non vedo ancora perché questa cosa dovrebbe essere tra le mie priorità.'],
    pitch: ['Tutti mi dicono che il loro prodotto è il migliore. Devo capire perché conta qui.'],
    price: ['Sono i soldi. In questo momento ogni nuova spesa viene messa in discussione.'],
    proof: ['Devo vederlo funzionare in un’azienda come la nostra, non su una slide.'],
    competition: ['Cambiare vuol dire rischio e lavoro, e quello che abbiamo più o meno funziona.'],
    implementation: ['Il mio team non ha tempo per un progetto lungo, e l’ultimo ci è costato caro.'],
    next_step: ['Non mi impegno su cose che non riesco a giustificare internamente.'],
  },
  pushBack: [
    ['Lo dicono tutti. Perché con voi dovrebbe essere diverso?', 'È un po’ generico. Può essere concreto?'],
    ['Non sono ancora convinto. Mi dia qualcosa di preciso.', 'Non sta rispondendo alla mia obiezione.'],
    ['Stiamo girando in tondo. Cosa farebbe, concretamente?', 'Mi serve di più.'],
  ],
  accept: {
    easy: ['D’accordo, ha senso.', 'Va bene, questo mi aiuta.'],
    medium: ['D’accordo, è una risposta ragionevole.', 'Va bene, ci posso stare.'],
    hard: ['Bene. Almeno è concreto.', 'D’accordo. Questa è una risposta.'],
    expert: ['Bene. Per ora lo accetto.', 'Così va meglio. Continui.'],
  },
  acceptGrudging: ['Va bene, andiamo avanti.', 'D’accordo, per ora lasciamola lì.'],
  unresolved: ['Non mi convince, ma vada avanti.', 'Questo non risponde davvero. Comunque, vada avanti.'],
  ignoredObjection: ['Non ha risposto alla mia obiezione.', 'Ha saltato la mia domanda.'],
  nextStep: {
    vague: [
      'Quando, esattamente? Mi dia un giorno e un orario.',
      'La prossima settimana è vago. Che giorno?',
      'Sia preciso. Che giorno, a che ora?',
    ],
    noAction: ['E cosa faremmo quel giorno?', 'Per fare cosa, esattamente?'],
    agree: (when) => [
      `Va bene. ${when.charAt(0).toUpperCase()}${when.slice(1)} mi va bene. Mi mandi un invito.`,
      `D’accordo, facciamo ${when}. Me lo metta in agenda.`,
    ],
    afterAgreement: (when) => [`Allora siamo d’accordo per ${when}.`, `Bene, ${when}.`],
    notReady: {
      discovery: ['È presto per questo. Non sa ancora niente di noi.', 'Piano. Non vedo ancora come si adatti a noi.'],
      pain: [
        'Non vedo ancora quale nostro problema risolverebbe.',
        'Perché rivederci? Non mi ha mostrato cosa ci risolve.',
      ],
      impact: [
        'Non mi ha mostrato quanto vale per noi.',
        'Non posso giustificare un incontro internamente senza sapere cosa c’è in gioco.',
      ],
      decision: ['Non sa nemmeno chi deve essere coinvolto.', 'Prima dovrebbe capire come si decide qui.'],
      objections: ['Non finché i miei dubbi restano aperti.', 'Non ha risposto a quello che le ho detto.'],
      hidden: [
        'Non ancora. Non ha capito davvero la nostra situazione.',
        'C’è di più di quello che ha scoperto. Non ancora.',
      ],
    },
  },
  tone: {
    rude: ['Prego? Non c’è bisogno di parlarmi così.', 'Moderi i toni, per favore.'],
    rudeHangup: ['Non intendo continuare questa conversazione. Arrivederci.', 'Basta così. Arrivederci.'],
    pressure: ['Non mi piace essere messo sotto pressione.', 'Non mi metta fretta. Con me non funziona.'],
    pressureHangup: ['Le ho detto che non mi piace essere messo sotto pressione. Chiudiamo qui. Arrivederci.'],
    interrupted: {
      easy: ['Oh, scusi, prego.', 'Mi lasci solo finire.'],
      medium: ['Mi lasci finire, per favore.', 'Posso finire?'],
      hard: ['Non mi interrompa.', 'Stavo parlando io.'],
      expert: ['Non mi parli sopra.', 'Se continua a interrompermi, la chiamata finisce qui.'],
    },
  },
  impatient: [
    'Non ho molto tempo. Cosa vuole sapere esattamente?',
    'Dove vuole arrivare? Tra poco ho un’altra riunione.',
    'C’è una domanda in tutto questo?',
  ],
  patienceHangup: [
    'Mi dispiace, non credo che faccia per noi adesso. Devo andare. Arrivederci.',
    'Devo andare, così non arriviamo da nessuna parte. Arrivederci.',
  ],
  timeWarning: ['Devo chiudere tra un minuto.', 'Mi resta solo un minuto.'],
  timeHangup: ['Ho finito il tempo, devo entrare in un’altra riunione. Arrivederci.'],
  goodbye: ['Grazie della chiamata. Arrivederci.', 'Va bene. Arrivederci.'],
  goodbyeAgreed: (when) => [`Grazie. Ci sentiamo ${when}. Arrivederci.`, `Perfetto, a ${when}. Arrivederci.`],
  afterGoodbye: ['Adesso devo proprio andare. Arrivederci.'],
  thanks: ['Si figuri.', 'Prego.'],
};
