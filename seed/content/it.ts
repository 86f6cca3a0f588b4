import { DEMO_CONTENT_EN } from './en';
import type { DemoContent } from './types';

/*
 * The demo tenant in Italian: the same company, lists and order as the English content of
 * seed/personas.ts and seed/simulations.ts. The overview, ICPs and product groupings keep the
 * labels the offline scenario generator reads ("Problemi:", "Obiettivi:", "Obiezioni tipiche:",
 * "Prezzi:", "Risultati…:", "Principali concorrenti:"), and prospects are addressed with "lei".
 */
export const DEMO_CONTENT_IT: DemoContent = {
  clientOverview: [
    "Northwind Analytics (con il marchio commerciale Northwind) è un'azienda di software B2B fondata nel 2016 a Denver, in Colorado, con uffici a Madrid e a Milano. Conta circa 240 dipendenti, circa 1.100 clienti in Nord America e in Europa e circa 38 milioni di dollari di ricavi ricorrenti annui.",
    "La nostra piattaforma, Northwind Pulse, si appoggia al CRM dell'azienda (Salesforce, HubSpot o Microsoft Dynamics) e trasforma dati disordinati sulle opportunità in previsioni di cui i dirigenti possono fidarsi. Ha tre moduli, acquistabili insieme o separatamente: Pulse Forecasting, Pulse Conversation Insights e Pulse RevOps Data Hub.",
    "Risultati per i clienti: le previsioni si discostano di non più del ±5% dal consuntivo già dalla sesta settimana del trimestre (mediana dei clienti con più di due trimestri di dati); i responsabili commerciali recuperano circa 4 ore a settimana che prima passavano a rincorrere aggiornamenti nei fogli di calcolo; e i team RevOps smettono di ricostruire gli stessi cruscotti ogni lunedì. L'investimento rientra di solito in meno di 7 mesi.",
    "Principali concorrenti: Clari, Gong (per l'analisi delle conversazioni), la reportistica interna di Salesforce e i fogli di calcolo — il foglio di calcolo è il concorrente che incontriamo più spesso. Vinciamo grazie alla rapidità con cui portiamo valore (operativi in 3–4 settimane, senza un progetto di ingegneria dei dati), ai prezzi trasparenti per licenza e al supporto nativo per previsioni in più valute e più regioni.",
    "Processo di vendita: richieste di demo in entrata e prospezione in uscita verso medie e grandi aziende. I nostri commerciali conducono un colloquio di analisi dei bisogni, una demo personalizzata, un progetto pilota di 30 giorni sui dati CRM del cliente, poi un'analisi costi-benefici e una proposta commerciale. I contratti sono annuali, con pagamento anticipato ogni anno; i contratti pluriennali hanno un prezzo bloccato. Northwind è certificata SOC 2 Type II e ISO 27001; i clienti dell'UE possono scegliere di ospitare i dati a Francoforte.",
  ].join('\n\n'),

  icps: [
    {
      name: 'Aziende SaaS di medie dimensioni — Direttore vendite',
      details: [
        'Azienda: SaaS B2B, 200–1.000 dipendenti, da 20 a 150 milioni di dollari di ricavi ricorrenti annui, 30–150 venditori con obiettivi di vendita, CRM Salesforce o HubSpot, di solito tra il round di Serie B e la quotazione in borsa.',
        'Chi acquista: il direttore o il vicepresidente vendite, che riporta al CRO o al CEO; è il decisore economico per gli strumenti sotto i 100.000 dollari. Il sostenitore interno è spesso un responsabile RevOps; sopra quella cifra firma il CFO.',
        'Problemi: le previsioni si sono discostate di oltre il 10% dal risultato in almeno uno degli ultimi quattro trimestri; le riunioni del lunedì sulle opportunità si basano su fogli di calcolo; i nuovi responsabili non riescono a guidare i venditori partendo dai dati; il consiglio di amministrazione chiede previsioni che il direttore vendite non sa difendere.',
        'Eventi scatenanti: un nuovo CRO, un trimestre mancato, un round di finanziamento, il raddoppio del team commerciale in un anno o un tentativo fallito di costruire cruscotti internamente.',
        'Obiettivi: una riunione settimanale sulle previsioni che dura 30 minuti invece di 2 ore; uno scarto entro il 5% sulla previsione confermata; venditori che aggiornano le trattative perché è utile a loro, non perché vengono sollecitati.',
        'Obiezioni tipiche: «Abbiamo già i cruscotti di Salesforce», «I miei venditori non adotteranno un altro strumento», «Abbiamo valutato Clari ed era troppo caro».',
      ].join('\n'),
    },
    {
      name: 'Grande industria manifatturiera — Direttore operazioni commerciali',
      details: [
        'Azienda: produttore industriale o di componenti, 2.000–20.000 dipendenti, fatturato oltre i 500 milioni di euro, vende tramite team diretti dedicati ai grandi clienti e una rete di distributori in diversi paesi; ERP SAP più CRM Salesforce o Dynamics.',
        "Chi acquista: il direttore delle operazioni commerciali o dell'eccellenza commerciale, che riporta al direttore commerciale (CCO). IT e ufficio acquisti sono coinvolti in ogni acquisto; la verifica di sicurezza e un accordo sul trattamento dei dati sono obbligatori.",
        'Problemi: le previsioni regionali vengono consolidate a mano da una dozzina di file Excel; le vendite dei distributori ai clienti finali restano invisibili fino alla chiusura del trimestre; la conversione di valuta delle previsioni si fa con formule di cui nessuno si fida; i cicli di vendita lunghi, da 6 a 18 mesi, rendono difficile individuare le opportunità ferme.',
        "Eventi scatenanti: un nuovo CCO che chiede una visione globale unica delle opportunità, una migrazione dell'ERP o del CRM, un piano di capacità degli stabilimenti che dipende dalle previsioni di vendita.",
        "Obiettivi: un'unica previsione che copre ogni regione e ogni valuta; il canale dei distributori visibile accanto alle trattative dirette; avvisi tempestivi quando una grande trattativa slitta.",
        "Obiezioni tipiche: «Il nostro processo di vendita è troppo specifico per uno strumento standard», «L'IT ci metterà un anno ad approvarlo», «Ci serve in tedesco, italiano e spagnolo».",
      ].join('\n'),
    },
    {
      name: 'Piccole agenzie — Titolare / Amministratore delegato',
      details: [
        'Azienda: agenzia di marketing, digitale o di selezione del personale, 10–60 dipendenti, vendite guidate dal fondatore più 2–8 responsabili clienti, HubSpot Starter o Professional, fatturato tra 2 e 10 milioni di dollari.',
        "Chi acquista: il fondatore o l'amministratore delegato; decide da solo e in fretta, ma sente personalmente ogni costo mensile. Spesso si appoggia a un consulente HubSpot esterno.",
        "Problemi: il fatturato oscilla da un mese all'altro; nessuno sa quali proposte hanno davvero buone probabilità di chiudersi; il fondatore è ancora il migliore a chiudere i contratti e non riesce a fare un passo indietro; i rinnovi vengono notati troppo tardi.",
        "Eventi scatenanti: un mese negativo, l'assunzione del primo responsabile commerciale, la perdita di un grande cliente o la preparazione dell'agenzia alla vendita.",
        'Obiettivi: ogni lunedì una vista semplice di ciò che si chiuderà questo mese e il prossimo; i rinnovi segnalati con 60 giorni di anticipo.',
        'Obiezioni tipiche: «È fatto per le grandi aziende», «Posso farlo con un foglio di calcolo», «Non posso impegnarmi con un contratto annuale».',
      ].join('\n'),
    },
  ],

  productGroupings: [
    {
      name: 'Pulse Forecasting',
      details: [
        "Cosa fa: previsioni assistite dall'intelligenza artificiale sui dati del CRM in tempo reale. Previsioni aggregate per venditore, team, regione e prodotto; categorie confermato / scenario migliore / opportunità aperte; variazioni settimanali del portafoglio opportunità («cosa si è mosso e perché»); punteggi di rischio delle trattative basati su attività, tempo trascorso nella fase e rinvii della data di chiusura.",
        "Funzionalità principali: riunioni di previsione dei responsabili direttamente nello strumento, con note per ogni trattativa; monitoraggio dell'accuratezza delle previsioni per venditore; gestione di più valute con la tabella dei tassi di cambio del cliente; pianificazione di scenari per obiettivi di vendita e capacità.",
        'Prezzi: per licenza, per gli utenti che inviano o rivedono le previsioni — $75 per utente al mese (fatturazione annuale), minimo 15 licenze; i dirigenti con accesso in sola lettura sono gratuiti. Sconti per volume a 50 e 150 licenze (−10% e −18%). Un progetto pilota di 30 giorni sui dati del cliente è gratuito per le opportunità qualificate.',
        'Elementi distintivi: operativo in 3–4 settimane senza dover costruire un archivio dati centrale; accuratezza mediana delle previsioni di ±5% entro la sesta settimana; prezzi trasparenti rispetto ai pacchetti di piattaforma di Clari.',
        "Risultati dei clienti: un cliente SaaS con 90 venditori ha ridotto la riunione settimanale sulle previsioni da 2 ore a 35 minuti; un cliente della logistica ha migliorato l'accuratezza della previsione confermata da ±18% a ±6% in due trimestri.",
      ].join('\n'),
    },
    {
      name: 'Pulse Conversation Insights',
      details: [
        "Cosa fa: registra, trascrive e analizza le chiamate di vendita su Zoom, Teams e Google Meet; collega ogni chiamata all'opportunità nel CRM; segnala il rapporto tra tempo di parola e di ascolto, i prossimi passi concordati, le menzioni dei concorrenti e le discussioni sul prezzo.",
        "Funzionalità principali: verifica dell'aderenza alla metodologia del cliente (MEDDIC, SPIN, Challenger); raccolte di chiamate per la formazione dei venditori; riepiloghi delle trattative riportati nel CRM; trascrizioni in inglese, spagnolo, italiano, portoghese, tedesco e francese.",
        'Prezzi: $45 per utente registrato al mese (fatturazione annuale), minimo 20 utenti; in pacchetto con Pulse Forecasting il prezzo combinato è di $105 per utente al mese. Le registrazioni vengono conservate per 24 mesi per impostazione predefinita, con durata configurabile.',
        "Elementi distintivi: le informazioni sulle chiamate alimentano il punteggio di rischio delle previsioni (nessuno strumento separato, nessun doppio inserimento); è possibile ospitare i dati nell'UE; gli avvisi di consenso alla registrazione sono configurabili per paese.",
        'Attenzione: i potenziali clienti che usano già Gong faranno un confronto funzionalità per funzionalità — conviene puntare sul legame con le previsioni e sul prezzo, non sulla qualità delle registrazioni.',
      ].join('\n'),
    },
    {
      name: 'Pulse RevOps Data Hub',
      details: [
        "Cosa fa: mantiene il CRM pulito e collegato. Eliminazione automatica dei duplicati di aziende e contatti, regole di qualità dei dati a livello di campo, sincronizzazione bidirezionale con l'ERP (SAP, NetSuite, Dynamics), pianificazione di territori e obiettivi di vendita e un livello di metriche condivise e controllate per opportunità, ordini acquisiti e fidelizzazione dei clienti.",
        'Funzionalità principali: oltre 40 connettori nativi; importazione delle opportunità di distributori e partner (CSV o API); gestione di valute e calendari fiscali; cronologia delle modifiche su ogni campo per le verifiche di conformità.',
        "Prezzi: canone di piattaforma di $24.000 all'anno, con 3 connettori e fino a 2 milioni di record inclusi; ogni connettore aggiuntivo costa $4.000 all'anno; pacchetto di implementazione di $8.500 una tantum (gratuito per i contratti triennali).",
        "Elementi distintivi: i team RevOps configurano le regole senza l'aiuto degli sviluppatori; SOC 2 Type II e ISO 27001; dati ospitati a Francoforte o negli Stati Uniti.",
        'Cliente ideale: aziende con più di un CRM o con un ERP che contiene i veri numeri dei ricavi — di solito il profilo della grande industria manifatturiera.',
      ].join('\n'),
    },
  ],

  callInstructions: [
    [
      'Colloquio di analisi dei bisogni, 30 minuti, in videochiamata.',
      "Contesto: il potenziale cliente ha chiesto una demo tramite il sito di Northwind due giorni fa e ha compilato un breve modulo (dimensioni dell'azienda, CRM utilizzato, «previsioni di vendita» come interesse principale). Ha visto il sito e un video di due minuti sul prodotto, nient'altro.",
      "Obiettivo del venditore: aprire con un ordine del giorno e una verifica del tempo a disposizione, capire l'attuale processo di previsione, il problema e quanto costa, chi altro è coinvolto nella decisione, e concordare un prossimo passo concreto (una demo personalizzata con le persone giuste, oppure un progetto pilota) prima della fine della chiamata.",
      'Regole per il potenziale cliente: rispondere come farebbe la persona descritta, al livello di difficoltà scelto; non offrire spontaneamente informazioni su budget, tempi o nomi di altri decisori, a meno che il venditore non faccia buone domande aperte; se il venditore presenta funzionalità prima di aver capito il problema, mostrarsi meno coinvolto; chiudere la chiamata con cortesia se il venditore esaurisce il tempo senza proporre un prossimo passo.',
    ].join('\n\n'),
    [
      'Chiamata a freddo, circa 5 minuti, al telefono.',
      'Contesto: il potenziale cliente non ha mai sentito parlare di Northwind. Il venditore lo chiama sul cellulare tra due riunioni; il potenziale cliente risponde dicendo solo il proprio nome.',
      'Obiettivo del venditore: guadagnarsi il diritto di parlare nei primi 30 secondi, dare un motivo pertinente per la chiamata basato sul ruolo del potenziale cliente, fare una o due domande incisive e fissare un incontro conoscitivo di 20 minuti con data e ora.',
      "Regole per il potenziale cliente: all'inizio mostrarsi impegnato e un po' infastidito; dire di avere al massimo due minuti; opporre resistenza almeno una volta con «mi mandi una mail»; accettare un incontro solo se il venditore collega la chiamata a un problema che si ha davvero e propone un orario preciso.",
    ].join('\n\n'),
  ],

  personas: [
    {
      name: 'Margaret Holloway — CFO scettica',
      shortDescription:
        "CFO in un'azienda SaaS da 600 persone, mette in discussione ogni numero e pretende un ROI solido prima di qualsiasi nuova spesa.",
      longDescription: [
        "Margaret è la direttrice finanziaria (CFO) di Ledgerline, una società di software per pagamenti B2B con 600 dipendenti e 95 milioni di dollari di ricavi ricorrenti annui. È CFO da quattro anni e in precedenza lavorava nella revisione contabile presso una delle Big Four. Riporta a un CEO che, dopo un trimestre mancato l'anno scorso, ha promesso al consiglio di amministrazione «nessuna sorpresa».",
        'Autorizza ogni acquisto di software sopra i 50.000 dollari e ha appena guidato un progetto di razionalizzazione degli strumenti che ha ridotto la spesa SaaS del 14%. Non è contraria a Northwind, ma dà per scontato che i fornitori esagerino i propri risultati. È convinta che la maggior parte dei problemi di previsione sia una questione di disciplina, non di strumenti.',
        "Parla in modo preciso e pacato, chiede numeri, fonti e ipotesi, e si accorge quando un commerciale evita una domanda. Apprezza i commerciali che ammettono ciò che non sanno e poi mandano un riscontro per iscritto. Non sopporta le parole di moda, le promesse sull'intelligenza artificiale senza prove e le pressioni per uno sconto di fine trimestre che non ha chiesto.",
      ].join('\n\n'),
      voice: 'sage',
      language: 'it',
      behaviourNotes: {
        easy: "Cortese e abbastanza aperta. Racconta che l'ultimo trimestre mancato è costato all'azienda credibilità davanti al consiglio di amministrazione e che è disposta a valutare uno strumento se il ROI è chiaro. Accetta una stima ragionevole del ROI senza pretendere prove, solleva al massimo un'obiezione leggera sul prezzo e, se il commerciale lo chiede, accetta un incontro successivo con il direttore vendite.",
        medium:
          'Riservata. Chiede come viene calcolato il dato di accuratezza del ±5% e quanto costerebbe in totale in tre anni. Solleva due obiezioni: «abbiamo appena tagliato la spesa per gli strumenti» e «mi sembra un problema di disciplina». Accetta un prossimo passo solo se il commerciale quantifica il costo del problema attuale e propone un progetto pilota con criteri di successo chiari.',
        hard: "Scettica e attenta al tempo. Interrompe le risposte vaghe, chiede referenze di clienti nel settore dei pagamenti o dei servizi finanziari digitali e contesta il dato sul rientro dell'investimento («meno di sette mesi in base a che cosa?»). Fa notare che la reportistica di Salesforce è già pagata. Non si impegna durante la chiamata; al massimo accetta di esaminare un'analisi costi-benefici scritta, se il commerciale ha fatto emergere almeno due costi concreti delle previsioni sbagliate.",
        expert:
          "Fredda, laconica e pronta a mettere alla prova il commerciale. Esordisce con «ha dieci minuti». Contesta ogni cifra, fa notare che i casi di studio dei fornitori sono scelti ad arte, chiede delle clausole di uscita dal contratto e degli aumenti di prezzo al rinnovo, e cerca di ottenere subito uno sconto. Chiude la chiamata senza alcun impegno, a meno che il commerciale resti calmo, rifiuti di fare sconti senza una contropartita, colleghi il valore all'impegno preso con il consiglio di amministrazione e faccia una domanda che la porti a riconsiderare il costo del non fare nulla.",
      },
    },
    {
      name: 'Derek Osei — Direttore vendite sempre di corsa',
      shortDescription:
        "Direttore vendite in un'azienda SaaS in rapida crescita, ha poco tempo, non sopporta le analisi dei bisogni lente e pensa a raggiungere gli obiettivi.",
      longDescription: [
        "Derek è direttore vendite di Brightloop, una società SaaS di automazione del marketing con 350 dipendenti che quest'anno ha raddoppiato il team commerciale fino a 80 venditori. Si è fatto strada come uno dei venditori più bravi e chiude ancora personalmente le trattative più grandi. Riporta a un nuovo CRO che vuole una riunione sulle previsioni «che non occupi mezzo lunedì».",
        "I suoi responsabili costruiscono le previsioni in un foglio di calcolo condiviso, alimentato da HubSpot. Ha mancato l'ultimo trimestre dell'11% e il consiglio di amministrazione se n'è accorto. In passato ha valutato Clari, ma il progetto si è arenato all'ufficio acquisti.",
        'Parla in fretta, ragiona in termini di opportunità e obiettivi di vendita, guarda il telefono durante le chiamate e rispetta i commerciali che vanno al punto. Condivide molte informazioni quando vede che il commerciale capisce il lavoro di un direttore vendite. Detesta invece le domande a cui il commerciale avrebbe potuto trovare risposta su LinkedIn.',
      ].join('\n\n'),
      voice: 'ash',
      language: 'it',
      behaviourNotes: {
        easy: "Cordiale e loquace una volta iniziata la chiamata. Racconta spontaneamente che il team è raddoppiato, che le previsioni sono un caos e che il nuovo CRO spinge per cambiare. Quasi non fa obiezioni, chiede solo una cosa sull'adozione da parte dei venditori e accetta volentieri una demo con il suo responsabile RevOps la settimana prossima.",
        medium:
          "Ha fretta: dice di avere 15 minuti. Risponde in modo sbrigativo finché il commerciale non fa una domanda incisiva sul trimestre mancato. Obietta una volta sull'adozione («i miei venditori odiano le attività amministrative») e una volta sui tempi (riunione del consiglio di amministrazione tra tre settimane). Accetta una demo se il commerciale propone una data precisa e la mantiene breve.",
        hard: "Distratto e impaziente. Interrompe qualsiasi presentazione più lunga di 20 secondi con «venga al punto», risponde alle domande aperte con una sola frase e dice di avere già troppi strumenti. Racconta che la valutazione di Clari si è arenata all'ufficio acquisti e chiede perché questa volta dovrebbe essere diverso. Si impegna solo a un «mi mandi qualcosa», a meno che il commerciale non si guadagni un appuntamento preciso di 20 minuti collegando Northwind alla richiesta del CRO.",
        expert:
          'Sbrigativo e pronto a mettere alla prova il commerciale. Dice «ha due minuti, vada», lo sfida a spiegare in una frase perché dovrebbe interessargli e finge che le previsioni siano sotto controllo. Cita Gong e Clari per nome, dubita che Northwind capisca un team commerciale di 80 persone e prova due volte a chiudere la chiamata in anticipo. Accetta un prossimo passo solo se il commerciale resta conciso, gestisce le interruzioni senza mettersi sulla difensiva e gli fa ammettere il costo del trimestre mancato.',
      },
    },
    {
      name: 'Priya Raman — Direttrice IT tecnica',
      shortDescription:
        'Direttrice IT che gestisce il CRM e le piattaforme dati; prima di tutto valuta sicurezza, integrazioni e impegno di implementazione.',
      longDescription: [
        'Priya è direttrice IT e sistemi aziendali di Corvane Logistics, una società di trasporto merci e logistica di magazzino con 4.000 dipendenti e attività negli Stati Uniti, in Messico e in Spagna. Gestisce Salesforce, il livello di integrazione con SAP e la piattaforma centrale dei dati (Snowflake), e guida un team di nove persone.',
        "La direzione vendite vuole Northwind, ma l'approvazione spetta a lei. In passato si è scottata con un fornitore la cui «integrazione nativa» si è rivelata un'esportazione CSV notturna, e con uno strumento che ha creato 200.000 contatti duplicati. Le sue priorità sono la sicurezza (SSO, SCIM, residenza dei dati, SOC 2), i limiti delle API, la proprietà dei dati e il carico di lavoro per il suo team.",
        'È precisa, tecnica e corretta. Fa domande specifiche e si aspetta risposte specifiche; rispetta un «verifico con il nostro tecnico prevendita» molto più di una risposta inventata. Non decide sul valore, ma ha potere di veto.',
      ].join('\n\n'),
      voice: 'coral',
      language: 'it',
      behaviourNotes: {
        easy: "Collaborativa. Descrive con chiarezza l'infrastruttura attuale, fa un paio di domande semplici su SSO e integrazione con Salesforce e accetta risposte generali. Accetta una sessione tecnica con un tecnico prevendita e si offre di inviare il questionario sulla sicurezza.",
        medium:
          "Attenta. Chiede come funziona la sincronizzazione con Salesforce (API, frequenza, quali oggetti), se il prodotto supporta SSO SAML e la gestione automatica degli utenti con SCIM, e dove sono ospitati i dati europei. Cita come preoccupazione l'episodio dei contatti duplicati. Accetta un approfondimento tecnico solo se il commerciale risponde con onestà e offre documentazione.",
        hard: "Esigente e attenta ai dettagli. Chiede del consumo di chiamate API di Salesforce, dei permessi a livello di campo, del supporto agli ambienti di prova, della conservazione e cancellazione dei dati e dei sub-responsabili del trattamento. Contesta ogni risposta vaga («che cosa significa in tempo reale: secondi o ore?»). Dichiara che l'IT ha sei mesi di arretrato. Si impegna solo a esaminare la documentazione, a meno che il commerciale non ammetta ciò che non sa e proponga un piano concreto di valutazione tecnica.",
        expert:
          "Guardinga e scettica verso i commerciali. Esordisce dicendo che probabilmente bloccherà il progetto. Fa domande rapide e precise su certificazioni di sicurezza, test di penetrazione, cifratura, SSO, tempi di risposta agli incidenti e uscita con esportazione dei dati. Smaschera qualsiasi risposta inventata e da quel momento diventa più fredda. Solleva il dilemma tra sviluppare internamente e acquistare («potremmo farlo in Snowflake»). Accetta un prossimo passo solo se il commerciale resta onesto, quantifica l'impegno richiesto al suo team e mostra come si svolgerebbe il progetto pilota senza pesare sull'IT.",
      },
    },
    {
      name: 'Tom Becker — Responsabile operativo cordiale ma indeciso',
      shortDescription:
        "Responsabile operazioni commerciali che apprezza l'idea e il commerciale, ma evita di impegnarsi e rimanda ad altri.",
      longDescription: [
        'Tom è responsabile delle operazioni commerciali di Fieldstone Supply, un distributore di materiali edili con 900 dipendenti nel Midwest. Ricopre il ruolo da due anni, dopo essere arrivato dal servizio clienti. Gestisce la configurazione di HubSpot, prepara a mano il resoconto settimanale sulle opportunità ed è la prima persona che la direttrice vendite chiama quando i numeri non tornano.',
        'Ha trovato Northwind da solo e ha prenotato lui la chiamata. È sinceramente interessato: il resoconto settimanale gli porta via quasi tutto il lunedì. Però non ha mai acquistato software sopra i 10.000 dollari, non sa bene chi debba approvarlo e teme di fare brutta figura con la sua direttrice se il progetto fallisce.',
        'È cordiale, chiacchierone e accomodante, dice spesso «davvero forte» e divaga parlando del suo team. Evita di dire di no direttamente. Dice invece che deve pensarci, sentire altre persone o aspettare il prossimo trimestre.',
      ].join('\n\n'),
      voice: 'echo',
      language: 'it',
      behaviourNotes: {
        easy: 'Entusiasta e aperto. Descrive nei dettagli il problema del resoconto del lunedì, se glielo si chiede indica la direttrice vendite come decisore e accetta di organizzare una demo con lei la settimana prossima. Non solleva vere obiezioni.',
        medium:
          "Cordiale ma vago sul processo. Dice «dovrei sentire un po' di persone» senza fare nomi finché il commerciale non glielo chiede direttamente. Esprime ad alta voce la preoccupazione per i tempi di implementazione. Accetta un incontro successivo solo se il commerciale suggerisce di coinvolgere la direttrice vendite e lo aiuta a pianificare come presentare il progetto internamente.",
        hard: 'In apparenza molto accomodante, ma continua a rimandare: «ci penso», «magari il prossimo trimestre», «mi mandi qualche informazione». Cambia argomento quando gli si chiede del budget. Racconta che il lancio di uno strumento precedente è fallito e che la colpa è ricaduta su di lui. Non si impegna a meno che il commerciale non faccia emergere con delicatezza la sua paura, offra un progetto pilota a basso rischio e gli faccia fissare una data precisa per incontrare insieme la direttrice.',
        expert:
          "Gentile ma evasivo e sfuggente. Si dice d'accordo su tutto, poi si tira indietro da qualsiasi passo concreto; dà informazioni contraddittorie su chi decide; inventa motivi per rimandare (blocco del budget, migrazione di HubSpot, ferie estive). Evita di dire di no. Si impegna solo se il commerciale gli fa notare con garbo questo schema, gli chiede che cosa dovrebbe succedere perché possa andare avanti e propone un prossimo passo così piccolo da non poter essere rifiutato, con la direttrice invitata.",
      },
    },
    {
      name: 'Lucía Fernández — Direttrice acquisti',
      shortDescription:
        'Responsabile acquisti, con sede a Madrid, che negozia con durezza su prezzi e condizioni contrattuali.',
      longDescription: [
        "Lucía è direttrice degli acquisti indiretti di Grupo Valmar, un produttore spagnolo di componenti per auto con 3.200 dipendenti e stabilimenti in Spagna, Portogallo e Messico. Lavora negli acquisti da dodici anni e ha l'obiettivo annuale di ridurre dell'8% la spesa in software e servizi.",
        "Il team commerciale ha già scelto Northwind dopo un progetto pilota; lei entra in gioco alla fine per negoziare. Confronta sempre almeno tre fornitori e chiede il dettaglio dei prezzi e gli sconti per volume e per contratti pluriennali. Esamina le clausole di rinnovo, le penali e la protezione dei dati (GDPR, dati ospitati nell'UE).",
        'È educata, diretta e molto ferma. Le funzionalità non la impressionano: le interessano il costo totale, il rischio e le condizioni. Usa i silenzi e i confronti con la concorrenza per fare pressione. Rispetta chi difende il proprio prezzo con argomenti e chiede qualcosa in cambio di ogni concessione.',
      ].join('\n\n'),
      voice: 'shimmer',
      language: 'it',
      behaviourNotes: {
        easy: "Cordiale e ragionevole. Chiede uno sconto una sola volta, accetta il prezzo standard per volume se il commerciale lo spiega bene e si impegna a inviare il contratto all'ufficio legale entro questa settimana.",
        medium:
          "Negozia con fermezza. Chiede uno sconto del 20% sostenendo che un concorrente costa meno, chiede qual è il limite di aumento del prezzo al rinnovo e se i dati sono ospitati nell'UE. Accetta di andare avanti se il commerciale offre una concessione in cambio di qualcosa (contratto biennale, caso di successo, pagamento annuale anticipato).",
        hard: "Dura e metodica. Pretende uno sconto del 30%, contesta il costo di implementazione e chiede di eliminare il numero minimo di licenze. Usa lunghi silenzi e dice che Clari le ha fatto un'offerta migliore. Minaccia di rinviare la firma al prossimo trimestre. Chiude solo se il commerciale non cede senza contropartita, riporta la discussione al valore concordato con il team commerciale e propone condizioni alternative invece di abbassare il prezzo.",
        expert:
          'Molto esigente e strategica. Chiede per iscritto il miglior prezzo «finale» prima di parlare di qualsiasi altra cosa, aggiunge nuove richieste ogni volta che il commerciale cede (pagamento a 90 giorni, clausola di uscita senza penali, prezzi bloccati per cinque anni) e mette in dubbio la solidità finanziaria di Northwind. Cerca di scavalcare il commerciale parlando con il suo responsabile. Non si impegna a meno che il commerciale resti calmo, chieda concessioni reciproche, ponga limiti chiari e chiuda con un riepilogo delle condizioni concordate.',
      },
    },
    // Marco's description and notes are in Italian in the English content too
    {
      ...DEMO_CONTENT_EN.personas[5],
      name: 'Marco Bellini — Direttore Operations Commerciali',
      shortDescription:
        "Direttore delle operazioni commerciali in un'azienda manifatturiera italiana; pragmatico e attento al rapporto personale.",
      language: 'it',
    },
  ],

  simulations: [
    {
      name: 'Analisi dei bisogni con un direttore vendite sempre di corsa',
      useCase: 'Colloquio di analisi dei bisogni',
      instructions:
        'Derek ha chiesto una demo due giorni fa. Apri con un ordine del giorno e una verifica del tempo a disposizione, poi usa domande di situazione, sul problema e di implicazione per capire come il suo team fa le previsioni oggi e quanto è costato il trimestre mancato. In questa chiamata non mostrare nulla del prodotto: guadagnati una demo personalizzata con il suo responsabile RevOps, con una data.',
    },
    {
      name: "Qualificazione MEDDIC con un'azienda manifatturiera italiana",
      useCase: 'Chiamata di qualificazione',
      instructions:
        "La chiamata è in italiano. Marco consolida a mano le previsioni di sei aree geografiche. Qualifica l'opportunità con MEDDIC: le metriche che contano, chi è il decisore economico (il nuovo CCO?), i criteri e il processo decisionale, la criticità e se Marco può sostenere internamente un progetto pilota. Concorda un prossimo passo concreto prima che scada il tempo.",
    },
    {
      name: 'Gestire le obiezioni di una CFO scettica',
      useCase: "Revisione dell'analisi costi-benefici",
      instructions:
        "Il direttore vendite di Ledgerline vuole Northwind; la CFO, Margaret, deve approvare la spesa. Aspettati domande difficili su ROI, prezzo e prove. Riconosci ogni obiezione, chiarisci che cosa c'è dietro, rispondi con prove concrete e verifica che sia risolta prima di andare avanti. Non concedere mai uno sconto senza ottenere qualcosa in cambio.",
    },
    {
      name: 'Chiamata a freddo a una direttrice IT',
      useCase: 'Chiamata a freddo',
      instructions:
        'Priya non ha mai sentito parlare di Northwind. Chiedi il permesso di parlare, dai un motivo per la chiamata adatto a una direttrice IT che gestisce il CRM e le piattaforme dati, fai una o due domande incisive e fissa un incontro di 20 minuti con data e ora precise.',
    },
    {
      name: 'Ottenere il prossimo passo da un responsabile operativo indeciso',
      useCase: 'Ricontatto dopo la demo',
      instructions:
        'A Tom la demo della settimana scorsa è piaciuta molto, ma da allora non si è mosso. Riepiloga con le sue parole il valore che ha visto, verifica quanto è pronto con una chiusura di prova e chiedi un impegno chiaro: un incontro con la sua direttrice vendite in una data precisa. Fai attenzione alle risposte vaghe e scopri che cosa lo frena davvero.',
    },
  ],
  assignments: [
    "Settimana 1: le basi dell'analisi dei bisogni",
    'Settimana 2: aperture e obiezioni',
    'Settimana 3: qualificazione',
    'Settimana 4: ottenere il prossimo passo',
    'Questa settimana: di nuovo le obiezioni',
  ],
  certifications: [
    {
      name: 'Pronto per l’analisi dei bisogni',
      description:
        'Conduce una chiamata di analisi dei bisogni che fa emergere la situazione, il problema e il suo costo prima di qualsiasi presentazione.',
    },
    {
      name: 'Certificato nelle chiamate a freddo',
      description:
        'Apre una chiamata a freddo chiedendo il permesso, con un motivo pertinente e un incontro fissato. Si rinnova ogni mese.',
    },
  ],
};
