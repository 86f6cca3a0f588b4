import type { OfflinePhrases } from './types';

export const ptBR: OfflinePhrases = {
  defaultRole: 'Responsável pela decisão',
  generalIndustry: 'Serviços gerais',
  companySize: (n) => `Cerca de ${n} funcionários`,
  situation: (p) =>
    `${p.company} (segmento: ${p.industry}; ${p.size.toLowerCase()}). Hoje a equipe cuida do trabalho que ${p.product} atende com as ferramentas e os processos atuais, que já começam a mostrar seus limites.`,
  icpContext: (s) => `Típico para esse tipo de empresa: ${s}`,
  knowledgeBackground: (f) => `Contexto relevante da base de conhecimento: “${f}”`,
  genericPains: [
    'Trabalho manual demais deixa a equipe lenta e gera erros.',
    'A diretoria não tem números confiáveis para tomar decisões.',
    'O processo atual não acompanha o crescimento da empresa.',
  ],
  genericGoals: (product) => [`Descobrir se ${product} resolve o problema sem atrapalhar a equipe.`, 'Mostrar resultados mensuráveis para a diretoria ainda este ano.'],
  productGoal: (s) => `Teria interesse se, no caso deles, isto for verdade: ${s}`,
  objections: [
    { mild: 'Não sei se temos orçamento para {product} agora.', sharp: 'Sinceramente, parece caro. Por que pagaríamos isso com o dinheiro tão curto?', surfaces: 'Quando o vendedor fala de preço ou do próximo passo.' },
    { mild: 'O momento não é ideal; temos outras prioridades neste trimestre.', sharp: 'Temos dez prioridades maiores neste trimestre. Por que isso passaria na frente?', surfaces: 'No início da ligação, quando o vendedor pergunta sobre a situação atual.' },
    { mild: 'Já trabalhamos com {competitor} e, no geral, está bom.', sharp: 'Já usamos {competitor}. Trocar é um risco que não vou correr sem um motivo muito bom.', surfaces: 'Quando o vendedor começa a apresentar a solução.' },
    { mild: 'Me preocupa quanto tempo levaria a implantação.', sharp: 'Nossa última implantação levou um ano e fracassou. O que vocês têm de diferente?', surfaces: 'Quando o vendedor fala de implantação ou onboarding.' },
    { mild: 'Eu precisaria conversar com a minha equipe antes de avançar.', sharp: 'Não decido sozinho, e não vou levar isso ao meu chefe sem números concretos.', surfaces: 'Quando o vendedor pede um compromisso.' },
    { mild: 'Como vou saber se isso funciona para uma empresa como a nossa?', sharp: 'Todo fornecedor promete resultados. Me mostre provas de uma empresa como a nossa ou não me faça perder tempo.', surfaces: 'Depois que o vendedor descreve os benefícios.' },
    { mild: 'Nossa equipe de TI vai ter perguntas sobre segurança e integração.', sharp: 'Se não passar na nossa avaliação de segurança e não integrar com nossos sistemas, está fora de cogitação.', surfaces: 'Quando o vendedor menciona dados ou integração.' },
  ],
  pushBack: (n) => (n === 1 ? 'Insiste uma vez se a primeira resposta for genérica.' : `Insiste até ${n} vezes e volta ao assunto depois se não for resolvido.`),
  hiddenFacts: [
    'A equipe perde cerca de {n} horas por semana com trabalho manual nessa área.',
    'O prazo real é uma reunião do conselho em {month}.',
    'Uma segunda pessoa, o gerente de TI, pode vetar a compra.',
    'Uma tentativa anterior de resolver esse problema fracassou por baixa adesão.',
    'Existe um orçamento não utilizado de cerca de {k} mil que precisa ser gasto até o fim do ano fiscal.',
    'O próprio bônus depende de melhorar esse indicador neste ano.',
    'O contrato com o fornecedor atual pode ser cancelado com 60 dias de aviso.',
  ],
  months: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  revealForCriterion: (c, high) => `Só compartilha quando o vendedor demonstra “${c}”: ${high}`,
  knowledgeHidden: (f) => `Sabe disso pelo material da própria empresa: “${f}”`,
  revealKnowledge: 'Só confirma se o vendedor perguntar especificamente sobre isso.',
  successForCriterion: (c, high) => `O vendedor atinge “${c}” no nível alto: ${high}`,
  successByDifficulty: {
    easy: 'O vendedor propõe um próximo passo claro; o cliente aceita com facilidade.',
    medium: 'O vendedor liga a oferta a uma dor mencionada e propõe uma reunião de acompanhamento concreta.',
    hard: 'O vendedor quantifica a dor, entende o processo de decisão e propõe um próximo passo específico e de baixo risco.',
    expert: 'O vendedor trata todas as objeções, descobre as informações ocultas e garante um próximo passo com data e com as pessoas certas.',
  },
  budget: {
    easy: 'Há orçamento reservado para esse tipo de projeto neste ano.',
    medium: 'Existe algum orçamento, mas ele precisa ser justificado frente a outros projetos.',
    hard: 'Não há orçamento alocado; o dinheiro teria de sair de outro projeto.',
    expert: 'Os orçamentos acabaram de ser cortados; qualquer gasto precisa de retorno claro em seis meses e aprovação do diretor financeiro.',
  },
  timeline: {
    easy: 'Gostaria de ter uma solução funcionando no próximo trimestre.',
    medium: 'Pretende decidir nos próximos três a seis meses.',
    hard: 'Não há prazo definido; o assunto sempre fica atrás de outras prioridades.',
    expert: 'Diz que não há urgência nenhuma, embora exista um prazo oculto.',
  },
  decision: {
    easy: (name) => `${name} pode aprovar diretamente depois de uma breve conversa com a equipe.`,
    medium: (name) => `${name} recomenda; o gestor aprova depois de ver um business case.`,
    hard: (name) => `${name} recomenda; Financeiro e TI precisam concordar, e compras compara outros fornecedores.`,
    expert: (name) => `${name} é uma voz num comitê de compras (Financeiro, TI, Operações); o diretor financeiro dá a palavra final e compras exige três orçamentos.`,
  },
  competitorsFallback: ['Um fornecedor consolidado e conhecido', 'Planilhas e um processo interno', 'Uma ferramenta de nicho mais barata'],
  thisProduct: 'esta solução',
  learnerRoles: { sales_representative: 'representante de vendas', account_executive: 'executivo de contas', sales_manager: 'gerente de vendas', business_development: 'representante de desenvolvimento de negócios' },
  summary: (p) =>
    `Você é ${p.learnerRole} e está ligando para ${p.name}, ${p.role} na ${p.company} (segmento: ${p.industry}; ${p.size.toLowerCase()}). A ${p.company} pode se beneficiar de ${p.product}: pelo que você sabe, ${p.pain.charAt(0).toLowerCase()}${p.pain.slice(1)}`,
  callGoal: (useCase, product) =>
    useCase
      ? `Objetivo da ligação (${useCase}): entender a situação com boas perguntas, conectar ${product} a necessidades reais e combinar um próximo passo.`
      : `Objetivo da ligação: entender a situação com boas perguntas, conectar ${product} a necessidades reais e combinar um próximo passo.`,
  difficultyNote: {
    easy: 'O cliente é aberto e simpático.',
    medium: 'O cliente está ocupado e não vai oferecer muitas informações por conta própria.',
    hard: 'O cliente é reservado e vai levantar objeções.',
    expert: 'O cliente é cético, tem pouco tempo e vai testar você.',
  },
  opening: {
    easy: (name, company) => `Olá, aqui é ${name}, da ${company}. Obrigado pela ligação, em que posso ajudar?`,
    medium: (name) => `${name} falando. Tenho alguns minutos, do que se trata?`,
    hard: (name) => `${name}. Estou entre duas reuniões, então seja rápido. O que você quer?`,
    expert: (name) => `${name}. Recebo muitas ligações assim. Você tem dois minutos para me convencer a continuar ouvindo.`,
  },
};
