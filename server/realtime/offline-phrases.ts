/** Fixed phrases of the offline practice prospect, per call language (en, es, it, pt-BR). */
export interface ProspectPhrases {
  greeting(name: string): string;
  /** Words that open an open question ("what", "how", "tell me"…). */
  openWords: string[];
  /** Words that point at pain, goals, impact. */
  painWords: string[];
  /** Words that propose a next step. */
  nextStepWords: string[];
  /** Words of a pitch (the rep talking about their offer). */
  pitchWords: string[];
  answers: {
    situation(s: string): string;
    pain(p: string): string;
    goal(g: string): string;
    reveal(info: string): string;
    generic: string;
  };
  raiseObjection(o: string): string;
  pushBack: string[];
  acceptAnswer: string;
  impatient: string[];
  notReady: string;
  agree(signal: string): string;
  afterAgreement: string;
  hangup: string;
}

const en: ProspectPhrases = {
  greeting: (n) => `Hello, ${n} speaking.`,
  openWords: ['what', 'how', 'why', 'tell me', 'describe', 'walk me', 'which', 'who', 'when', 'where', 'could you explain'],
  painWords: ['problem', 'challenge', 'pain', 'difficult', 'struggle', 'cost', 'impact', 'goal', 'priority', 'frustrat', 'issue', 'today', 'currently', 'process'],
  nextStepWords: ['next step', 'meeting', 'demo', 'schedule', 'follow up', 'follow-up', 'next week', 'trial', 'pilot', 'calendar', 'book', 'call again'],
  pitchWords: ['our product', 'our solution', 'we offer', 'our platform', 'we provide', 'price', 'pricing', 'discount', 'we can'],
  answers: {
    situation: (s) => `Well, today ${s}`,
    pain: (p) => `Honestly, the main issue is this: ${p}`,
    goal: (g) => `What we want is simple: ${g}`,
    reveal: (i) => `Since you ask… ${i}`,
    generic: "I'm not sure what you mean. Can you be more specific?",
  },
  raiseObjection: (o) => o,
  pushBack: ["That sounds like what everyone says. Why would it be different with you?", "I'm still not convinced. Can you be concrete?"],
  acceptAnswer: 'Okay, that makes sense.',
  impatient: ["I don't have much time. What exactly do you want to know?", "Where is this going? I have another meeting soon."],
  notReady: "It's too early for that. I don't see yet how this fits us.",
  agree: (s) => `Alright, let's do it. ${s ? `That works for me: ${s}.` : ''} Send me an invitation.`.replace(/\s+/g, ' ').trim(),
  afterAgreement: 'Good, we have a plan. Anything else?',
  hangup: "Sorry, I don't think this is a fit for us right now. I have to go. Goodbye.",
};

const es: ProspectPhrases = {
  greeting: (n) => `Hola, soy ${n}.`,
  openWords: ['qué', 'que', 'cómo', 'como', 'por qué', 'cuénteme', 'cuéntame', 'describa', 'cuál', 'quién', 'cuándo', 'dónde'],
  painWords: ['problema', 'reto', 'desafío', 'difícil', 'coste', 'costo', 'impacto', 'objetivo', 'prioridad', 'hoy', 'actualmente', 'proceso'],
  nextStepWords: ['siguiente paso', 'próximo paso', 'reunión', 'demo', 'agendar', 'seguimiento', 'próxima semana', 'prueba', 'piloto', 'calendario'],
  pitchWords: ['nuestro producto', 'nuestra solución', 'ofrecemos', 'nuestra plataforma', 'precio', 'descuento', 'podemos'],
  answers: {
    situation: (s) => `Bueno, hoy en día ${s}`,
    pain: (p) => `Sinceramente, el problema principal es este: ${p}`,
    goal: (g) => `Lo que queremos es sencillo: ${g}`,
    reveal: (i) => `Ya que lo pregunta… ${i}`,
    generic: 'No sé bien a qué se refiere. ¿Puede ser más concreto?',
  },
  raiseObjection: (o) => o,
  pushBack: ['Eso lo dicen todos. ¿Por qué sería distinto con ustedes?', 'Sigo sin estar convencido. ¿Puede ser concreto?'],
  acceptAnswer: 'De acuerdo, tiene sentido.',
  impatient: ['No tengo mucho tiempo. ¿Qué quiere saber exactamente?', '¿A dónde quiere llegar? Tengo otra reunión pronto.'],
  notReady: 'Es pronto para eso. Todavía no veo cómo encaja con nosotros.',
  agree: (s) => `De acuerdo, hagámoslo. ${s ? `Me parece bien: ${s}.` : ''} Envíeme una invitación.`.replace(/\s+/g, ' ').trim(),
  afterAgreement: 'Bien, tenemos un plan. ¿Algo más?',
  hangup: 'Lo siento, no creo que esto encaje ahora mismo. Tengo que irme. Adiós.',
};

