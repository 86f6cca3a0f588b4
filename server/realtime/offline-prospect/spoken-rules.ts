import type { Language } from '../../contracts/languages';

/** How the persona talks: the easy prospect is chatty, the hard and expert ones short. */
export type Register = 'warm' | 'plain' | 'terse';

/** One spoken alternative for a written phrase: `from` matched case-insensitively as whole words. */
interface Swap {
  from: string;
  to: readonly string[];
  /** Only where what follows matches ("around 20", not "around the office"). */
  before?: RegExp;
  /** Not after these words ("in the last quarter" stays). */
  notAfter?: readonly string[];
}

/**
 * What turns a written sentence into the way one says it, per language: the openers a written fact
 * may start with (the prospect uses its own lead-in instead, so a reply never has two), written
 * phrases and their spoken equivalents, and the short asides a speaker drops in mid-sentence.
 * Every alternative is grammatical wherever its phrase can stand.
 */
export interface SpokenRules {
  /** Openers to drop from the front of a fact (the company lead "Here at X," included). */
  openers: readonly string[];
  /** "What I would like is …": said as the persona's own want when a noun phrase follows. */
  wish: { frame: string; said: string; say: readonly string[]; nounStart: readonly string[] };
  /** Common verbs after a subject that is not a pronoun ("deal cycles, honestly, make…"). */
  verbs?: readonly string[];
  /** Words that open a clause's subject: where set, an aside follows a conjunction only before one. */
  subjects?: readonly string[];
  /** Verbs that make what follows a frame a clause of its own ("… is my priorities are…"). */
  finite: readonly string[];
  /** Contractions (English): written pair → spoken form. */
  contractions: readonly Swap[];
  swaps: readonly Swap[];
  /** Asides said between commas, by register. */
  asides: Record<Register, readonly string[]>;
  /** Words before which an aside may stand: conjunctions opening a clause, prepositions, quantity words. */
  seams: readonly string[];
  /** Articles and possessives: where nothing better is found, an aside may stand before one ("I'm, you know, the first…"). */
  determiners: readonly string[];
}

/** A word list written as one line: "and|but|so". */
const list = (words: string): readonly string[] => words.split('|');

const NUMBER = /^\s+[$€£]?\d/u;
const PARTICIPLE =
  /^\s+(?:been|had|looked|tried|seen|got|done|made|spent|lost|heard|told|said|worked|used|asked|started|talked|spoken|gone|decided|built|bought|paid)(?![\p{L}])/iu;

