/** Fixed texts of the offline evaluator, per language (English is the fallback). */

export type Category = 'question' | 'nextStep' | 'quant' | 'listen' | 'general';

export interface OfflineTexts {
  heuristic: string;
  rationale: (p: { level: number; found: number; keywords: string[]; open: number; closed: number; quant: number; dated: number; paraphrase: number; repShare: number | null; capped: string | null }) => string;
  cappedTalk: string;
  cappedClosed: string;
  summary: (p: { score: number; strong: string[]; weak: string[]; repShare: number; questions: number; open: number }) => string;
  strength: (name: string) => string;
  improveWhat: (name: string) => string;
  examples: Record<Category, string>;
  noEvidence: string;
}

const pct = (n: number) => `${Math.round(n * 100)}%`;
const list = (xs: string[], none: string) => (xs.length ? xs.join(', ') : none);

const en: OfflineTexts = {
  heuristic: 'Offline heuristic evaluation (no AI model): levels come from fixed rules over the transcript, not from understanding the conversation.',
  rationale: (p) =>
    [
      `Rule outcome: level ${p.level}.`,
      p.found ? `${p.found} rep sentence(s) matched this criterion` + (p.keywords.length ? ` (words: ${p.keywords.join(', ')})` : '') + '.' : 'No rep sentence matched the criterion’s wording or signals.',
      p.open + p.closed ? `Questions among them: ${p.open} open, ${p.closed} closed.` : '',
      p.quant ? `${p.quant} with numbers or quantities.` : '',
      p.dated ? `${p.dated} with a concrete day or time.` : '',
      p.paraphrase ? `${p.paraphrase} paraphrase or acknowledgement(s).` : '',
      p.repShare !== null ? `The rep spoke ${pct(p.repShare)} of the time.` : '',
      p.capped ?? '',
    ]
      .filter(Boolean)
      .join(' '),
  cappedTalk: 'Capped because the rep did most of the talking.',
  cappedClosed: 'Capped at 1 because the questions were closed (yes/no).',
  noEvidence: 'No evidence found in the rep’s turns.',
  summary: (p) =>
    `Offline heuristic evaluation: ${p.score}/100. ` +
    `Stronger areas: ${list(p.strong, 'none detected')}. Areas to work on: ${list(p.weak, 'none detected')}. ` +
    `The rep spoke ${pct(p.repShare)} of the time and asked ${p.questions} question(s), ${p.open} of them open. ` +
    'These levels come from keyword and pattern rules; a manager should review them before relying on them.',
  strength: (name) => `${name}: the transcript shows clear signals for this criterion.`,
  improveWhat: (name) => `Strengthen “${name}”.`,
  examples: {
    question: 'Walk me through how that works today — where does it break down?',
    nextStep: 'Shall we book 20 minutes on Tuesday at 10 to go through it with your finance lead? I’ll send the invitation now.',
    quant: 'Roughly how many hours a week does that cost your team, and what would a good number look like by the end of the quarter?',
    listen: 'So if I heard you right, the real issue is the manual re-keying every Monday — is that fair?',
    general: 'Before I go on, can I check what matters most to you here?',
  },
};

const es: OfflineTexts = {
  heuristic: 'Evaluación heurística sin conexión (sin modelo de IA): los niveles salen de reglas fijas sobre la transcripción, no de comprender la conversación.',
  rationale: (p) =>
    [
      `Resultado de la regla: nivel ${p.level}.`,
      p.found ? `${p.found} frase(s) del vendedor coinciden con este criterio` + (p.keywords.length ? ` (palabras: ${p.keywords.join(', ')})` : '') + '.' : 'Ninguna frase del vendedor coincide con el texto o las señales del criterio.',
      p.open + p.closed ? `Preguntas entre ellas: ${p.open} abiertas, ${p.closed} cerradas.` : '',
      p.quant ? `${p.quant} con cifras o cantidades.` : '',
      p.dated ? `${p.dated} con un día u hora concretos.` : '',
      p.paraphrase ? `${p.paraphrase} paráfrasis o reconocimiento(s).` : '',
      p.repShare !== null ? `El vendedor habló el ${pct(p.repShare)} del tiempo.` : '',
      p.capped ?? '',
    ]
      .filter(Boolean)
      .join(' '),
  cappedTalk: 'Limitado porque el vendedor habló la mayor parte del tiempo.',
  cappedClosed: 'Limitado a 1 porque las preguntas eran cerradas (sí/no).',
  noEvidence: 'No se encontró evidencia en los turnos del vendedor.',
  summary: (p) =>
    `Evaluación heurística sin conexión: ${p.score}/100. Puntos fuertes: ${list(p.strong, 'ninguno detectado')}. A mejorar: ${list(p.weak, 'ninguno detectado')}. ` +
    `El vendedor habló el ${pct(p.repShare)} del tiempo e hizo ${p.questions} pregunta(s), ${p.open} abiertas. ` +
    'Estos niveles provienen de reglas de palabras clave; un responsable debería revisarlos.',
  strength: (name) => `${name}: la transcripción muestra señales claras de este criterio.`,
  improveWhat: (name) => `Refuerza «${name}».`,
  examples: {
    question: '¿Me explica cómo funciona eso hoy y dónde se complica?',
    nextStep: '¿Reservamos 20 minutos el martes a las 10 con su responsable financiero? Le envío la invitación ahora.',
    quant: '¿Cuántas horas a la semana le cuesta eso a su equipo, aproximadamente?',
    listen: 'Entonces, si le he entendido bien, el problema real es volver a teclear los datos cada lunes, ¿es así?',
    general: 'Antes de seguir, ¿qué es lo más importante para usted aquí?',
  },
};