const it: ProspectPhrases = {
  greeting: (n) => `Pronto, sono ${n}.`,
  openWords: ['cosa', 'che cosa', 'come', 'perché', 'mi racconti', 'mi descriva', 'quale', 'chi', 'quando', 'dove'],
  painWords: ['problema', 'sfida', 'difficile', 'costo', 'impatto', 'obiettivo', 'priorità', 'oggi', 'attualmente', 'processo'],
  nextStepWords: ['prossimo passo', 'incontro', 'riunione', 'demo', 'fissare', 'seguito', 'prossima settimana', 'prova', 'pilota', 'calendario'],
  pitchWords: ['il nostro prodotto', 'la nostra soluzione', 'offriamo', 'la nostra piattaforma', 'prezzo', 'sconto', 'possiamo'],
  answers: {
    situation: (s) => `Beh, oggi ${s}`,
    pain: (p) => `Sinceramente, il problema principale è questo: ${p}`,
    goal: (g) => `Quello che vogliamo è semplice: ${g}`,
    reveal: (i) => `Visto che me lo chiede… ${i}`,
    generic: 'Non sono sicuro di cosa intende. Può essere più preciso?',
  },
  raiseObjection: (o) => o,
  pushBack: ['Lo dicono tutti. Perché con voi dovrebbe essere diverso?', 'Non sono ancora convinto. Può essere concreto?'],
  acceptAnswer: "D'accordo, ha senso.",
  impatient: ['Non ho molto tempo. Cosa vuole sapere esattamente?', 'Dove vuole arrivare? Ho un’altra riunione a breve.'],
  notReady: 'È presto per questo. Non vedo ancora come si adatti a noi.',
  agree: (s) => `Va bene, facciamolo. ${s ? `Per me va bene: ${s}.` : ''} Mi mandi un invito.`.replace(/\s+/g, ' ').trim(),
  afterAgreement: 'Bene, abbiamo un piano. Altro?',
  hangup: 'Mi dispiace, non credo che faccia per noi adesso. Devo andare. Arrivederci.',
};

const ptBR: ProspectPhrases = {
  greeting: (n) => `Alô, aqui é ${n}.`,
  openWords: ['o que', 'como', 'por que', 'me conte', 'descreva', 'qual', 'quem', 'quando', 'onde'],
  painWords: ['problema', 'desafio', 'difícil', 'custo', 'impacto', 'objetivo', 'prioridade', 'hoje', 'atualmente', 'processo'],
  nextStepWords: ['próximo passo', 'reunião', 'demo', 'agendar', 'acompanhamento', 'próxima semana', 'teste', 'piloto', 'agenda'],
  pitchWords: ['nosso produto', 'nossa solução', 'oferecemos', 'nossa plataforma', 'preço', 'desconto', 'podemos'],
  answers: {
    situation: (s) => `Bom, hoje ${s}`,
    pain: (p) => `Sinceramente, o principal problema é este: ${p}`,
    goal: (g) => `O que queremos é simples: ${g}`,
    reveal: (i) => `Já que você perguntou… ${i}`,
    generic: 'Não entendi bem. Pode ser mais específico?',
  },
  raiseObjection: (o) => o,
  pushBack: ['Todo mundo diz isso. Por que seria diferente com vocês?', 'Ainda não estou convencido. Pode ser concreto?'],
  acceptAnswer: 'Certo, faz sentido.',
  impatient: ['Não tenho muito tempo. O que exatamente você quer saber?', 'Aonde você quer chegar? Tenho outra reunião logo.'],
  notReady: 'É cedo para isso. Ainda não vejo como isso se encaixa para nós.',
  agree: (s) => `Tudo bem, vamos fazer. ${s ? `Para mim funciona: ${s}.` : ''} Me mande um convite.`.replace(/\s+/g, ' ').trim(),
  afterAgreement: 'Ótimo, temos um plano. Mais alguma coisa?',
  hangup: 'Desculpe, não acho que isso faça sentido para nós agora. Preciso ir. Tchau.',
};

export function prospectPhrases(language: string): ProspectPhrases {
  const l = language.toLowerCase();
  if (l.startsWith('es')) return es;
  if (l.startsWith('it')) return it;
  if (l.startsWith('pt')) return ptBR;
  return en;
}