const EN: SpokenRules = {
  openers: [
    'if I am honest',
    "if I'm honest",
    'to be honest',
    'honestly',
    'truth be told',
    'between us',
    'frankly',
    'actually',
    'in fact',
    'to be fair',
    'what I have not said yet',
    "what I haven't said yet",
    'what really hurts is that',
    'the truth is that',
    'the truth is',
    'here at [^,.]{1,40}',
    'at [^,.]{1,40} today',
  ],
  wish: {
    frame: 'what I would like is',
    said: "What I'd like is",
    say: ["I'd like", 'I want', "What I'm after is"],
    nounStart: ['a', 'an', 'the', 'one', 'more', 'less', 'fewer', 'better', 'some', 'real', 'clear'],
  },
  verbs: list(
    'make|makes|is|are|was|were|has|have|take|takes|cost|costs|need|needs|keep|keeps|get|gets|mean|means|eat|eats',
  ),
  subjects: list(
    "i|we|it|our|my|the|this|that|they|there|there's|it's|we're|i'm|i'd|he|she|you|a|an|no|nobody|everyone|half|most|some|nothing",
  ),
  finite: list('is|are|was|were|has|have|can|will|must|should|need|needs|takes|take'),
  determiners: list('the|a|an|my|our|their|this|these'),
  contractions: [
    { from: 'I am', to: ["I'm"] },
    { from: 'I have', to: ["I've"], before: PARTICIPLE },
    { from: 'we have', to: ["we've"], before: PARTICIPLE },
    { from: 'I would', to: ["I'd"] },
    { from: 'I will', to: ["I'll"] },
    { from: 'we are', to: ["we're"] },
    { from: 'we will', to: ["we'll"] },
    { from: 'they are', to: ["they're"] },
    { from: 'it is', to: ["it's"] },
    { from: 'that is', to: ["that's"] },
    { from: 'there is', to: ["there's"] },
    { from: 'do not', to: ["don't"] },
    { from: 'does not', to: ["doesn't"] },
    { from: 'did not', to: ["didn't"] },
    { from: 'is not', to: ["isn't"] },
    { from: 'are not', to: ["aren't"] },
    { from: 'was not', to: ["wasn't"] },
    { from: 'have not', to: ["haven't"] },
    { from: 'has not', to: ["hasn't"] },
    { from: 'cannot', to: ["can't"] },
    { from: 'can not', to: ["can't"] },
    { from: 'will not', to: ["won't"] },
    { from: 'would not', to: ["wouldn't"] },
  ],
  swaps: [
    { from: 'every week', to: ['a week', 'each week'] },
    { from: 'every month', to: ['a month', 'each month'] },
    { from: 'per week', to: ['a week'] },
    { from: 'approximately', to: ['roughly', 'something like'] },
    { from: 'around', to: ['roughly', 'something like'], before: NUMBER },
    { from: 'about', to: ['roughly', 'something like'], before: NUMBER },
    { from: 'by hand', to: ['manually'] },
    { from: 'currently', to: ['right now', 'at the moment'] },
    { from: 'a lot of', to: ['lots of', 'plenty of'] },
    { from: 'very', to: ['really'] },
    { from: 'difficult to', to: ['hard to', 'tough to'] },
    { from: 'hard to', to: ['tough to'] },
    { from: 'difficult', to: ['hard', 'tough'] },
    { from: 'instead of', to: ['rather than'] },
    { from: 'in order to', to: ['to'] },
    { from: 'quickly', to: ['fast'] },
    { from: 'nobody', to: ['no one'] },
    { from: 'we have to', to: ['we need to', "we've got to"] },
    { from: 'I have to', to: ['I need to', "I've got to"] },
    { from: 'has to', to: ['needs to'] },
    { from: 'have to', to: ['need to'] },
    { from: 'more than', to: ['over'], before: NUMBER },
    { from: 'this quarter alone', to: ['just this quarter'] },
    { from: 'in the next', to: ['within the next'] },
    { from: 'the last quarter', to: ['last quarter'], notAfter: ['in', 'of', 'for', 'during', 'over'] },
    { from: 'is starting to', to: ['is beginning to'] },
    { from: 'a dozen', to: ['twelve or so'] },
    { from: 'in at least one of', to: ['in one or more of'] },
    { from: 'you say that', to: ['you tell me', 'you claim'] },
  ],
  asides: {
    warm: list("you know|honestly|I'd say|I mean"),
    plain: list("I'd say|honestly|to be fair|I mean"),
    terse: list('basically|frankly|mind you|honestly'),
  },
  seams: list(
    'and|but|so|because|while|although|until|unless|when|in|on|for|with|from|by|at|without|against|about|around|roughly|over|within|half|who|which|that|after|whose|whether|if|to|they|we',
  ),
};

