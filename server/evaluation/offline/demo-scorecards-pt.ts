import type { SeedScorecard } from './demo-scorecards';

/**
 * The demo scorecards in Brazilian Portuguese (pt-BR): the same cards and criteria, in the same
 * order, as DEMO_SCORECARDS. Level texts describe what a listener can observe in a call
 * transcript, and the three levels of a criterion do not overlap.
 */
export const DEMO_SCORECARDS_PT: SeedScorecard[] = [
  {
    name: 'Descoberta (SPIN)',
    icon: 'search',
    shortDescription:
      'Entender a situação do comprador, os problemas dele e quanto eles custam antes de apresentar qualquer coisa.',
    longDescription:
      'Uma reunião de descoberta baseada na sequência SPIN: o vendedor mapeia a situação atual do cliente em potencial, traz os problemas à tona, ' +
      'explora quanto esses problemas custam para o negócio e deixa o cliente dizer, com as próprias palavras, por que resolvê-los é importante. ' +
      'Uma boa descoberta soa como uma conversa curiosa, não como um interrogatório: o cliente fala a maior parte do tempo, e o vendedor ' +
      'constrói cada pergunta a partir da resposta anterior. Falar do produto antes de a necessidade estar clara conta contra o vendedor.',
    criteria: [
      {
        name: 'Perguntas de situação',
        description:
          'Levanta os fatos do cenário atual do cliente (equipe, processo, ferramentas, volumes) com poucas perguntas focadas.',
        includeInScenario: true,
        levelZero:
          'Não faz nenhuma pergunta sobre o cenário atual do cliente, ou passa direto para a apresentação do produto.',
        levelLow:
          'Faz algumas perguntas de contexto, mas elas são genéricas (“me fale sobre a sua empresa”) ou tantas que a ligação parece um questionário; pergunta até fatos que poderia ter pesquisado antes.',
        levelHigh:
          'Faz de duas a quatro perguntas direcionadas sobre o processo, as ferramentas, a equipe ou os volumes atuais, menciona algo que já sabe sobre o cliente e segue em frente quando o quadro está claro.',
      },
      {
        name: 'Perguntas de problema',
        description: 'Traz à tona dificuldades, insatisfações ou lacunas na forma como o cliente trabalha hoje.',
        includeInScenario: true,
        levelZero:
          'Nunca pergunta sobre dificuldades ou insatisfações; qualquer problema mencionado parte do próprio cliente, sem estímulo, e não é explorado.',
        levelLow:
          'Pergunta se o cliente tem problemas de forma fechada ou induzida (“Vocês têm dificuldade com X?”) e aceita a primeira resposta sem aprofundar.',
        levelHigh:
          'Usa perguntas abertas para descobrir pelo menos um problema específico (“Em que ponto esse processo trava?”) e depois faz uma pergunta de aprofundamento que leva o cliente a descrevê-lo concretamente, com um exemplo ou uma frequência.',
      },
      {
        name: 'Perguntas de implicação',
        description:
          'Explora as consequências do problema: custo, tempo, risco, impacto em outras equipes ou em outras metas.',
        includeInScenario: true,
        levelZero: 'Não explora consequências; passa do problema direto para o produto.',
        levelLow:
          'Afirma as consequências no lugar do cliente (“isso deve sair caro para vocês”) em vez de perguntar, ou pergunta uma vez e não dá sequência à resposta.',
        levelHigh:
          'Pede ao cliente que descreva os efeitos em cadeia (na receita, no tempo, nos clientes dele, em outras equipes ou nas próprias metas) e, quando possível, leva-o a colocar um número ou um exemplo concreto no impacto.',
      },
      {
        name: 'Perguntas de necessidade de solução',
        description: 'Leva o cliente a dizer, com as próprias palavras, o valor de resolver o problema.',
        includeInScenario: false,
        levelZero:
          'Nunca convida o cliente a descrever o benefício de uma solução; o vendedor só apresenta funcionalidades.',
        levelLow:
          'Faz uma pergunta de valor de sim ou não (“Ajudaria se…?”) ou responde por conta própria no lugar do cliente.',
        levelHigh:
          'Faz perguntas abertas como “Se isso estivesse resolvido, o que significaria para a sua equipe?”, deixa o cliente formular o benefício e depois liga o próximo passo a esse benefício que ele mesmo declarou.',
      },
      {
        name: 'Escuta ativa',
        description: 'Mostra que as respostas do cliente foram ouvidas e orientam a conversa.',
        includeInScenario: false,
        levelZero:
          'Interrompe ou fala por cima do cliente, ignora o que acabou de ser dito ou segue um roteiro independentemente das respostas; o vendedor fala a maior parte do tempo.',
        levelLow:
          'Deixa o cliente terminar e reconhece as respostas com palavras de apoio (“ótimo”, “ok”), mas raramente retoma o que foi dito ou parafraseia.',
        levelHigh:
          'Parafraseia ou resume os pontos principais para o cliente (“Então, se eu entendi bem…”), usa as palavras do próprio cliente nas perguntas seguintes, e fica claro que o cliente fala a maior parte do tempo.',
      },
    ],
  },
  {
    name: 'Qualificação MEDDIC',
    icon: 'target',
    shortDescription:
      'Qualificar a oportunidade: métricas, comprador econômico, critérios e processo de decisão, dor e campeão.',
    longDescription:
      'Uma conversa de qualificação com MEDDIC. Ao fim da ligação, o vendedor deve saber se o negócio é real e como ele será ' +
      'decidido: o resultado mensurável que o comprador quer, quem é o dono do orçamento, como as opções serão comparadas, as etapas e ' +
      'as datas até a assinatura, a dor que move o projeto e quem, dentro da conta, vai vender em nome do vendedor. ' +
      'Cada elemento é avaliado pelo fato de o vendedor ter realmente obtido a informação, e não por o tema ter sido mencionado.',
    criteria: [
      {
        name: 'Métricas',
        description:
          'Identifica o resultado de negócio mensurável que o cliente espera e como ele vai medir o sucesso.',
        includeInScenario: true,
        levelZero: 'Não se fala de resultados mensuráveis; o sucesso fica indefinido.',
        levelLow:
          'Ouve uma meta vaga (“ser mais eficiente”, “aumentar a receita”), mas não pede um número, um ponto de partida ou um prazo.',
        levelHigh:
          'Leva o cliente a citar uma métrica específica, com o valor atual e uma meta (por exemplo, “reduzir a implantação de novos clientes de 6 para 3 semanas este ano”), e confirma como ela será medida.',
      },
      {
        name: 'Comprador econômico',
        description: 'Descobre quem tem a autoridade final para aprovar o gasto e como chegar até essa pessoa.',
        includeInScenario: true,
        levelZero: 'Nunca pergunta quem aprova o orçamento, ou presume que a pessoa na ligação decide.',
        levelLow:
          'Pergunta quem mais está envolvido, mas aceita uma resposta vaga (“a diretoria”) sem identificar a pessoa nem as prioridades dela.',
        levelHigh:
          'Identifica o comprador econômico pelo nome ou pelo cargo, descobre o que é importante para essa pessoa e pergunta como e quando o vendedor pode falar com ela.',
      },
      {
        name: 'Critérios de decisão',
        description:
          'Descobre os critérios técnicos, financeiros e de negócio que o cliente vai usar para comparar as opções.',
        includeInScenario: true,
        levelZero: 'Não pergunta como o cliente vai avaliar as soluções.',
        levelLow:
          'Pergunta o que importa numa solução, mas levanta só um ou dois critérios genéricos (“preço”, “facilidade de uso”) e não os ordena por importância.',
        levelHigh:
          'Descobre os critérios concretos (por exemplo, integrações, requisitos de segurança, custo total) e quais pesam mais, e verifica se a oferta do vendedor está sendo comparada com alternativas.',
      },
      {
        name: 'Processo de decisão',
        description: 'Mapeia as etapas, as pessoas e as datas entre hoje e um contrato assinado.',
        includeInScenario: false,
        levelZero: 'Nenhuma pergunta sobre como ou quando a decisão será tomada.',
        levelLow:
          'Descobre uma data-alvo aproximada ou uma etapa (“vamos precisar da revisão do jurídico”), mas não a sequência, as pessoas envolvidas nem o que dispara cada etapa.',
        levelHigh:
          'Percorre todo o caminho até a assinatura (avaliação, aprovações, jurídico/compras, data-alvo) e o confirma com o cliente, registrando qualquer prazo que esteja pesando na decisão.',
      },
      {
        name: 'Identificar a dor',
        description: 'Descobre a dor de negócio que torna o projeto uma prioridade e as consequências se nada mudar.',
        includeInScenario: true,
        levelZero: 'A dor não é discutida; a conversa fica em funcionalidades ou preço.',
        levelLow: 'Identifica um problema, mas não por que ele importa agora nem o que acontece se não for resolvido.',
        levelHigh:
          'Leva o cliente a descrever uma dor específica, quem ela afeta e o custo ou o risco de não fazer nada, e a liga à urgência do projeto.',
      },
      {
        name: 'Campeão',
        description: 'Identifica e testa um defensor interno que tem influência e interesse pessoal no resultado.',
        includeInScenario: false,
        levelZero: 'Não tenta descobrir quem apoiaria a compra internamente.',
        levelLow:
          'Presume que o contato é um campeão porque é simpático, sem verificar a influência ou a motivação dele.',
        levelHigh:
          'Pergunta o que o contato ganha pessoalmente com a solução do problema, testa a influência dele (por exemplo, se ele consegue marcar uma reunião com o comprador econômico) e combina como vão trabalhar juntos.',
      },
    ],
  },
  {
    name: 'Contorno de objeções',
    icon: 'shield',
    shortDescription:
      'Responder à resistência com calma: reconhecer, esclarecer, reformular com evidências, confirmar e avançar.',
    longDescription:
      'Como o vendedor lida com objeções como preço, momento, um concorrente ou “me manda um e-mail”. Um bom contorno trata a objeção ' +
      'como informação: o vendedor mantém a calma, reconhece a preocupação sem discutir, pergunta o que realmente está por trás dela, responde com ' +
      'evidências relevantes, confirma que a preocupação foi resolvida e então leva a conversa adiante. Ficar na defensiva, dar desconto ' +
      'ao primeiro sinal de resistência e ignorar a objeção recebem nota baixa.',
    criteria: [
      {
        name: 'Reconhecer',
        description: 'Reconhece a preocupação com respeito antes de responder, sem discutir nem menosprezá-la.',
        includeInScenario: true,
        levelZero: 'Ignora a objeção, fala por cima dela, discute (“isso não é verdade”) ou fica na defensiva.',
        levelLow:
          'Dá um reconhecimento decorado (“Eu entendo”) e parte imediatamente para a contestação, de modo que o cliente não se sente ouvido.',
        levelHigh:
          'Repete a preocupação nos termos do cliente e a valida como razoável (“Faz sentido ter cuidado com custos neste momento”) antes de responder, com tom calmo.',
      },
      {
        name: 'Esclarecer',
        description: 'Faz perguntas para entender o real motivo por trás da objeção antes de respondê-la.',
        includeInScenario: true,
        levelZero: 'Responde à objeção na hora, sem perguntar nada sobre ela.',
        levelLow:
          'Faz uma pergunta de esclarecimento, mas não usa a resposta, ou responde a uma preocupação diferente da que foi levantada.',
        levelHigh:
          'Faz perguntas abertas que revelam o que está por trás da objeção (“Quando você diz que é caro demais, é comparado com o quê?”) e confirma a preocupação real antes de responder a ela.',
      },
      {
        name: 'Reformular com evidências',
        description:
          'Responde com uma perspectiva relevante, apoiada em provas: um exemplo de cliente, dados ou uma comparação concreta.',
        includeInScenario: true,
        levelZero:
          'Não oferece resposta, cede imediatamente (por exemplo, com um desconto que ninguém pediu) ou faz afirmações sem fundamento.',
        levelLow:
          'Dá uma resposta genérica (“nossos clientes adoram a gente”) ou evidências que não correspondem à situação do cliente.',
        levelHigh:
          'Reformula a preocupação em torno dos próprios objetivos do cliente e a sustenta com evidências específicas e relevantes, como o resultado de um cliente parecido, um número ou uma comparação com o custo de não fazer nada.',
      },
      {
        name: 'Confirmar a resolução',
        description: 'Verifica se a resposta resolveu a preocupação antes de seguir em frente.',
        includeInScenario: false,
        levelZero: 'Segue em frente sem verificar se a preocupação foi resolvida.',
        levelLow:
          'Faz uma verificação fechada e induzida (“Faz sentido, né?”) e toma qualquer resposta como concordância.',
        levelHigh:
          'Faz uma verificação aberta (“Como isso soa para você?” ou “O que mais você precisaria ver?”) e trata qualquer dúvida restante antes de continuar.',
      },
      {
        name: 'Avançar a conversa',
        description: 'Depois de resolver a objeção, conduz a ligação para um próximo passo concreto.',
        includeInScenario: false,
        levelZero: 'A ligação empaca ou termina depois da objeção, sem nenhum próximo passo proposto.',
        levelLow: 'Sugere um próximo passo vago (“vamos manter contato”) sem data, responsável ou objetivo.',
        levelHigh:
          'Propõe um próximo passo específico ligado à preocupação resolvida (por exemplo, uma ligação com o financeiro na quinta-feira para revisar o modelo de ROI) e obtém a concordância do cliente.',
      },
    ],
  },
  {
    name: 'Abertura de ligação fria',
    icon: 'phone',
    shortDescription:
      'Conquistar os primeiros 30 segundos de uma ligação fria e transformá-los em uma conversa e um próximo passo.',
    longDescription:
      'O primeiro minuto de uma ligação fria de prospecção. O vendedor se apresenta com clareza, pede um momento do tempo do cliente em potencial, ' +
      'dá um motivo crível para ligar para essa pessoa específica, oferece uma breve hipótese do valor que pode gerar, transforma a ' +
      'ligação em conversa com uma pergunta e pede um próximo passo concreto. O cliente em potencial está ocupado e não esperava a ' +
      'ligação: o que se avalia é a concisão, a relevância e o respeito pelo tempo dele.',
    criteria: [
      {
        name: 'Abertura com permissão',
        description:
          'Apresenta a si mesmo e a empresa com clareza e reconhece a interrupção, pedindo um breve momento.',
        includeInScenario: true,
        levelZero:
          'Parte para a apresentação comercial sem se apresentar direito, ou abre com “Tudo bem com você?” e frases de enchimento.',
        levelLow:
          'Diz o nome e a empresa, mas não reconhece a interrupção nem pede tempo, ou pede de um jeito que facilita um “não” (“Estou ligando numa hora ruim?”).',
        levelHigh:
          'Diz o nome e a empresa numa só frase, reconhece que a ligação é inesperada e pede um tempo curto e específico (“Posso usar 30 segundos para dizer por que liguei, e você decide se vale a pena continuar?”).',
      },
      {
        name: 'Motivo da ligação',
        description: 'Dá um motivo relevante e específico para ligar para essa pessoa agora.',
        includeInScenario: true,
        levelZero:
          'Não dá nenhum motivo para a ligação, ou dá um motivo centrado no vendedor (“Estou ligando para apresentar a nossa empresa”).',
        levelLow: 'Dá um motivo genérico, que serviria para qualquer pessoa (“ajudamos empresas como a sua”).',
        levelHigh:
          'Dá um motivo específico para esse cliente em potencial, o cargo, a empresa ou o setor dele, como um acontecimento recente, um gatilho ou um padrão observado em empresas parecidas.',
      },
      {
        name: 'Hipótese de valor',
        description:
          'Oferece uma hipótese curta e focada em resultados sobre o problema que o vendedor pode resolver para o cliente em potencial.',
        includeInScenario: true,
        levelZero:
          'Descreve funcionalidades do produto ou a história da empresa em vez de qualquer valor para o cliente em potencial.',
        levelLow:
          'Menciona um benefício, mas ele é vago (“economizar tempo e dinheiro”) ou leva mais do que algumas frases para aparecer.',
        levelHigh:
          'Em uma ou duas frases, cita um problema concreto que profissionais em posição semelhante enfrentam e o resultado que os clientes do vendedor alcançaram, apresentado como uma hipótese para o cliente em potencial confirmar ou descartar.',
      },
      {
        name: 'Pergunta de engajamento',
        description: 'Transforma o monólogo em conversa com uma pergunta aberta relevante.',
        includeInScenario: false,
        levelZero:
          'Não faz nenhuma pergunta, ou só faz perguntas fechadas que encerram a conversa (“Você tem interesse?”).',
        levelLow:
          'Faz uma pergunta, mas ela é genérica (“Quais são as suas prioridades?”) ou não tem relação com a hipótese de valor.',
        levelHigh:
          'Faz uma pergunta aberta que testa a hipótese (“Como vocês lidam com isso hoje?”) e aprofunda a resposta em vez de voltar à apresentação comercial.',
      },
      {
        name: 'Pedido de próximo passo',
        description: 'Pede um próximo passo claro, de baixo compromisso, com horário específico.',
        includeInScenario: false,
        levelZero:
          'Encerra a ligação sem pedir nada, ou aceita um “me manda umas informações” sem combinar um retorno.',
        levelLow:
          'Pede uma reunião de forma vaga (“podemos conversar qualquer hora?”) ou pede um compromisso grande cedo demais.',
        levelHigh:
          'Propõe um próximo passo curto e específico, com data e horário (por exemplo, uma ligação de 20 minutos na terça-feira às 10h), e confirma os detalhes do convite antes de desligar.',
      },
    ],
  },
  {
    name: 'Fechamento e próximos passos',
    icon: 'trophy',
    shortDescription:
      'Resumir o que foi combinado, testar o comprometimento e sair com um próximo passo com data e responsável.',
    longDescription:
      'O fim de uma conversa de vendas, em qualquer etapa. O vendedor resume o que descobriu e o que foi combinado, verifica o quanto o ' +
      'cliente está pronto para avançar, trata qualquer hesitação final e sai com um próximo passo combinado pelos dois lados, com data, ' +
      'responsável e objetivo. Uma ligação que termina com “vou te mandar alguma coisa” e nenhum compromisso recebe nota baixa, por mais agradável que tenha sido.',
    criteria: [
      {
        name: 'Resumo de valor',
        description: 'Recapitula as necessidades do cliente e como a solução proposta as atende.',
        includeInScenario: false,
        levelZero: 'Não há resumo; a ligação termina de forma abrupta ou com um agradecimento genérico.',
        levelLow:
          'Resume as funcionalidades do produto em vez das necessidades do cliente, ou o resumo deixa de fora a principal preocupação levantada.',
        levelHigh:
          'Resume as principais necessidades do cliente com as palavras dele, liga cada uma a como a solução ajuda e pergunta se falta alguma coisa.',
      },
      {
        name: 'Fechamento de teste',
        description: 'Testa a disposição do cliente e revela hesitações restantes antes de pedir um compromisso.',
        includeInScenario: true,
        levelZero: 'Nunca verifica como o cliente se sente em relação a avançar.',
        levelLow: 'Faz uma pergunta de sim ou não (“Então, você tem interesse?”) e não explora uma resposta morna.',
        levelHigh:
          'Faz uma pergunta aberta sobre a disposição do cliente (“Numa escala de 1 a 10, o quanto isso está perto do que você precisa?”) e explora o que fecharia essa diferença.',
      },
      {
        name: 'Pedido de compromisso',
        description: 'Pede diretamente o compromisso adequado à etapa do negócio.',
        includeInScenario: true,
        levelZero: 'Não pede nenhum compromisso.',
        levelLow:
          'Sugere um compromisso de forma indireta ou pede como quem se desculpa, e desiste à primeira hesitação.',
        levelHigh:
          'Pede de forma clara e confiante um compromisso específico (um piloto, uma revisão da proposta, uma data de assinatura) e fica em silêncio para deixar o cliente responder.',
      },
      {
        name: 'Próximo passo combinado',
        description:
          'Sai da ligação com um próximo passo com data, responsáveis e objetivo, confirmado pelos dois lados.',
        includeInScenario: false,
        levelZero: 'Nenhum próximo passo é combinado.',
        levelLow: 'Um próximo passo é mencionado, mas falta data, responsável ou um objetivo claro.',
        levelHigh:
          'Combina um próximo passo com data, participantes nomeados e objetivo, confirma quem faz o quê até lá e diz como o convite será enviado.',
      },
    ],
  },
];
