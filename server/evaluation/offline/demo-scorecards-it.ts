import type { SeedScorecard } from './demo-scorecards';

/**
 * The demo scorecards of ./demo-scorecards.ts in Italian: the same cards, criteria, order, icons
 * and flags, with texts written for an Italian sales team (the prospect is addressed with "lei").
 */
export const DEMO_SCORECARDS_IT: SeedScorecard[] = [
  {
    name: 'Analisi dei bisogni (SPIN)',
    icon: 'search',
    shortDescription:
      'Far emergere la situazione del cliente, i suoi problemi e quanto gli costano, prima di presentare qualsiasi cosa.',
    longDescription:
      'Un colloquio di analisi dei bisogni costruito sulla sequenza SPIN: il venditore ricostruisce la situazione attuale del potenziale cliente, fa emergere i problemi, ' +
      "esplora quanto costano all'azienda e lascia che sia il cliente a dire con parole sue perché risolverli è importante. " +
      'Una buona analisi dei bisogni somiglia a una conversazione curiosa, non a un interrogatorio: il cliente parla per la maggior parte del tempo e il venditore ' +
      'costruisce ogni domanda sulla risposta precedente. Parlare del prodotto prima che il bisogno sia emerso va a sfavore del venditore.',
    criteria: [
      {
        name: 'Domande di situazione',
        description:
          "Ricostruisce con poche domande mirate i fatti dell'assetto attuale del cliente (team, processo, strumenti, volumi).",
        includeInScenario: true,
        levelZero:
          "Non fa alcuna domanda sull'assetto attuale del cliente, oppure passa subito a presentare il prodotto.",
        levelLow:
          'Fa qualche domanda di contesto, ma generica («mi parli della sua azienda») o così numerosa che la chiamata sembra un questionario; chiede comunque informazioni che avrebbe potuto trovare da solo.',
        levelHigh:
          'Fa da due a quattro domande mirate sul processo, gli strumenti, il team o i volumi attuali, cita qualcosa che sa già del cliente e va avanti quando il quadro è chiaro.',
      },
      {
        name: 'Domande sul problema',
        description: 'Fa emergere difficoltà, insoddisfazioni o lacune nel modo in cui il cliente lavora oggi.',
        includeInScenario: true,
        levelZero:
          'Non chiede mai di difficoltà o insoddisfazioni; qualunque problema emerga arriva spontaneamente dal cliente e non viene approfondito.',
        levelLow:
          'Chiede se il cliente ha problemi in modo chiuso o suggestivo («Avete difficoltà con X?») e accetta la prima risposta senza approfondire.',
        levelHigh:
          'Usa domande aperte per far emergere almeno un problema specifico («In quale punto si inceppa quel processo?»), poi fa una domanda di approfondimento che porta il cliente a descriverlo concretamente, con un esempio o una frequenza.',
      },
      {
        name: 'Domande di implicazione',
        description:
          'Esplora le conseguenze del problema: costi, tempo, rischi, impatto su altri team o sugli obiettivi.',
        includeInScenario: true,
        levelZero: 'Non esplora le conseguenze; passa direttamente dal problema al prodotto.',
        levelLow:
          'Afferma lui stesso le conseguenze al posto del cliente («questo vi costerà parecchio») invece di chiederle, oppure chiede una volta e non riprende la risposta.',
        levelHigh:
          "Chiede al cliente di descrivere gli effetti a catena (su fatturato, tempo, clienti, altri team o sui suoi obiettivi) e, quando possibile, gli fa dare un numero o un esempio concreto dell'impatto.",
      },
      {
        name: 'Domande di bisogno-beneficio',
        description: 'Porta il cliente a esprimere con parole sue il valore di risolvere il problema.',
        includeInScenario: false,
        levelZero:
          'Non invita mai il cliente a descrivere il beneficio di una soluzione; il venditore si limita a elencare funzionalità.',
        levelLow: 'Fa una domanda sì/no sul valore («Le sarebbe utile se…?») oppure risponde al posto del cliente.',
        levelHigh:
          'Fa domande aperte come «Se questo fosse risolto, che cosa significherebbe per il suo team?», lascia che sia il cliente a formulare il beneficio e poi collega il prossimo passo a quel beneficio dichiarato.',
      },
      {
        name: 'Ascolto attivo',
        description: 'Mostra che le risposte del cliente sono state ascoltate e orientano la conversazione.',
        includeInScenario: false,
        levelZero:
          'Interrompe il cliente o gli parla sopra, ignora ciò che ha appena detto oppure segue un copione indipendentemente dalle risposte; il venditore parla per la maggior parte del tempo.',
        levelLow:
          'Lascia finire il cliente e accoglie le risposte con intercalari («perfetto», «ok»), ma raramente le riprende o le riformula.',
        levelHigh:
          'Riformula o riassume i punti chiave al cliente («Quindi, se ho capito bene…»), riprende le parole del cliente nelle domande successive, e il cliente parla chiaramente più del venditore.',
      },
    ],
  },
  {
    name: 'Qualificazione MEDDIC',
    icon: 'target',
    shortDescription:
      "Qualificare l'opportunità: metriche, decisore economico, criteri e processo decisionale, criticità e sostenitore interno.",
    longDescription:
      'Un colloquio di qualificazione basato su MEDDIC. Alla fine della chiamata il venditore dovrebbe sapere se la trattativa è reale e come verrà decisa: ' +
      "il risultato misurabile che l'acquirente vuole, chi gestisce il budget, come verranno confrontate le opzioni, i passaggi e le date fino alla firma, " +
      "la criticità che spinge il progetto e chi, all'interno dell'azienda cliente, venderà per conto del venditore. " +
      "Ogni elemento viene valutato in base al fatto che il venditore abbia davvero ottenuto l'informazione, non al fatto che l'argomento sia stato menzionato.",
    criteria: [
      {
        name: 'Metriche',
        description:
          'Individua il risultato aziendale misurabile che il cliente si aspetta e come misurerà il successo.',
        includeInScenario: true,
        levelZero: 'Non si parla di risultati misurabili; il successo resta indefinito.',
        levelLow:
          'Raccoglie un obiettivo vago («essere più efficienti», «aumentare il fatturato») ma non chiede un numero, un valore di partenza o un orizzonte temporale.',
        levelHigh:
          "Porta il cliente a indicare una metrica specifica, con il valore attuale e un obiettivo (per esempio «ridurre i tempi di inserimento da 6 a 3 settimane entro quest'anno»), e conferma come verrà misurata.",
      },
      {
        name: 'Decisore economico',
        description: "Scopre chi ha l'autorità finale per approvare la spesa e come arrivare a quella persona.",
        includeInScenario: true,
        levelZero:
          'Non chiede mai chi approva il budget, oppure dà per scontato che decida la persona con cui sta parlando.',
        levelLow:
          'Chiede chi altro è coinvolto ma accetta una risposta vaga («la direzione») senza ottenere il nome della persona né le sue priorità.',
        levelHigh:
          'Identifica il decisore economico per nome o ruolo, scopre che cosa gli sta a cuore e chiede come e quando il venditore può incontrarlo.',
      },
      {
        name: 'Criteri decisionali',
        description: 'Scopre i criteri tecnici, economici e aziendali con cui il cliente confronterà le opzioni.',
        includeInScenario: true,
        levelZero: 'Non chiede come il cliente valuterà le soluzioni.',
        levelLow:
          "Chiede che cosa conta in una soluzione ma raccoglie solo uno o due criteri generici («il prezzo», «la facilità d'uso») e non li mette in ordine di importanza.",
        levelHigh:
          "Fa emergere i criteri concreti (per esempio integrazioni, requisiti di sicurezza, costo totale) e quali contano di più, e verifica se l'offerta del venditore viene confrontata con alternative.",
      },
      {
        name: 'Processo decisionale',
        description: 'Ricostruisce i passaggi, le persone e le date che separano oggi da un contratto firmato.',
        includeInScenario: false,
        levelZero: 'Nessuna domanda su come o quando verrà presa una decisione.',
        levelLow:
          "Raccoglie una data indicativa o un singolo passaggio («dovrà vederlo l'ufficio legale») ma non la sequenza, le persone coinvolte né che cosa fa scattare ogni passaggio.",
        levelHigh:
          "Ripercorre l'intero percorso fino alla firma (valutazione, approvazioni, ufficio legale e acquisti, data prevista), lo riepiloga al cliente per conferma e annota le scadenze che guidano la decisione.",
      },
      {
        name: 'Identificare la criticità',
        description:
          'Fa emergere la criticità aziendale che rende il progetto prioritario e le sue conseguenze se nulla cambia.',
        includeInScenario: true,
        levelZero: 'Della criticità non si parla; la conversazione resta su funzionalità o prezzi.',
        levelLow: 'Individua un problema, ma non perché conti adesso né che cosa succede se non viene risolto.',
        levelHigh:
          "Porta il cliente a descrivere una criticità specifica, chi ne risente e il costo o il rischio di non fare nulla, e la collega all'urgenza del progetto.",
      },
      {
        name: 'Sostenitore interno',
        description:
          'Individua e mette alla prova un sostenitore interno che ha influenza e un interesse personale nel risultato.',
        includeInScenario: false,
        levelZero: "Non cerca di capire chi sosterrebbe l'acquisto all'interno dell'azienda.",
        levelLow:
          "Dà per scontato che il contatto sia un sostenitore perché è cordiale, senza verificarne l'influenza o la motivazione.",
        levelHigh:
          "Chiede che cosa guadagna personalmente il contatto dalla soluzione del problema, ne mette alla prova l'influenza (per esempio se può ottenere un incontro con il decisore economico) e concorda come lavorare insieme.",
      },
    ],
  },
  {
    name: 'Gestione delle obiezioni',
    icon: 'shield',
    shortDescription:
      'Rispondere alle resistenze con calma: riconoscere, chiarire, riformulare con prove, verificare e andare avanti.',
    longDescription:
      "Come il venditore gestisce obiezioni come il prezzo, i tempi, un concorrente o «mi mandi una mail». Una buona gestione tratta l'obiezione " +
      "come un'informazione: il venditore resta calmo, riconosce la preoccupazione senza discutere, chiede che cosa ci sia davvero dietro, risponde con " +
      'prove pertinenti, verifica che la preoccupazione sia risolta e poi fa avanzare la conversazione. Mettersi sulla difensiva, concedere sconti ' +
      "al primo segnale di resistenza e ignorare l'obiezione ottengono tutti un punteggio basso.",
    criteria: [
      {
        name: 'Riconoscere',
        description: 'Riconosce la preoccupazione con rispetto prima di rispondere, senza contestarla né liquidarla.',
        includeInScenario: true,
        levelZero: "Ignora l'obiezione, ci parla sopra, la contesta («non è vero») o si mette sulla difensiva.",
        levelLow:
          "Riconosce l'obiezione con una frase di circostanza («capisco») e passa subito a controbattere, così il cliente non si sente ascoltato.",
        levelHigh:
          'Riformula la preoccupazione con le parole del cliente e la riconosce come ragionevole («Ha senso essere prudenti sui costi in questo momento») prima di rispondere, con tono calmo.',
      },
      {
        name: 'Chiarire',
        description: "Fa domande per capire il vero motivo dietro l'obiezione prima di rispondere.",
        includeInScenario: true,
        levelZero: "Risponde subito all'obiezione senza chiedere nulla in merito.",
        levelLow:
          'Fa una domanda di chiarimento ma non usa la risposta, oppure risponde a una preoccupazione diversa da quella sollevata.',
        levelHigh:
          "Fa domande aperte che fanno emergere che cosa c'è dietro l'obiezione («Quando dice che è troppo caro, rispetto a che cosa?») e conferma la vera preoccupazione prima di rispondere.",
      },
      {
        name: 'Riformulare con prove',
        description:
          "Risponde con una prospettiva pertinente sostenuta da prove: l'esempio di un cliente, dati o un confronto concreto.",
        includeInScenario: true,
        levelZero:
          'Non dà alcuna risposta, cede subito (per esempio con uno sconto non richiesto) o fa affermazioni senza fondamento.',
        levelLow:
          'Dà una risposta generica («i nostri clienti ci adorano») o prove che non corrispondono alla situazione del cliente.',
        levelHigh:
          'Riformula la preoccupazione in relazione agli obiettivi del cliente e la sostiene con prove specifiche e pertinenti, come il risultato di un cliente simile, un numero o un confronto con il costo del non fare nulla.',
      },
      {
        name: 'Verificare la risoluzione',
        description: 'Controlla che la risposta abbia risolto la preoccupazione prima di andare avanti.',
        includeInScenario: false,
        levelZero: 'Va avanti senza verificare se la preoccupazione è stata risolta.',
        levelLow:
          'Fa una verifica chiusa e suggestiva («Ha senso, vero?») e prende qualsiasi risposta per un consenso.',
        levelHigh:
          "Fa una verifica aperta («Come le sembra?» oppure «Che cos'altro le servirebbe vedere?») e gestisce ogni dubbio rimasto prima di proseguire.",
      },
      {
        name: 'Far avanzare la conversazione',
        description: "Dopo aver risolto l'obiezione, porta la chiamata verso un prossimo passo concreto.",
        includeInScenario: false,
        levelZero: "Dopo l'obiezione la chiamata si arena o finisce senza che venga proposto un prossimo passo.",
        levelLow: 'Propone un prossimo passo vago («restiamo in contatto») senza data, responsabile o scopo.',
        levelHigh:
          "Propone un prossimo passo specifico legato alla preoccupazione risolta (per esempio una chiamata con l'ufficio finanza giovedì per rivedere il modello di ROI) e ottiene il consenso del cliente.",
      },
    ],
  },
  {
    name: 'Apertura della chiamata a freddo',
    icon: 'phone',
    shortDescription:
      'Conquistare i primi 30 secondi di una chiamata a freddo e trasformarli in una conversazione e in un prossimo passo.',
    longDescription:
      'Il primo minuto di una chiamata a freddo in uscita. Il venditore si presenta con chiarezza, chiede un momento del tempo del cliente, ' +
      'dà un motivo credibile per chiamare proprio quella persona, offre una breve ipotesi del valore che potrebbe portare, trasforma la ' +
      'chiamata in una conversazione con una domanda e chiede un prossimo passo concreto. Il cliente è impegnato e non si aspettava la ' +
      'chiamata: vengono valutati la brevità, la pertinenza e il rispetto del suo tempo.',
    criteria: [
      {
        name: 'Apertura con richiesta di permesso',
        description:
          "Presenta sé stesso e l'azienda con chiarezza, riconosce di stare interrompendo e chiede un breve momento.",
        includeInScenario: true,
        levelZero:
          'Parte con la presentazione del prodotto senza presentarsi come si deve, oppure apre con «Come sta oggi?» e frasi di riempimento.',
        levelLow:
          "Dice nome e azienda ma non riconosce l'interruzione né chiede tempo, oppure lo chiede in un modo che invita a un facile «no» («La disturbo?»).",
        levelHigh:
          "Dice nome e azienda in una sola frase, riconosce che la chiamata è inattesa e chiede un tempo breve e preciso («Mi concede 30 secondi per dirle perché l'ho chiamata? Poi decide lei se vale la pena continuare.»).",
      },
      {
        name: 'Motivo della chiamata',
        description: 'Dà un motivo pertinente e specifico per chiamare questa persona adesso.',
        includeInScenario: true,
        levelZero:
          'Non dà alcun motivo per la chiamata, oppure un motivo che riguarda il venditore («la chiamo per presentarle la nostra azienda»).',
        levelLow: 'Dà un motivo generico che potrebbe valere per chiunque («aiutiamo aziende come la sua»).',
        levelHigh:
          "Dà un motivo specifico per questo cliente, il suo ruolo, la sua azienda o il suo settore, come un evento recente, un segnale d'acquisto o una tendenza osservata in aziende simili.",
      },
      {
        name: 'Ipotesi di valore',
        description:
          "Offre un'ipotesi breve, centrata sui risultati, del problema che il venditore potrebbe risolvere per il cliente.",
        includeInScenario: true,
        levelZero:
          "Descrive le funzionalità del prodotto o la storia dell'azienda invece di un qualsiasi valore per il cliente.",
        levelLow: 'Cita un beneficio, ma è vago («risparmiare tempo e denaro») o ci arriva solo dopo diverse frasi.',
        levelHigh:
          "In una o due frasi nomina un problema concreto che affrontano aziende simili a quella del cliente e il risultato ottenuto dai clienti del venditore, presentato come un'ipotesi che il cliente può confermare o respingere.",
      },
      {
        name: 'Domanda coinvolgente',
        description: 'Trasforma il monologo in una conversazione con una domanda aperta pertinente.',
        includeInScenario: false,
        levelZero: 'Non fa domande, oppure solo domande chiuse che chiudono la conversazione («Le interessa?»).',
        levelLow: "Fa una domanda, ma generica («Quali sono le sue priorità?») o scollegata dall'ipotesi di valore.",
        levelHigh:
          "Fa una domanda aperta che mette alla prova l'ipotesi («Come lo gestite oggi?») e approfondisce la risposta invece di tornare alla presentazione del prodotto.",
      },
      {
        name: 'Richiesta del prossimo passo',
        description: 'Chiede un prossimo passo chiaro e poco impegnativo, con un orario preciso.',
        includeInScenario: false,
        levelZero:
          'Chiude la chiamata senza chiedere nulla, oppure accetta «mi mandi qualche informazione» senza un seguito.',
        levelLow:
          'Chiede un incontro in modo vago («possiamo sentirci uno di questi giorni?») o chiede un impegno troppo grande troppo presto.',
        levelHigh:
          "Propone un prossimo passo specifico e breve con data e ora (per esempio una chiamata di 20 minuti martedì alle 10) e conferma i dettagli dell'invito prima di chiudere.",
      },
    ],
  },
  {
    name: 'Chiusura e prossimi passi',
    icon: 'trophy',
    shortDescription:
      "Riepilogare quanto concordato, verificare l'impegno e chiudere con un prossimo passo con una data e un responsabile.",
    longDescription:
      'La parte finale di una conversazione di vendita, in qualunque fase si trovi. Il venditore riepiloga ciò che ha appreso e ciò che è stato concordato, ' +
      'verifica quanto il cliente è pronto ad andare avanti, affronta gli ultimi dubbi e chiude con un prossimo passo concordato da entrambe le parti, ' +
      'con una data, un responsabile e uno scopo. Una chiamata che finisce con «le mando qualcosa» e nessun impegno ottiene un punteggio basso, ' +
      'per quanto piacevole sia stata.',
    criteria: [
      {
        name: 'Riepilogo del valore',
        description: 'Riassume le esigenze del cliente e il modo in cui la soluzione proposta vi risponde.',
        includeInScenario: false,
        levelZero: 'Nessun riepilogo; la chiamata si chiude bruscamente o con un ringraziamento generico.',
        levelLow:
          'Riassume le funzionalità del prodotto invece delle esigenze del cliente, oppure il riepilogo tralascia la preoccupazione principale emersa.',
        levelHigh:
          'Riassume le esigenze principali del cliente con le sue parole, collega ciascuna al modo in cui la soluzione aiuta e chiede se manca qualcosa.',
      },
      {
        name: 'Chiusura di prova',
        description: 'Verifica quanto il cliente è pronto e fa emergere i dubbi rimasti prima di chiedere un impegno.',
        includeInScenario: true,
        levelZero: "Non verifica mai come si sente il cliente all'idea di andare avanti.",
        levelLow: 'Fa una domanda sì/no («Allora, le interessa?») e non approfondisce una risposta tiepida.',
        levelHigh:
          'Fa una domanda aperta sulla disponibilità ad andare avanti («Da 1 a 10, quanto si avvicina a ciò che le serve?») ed esplora che cosa colmerebbe la distanza.',
      },
      {
        name: 'Richiesta di impegno',
        description: "Chiede direttamente l'impegno adatto alla fase della trattativa.",
        includeInScenario: true,
        levelZero: 'Non chiede alcun impegno.',
        levelLow: 'Accenna a un impegno o lo chiede scusandosi, e lascia perdere al primo dubbio.',
        levelHigh:
          'Chiede con chiarezza e sicurezza un impegno specifico (un progetto pilota, la revisione di una proposta, una data di firma) e resta in silenzio per lasciar rispondere il cliente.',
      },
      {
        name: 'Prossimo passo concordato',
        description:
          'Chiude la chiamata con un prossimo passo che ha una data, dei responsabili e uno scopo, confermato da entrambe le parti.',
        includeInScenario: false,
        levelZero: 'Non viene concordato alcun prossimo passo.',
        levelLow: 'Si accenna a un prossimo passo, ma senza data, responsabile o scopo chiaro.',
        levelHigh:
          "Concorda un prossimo passo con una data, partecipanti indicati per nome e uno scopo, conferma chi fa che cosa nel frattempo e dice come verrà inviato l'invito.",
      },
    ],
  },
];
