import type { PhraseBank } from './types';

const and = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;

export const ptBR: PhraseBank = {
  defaultRole: 'Responsável pela decisão',
  generalIndustry: 'Empresa de serviços',
  companySize: (n) => `Cerca de ${n.toLocaleString('pt-BR')} funcionários`,
  situation: (p) =>
    `Hoje a gente faz isso com ${p.tools}, e muita coisa ainda é manual. Funciona, mas já está ficando apertado.`,
  atCompany: (company) => `Aqui na ${company},`,
  toolsFallback: 'planilhas e processos internos',
  and,
  genericPains: [
    'Tem trabalho manual demais: o time fica lento e os erros passam.',
    'Na hora de decidir, eu não tenho números em que confie.',
    'Do jeito que a gente trabalha hoje, não vamos acompanhar o crescimento.',
  ],
  genericGoals: (product) => [
    `Quero entender se ${product} resolve isso sem virar meu time de cabeça para baixo.`,
    'Este ano eu preciso mostrar resultados mensuráveis para a diretoria.',
  ],
  goalFromSource: (item) => `O que eu queria mesmo é ${item.replace(/[.!?]*$/, '')}.`,
  objections: [
    {
      mild: 'Não sei se temos orçamento para {product} agora.',
      sharp: 'Sinceramente, isso parece caro. Por que a gente pagaria isso com o dinheiro tão curto?',
      surfaces: 'Quando o vendedor fala de preço.',
      moment: 'price',
    },
    {
      mild: 'O momento não é ideal; temos outras prioridades neste trimestre.',
      sharp: 'Tenho dez prioridades na frente desta neste trimestre. Por que ela passaria na frente?',
      surfaces: 'No começo, logo depois da apresentação.',
      moment: 'opening',
    },
    {
      mild: 'A gente já trabalha com {competitor} e, no geral, está bom.',
      sharp: 'Já usamos {competitor}. Trocar é um risco que eu não corro sem um motivo muito bom.',
      surfaces: 'Quando o vendedor apresenta a solução ou compara com outras.',
      moment: 'competition',
    },
    {
      mild: 'Me preocupa quanto tempo levaria para colocar isso no ar.',
      sharp: 'Nossa última implantação levou um ano e deu errado. O que vocês têm de diferente?',
      surfaces: 'Quando o vendedor fala da implantação.',
      moment: 'implementation',
    },
    {
      mild: 'Eu precisaria conversar com meu time antes de seguir.',
      sharp: 'Essa decisão não é só minha, e eu não levo isso para o meu chefe sem números sólidos.',
      surfaces: 'Quando o vendedor pede um compromisso ou um próximo passo.',
      moment: 'next_step',
    },
    {
      mild: 'E como eu sei que isso funciona numa empresa como a nossa?',
      sharp:
        'Todo fornecedor promete resultado. Me mostre provas de uma empresa como a nossa ou não vamos perder tempo.',
      surfaces: 'Depois que o vendedor descreve os benefícios.',
      moment: 'proof',
    },
    {
      mild: 'O pessoal de TI vai ter perguntas sobre segurança e integração.',
      sharp: 'Se não passar na nossa revisão de segurança e não integrar com os nossos sistemas, nem começa.',
      surfaces: 'Quando o vendedor fala de dados, integração ou implantação.',
      moment: 'implementation',
    },
    {
      mild: 'Para ser franco, não sei se isso é prioridade para nós.',
      sharp: 'Já ouvi muita apresentação assim. Até agora não vejo por que isso importa para a gente.',
      surfaces: 'Durante a descoberta, depois de algumas perguntas.',
      moment: 'discovery',
    },
  ],
  proofObjection: (claim) =>
    claim
      ? `Vocês dizem que ${claim.replace(/[.!?]*$/, '')}. Todo fornecedor tem uma história dessas. Por que valeria para nós?`
      : 'Todo fornecedor me mostra um caso de sucesso. Por que funcionaria com a gente?',
  priceObjection: (amount) => `Eu vi os preços de vocês. ${amount} pesa bastante para um time como o nosso.`,
  sourcedSurfaces: {
    opening: 'No começo da ligação.',
    discovery: 'Durante a descoberta.',
    pitch: 'Quando o vendedor apresenta a solução.',
    price: 'Quando o vendedor fala de preço.',
    proof: 'Quando o vendedor promete resultados.',
    competition: 'Quando o vendedor se compara com uma alternativa.',
    implementation: 'Quando o vendedor fala da implantação.',
    next_step: 'Quando o vendedor pede um próximo passo.',
  },
  pushBack: (n) =>
    n === 1
      ? 'Insiste uma vez se a primeira resposta for genérica.'
      : `Insiste até ${n} vezes e volta ao assunto mais tarde se não estiver resolvido.`,
  hidden: [
    {
      topic: 'pain',
      information: 'O problema já causou {n} reclamações de clientes neste trimestre.',
      said: 'O que dói de verdade é que só neste trimestre isso já custou {n} reclamações de clientes.',
    },
    {
      topic: 'situation',
      information: 'Metade do time contorna o processo oficial com planilhas próprias.',
      said: 'Para falar a verdade, metade do meu time nem segue o processo oficial: cada um tem a sua planilha.',
    },
    {
      topic: 'impact',
      information: 'O time perde cerca de {n} horas por semana com trabalho manual nessa área.',
      said: 'Para ser sincero, a gente queima umas {n} horas toda semana com trabalho manual nisso.',
    },
    {
      topic: 'timing',
      information: 'O prazo real é uma revisão do conselho em {month}.',
      said: 'Uma coisa que eu ainda não falei: isso vai para o conselho em {month}, então esse é o meu prazo de verdade.',
    },
    {
      topic: 'decision',
      information: 'Um segundo interlocutor, {role}, pode vetar a compra.',
      said: 'Não depende só de mim. {OurRole} também precisa concordar, e pode barrar.',
    },
    {
      topic: 'history',
      information: 'Uma tentativa anterior de resolver o problema fracassou por baixa adoção.',
      said: 'A gente já tentou resolver isso uma vez, e morreu porque ninguém usava a ferramenta nova.',
    },
    {
      topic: 'budget',
      information: 'Há um orçamento não usado de cerca de {k} mil que precisa ser gasto antes do fim do ano fiscal.',
      said: 'Cá entre nós, me sobraram uns {k} mil este ano, e se eu não gastar até o fechamento, perco.',
    },
    {
      topic: 'motivation',
      information: 'O bônus do próprio interlocutor depende de melhorar esse indicador este ano.',
      said: 'Pessoalmente, parte do meu bônus deste ano depende desse número.',
    },
    {
      topic: 'current_solution',
      information: 'O contrato com o fornecedor atual pode ser cancelado com 60 dias de aviso prévio.',
      said: 'Na verdade, eu consigo sair do contrato atual com sessenta dias de aviso.',
    },
  ],
  stakeholders: {
    it: { note: 'o responsável de TI', said: 'o nosso responsável de TI', team: 'TI' },
    finance: { note: 'o diretor financeiro', said: 'o nosso diretor financeiro', team: 'Financeiro' },
    ceo: { note: 'o CEO', said: 'o nosso CEO', team: 'o CEO' },
    board: { note: 'o conselho', said: 'o nosso conselho', team: 'o conselho' },
    operations: { note: 'o diretor de operações', said: 'o nosso diretor de operações', team: 'Operações' },
    procurement: { note: 'a área de compras', said: 'a área de compras', team: 'Compras' },
  },
  revealForCriterion: (c, high) => `Só compartilha quando o vendedor demonstra “${c}”: ${high}`,
  sourcedInformation: (f) => `Dos dados deste cenário: “${f}”`,
  revealSourced: 'Só compartilha se o vendedor fizer uma pergunta aberta sobre o tema.',
  successForCriterion: (c, high) => `O vendedor atinge “${c}” no nível alto: ${high}`,
  successByDifficulty: {
    easy: 'O vendedor propõe um próximo passo claro; o cliente aceita sem dificuldade.',
    medium: 'O vendedor conecta a oferta a uma dor mencionada e propõe uma reunião de acompanhamento concreta.',
    hard: 'O vendedor quantifica a dor, entende o processo de decisão e propõe um próximo passo específico e de baixo risco.',
    expert:
      'O vendedor trata todas as objeções, descobre as informações ocultas e garante um próximo passo com data e com as pessoas certas.',
  },
  budget: {
    easy: () => 'Separamos orçamento para esse tipo de projeto este ano.',
    medium: () => 'Tem algum orçamento, mas eu teria que justificar contra outros projetos.',
    hard: () => 'Não tem nada alocado. Eu teria que tirar dinheiro de outro projeto.',
    expert: (approver) =>
      `Acabaram de cortar os orçamentos. Qualquer gasto precisa se pagar em seis meses e passar pela assinatura d${approver.startsWith('a ') ? 'a' : 'o'} ${approver.replace(/^(?:o|a)\s+/, '')}.`,
  },
  timeline: {
    easy: 'Eu gostaria de ter algo funcionando no próximo trimestre.',
    medium: 'A gente quer decidir nos próximos três a seis meses.',
    hard: 'Não tem data fixa. Isso vive sendo empurrado por outras prioridades.',
    expert: 'Sinceramente, do nosso lado não tem pressa nenhuma.',
  },
  decision: {
    easy: () => 'Eu mesmo posso aprovar, depois de uma conversa rápida com o meu time.',
    medium: ({ approver }) => `Eu recomendo, e ${approver} assina quando tem um business case.`,
    hard: ({ others }) =>
      `Eu recomendo, mas ${others} precisam concordar, e a gente sempre compara vários fornecedores.`,
    expert: ({ approver, others }) =>
      `Sou uma voz num comitê de compras com ${others}. A palavra final é d${approver.startsWith('a ') ? 'a' : 'o'} ${approver.replace(/^(?:o|a)\s+/, '')}, e precisamos de três propostas.`,
  },
  competitorsFallback: [
    'Um fornecedor tradicional e conhecido',
    'Planilhas e um processo interno',
    'Uma ferramenta de nicho mais barata',
  ],
  thisProduct: 'esta solução',
  learnerRoles: {
    sales_representative: 'representante de vendas',
    account_executive: 'executivo de contas',
    sales_manager: 'gerente de vendas',
    business_development: 'representante de desenvolvimento de negócios',
  },
  summary: (p) =>
    `Você é ${p.learnerRole} e está ligando para ${p.name}, ${p.role} na ${p.company} (${p.industry.charAt(0).toLowerCase()}${p.industry.slice(1)}, ${p.size.charAt(0).toLowerCase()}${p.size.slice(1)}). A ${p.company} pode se beneficiar de ${p.product}.`,
  knowledgeBackground: (facts) => `Do seu próprio material: ${facts.map((f) => `“${f}”`).join(' ')}`,
  drillMoment: (quote, criterion) =>
    `Este exercício repete um momento da sua própria ligação em que “${criterion}” teve nota baixa: “${quote}”. O cliente vai levantar os mesmos pontos; desta vez, trate-os.`,
  callGoal: (useCase, product) =>
    useCase
      ? `Objetivo da ligação (${useCase}): entender a situação com boas perguntas, conectar ${product} a necessidades reais e combinar um próximo passo.`
      : `Objetivo da ligação: entender a situação com boas perguntas, conectar ${product} a necessidades reais e combinar um próximo passo.`,
  difficultyNote: {
    easy: 'O cliente é aberto e simpático.',
    medium: 'O cliente está ocupado e não vai oferecer muita informação por conta própria.',
    hard: 'O cliente é reservado e vai fazer objeções.',
    expert: 'O cliente é cético, tem pouco tempo e vai te testar.',
  },
  opening: {
    easy: (name, company) => `Oi, aqui é ${name}, da ${company}. Obrigado por ligar — em que posso ajudar?`,
    medium: (name) => `Alô, ${name} falando. Tenho alguns minutos — do que se trata?`,
    hard: (name) => `${name}. Estou entre duas reuniões, então seja rápido. O que você quer?`,
    expert: (name) =>
      `${name}. Recebo muitas ligações assim. Você tem dois minutos para me convencer a continuar ouvindo.`,
  },
  traits:
    /(?<![\p{L}])(?:fala|gosta|não gosta|odeia|respeita|prefere|tom|calm[oa]|simpátic[oa]|pacient[ea]|impacient[ea]|cétic[oa]|precis[oa]|diret[oa]|educad[oa]|evita)(?![\p{L}])/iu,
};
