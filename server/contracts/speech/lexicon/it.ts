import { allOf, anyOf } from '../words';
import type { OrgNoun, SpeechLexicon } from './types';

const E = '(?<![\\p{L}\\p{N}])';
const MONTH = '(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)';
const DAY = ['lunedì', 'lunedi', 'martedì', 'martedi', 'mercoledì', 'mercoledi', 'giovedì', 'giovedi', 'venerdì', 'venerdi', 'sabato', 'domenica', 'domani', 'dopodomani'];
const DATE = `${E}(?:il\\s+|l')?\\d{1,2}\\s+${MONTH}|(?<![\\p{N}/])\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?(?![\\p{N}])`;
const TIME = `${E}alle\\s+\\d{1,2}(?:[:.]\\d{2})?|${E}all'una|${E}a\\s+mezzogiorno|${E}\\d{1,2}:\\d{2}`;

const org = (noun: string, our: string, articles: string[]): OrgNoun => ({ noun, our, articles });

export const it: SpeechLexicon = {
  functionWords: ['il', 'gli', 'della', 'delle', 'degli', 'dei', 'nel', 'nella', 'alla', 'alle', 'che', 'è', 'non', 'per', 'ma', 'più', 'sono', 'siamo', 'abbiamo', 'nostro', 'nostra', 'nostri', 'noi', 'ci', 'questo', 'questa', 'anche', 'già', 'molto', 'lei', 'ho', 'ha', 'hanno', 'cosa', 'quando', 'perché', 'come', 'oggi', 'adesso', 'io', 'mi', 'mio', 'mia', 'sì', 'qual', 'quale', 'una', 'di', 'lo', 'ne', 'se', 'essere', 'può', 'ogni', 'settimana', 'ore', 'tutto', 'tutti', 'sempre', 'dopo', 'prima', 'bene', 'niente', 'qualcosa', 'qui', 'anno', 'mese', 'credo', 'voglio', 'devo', 'sinceramente', 'allora', 'quindi', 'fare', 'tempo', 'mano', 'cui', 'questi', 'perdiamo', 'no', 'mi', 'si', 'ti', 'sta', 'da', 'dove', 'loro', 'avranno', 'dell', 'sua', 'suo', 'essere', 'stato', 'fa', 'fanno', 'dipende', 'sia', 'ancora', 'gli', 'nostre', 'vuole', 'cos', 'c', 'è', 'un', 'nessuno', 'niente', 'proprio', 'poi', 'detto', 'dei', 'questo', 'solo'],
  openQuestion: anyOf(['cosa', 'che cosa', 'come', 'perché', 'quale', 'quali', 'chi', 'quando', 'dove', 'quanto', 'quanta', 'quanti', 'quante', 'mi racconti', 'mi racconta', 'mi spieghi', 'mi spiega', 'mi descriva', 'mi descrive', 'mi parli', 'mi parla', 'mi aiuti a capire', 'in che modo', 'in che misura', "qual è"]),
  closedStart: /^(?:e\s+|quindi\s+|allora\s+|ok,?\s+)?(?:avete|ha|c'è|ci sono|è|sono|può|potete|potrebbe|potreste|usate|usa|vi|le|esiste|vuole|volete|sarebbe|sareste|state|sta|pensa|pensate|crede|credete)(?![\p{L}\p{N}])/iu,
  topics: {
    situation: anyOf(['oggi', 'attualmente', 'al momento', 'in questo momento', 'processo', 'processi', 'flusso*', 'gestit*', 'gestisc*', 'strument*', 'software', 'foglio* di calcolo', 'fogli excel', 'excel', 'giorno per giorno', 'funziona*', 'lavora*', 'sistema', 'sistemi', 'previsioni', 'come fate', 'organizzate']),
    pain: anyOf(['sfida', 'sfide', 'problema', 'problemi', 'difficoltà', 'difficil*', 'frustra*', 'non funziona', 'preoccupa*', 'collo di bottiglia', 'colli di bottiglia', 'complicat*', 'fastidi*', 'la cosa peggiore', 'la parte più difficile', 'attrito', 'si inceppa', 'va storto', 'è andato storto', 'criticità', 'punti deboli']),
    impact: anyOf(['cosa succede', 'costa', 'costano', 'costo', 'costi', 'impatto', 'quanto tempo', 'quante ore', 'ore', 'perde*', 'perso', 'persi', 'spreco', 'sprec*', 'fatturato', 'ricavi', 'effett*', 'conseguenz*', 'significa per', 'incide', 'quanto', 'quanti', 'cosa succede se', 'quantific*', 'in numeri', 'misura*', 'percentual*', 'ricadut*']),
    goal: anyOf(['obiettiv*', 'traguard*', 'raggiungere', 'ottenere', 'successo', 'priorità', 'vuole', 'volete', 'cerca', 'cercate', 'ideale', 'risultat*', 'migliorare', 'migliorament*', 'come sarebbe', 'le piacerebbe', 'visione', 'ambizion*']),
    timing: anyOf(['entro quando', 'per quando', 'quando vi serve', 'quando volete', 'quando deve', 'quando dovete', 'quando pensate', 'tempistic*', 'scadenz*', 'entro quando', 'urgen*', 'calendario', 'data', 'date', 'in che tempi', 'tempi', 'termine', 'termini', 'prima di']),
    budget: anyOf(['budget', 'spendere', 'spesa', 'spese', 'investiment*', 'investire', 'soldi', 'denaro', 'finanziament*', 'stanziat*', 'pagare', 'permettervi', 'permettersi']),
    decision: anyOf(['decid*', 'decisione', 'decisioni', 'approv*', 'firma*', 'coinvolt*', 'chi altro', "processo d'acquisto", "processo di acquisto", 'acquisti', 'veto', 'bloccare', 'capo', 'comitato', "l'ultima parola", 'ultima parola', 'autorizz*', 'riporta a', 'risponde a', 'chi deve', 'via libera']),
    history: anyOf(['provato', 'provati', 'prima', 'precedent*', 'in passato', "l'ultima volta", 'tentativ*', 'già valutato', 'valutato', 'storia', 'cosa è successo', 'perché non ha funzionato', 'mai provato']),
    motivation: anyOf(['lei personalmente', 'personalmente', 'per lei', 'il suo ruolo', 'le importa', 'importante per lei', 'il suo bonus', 'bonus', 'incentiv*', 'la sua carriera', 'perché adesso', 'perché ora', 'motiva*', 'i suoi obiettivi']),
    current_solution: anyOf(['fornitore attuale', 'strumento attuale', 'soluzione attuale', 'sistema attuale', 'contratt*', 'fornitor*', 'cambiare fornitore', 'rinnov*', 'preavviso', 'licenz*', 'vincolat*', 'disdett*', 'disdire', 'esistente']),
    competition: anyOf(['concorrent*', 'concorrenza', 'alternativ*', 'altri fornitori', 'altre opzioni', 'confront*', 'paragon*', 'altre soluzioni', 'valuta*', 'altri strumenti', 'rispetto a']),
    technical: anyOf(['sicurezza', 'reparto it', 'team it', 'informatic*', 'integra*', 'dati', 'sso', 'conformità', 'gdpr', 'api', 'tecnic*', 'infrastruttura', 'crm', 'erp', 'hosting', 'privacy', 'sap']),
    company: anyOf(['azienda', 'società', 'impresa', 'organizzazione', 'dimensioni', 'dipendenti', 'persone', 'clienti', 'mercato', 'settore', 'di cosa vi occupate', 'cosa fate']),
  },
  moments: {
    opening: anyOf(['inizio della chiamata', "all'inizio", 'apertura', 'primo minuto', 'presenta*', 'subito', 'chiamata a freddo']),
    discovery: anyOf(['situazione attuale', 'scoperta', 'domande sulla', 'chiede della', 'quando il venditore chiede', 'esplora*', 'situazione']),
    pitch: anyOf(['il nostro prodotto', 'la nostra soluzione', 'la nostra piattaforma', 'il nostro strumento', 'il nostro software', 'il nostro servizio', 'offriamo', 'forniamo', 'aiutiamo', 'possiamo aiutare', 'i nostri clienti', 'funzionalità', 'vantagg*', 'benefic*', 'le racconto', 'le mostro', 'siamo i', 'leader', 'rivoluzion*', 'presenta*', 'soluzione', 'modul*', 'la nostra offerta']),
    price: anyOf(['prezz*', 'tariff*', 'scont*', 'per utente', 'per licenza', 'canone', 'preventiv*', 'caro', 'costoso', 'economico', 'quanto costa', 'offerta commerciale', 'proposta']),
    proof: anyOf(['prova', 'prove', 'evidenz*', 'referenz*', 'caso di successo', 'casi di successo', 'clienti come', 'risultati', 'ritorno', 'roi', 'garanzi*', 'dimostrat*', 'testimonianz*', 'vantaggi']),
    competition: anyOf(['concorrent*', 'rispetto a', 'confronto con', 'meglio di', 'invece di', 'cambiare da', 'sostituire', 'alternativ*']),
    implementation: anyOf(['implementa*', 'introduzione', 'avvio', 'messa in opera', 'configura*', 'migra*', 'integra*', 'formazione', 'adozione', 'adottare', 'dati', 'sicurezza']),
    next_step: anyOf(['prossimo passo', 'passo successivo', 'incontro', 'riunione', 'demo', 'fissare', 'seguito', 'calendario', 'pilota', 'prova', 'impegno', 'impegnarsi', 'chiusura', 'invito']),
  },
  labels: /(?<![\p{L}\p{N}])(?:segmento|settore|azienda|dimensioni|problemi|punti dolenti|obiettivi|budget|tempistiche|processo decisionale|acquirente|fattori scatenanti|obiezioni(?: tipiche)?|concorrenti|situazione attuale|informazioni nascoste|informazione|emerge quando|si rivela quando|segnali di successo|prospect|persona|ruolo|note?)\s*:/iu,
  aboutRoles: anyOf(['il prospect', 'del prospect', 'al prospect', 'il potenziale cliente', 'la potenziale cliente', "l'acquirente", 'il venditore', 'del venditore', 'la venditrice', 'il commerciale', 'del commerciale', "l'allievo", 'il partecipante']),
  thirdPersonStart: /^(?:lui|egli|ella|suo|sua|suoi|sue)(?![\p{L}\p{N}])/iu,
  thirdPersonAnywhere: anyOf(['sé stesso', 'se stesso', 'sé stessa', 'se stessa']),
  orgNouns: [
    org('azienda', 'la nostra', ['la', "l'"]), org('società', 'la nostra', ['la']), org('direzione', 'la nostra', ['la']), org('squadra', 'la nostra', ['la']), org('team', 'il nostro', ['il']),
    org('consiglio di amministrazione', 'il nostro', ['il']), org('budget', 'il nostro', ['il']), org('contratto', 'il nostro', ['il']), org('fornitore', 'il nostro', ['il']), org('fornitore attuale', 'il nostro', ['il']),
    org('direttore finanziario', 'il nostro', ['il']), org('amministratore delegato', 'il nostro', ['il']), org('reparto it', 'il nostro', ['il']), org('ufficio acquisti', 'il nostro', ['il']),
    org('processo', 'il nostro', ['il']), org('commerciali', 'i nostri', ['i']), org('responsabili', 'i nostri', ['i']), org('previsioni', 'le nostre', ['le']),
  ],
  rude: anyOf(['idiota', 'idioti', 'stupid*', 'scem*', 'cretin*', 'imbecill*', 'stia zitto', 'stia zitta', 'stai zitto', 'ridicol*', 'patetic*', 'inutil*', 'incompetent*', 'come vuole', 'non capisce niente', 'non ha capito niente', 'si sbaglia', 'mi ascolti bene', 'merda', 'cazzo', 'sciocchezze', 'bugiard*', 'mente', 'perdita di tempo', 'mi fa perdere tempo', 'dinosaur*', 'età della pietra', 'antiquat*']),
  pressure: anyOf(['firmi oggi', 'firmare oggi', 'decida ora', 'decidere oggi', 'decida oggi', 'subito', 'adesso o mai più', 'solo oggi', 'ultima occasione', 'tempo limitato', "l'offerta scade", 'scade oggi', 'deve decidere', 'deve firmare', 'si fidi di me', 'si fidi', 'dica di sì', 'firmi e basta', 'cosa aspetta', 'non se lo perda', 'prima che sia tardi', 'fine trimestre', 'fine del trimestre', 'si impegni ora', 'solo questa settimana', 'i prezzi aumentano', 'firma oggi', 'se firma', 'se firmate oggi', 'firmiamo oggi', 'solo per oggi']),
  empathy: anyOf(['capisco', 'comprendo', 'la capisco', 'ha senso', 'buona domanda', 'è giusto', 'ha ragione', 'mi rendo conto', 'è comprensibile', 'apprezzo', 'sembra frustrante', 'mi dispiace sentire', 'è legittimo', 'preoccupazione legittima', 'è normale', 'giusta osservazione', 'comprensibile', 'ragionevole']),
  evidence: anyOf(['per esempio', 'ad esempio', 'esempio', 'client*', 'caso di successo', 'casi di successo', 'referenz*', 'pilota', 'prova', 'dati', 'numeri', 'cifre', 'percentual*', 'garanzi*', 'misurare', 'risultat*', 'ritorno', 'roi', 'aziende come la sua', 'come la vostra', 'passo dopo passo', 'per fasi', 'senza rischi', 'partire in piccolo', 'gradual*', 'settimane', 'mesi', 'criteri di successo', 'clausola', 'contratto', 'per iscritto', 'documentazione', 'certificaz*']),
  greeting: anyOf(['buongiorno', 'buonasera', 'salve', 'ciao', 'pronto']),
  intro: anyOf(['mi chiamo', 'il mio nome è', 'sono', 'la chiamo da', 'chiamo da', 'lavoro per', 'lavoro in', 'le parla']),
  permission: anyOf(['buon momento', 'brutto momento', 'un minuto', 'un momento', 'qualche minuto', 'ha un minuto', 'la disturbo', 'può parlare', 'ha tempo', 'due minuti']),
  howAreYou: anyOf(['come sta', 'come va', 'tutto bene', 'come procede']),
  goodbye: anyOf(['arrivederci', 'a presto', 'buona giornata', 'buona serata', 'ci sentiamo', 'a risentirci', 'ciao ciao']),
  thanks: anyOf(['grazie', 'la ringrazio', 'molte grazie']),
  filler: /^(?:(?:ok(?:ay)?|va bene|mm+|eh+|ah+|sì|si|no|certo|bene|beh|allora|già|capisco|perfetto|ottimo|ah ecco|ecco|e|così|va bene così)[\s.!?…,]*){1,3}$/iu,
  nextStepAction: anyOf(['prossimo passo', 'passo successivo', 'incontro', 'incontrarci', 'vederci', 'riunione', 'demo', 'dimostrazione', 'fissare', 'fissiamo', 'seguito', 'calendario', 'chiamata', 'call', 'pilota', 'prova', 'sessione', 'workshop', 'invito', 'presentazione', 'revisione', 'appuntamento', 'sentirci di nuovo', 'risentirci']),
  day: new RegExp(`${allOf(DAY).source}|${DATE}`, 'giu'),
  time: new RegExp(TIME, 'giu'),
  vagueWhen: anyOf(['la prossima settimana', 'settimana prossima', 'presto', 'prima o poi', 'più avanti', 'nelle prossime settimane', 'questa settimana', 'il mese prossimo', 'tra qualche settimana', 'a un certo punto', 'quando vuole', 'a breve']),
};