const ES: SpokenRules = {
  openers: [
    'si le soy sincero',
    'si te soy sincero',
    'para serle franco',
    'para ser sincero',
    'sinceramente',
    'la verdad es que',
    'la verdad',
    'a decir verdad',
    'de hecho',
    'entre nosotros',
    'lo que no le he contado',
    'lo que de verdad duele es que',
    'lo que más duele es que',
    'en realidad',
    'aquí en [^,.]{1,40}',
  ],
  wish: {
    frame: 'lo que me gustaría es',
    said: 'Lo que me gustaría es',
    say: ['me gustaría', 'quiero', 'lo que busco es'],
    nounStart: ['un', 'una', 'unos', 'unas', 'el', 'la', 'los', 'las', 'más', 'menos', 'mejor', 'mejores'],
  },
  finite: list('es|son|está|están|tiene|tienen|puede|pueden|hay|sea|sean'),
  determiners: list('el|la|los|las|un|una|mi|nuestro|nuestra'),
  contractions: [],
  swaps: [
    { from: 'cada semana', to: ['a la semana', 'por semana'] },
    { from: 'cada mes', to: ['al mes', 'por mes'] },
    { from: 'aproximadamente', to: ['más o menos'] },
    { from: 'alrededor de', to: ['cerca de', 'más o menos'] },
    { from: 'a mano', to: ['manualmente'] },
    { from: 'actualmente', to: ['hoy en día', 'ahora mismo'] },
    { from: 'ahora mismo', to: ['hoy por hoy', 'en este momento'] },
    { from: 'muy', to: ['bastante', 'realmente'] },
    { from: 'tenemos que', to: ['necesitamos'] },
    { from: 'tengo que', to: ['necesito'] },
    { from: 'tienen que', to: ['necesitan'] },
    { from: 'tiene que', to: ['necesita'] },
    { from: 'porque', to: ['ya que'] },
    { from: 'en lugar de', to: ['en vez de'] },
    { from: 'no vamos a poder', to: ['no podremos'] },
    { from: 'tal y como', to: ['tal como'] },
    { from: 'en vez de', to: ['en lugar de'] },
    { from: 'todavía', to: ['aún'] },
    { from: 'en los próximos', to: ['dentro de los próximos'] },
    { from: 'buena parte', to: ['gran parte', 'mucho'] },
    { from: 'sigue siendo', to: ['todavía es'] },
  ],
  asides: {
    warm: list('la verdad|digamos|ya sabe|fíjese'),
    plain: list('digamos|la verdad|en realidad|vamos'),
    terse: list('en fin|básicamente|o sea|vamos'),
  },
  seams: list(
    'y|pero|así que|porque|ya que|mientras|aunque|hasta|cuando|en|con|para|por|desde|sin|si|nos|me|se|le|no|ni|contra|unas|unos|cerca|medio',
  ),
};

const IT: SpokenRules = {
  openers: [
    'a dirla tutta',
    'a dire il vero',
    'sinceramente',
    'onestamente',
    'in realtà',
    'in effetti',
    'detto tra noi',
    'tra noi',
    'quello che non le ho detto',
    'quello che fa davvero male è che',
    'per essere sincero',
    'per essere franco',
    'qui da [^,.]{1,40}',
  ],
  wish: {
    frame: 'quello che vorrei è',
    said: 'Quello che vorrei è',
    say: ['vorrei', 'quello che cerco è'],
    nounStart: ['un', 'una', 'uno', "un'", 'il', 'lo', 'la', 'i', 'gli', 'le', 'più', 'meno'],
  },
  finite: list("è|sono|ha|hanno|può|possono|sia|siano|c'è"),
  determiners: list('il|lo|la|i|gli|le|un|una|uno|qualcosa'),
  contractions: [],
  swaps: [
    { from: 'ogni settimana', to: ['a settimana', 'alla settimana'] },
    { from: 'ogni mese', to: ['al mese'] },
    { from: 'circa', to: ['più o meno'] },
    { from: 'a mano', to: ['manualmente'] },
    { from: 'attualmente', to: ['in questo momento', 'adesso'] },
    { from: 'dobbiamo', to: ['ci tocca'] },
    { from: 'devo', to: ['mi tocca'] },
    { from: 'invece di', to: ['anziché'] },
    { from: 'anziché', to: ['invece di'] },
    { from: 'nei prossimi', to: ['entro i prossimi'] },
    { from: 'tutti i giorni', to: ['ogni giorno'] },
    { from: 'ogni giorno', to: ['tutti i giorni'] },
    { from: 'gran parte del lavoro', to: ['buona parte del lavoro', 'molto del lavoro'] },
    { from: 'ancora manuale', to: ['tuttora manuale'] },
    { from: 'troppo', to: ['davvero troppo'] },
    { from: 'oggi', to: ['al momento', 'adesso'], notAfter: ['di', 'da', 'a', 'per', 'fino', 'ad'] },
  ],
  asides: {
    warm: list('sa|diciamo|onestamente|guardi'),
    plain: list('diciamo|in pratica|onestamente|ecco'),
    terse: list('in pratica|insomma|ecco|diciamo'),
  },
  seams: list(
    'e|ma|quindi|perché|mentre|anche se|finché|quando|in|con|per|da|su|senza|entro|ed|se|dal|nel|sul|al|dalla|nella|alla|ci|mi|si|ne|non|nemmeno|contro|circa|metà',
  ),
};