const it: OfflineTexts = {
  heuristic: 'Valutazione euristica offline (senza modello di IA): i livelli derivano da regole fisse sulla trascrizione, non dalla comprensione della conversazione.',
  rationale: (p) =>
    [
      `Esito della regola: livello ${p.level}.`,
      p.found ? `${p.found} frase/i del venditore corrispondono a questo criterio` + (p.keywords.length ? ` (parole: ${p.keywords.join(', ')})` : '') + '.' : 'Nessuna frase del venditore corrisponde al testo o ai segnali del criterio.',
      p.open + p.closed ? `Domande tra queste: ${p.open} aperte, ${p.closed} chiuse.` : '',
      p.quant ? `${p.quant} con numeri o quantità.` : '',
      p.dated ? `${p.dated} con un giorno o un orario precisi.` : '',
      p.paraphrase ? `${p.paraphrase} parafrasi o riconoscimento/i.` : '',
      p.repShare !== null ? `Il venditore ha parlato per il ${pct(p.repShare)} del tempo.` : '',
      p.capped ?? '',
    ]
      .filter(Boolean)
      .join(' '),
  cappedTalk: 'Limitato perché il venditore ha parlato per la maggior parte del tempo.',
  cappedClosed: 'Limitato a 1 perché le domande erano chiuse (sì/no).',
  noEvidence: 'Nessuna evidenza trovata negli interventi del venditore.',
  summary: (p) =>
    `Valutazione euristica offline: ${p.score}/100. Punti di forza: ${list(p.strong, 'nessuno rilevato')}. Da migliorare: ${list(p.weak, 'nessuno rilevato')}. ` +
    `Il venditore ha parlato per il ${pct(p.repShare)} del tempo e ha fatto ${p.questions} domanda/e, ${p.open} aperte. ` +
    'Questi livelli derivano da regole su parole chiave; un responsabile dovrebbe rivederli.',
  strength: (name) => `${name}: la trascrizione mostra segnali chiari per questo criterio.`,
  improveWhat: (name) => `Rafforza «${name}».`,
  examples: {
    question: 'Mi racconta come funziona oggi e dove si inceppa?',
    nextStep: 'Fissiamo 20 minuti martedì alle 10 con il vostro responsabile finanziario? Le mando subito l’invito.',
    quant: 'Quante ore a settimana costa al suo team, più o meno?',
    listen: 'Quindi, se ho capito bene, il vero problema è reinserire i dati ogni lunedì, giusto?',
    general: 'Prima di continuare, cosa conta di più per lei in questo caso?',
  },
};

const ptBR: OfflineTexts = {
  heuristic: 'Avaliação heurística offline (sem modelo de IA): os níveis vêm de regras fixas sobre a transcrição, não da compreensão da conversa.',
  rationale: (p) =>
    [
      `Resultado da regra: nível ${p.level}.`,
      p.found ? `${p.found} frase(s) do vendedor correspondem a este critério` + (p.keywords.length ? ` (palavras: ${p.keywords.join(', ')})` : '') + '.' : 'Nenhuma frase do vendedor corresponde ao texto ou aos sinais do critério.',
      p.open + p.closed ? `Perguntas entre elas: ${p.open} abertas, ${p.closed} fechadas.` : '',
      p.quant ? `${p.quant} com números ou quantidades.` : '',
      p.dated ? `${p.dated} com dia ou horário definidos.` : '',
      p.paraphrase ? `${p.paraphrase} paráfrase(s) ou reconhecimento(s).` : '',
      p.repShare !== null ? `O vendedor falou ${pct(p.repShare)} do tempo.` : '',
      p.capped ?? '',
    ]
      .filter(Boolean)
      .join(' '),
  cappedTalk: 'Limitado porque o vendedor falou a maior parte do tempo.',
  cappedClosed: 'Limitado a 1 porque as perguntas eram fechadas (sim/não).',
  noEvidence: 'Nenhuma evidência encontrada nas falas do vendedor.',
  summary: (p) =>
    `Avaliação heurística offline: ${p.score}/100. Pontos fortes: ${list(p.strong, 'nenhum detectado')}. A melhorar: ${list(p.weak, 'nenhum detectado')}. ` +
    `O vendedor falou ${pct(p.repShare)} do tempo e fez ${p.questions} pergunta(s), ${p.open} abertas. ` +
    'Esses níveis vêm de regras de palavras-chave; um gestor deve revisá-los.',
  strength: (name) => `${name}: a transcrição mostra sinais claros deste critério.`,
  improveWhat: (name) => `Reforce “${name}”.`,
  examples: {
    question: 'Me conta como isso funciona hoje e onde trava?',
    nextStep: 'Podemos reservar 20 minutos na terça às 10 com o seu responsável financeiro? Já envio o convite.',
    quant: 'Quantas horas por semana isso custa ao seu time, mais ou menos?',
    listen: 'Então, se entendi bem, o problema real é redigitar os dados toda segunda, certo?',
    general: 'Antes de continuar, o que é mais importante para você aqui?',
  },
};

export const OFFLINE_TEXTS: Record<string, OfflineTexts> = { en, es, it, 'pt-BR': ptBR };

export function offlineTexts(language: string): OfflineTexts {
  return OFFLINE_TEXTS[language] ?? OFFLINE_TEXTS[language.split('-')[0]] ?? en;
}
