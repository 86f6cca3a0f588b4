import type { ProspectLines } from './types';

export const ptBR: ProspectLines = {
  greeting: {
    easy: (name, company) => [
      company ? `Oi, aqui é ${name}, da ${company}. Em que posso ajudar?` : `Oi, aqui é ${name}. Em que posso ajudar?`,
      `Alô, ${name} falando. Pode falar.`,
    ],
    medium: (name) => [`${name} falando.`, `Alô, é ${name}. Quem fala?`],
    hard: (name) => [`${name}. Estou entre duas reuniões, o que foi?`, `${name}. Seja rápido, por favor.`],
    expert: (name) => [
      `${name}. Tenho uma reunião daqui a pouco. O que você quer?`,
      `${name}. Quem é e por que está me ligando?`,
    ],
  },
  timeCheck: {
    easy: ['Claro, tenho alguns minutos. Pode falar.', 'Sim, agora dá. Manda.'],
    medium: ['Tenho uns quinze minutos. Do que se trata?', 'Alguns minutos, sim. Do que você precisa?'],
    hard: ['Não muito, mas vai. Seja breve.', 'Cinco minutos. Pode falar.'],
    expert: ['Não, não é uma boa hora. Você tem dois minutos.', 'Sinceramente, não. Me diga por que eu deveria ouvir.'],
  },
  howAreYou: {
    easy: ['Tudo bem, obrigado, correria de sempre. Em que posso ajudar?', 'Bem, obrigado. Do que se trata?'],
    medium: ['Na correria. Do que se trata?', 'Bem. Do que você precisa?'],
    hard: ['Ocupado. O que você quer?', 'Vamos pular a conversa fiada. Por que está ligando?'],
    expert: ['Não tenho tempo para conversa fiada. Do que se trata?', 'Pule essa parte. Por que está ligando?'],
  },
  afterIntro: {
    easy: ['Prazer. Sobre o que você queria conversar?', 'Certo. Pode falar.'],
    medium: ['Certo. Do que se trata?', 'E em que posso ajudar?'],
    hard: ['E daí? O que você quer de mim?', 'Vá direto ao ponto, por favor.'],
    expert: ['Recebo muitas ligações assim. Por que isso me interessaria?', 'E o que eu ganho com isso?'],
  },
  ack: {
    easy: ['Certo.', 'Entendi.', 'Sei.'],
    medium: ['Certo.', 'Hum.', 'Sei.'],
    hard: ['Hum.', 'E daí?', 'Certo.'],
    expert: ['E daí?', 'E então?', 'Hum.'],
  },
  acknowledged: {
    easy: ['Pois é, é isso mesmo. Obrigado por entender.', 'Exatamente, é frustrante.'],
    medium: ['É, sim.', 'Dá para dizer isso.'],
    hard: ['É. E agora?', 'Sim. E daí?'],
    expert: [
      'Não preciso de compreensão, preciso de um motivo para continuar.',
      'Deixa isso pra lá. Aonde você quer chegar?',
    ],
  },
  leadIn: {
    easy: ['Olha,', 'Sinceramente,', 'Boa pergunta.', 'Deixa eu pensar.'],
    medium: ['Bom,', '', 'Sinceramente,'],
    hard: ['', 'Resumindo,', ''],
    expert: ['', '', 'Certo.'],
  },
  revealLeadIn: [
    'Já que você perguntou.',
    'Tá bom, vou ser sincero com você.',
    'Boa pergunta, na verdade.',
    'Cá entre nós.',
  ],
  alsoLeadIn: ['E tem mais uma coisa.', 'Além disso,', 'E para completar,'],
  hint: {
    situation: 'E o que acontece na prática não é bem o que o processo diz.',
    pain: 'E tem um problema que eu nem mencionei ainda.',
    impact: 'Isso custa mais do que eu gostaria de admitir, para ser sincero.',
    goal: 'Este ano eu tenho uma meta bem específica.',
    timing: 'E o prazo importa mais do que parece.',
    budget: 'O orçamento também não é tão simples quanto parece.',
    decision: 'E eu não sou a única pessoa que decide isso.',
    history: 'Aliás, a gente já tentou algo parecido.',
    motivation: 'E isso também importa para mim pessoalmente.',
    current_solution: 'O que a gente tem hoje também não é definitivo.',
    competition: 'Claro que não estamos falando só com vocês.',
    technical: 'O pessoal de TI vai ter a opinião deles.',
    company: 'Tem mais coisa acontecendo aqui do que parece.',
  },
  topicFallback: {
    situation: ['A gente se vira, mas não é bonito.', 'Funciona, mais ou menos.'],
    pain: ['Tem umas coisas que me incomodam, nada dramático.', 'O de sempre. Nada que eu chamaria de crise.'],
    impact: ['Nunca coloquei um número nisso.', 'Difícil dizer exatamente. Custa tempo.'],
    goal: ['Principalmente, quero menos surpresas.', 'Quero que isso funcione sem eu ter que correr atrás de ninguém.'],
    timing: ['Não tem data fechada.', 'Quando fizer sentido. Sem pressa.'],
    budget: ['Depende do que é e do que traz.', 'Orçamento vem depois do valor. Primeiro me mostre o valor.'],
    decision: ['Depende do tamanho da compra.', 'O processo de sempre. Nada especial.'],
    history: ['Já olhamos outras coisas antes, como todo mundo.', 'Nada que valha a pena contar.'],
    motivation: ['Faz parte do meu trabalho fazer isso funcionar.', 'Porque é responsabilidade minha.'],
    current_solution: [
      'A gente tem o que tem, e mais ou menos funciona.',
      'O que usamos hoje dá conta, mais ou menos.',
    ],
    competition: ['A gente sempre olha mais de uma opção.', 'Converso com vários fornecedores. É normal.'],
    technical: ['Isso o pessoal de TI vai ver na hora certa.', 'Isso é com os meus colegas de TI.'],
    company: ['Estamos bem, obrigado.', 'Somos uma empresa movimentada. Vamos deixar assim.'],
  },
  guarded: ['Por que você quer saber?', 'Depende.', 'É meio cedo para entrar nisso.', 'Melhor não irmos por aí ainda.'],
  closedShort: {
    easy: ['Sim, mais ou menos.', 'Sim, eu diria que sim.', 'Não muito, não.'],
    medium: ['Mais ou menos.', 'Sim.', 'Em parte.'],
    hard: ['Sim.', 'Não.', 'Talvez.'],
    expert: ['Sim. E daí?', 'Não.', 'Por quê?'],
  },
  broad: [
    'Essa pergunta é muito ampla. O que exatamente você quer saber?',
    'Por onde eu começo? Seja mais específico.',
  ],
  unclear: [
    'Desculpe, não entendi bem o que você quer dizer.',
    'Como assim?',
    'Não acompanhei. O que você está perguntando?',
  ],
  repeatLine: ['Você acabou de dizer isso.', 'Você está se repetindo.', 'Eu ouvi da primeira vez.'],
  alreadyTold: ['Isso eu já te contei.', 'A gente falou disso agora há pouco.'],
  asISaid: ['Como eu disse,', 'Como eu te falei,'],
  company: (company, employees) => [
    company && employees
      ? `Somos a ${company}, umas ${employees.toLocaleString('pt-BR')} pessoas.`
      : company
        ? `Somos a ${company}. Não somos uma empresa pequena.`
        : 'Somos uma empresa de porte médio, e crescendo.',
  ],
  competition: (names) => [
    names.length ? `Já olhamos ${names.slice(0, 2).join(' e ')}, entre outros.` : 'A gente sempre olha algumas opções.',
  ],
  pitchTooEarly: {
    easy: [
      'Espera, você nem sabe ainda o que a gente faz.',
      'Calma, deixa eu te contar primeiro como a gente trabalha.',
    ],
    medium: [
      'Você está vendendo antes de saber qualquer coisa sobre nós.',
      'Mais devagar. Você ainda não conhece a nossa situação.',
    ],
    hard: ['Para. Você não me perguntou nada e já está vendendo.', 'Eu não pedi uma apresentação.'],
    expert: [
      'Isso é um discurso de vendas, e eu não pedi.',
      'Você não sabe nada da gente e já está vendendo. Começo ruim.',
    ],
  },
  pitchReaction: {
    easy: ['Parece interessante. Como funcionaria no nosso caso?', 'Certo, isso pode ajudar.'],
    medium: ['Todo mundo diz isso. O que significa para nós?', 'Certo. E daí?'],
    hard: ['Todo fornecedor diz isso.', 'Já ouvi isso antes.'],
    expert: ['Papo de marketing. Me dê algo concreto ou paramos por aqui.', 'Palavras. Ouço isso todo dia.'],
  },
  getToThePoint: ['Vá direto ao ponto, por favor.', 'Foram muitas palavras. Qual é a sua pergunta?'],
  objectionLead: ['Deixa eu te parar aqui.', 'Antes de continuar, uma coisa.', 'Só uma coisa.', 'Mas, sinceramente.'],
  objectionDetail: {
    opening: ['Estamos no meio de outros projetos e não tenho espaço para nada novo.'],
    discovery: ['É que eu ainda não vejo por que isso deveria estar na minha lista.'],
    pitch: ['Todo mundo me diz que o produto deles é o melhor. Preciso ver por que isso importa aqui.'],
    price: ['É o dinheiro. Qualquer gasto novo está sendo questionado agora.'],
    proof: ['Preciso ver isso funcionando numa empresa como a nossa, não num slide.'],
    competition: ['Trocar é risco e trabalho, e o que a gente tem mais ou menos funciona.'],
    implementation: ['Meu time não tem tempo para um projeto longo, e o último doeu.'],
    next_step: ['Eu não me comprometo com coisas que não consigo justificar internamente.'],
  },
  pushBack: [
    ['Todo mundo diz isso. Por que com vocês seria diferente?', 'Isso está genérico. Pode ser concreto?'],
    ['Ainda não estou convencido. Me dê algo específico.', 'Você não está respondendo à minha preocupação.'],
    ['Estamos andando em círculos. O que você faria, na prática?', 'Preciso de mais do que isso.'],
  ],
  accept: {
    easy: ['Tá bom, faz sentido.', 'Certo, isso ajuda.'],
    medium: ['Certo, é uma resposta justa.', 'Tudo bem, dá para aceitar.'],
    hard: ['Certo. Pelo menos é concreto.', 'Tá. Isso sim é uma resposta.'],
    expert: ['Certo. Aceito, por enquanto.', 'Assim está melhor. Continue.'],
  },
  acceptGrudging: ['Tá bom, vamos em frente.', 'Certo, vamos deixar isso de lado por enquanto.'],
  unresolved: ['Não me convenceu, mas continue.', 'Isso não responde. Enfim, continue.'],
  ignoredObjection: ['Você não respondeu à minha preocupação.', 'Você pulou a minha pergunta.'],
  nextStep: {
    vague: [
      'Quando exatamente? Me dê um dia e um horário.',
      'Semana que vem é vago. Que dia?',
      'Seja específico. Que dia, que horas?',
    ],
    noAction: ['E o que a gente faria nesse dia?', 'Para fazer o quê, exatamente?'],
    agree: (when) => [
      `Combinado. ${when.charAt(0).toUpperCase()}${when.slice(1)} funciona para mim. Me mande um convite.`,
      `Tá bom, fechado: ${when}. Coloca na minha agenda.`,
    ],
    afterAgreement: (when) => [`Então está marcado, ${when}.`, `Ótimo, ${when}, então.`],
    notReady: {
      discovery: [
        'É cedo para isso. Você ainda não sabe nada da gente.',
        'Mais devagar. Ainda não vejo como isso se encaixa para nós.',
      ],
      pain: [
        'Ainda não vejo qual problema nosso isso resolve.',
        'Por que nos reunirmos de novo? Você não mostrou o que isso resolve para nós.',
      ],
      impact: [
        'Você não mostrou quanto isso vale para nós.',
        'Não consigo justificar uma reunião internamente sem saber o que está em jogo.',
      ],
      decision: [
        'Você nem sabe quem precisa participar.',
        'Antes disso, você deveria entender como a gente decide aqui.',
      ],
      objections: ['Não enquanto as minhas dúvidas estiverem em aberto.', 'Você não respondeu ao que eu levantei.'],
      hidden: [
        'Ainda não. Você não entendeu de verdade a nossa situação.',
        'Tem mais coisa do que você descobriu. Ainda não.',
      ],
    },
  },
  tone: {
    rude: ['Como é? Não precisa falar comigo desse jeito.', 'Cuidado com o tom, por favor.'],
    rudeHangup: ['Não vou continuar esta conversa. Tchau.', 'Chega. Tchau.'],
    pressure: ['Não gosto de ser pressionado.', 'Não me apresse. Comigo isso não funciona.'],
    pressureHangup: ['Eu disse que não gosto de ser pressionado. Vamos parar por aqui. Tchau.'],
    interrupted: {
      easy: ['Ah, desculpa, pode falar.', 'Deixa só eu terminar.'],
      medium: ['Deixa eu terminar, por favor.', 'Posso terminar?'],
      hard: ['Não me interrompa.', 'Eu estava falando.'],
      expert: ['Não fale por cima de mim.', 'Se continuar me interrompendo, a ligação acaba aqui.'],
    },
  },
  impatient: [
    'Não tenho muito tempo. O que exatamente você quer saber?',
    'Aonde você quer chegar? Tenho outra reunião daqui a pouco.',
    'Tem alguma pergunta aí?',
  ],
  patienceHangup: [
    'Desculpe, acho que isso não faz sentido para nós agora. Preciso ir. Tchau.',
    'Preciso ir, isso não está levando a lugar nenhum. Tchau.',
  ],
  timeWarning: ['Preciso encerrar em um minuto.', 'Só tenho mais um minuto.'],
  timeHangup: ['Meu tempo acabou, preciso entrar em outra reunião. Tchau.'],
  goodbye: ['Obrigado pela ligação. Tchau.', 'Tá bom. Tchau.'],
  goodbyeAgreed: (when) => [`Obrigado. Falamos ${when}. Tchau.`, `Ótimo, até ${when}. Tchau.`],
  afterGoodbye: ['Agora eu preciso ir mesmo. Tchau.'],
  thanks: ['De nada.', 'Imagina.'],
};