const PT: SpokenRules = {
  openers: [
    'para ser sincero',
    'para ser franco',
    'para falar a verdade',
    'sinceramente',
    'na verdade',
    'cá entre nós',
    'entre nós',
    'uma coisa que eu ainda não falei',
    'o que eu ainda não falei',
    'o que mais dói é que',
    'o que dói de verdade é que',
    'aqui na [^,.]{1,40}',
    'aqui no [^,.]{1,40}',
  ],
  wish: {
    frame: 'o que eu queria mesmo é',
    said: 'O que eu queria mesmo é',
    say: ['eu queria', 'eu quero', 'o que eu busco é'],
    nounStart: ['um', 'uma', 'uns', 'umas', 'o', 'a', 'os', 'as', 'mais', 'menos'],
  },
  finite: list('é|são|está|estão|tem|têm|pode|podem|seja|sejam'),
  determiners: list('o|a|os|as|um|uma|meu|minha|nosso|nossa'),
  contractions: [],
  swaps: [
    { from: 'toda semana', to: ['por semana', 'a cada semana'] },
    { from: 'todo mês', to: ['por mês'] },
    { from: 'cerca de', to: ['mais ou menos', 'coisa de'] },
    { from: 'à mão', to: ['na mão'] },
    { from: 'manualmente', to: ['na mão'] },
    { from: 'atualmente', to: ['hoje em dia', 'agora'] },
    { from: 'temos que', to: ['precisamos'] },
    { from: 'tenho que', to: ['preciso'] },
    { from: 'temos de', to: ['precisamos'] },
    { from: 'porque', to: ['já que'] },
    { from: 'em vez de', to: ['no lugar de'] },
    { from: 'ao invés de', to: ['em vez de'] },
    { from: 'nos próximos', to: ['dentro dos próximos'] },
    { from: 'muita coisa', to: ['bastante coisa', 'um monte de coisa'] },
    { from: 'ainda é manual', to: ['continua manual'] },
    { from: 'demais', to: ['até demais'] },
    { from: 'hoje', to: ['hoje em dia', 'atualmente'], notAfter: ['de', 'até', 'para', 'desde'] },
  ],
  asides: {
    warm: list('sabe|na verdade|digamos|olha'),
    plain: list('digamos|na verdade|no fundo|quer dizer'),
    terse: list('enfim|basicamente|ou seja|digamos'),
  },
  seams: list(
    'e|mas|então|porque|já que|enquanto|embora|até|quando|em|com|para|por|desde|sem|dentro|numa|num|neste|nesta|no|na|pelo|pela|ao|se|nos|se|não|nem|contra|umas|uns|cerca|metade',
  ),
};

export const SPOKEN_RULES: Record<Language, SpokenRules> = { en: EN, es: ES, it: IT, 'pt-BR': PT };
