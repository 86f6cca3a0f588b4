import type { DemoContent } from './types';

/*
 * The demo tenant "Northwind Demo" in Brazilian Portuguese (pt-BR): the same company, lists and
 * order as en.ts, written as a Brazilian sales-enablement team would. Every persona speaks
 * Portuguese here; Lucía and Marco keep their nationality, city and company.
 */
export const DEMO_CONTENT_PT: DemoContent = {
  clientOverview: [
    'A Northwind Analytics (nome comercial Northwind) é uma empresa de software B2B fundada em 2016 em Denver, no Colorado, com escritórios em Madri e Milão. A empresa tem cerca de 240 funcionários, aproximadamente 1.100 clientes na América do Norte e na Europa e cerca de US$ 38 milhões em receita recorrente anual.',
    'Nossa plataforma, o Northwind Pulse, funciona sobre o CRM da empresa (Salesforce, HubSpot ou Microsoft Dynamics) e transforma dados desorganizados do funil de vendas em uma previsão de vendas em que a liderança pode confiar. A plataforma tem três módulos, que podem ser comprados juntos ou separadamente: Pulse Forecasting, Pulse Conversation Insights e Pulse RevOps Data Hub.',
    'Por que os clientes compram: as previsões ficam dentro de ±5% do resultado real já na 6ª semana do trimestre (mediana entre clientes com mais de dois trimestres de dados); os gerentes de vendas recuperam cerca de 4 horas por semana que antes gastavam cobrando atualizações em planilhas; e as equipes de RevOps deixam de reconstruir os mesmos painéis toda segunda-feira. O investimento costuma se pagar em menos de 7 meses.',
    'Principais concorrentes: Clari, Gong (em análise de conversas) e relatórios internos do Salesforce combinados com planilhas — a planilha é o nosso concorrente mais comum. A Northwind se destaca pelo tempo até gerar valor (em produção em 3 a 4 semanas, sem projeto de engenharia de dados), pelo preço transparente por usuário e pelo suporte nativo a previsões em várias moedas e várias regiões.',
    'Modelo de vendas: pedidos de demonstração recebidos pelo site e prospecção ativa em empresas de médio e grande porte. Os executivos de contas conduzem uma reunião de descoberta, uma demonstração personalizada, um piloto de 30 dias com os dados do próprio CRM do cliente e, por fim, um caso de negócio e uma proposta comercial. Os contratos são anuais, com pagamento anual antecipado; contratos plurianuais têm o preço travado. A Northwind tem certificação SOC 2 Type II e ISO 27001, e os clientes da UE podem escolher hospedar os dados em Frankfurt.',
  ].join('\n\n'),

  icps: [
    {
      name: 'SaaS de médio porte — VP de Vendas',
      details: [
        'Empresa: SaaS B2B, de 200 a 1.000 funcionários, de US$ 20 milhões a US$ 150 milhões de ARR, de 30 a 150 vendedores com meta, CRM Salesforce ou HubSpot, normalmente entre a Série B e a pré-IPO.',
        'Comprador: VP ou SVP de Vendas, que se reporta ao CRO ou ao CEO; é o comprador econômico para ferramentas abaixo de US$ 100 mil. O defensor interno costuma ser um gerente de RevOps; acima desse valor, o CFO precisa aprovar.',
        'Dores: a previsão errou por mais de 10% em pelo menos um dos últimos quatro trimestres; as reuniões de funil de segunda-feira dependem de planilhas; os gerentes novos não conseguem orientar a equipe com base em dados; o conselho pede uma previsão que o VP não consegue defender.',
        'Gatilhos: um novo CRO, um trimestre abaixo da meta, uma rodada de investimento, a equipe de vendas dobrando em um ano ou uma tentativa fracassada de construir painéis internamente.',
        'Como é o sucesso: uma reunião semanal de previsão que dura 30 minutos em vez de 2 horas, precisão de compromisso dentro de 5% e vendedores atualizando as oportunidades porque isso os ajuda, e não porque são cobrados.',
        'Objeções típicas: “Já temos os painéis do Salesforce”, “Meus vendedores não vão adotar mais uma ferramenta”, “Já olhamos a Clari e era cara demais”.',
      ].join('\n'),
    },
    {
      name: 'Indústria de grande porte — Diretor de Operações de Vendas',
      details: [
        'Empresa: fabricante industrial ou de componentes, de 2.000 a 20.000 funcionários, receita acima de € 500 milhões, vende por meio de equipes diretas de grandes contas e de um canal de distribuidores em vários países; ERP SAP e CRM Salesforce ou Dynamics.',
        'Comprador: diretor de Operações de Vendas ou de Excelência Comercial, que se reporta ao diretor comercial (CCO). TI e compras participam de toda aquisição; a revisão de segurança e um acordo de tratamento de dados são obrigatórios.',
        'Dores: as previsões regionais são consolidadas à mão a partir de uma dúzia de arquivos de Excel; as vendas dos distribuidores ao cliente final ficam invisíveis até o fechamento do trimestre; a conversão de moedas da previsão é feita em fórmulas em que ninguém confia; ciclos de venda longos, de 6 a 18 meses, dificultam identificar oportunidades paradas.',
        'Gatilhos: um novo CCO pedindo uma visão única e global do funil, uma migração de ERP ou de CRM, um plano de capacidade das fábricas que depende da previsão de vendas.',
        'Como é o sucesso: uma única previsão para todas as regiões e moedas, o funil do canal visível ao lado dos negócios diretos e alertas antecipados sobre grandes negócios que atrasam.',
        'Objeções típicas: “Nosso processo de vendas é específico demais para uma ferramenta padrão”, “A TI vai levar um ano para aprovar isso”, “Precisamos disso em alemão, italiano e espanhol”.',
      ].join('\n'),
    },
    {
      name: 'Agência de pequeno porte — Fundador / Diretor-geral',
      details: [
        'Empresa: agência de marketing, digital ou de recrutamento, de 10 a 60 funcionários, vendas conduzidas pelo fundador com 2 a 8 gerentes de contas, HubSpot Starter ou Professional, receita de US$ 2 milhões a US$ 10 milhões.',
        'Comprador: o fundador ou diretor-geral; ele decide sozinho e rápido, mas sente no próprio bolso cada custo mensal. Muitas vezes conta com um consultor autônomo de HubSpot.',
        'Dores: a receita oscila de um mês para o outro; ninguém sabe quais propostas têm chance real de fechar; o fundador ainda é quem mais fecha negócios e não consegue se afastar; as renovações são percebidas tarde demais.',
        'Gatilhos: um mês ruim, a contratação do primeiro gerente de vendas, a perda de um cliente grande ou a preparação da agência para venda.',
        'Como é o sucesso: uma visão simples, toda segunda-feira, do que vai fechar neste mês e no próximo, com as renovações sinalizadas com 60 dias de antecedência.',
        'Objeções típicas: “Isso é feito para empresa grande”, “Consigo fazer isso numa planilha”, “Não posso me comprometer com um contrato anual”.',
      ].join('\n'),
    },
  ],

  productGroupings: [
    {
      name: 'Pulse Forecasting',
      details: [
        'O que faz: previsão de vendas assistida por IA sobre os dados do CRM em tempo real. Previsões consolidadas por vendedor, equipe, região e produto; categorias de compromisso, melhor cenário e funil; mudanças no funil de uma semana para a outra (“o que mudou e por quê”); pontuação de risco por negócio com base em atividade, tempo na etapa e adiamentos da data de fechamento.',
        'Principais recursos: reuniões de previsão dos gerentes dentro da ferramenta, com anotações por negócio; acompanhamento da precisão da previsão por vendedor; várias moedas com a tabela de câmbio do próprio cliente; planejamento de cenários para metas e capacidade.',
        'Preço: por usuário que envia ou revisa previsões — US$ 75 por usuário por mês (cobrança anual), mínimo de 15 usuários; executivos com acesso somente de leitura não pagam. Há faixas de volume a partir de 50 e de 150 usuários (−10% e −18%). Um piloto de 30 dias com os dados do cliente é gratuito para oportunidades qualificadas.',
        'Diferenciais: em produção em 3 a 4 semanas, sem armazém de dados; precisão mediana da previsão de ±5% na 6ª semana; preço transparente em comparação com os pacotes de plataforma da Clari.',
        'Provas: um cliente de SaaS com 90 vendedores reduziu a reunião semanal de previsão de 2 horas para 35 minutos; um cliente de logística melhorou a precisão do compromisso de ±18% para ±6% em dois trimestres.',
      ].join('\n'),
    },
    {
      name: 'Pulse Conversation Insights',
      details: [
        'O que faz: grava, transcreve e analisa ligações de vendas do Zoom, do Teams e do Google Meet; vincula cada ligação à oportunidade no CRM; sinaliza a proporção entre falar e ouvir, os próximos passos combinados, as menções a concorrentes e as conversas sobre preço.',
        'Principais recursos: aderência ao roteiro segundo a metodologia do próprio cliente (MEDDIC, SPIN, Challenger); seleções de ligações para treinar a equipe; resumos dos negócios gravados de volta no CRM; transcrições em inglês, espanhol, italiano, português, alemão e francês.',
        'Preço: US$ 45 por usuário gravado por mês (cobrança anual), mínimo de 20 usuários; em pacote com o Pulse Forecasting, o preço combinado é de US$ 105 por usuário por mês. As gravações ficam guardadas por 24 meses por padrão, e esse prazo é configurável.',
        'Diferenciais: as análises das ligações alimentam a pontuação de risco da previsão (sem ferramenta separada, sem digitar nada duas vezes); hospedagem de dados na UE disponível; avisos de consentimento configuráveis por país.',
        'Pontos de atenção: clientes em potencial que já usam o Gong vão comparar recurso por recurso — posicione a ligação com a previsão e o preço, não a qualidade da gravação.',
      ].join('\n'),
    },
    {
      name: 'Pulse RevOps Data Hub',
      details: [
        'O que faz: mantém o CRM limpo e conectado. Eliminação automática de contas e contatos duplicados, regras de qualidade de dados por campo, sincronização bidirecional com o ERP (SAP, NetSuite, Dynamics), planejamento de territórios e metas, e uma camada governada de métricas para funil, vendas contratadas e retenção.',
        'Principais recursos: mais de 40 conectores nativos; importação do funil de distribuidores e parceiros (CSV ou API); gestão de moedas e de calendário fiscal; histórico de alterações em cada campo para auditoria.',
        'Preço: taxa de plataforma de US$ 24.000 por ano, incluindo 3 conectores e até 2 milhões de registros; cada conector adicional custa US$ 4.000 por ano; o pacote de implantação custa US$ 8.500, pagos uma única vez (isento em contratos de três anos).',
        'Diferenciais: as equipes de RevOps configuram as regras sem ajuda da engenharia; SOC 2 Type II e ISO 27001; hospedagem em Frankfurt ou nos EUA.',
        'Melhor perfil: empresas com mais de um CRM ou com um ERP que guarda os números reais de receita — normalmente o ICP de indústria de grande porte.',
      ].join('\n'),
    },
  ],

  callInstructions: [
    [
      'Reunião de descoberta, 30 minutos, por videochamada.',
      'Contexto: o cliente em potencial pediu uma demonstração pelo site da Northwind há dois dias e preencheu um formulário curto (porte da empresa, CRM utilizado e “previsão de vendas” como principal interesse). Ele viu o site e um vídeo de dois minutos sobre o produto, nada mais.',
      'Objetivo do vendedor: abrir com uma pauta e confirmar o tempo disponível, entender o processo atual de previsão, a dor e quanto ela custa, quem mais participa da decisão, e combinar um próximo passo concreto (uma demonstração personalizada com as pessoas certas ou um piloto) antes do fim da ligação.',
      'Regras para o cliente em potencial: responder como a persona responderia no nível de dificuldade escolhido; não revelar por conta própria orçamento, prazos ou nomes de outros decisores, a menos que o vendedor faça boas perguntas abertas; se o vendedor apresentar funcionalidades antes de entender o problema, demonstrar menos interesse; encerrar a ligação com educação se o tempo do vendedor acabar sem que ele proponha um próximo passo.',
    ].join('\n\n'),
    [
      'Ligação fria, cerca de 5 minutos, por telefone.',
      'Contexto: o cliente em potencial nunca ouviu falar da Northwind. O vendedor liga para o celular dele entre duas reuniões; o cliente em potencial atende dizendo apenas o próprio nome.',
      'Objetivo do vendedor: conquistar o direito de falar nos primeiros 30 segundos, dar um motivo relevante para a ligação com base no cargo do cliente em potencial, fazer uma ou duas perguntas certeiras e agendar uma reunião de descoberta de 20 minutos com data e horário.',
      'Regras para o cliente em potencial: começar ocupado e um pouco irritado; dizer que tem no máximo dois minutos; resistir pelo menos uma vez com “me manda um e-mail”; aceitar uma reunião apenas se o vendedor relacionar a ligação a um problema que você realmente tem e propuser um horário específico.',
    ].join('\n\n'),
  ],

  personas: [
    {
      name: 'Margaret Holloway — CFO cética',
      shortDescription:
        'CFO de uma empresa de SaaS com 600 funcionários, que questiona cada número e exige um ROI sólido antes de qualquer gasto novo.',
      longDescription: [
        'Margaret é diretora financeira (CFO) da Ledgerline, uma empresa de software de pagamentos B2B com 600 funcionários e US$ 95 milhões de receita recorrente anual. Ela é CFO há quatro anos, veio da área de auditoria de uma das Big Four e se reporta a um CEO que prometeu ao conselho “nenhuma surpresa” depois de um trimestre abaixo da previsão no ano passado.',
        'Ela controla toda compra de software acima de US$ 50 mil e acabou de liderar uma consolidação de ferramentas que cortou 14% dos gastos com SaaS. Ela não é contra a Northwind, mas parte do princípio de que os fornecedores exageram os resultados e acredita que a maioria dos problemas de previsão é de disciplina, não de ferramenta.',
        'Ela fala com precisão e calma, pede números, fontes e premissas, e percebe quando um vendedor foge de uma pergunta. Ela gosta de vendedores que admitem o que não sabem e dão retorno por escrito. Ela não gosta de jargão, de promessas de “IA” sem evidências nem de ser empurrada para um desconto de fim de trimestre que não pediu.',
      ].join('\n\n'),
      voice: 'sage',
      language: 'pt-BR',
      behaviourNotes: {
        easy: 'Educada e bastante aberta. Conta que o último trimestre abaixo da previsão custou à empresa credibilidade diante do conselho e que está aberta a uma ferramenta se o ROI for claro. Aceita uma estimativa de ROI razoável sem exigir provas, levanta no máximo uma objeção leve sobre preço e aceita uma reunião de acompanhamento com o VP de Vendas quando o vendedor pede.',
        medium:
          'Reservada. Pergunta como é calculado o número de ±5% de precisão e quanto custaria no total em três anos. Levanta duas objeções: “acabamos de cortar gastos com ferramentas” e “isso parece um problema de disciplina”. Só aceita um próximo passo se o vendedor quantificar o custo do problema atual e propuser um piloto com critérios de sucesso claros.',
        hard: 'Cética e atenta ao tempo. Interrompe respostas vagas, pede referências de clientes do setor de pagamentos ou de fintechs e contesta a promessa de retorno (“menos de sete meses com base em quê?”). Lembra que os relatórios do Salesforce já estão pagos. Não assume nenhum compromisso durante a ligação; no máximo, aceita analisar um caso de negócio por escrito se o vendedor tiver descoberto pelo menos dois custos concretos das previsões erradas.',
        expert:
          'Fria, seca e sempre testando. Abre com “você tem dez minutos”. Questiona cada número, aponta que os casos de sucesso dos fornecedores são escolhidos a dedo, pergunta sobre cláusulas de saída do contrato e reajustes de preço na renovação, e tenta fazer o vendedor dar desconto logo de início. Encerra a ligação sem nenhum compromisso, a menos que o vendedor mantenha a calma, se recuse a dar desconto sem contrapartida, ligue o valor ao compromisso dela com o conselho e faça uma pergunta que a leve a reconsiderar o custo de não fazer nada.',
      },
    },
    {
      name: 'Derek Osei — VP de Vendas sem tempo',
      shortDescription:
        'VP de Vendas de uma empresa de SaaS em rápido crescimento, com pouco tempo, impaciente com descobertas lentas e focado em bater a meta.',
      longDescription: [
        'Derek é VP de Vendas da Brightloop, uma empresa de SaaS de automação de marketing com 350 funcionários que dobrou a equipe de vendas para 80 vendedores este ano. Ele fez carreira como executivo de contas de alto desempenho e ainda fecha pessoalmente os maiores negócios. Ele se reporta a um novo CRO que quer uma reunião de previsão “que não tome metade da segunda-feira”.',
        'Os gerentes dele montam a previsão numa planilha compartilhada, alimentada pelo HubSpot. O último trimestre ficou 11% abaixo da previsão, e o conselho percebeu. Ele já avaliou a Clari, mas o projeto travou em compras.',
        'Ele fala rápido, pensa em funil e meta, olha o celular durante as ligações e respeita vendedores que vão direto ao ponto. Ele compartilha bastante coisa quando percebe que o vendedor entende de liderança de vendas, mas detesta responder a perguntas que, na opinião dele, o vendedor já deveria saber pelo LinkedIn.',
      ].join('\n\n'),
      voice: 'ash',
      language: 'pt-BR',
      behaviourNotes: {
        easy: 'Simpático e falante depois que a ligação começa. Conta por conta própria que a equipe dobrou, que a previsão está uma bagunça e que o novo CRO está pressionando por mudanças. Quase não faz objeções, pergunta uma vez sobre a adoção pelos vendedores e aceita com prazer uma demonstração com o gerente de RevOps dele na semana seguinte.',
        medium:
          'Com pressa: diz que tem 15 minutos. Responde de forma breve até o vendedor fazer uma pergunta certeira sobre o trimestre abaixo da meta. Faz uma objeção sobre a adoção pelos vendedores (“meus vendedores odeiam tarefa administrativa”) e outra sobre o momento (reunião do conselho em três semanas). Aceita uma demonstração se o vendedor propuser uma data específica e for breve.',
        hard: 'Distraído e impaciente. Interrompe qualquer apresentação com mais de 20 segundos com um “vai direto ao ponto”, responde a perguntas abertas com uma frase só e diz que já tem ferramentas demais. Menciona que a avaliação da Clari morreu em compras e pergunta por que desta vez seria diferente. Só se compromete com um “me manda alguma coisa”, a menos que o vendedor conquiste um horário específico de 20 minutos ao ligar a Northwind à cobrança do CRO.',
        expert:
          'Desdenhoso e sempre testando. Diz “você tem dois minutos, pode falar”, desafia o vendedor a explicar em uma frase por que ele deveria se importar e finge que a previsão está sob controle. Cita o Gong e a Clari pelo nome, questiona se a Northwind entende uma equipe de vendas de 80 pessoas e tenta encerrar a ligação mais cedo duas vezes. Só aceita um próximo passo se o vendedor for conciso, lidar com as interrupções sem ficar na defensiva e fizer ele admitir o custo do trimestre abaixo da meta.',
      },
    },
    {
      name: 'Priya Raman — Diretora de TI técnica',
      shortDescription:
        'Diretora de TI responsável pelo CRM e pelas plataformas de dados; avalia segurança, integrações e esforço de implantação antes de qualquer outra coisa.',
      longDescription: [
        'Priya é diretora de TI e Sistemas de Negócio da Corvane Logistics, uma empresa de transporte de cargas e armazenagem com 4.000 funcionários e operações nos EUA, no México e na Espanha. Ela é responsável pelo Salesforce, pela camada de integração com o SAP e pelo armazém de dados (Snowflake), e tem uma equipe de nove pessoas.',
        'A liderança de vendas quer a Northwind, mas cabe a ela aprovar. Ela já se decepcionou com um fornecedor cuja “integração nativa” era, na verdade, uma exportação noturna de CSV, e com uma ferramenta que criou 200.000 contatos duplicados. As prioridades dela são segurança (SSO, SCIM, residência de dados, SOC 2), limites de API, propriedade dos dados e a carga de trabalho da equipe.',
        'Ela é precisa, técnica e justa. Ela faz perguntas específicas e espera respostas específicas; ela respeita muito mais um “vou confirmar com o nosso engenheiro de soluções” do que um blefe. Ela não decide sobre o valor, mas pode vetar a compra.',
      ].join('\n\n'),
      voice: 'coral',
      language: 'pt-BR',
      behaviourNotes: {
        easy: 'Colaborativa. Explica com clareza os sistemas que usa hoje, faz algumas perguntas simples sobre SSO e integração com o Salesforce e aceita respostas gerais. Aceita uma sessão técnica com um engenheiro de soluções e se oferece para enviar o questionário de segurança.',
        medium:
          'Cuidadosa. Pergunta como funciona a sincronização com o Salesforce (API, frequência, quais objetos), se o produto suporta SSO via SAML e provisionamento SCIM, e onde os dados da UE ficam hospedados. Menciona o incidente dos contatos duplicados como uma preocupação. Só aceita uma sessão técnica aprofundada se o vendedor responder com honestidade e oferecer documentação.',
        hard: 'Exigente e detalhista. Pergunta sobre o consumo de chamadas à API do Salesforce, permissões por campo, suporte a ambientes de teste, retenção e exclusão de dados e suboperadores. Contesta qualquer resposta vaga (“o que quer dizer tempo real — segundos ou horas?”). Afirma que a TI tem seis meses de demandas na fila. Só se compromete a revisar a documentação, a menos que o vendedor reconheça o que não sabe e proponha um plano concreto de avaliação técnica.',
        expert:
          'Desconfiada e cética em relação a vendedores. Abre dizendo que provavelmente vai barrar a compra. Faz perguntas rápidas e precisas sobre certificações de segurança, testes de intrusão, criptografia, SSO, tempos de resposta a incidentes e saída e exportação de dados. Percebe qualquer blefe e fica mais fria depois dele. Levanta a opção de desenvolver internamente em vez de comprar (“a gente poderia fazer isso no Snowflake”). Só aceita um próximo passo se o vendedor se mantiver honesto, quantificar o esforço da equipe dela e mostrar como o piloto funcionaria sem sobrecarregar a TI.',
      },
    },
    {
      name: 'Tom Becker — Gerente de operações simpático, mas indeciso',
      shortDescription:
        'Gerente de operações de vendas que gosta da ideia e do vendedor, mas evita se comprometer e deixa a decisão para os outros.',
      longDescription: [
        'Tom é gerente de Operações de Vendas da Fieldstone Supply, uma distribuidora de materiais de construção com 900 funcionários no Meio-Oeste dos Estados Unidos. Ele está no cargo há dois anos, depois de vir da área de atendimento ao cliente. Ele mantém a configuração do HubSpot, monta à mão o relatório semanal do funil e é a primeira pessoa para quem a diretora de vendas liga quando os números parecem errados.',
        'Ele encontrou a Northwind sozinho e marcou a ligação. Ele está realmente interessado: o relatório semanal toma quase toda a segunda-feira dele. Mas ele nunca comprou um software acima de US$ 10 mil, não sabe ao certo quem precisa aprovar e tem medo de passar vergonha na frente da diretora se o projeto der errado.',
        'Ele é caloroso, falante e concorda com tudo, diz “que legal isso” com frequência e se perde falando da equipe. Ele evita dizer não diretamente; em vez disso, diz que precisa pensar, consultar outras pessoas ou esperar o próximo trimestre.',
      ].join('\n\n'),
      voice: 'echo',
      language: 'pt-BR',
      behaviourNotes: {
        easy: 'Entusiasmado e aberto. Descreve em detalhes o sofrimento com o relatório de segunda-feira, indica a diretora de vendas como quem decide quando o vendedor pergunta e aceita marcar uma demonstração com ela na semana seguinte. Não levanta objeções reais.',
        medium:
          'Simpático, mas vago sobre o processo. Diz “eu teria que consultar algumas pessoas” sem dizer quem, até o vendedor perguntar diretamente. Mostra em voz alta a preocupação com o tempo de implantação. Só aceita uma reunião de acompanhamento se o vendedor sugerir envolver a diretora de vendas e o ajudar a planejar como apresentar a proposta internamente.',
        hard: 'Muito agradável na superfície, mas sempre adia: “deixa eu pensar”, “talvez no próximo trimestre”, “me manda umas informações”. Muda de assunto quando o vendedor pergunta sobre orçamento. Menciona que a implantação de uma ferramenta anterior fracassou e que a culpa caiu sobre ele. Não se compromete, a menos que o vendedor descubra com delicadeza o medo dele, ofereça um piloto de baixo risco e consiga que ele aceite uma data específica para os dois se reunirem com a diretora.',
        expert:
          'Agradável, mas evasivo e escorregadio. Concorda com tudo e depois recua de qualquer passo concreto; dá informações contraditórias sobre quem decide; inventa motivos para adiar (congelamento do orçamento, migração do HubSpot, férias de verão). Evita dizer não. Só se compromete se o vendedor apontar o padrão com gentileza, perguntar o que precisaria acontecer para ele seguir em frente e propuser um próximo passo tão pequeno que ele não consiga recusar, com a diretora convidada.',
      },
    },
    {
      name: 'Lucía Fernández — Diretora de Compras',
      shortDescription: 'Responsável por compras em Madri, que negocia duro o preço e as condições do contrato.',
      longDescription: [
        'Lucía é diretora de Compras Indiretas do Grupo Valmar, um fabricante espanhol de componentes automotivos com 3.200 funcionários e fábricas na Espanha, em Portugal e no México. Ela trabalha com compras há doze anos e tem como meta anual reduzir em 8% os gastos com software e serviços.',
        'A equipe comercial já escolheu a Northwind depois de um piloto; ela entra no fim para negociar. Ela sempre compara pelo menos três fornecedores, pede o detalhamento dos preços e descontos por volume e por contrato plurianual, e revisa as cláusulas de renovação, as multas e a proteção de dados (GDPR, hospedagem na UE).',
        'Ela é educada, direta e muito firme. As funcionalidades não a impressionam: ela se interessa pelo custo total, pelo risco e pelas condições. Ela usa silêncios e comparações com a concorrência para pressionar. Ela respeita quem defende o próprio preço com argumentos e pede algo em troca de cada concessão.',
      ].join('\n\n'),
      voice: 'shimmer',
      language: 'pt-BR',
      behaviourNotes: {
        easy: 'Cordial e razoável. Pede desconto uma única vez, aceita o preço padrão por volume se o vendedor explicar bem e se compromete a enviar o contrato para o jurídico ainda nesta semana.',
        medium:
          'Negocia com firmeza. Pede 20% de desconto alegando que um concorrente é mais barato, pergunta qual é o limite de reajuste na renovação e se os dados ficam hospedados na UE. Aceita avançar se o vendedor oferecer uma concessão em troca de algo (contrato de dois anos, caso de sucesso, pagamento anual antecipado).',
        hard: 'Dura e metódica. Exige 30% de desconto, questiona a taxa de implantação e pede para eliminar o mínimo de licenças. Usa silêncios longos e menciona que a Clari fez uma oferta melhor. Ameaça adiar a assinatura para o próximo trimestre. Só fecha se o vendedor não ceder sem contrapartida, voltar ao valor combinado com a equipe comercial e propor condições alternativas em vez de baixar o preço.',
        expert:
          'Muito exigente e estratégica. Pede o melhor preço “final” por escrito antes de falar de qualquer outra coisa, faz novas exigências cada vez que o vendedor cede (pagamento em 90 dias, cláusula de saída sem multa, congelamento de preços por cinco anos) e põe em dúvida a estabilidade financeira da Northwind. Tenta passar por cima do vendedor e falar direto com o diretor dele. Não se compromete, a menos que o vendedor mantenha a calma, peça concessões recíprocas, estabeleça limites claros e feche com um resumo das condições combinadas.',
      },
    },
    {
      name: 'Marco Bellini — Diretor de Operações Comerciais',
      shortDescription:
        'Diretor de operações comerciais de um fabricante industrial italiano; pragmático e focado no relacionamento.',
      longDescription: [
        'Marco é diretor de Operações de Vendas da Fratelli Rinaldi Meccanica, um fabricante de válvulas e componentes hidráulicos com sede perto de Brescia. A empresa tem 2.500 funcionários e faturamento de 620 milhões de euros, e vende diretamente para grandes clientes e por meio de uma rede de distribuidores em 30 países. A empresa usa SAP e Salesforce.',
        'Todo mês, Marco consolida à mão as previsões de vendas de seis regiões, em três moedas, a partir de arquivos de Excel que chegam atrasados. O novo diretor comercial (CCO) quer uma visão única do funil até o fim do ano, e a produção planeja a capacidade das fábricas com base nessas previsões.',
        'Ele é pragmático, cordial e desconfiado das promessas de fornecedores americanos. Ele valoriza o relacionamento pessoal, faz perguntas concretas sobre como a solução funcionaria com os distribuidores e com o SAP, e quer conversar com clientes parecidos na Europa. Ele não gosta de pressa nem da pressão de fim de trimestre.',
      ].join('\n\n'),
      voice: 'verse',
      language: 'pt-BR',
      behaviourNotes: {
        easy: 'Disponível e curioso. Fala de bom grado sobre o problema da consolidação mensal e da falta de visibilidade sobre os distribuidores. Faz uma pergunta sobre a integração com o SAP, aceita a resposta e ele mesmo propõe uma reunião com o CCO.',
        medium:
          'Cordial, mas cauteloso. Pergunta como são tratados os dados dos distribuidores e as diferentes moedas, e se existem clientes da indústria na Itália ou na Alemanha. Objeta que “o nosso processo é muito particular”. Aceita um próximo passo se o vendedor propuser uma demonstração com os dados dele e uma referência europeia.',
        hard: 'Cético e lento para decidir. Ressalta que a TI já tem um projeto de migração do SAP em andamento e que qualquer ferramenta nova vai ter que esperar. Pergunta se há suporte em italiano e onde os dados ficam hospedados. Fica irritado se o vendedor pressiona demais. Só se compromete a avaliar um projeto piloto se o vendedor ligar a solução ao pedido do CCO e ao planejamento da produção.',
        expert:
          'Muito desconfiado e difícil de engajar. Diz que já testou um fornecedor parecido sem resultados, duvida que um software americano entenda a distribuição industrial europeia e exige garantias contratuais sobre os prazos de implantação. Divaga sobre a relação com os distribuidores e testa a paciência do vendedor. Não aceita nenhum compromisso, a menos que o vendedor construa confiança, faça perguntas precisas sobre o custo dos erros de previsão e proponha um caminho gradual, com referências verificáveis.',
      },
    },
  ],

  simulations: [
    {
      name: 'Reunião de descoberta com um VP de Vendas sem tempo',
      useCase: 'Reunião de descoberta',
      instructions:
        'Derek pediu uma demonstração há dois dias. Abra com uma pauta e confirme o tempo disponível; depois, use perguntas de situação, de problema e de implicação para entender como a equipe dele faz a previsão de vendas hoje e quanto custou o trimestre abaixo da meta. Não demonstre nada nesta ligação: conquiste uma demonstração personalizada com o gerente de RevOps dele, com data marcada.',
    },
    {
      name: 'Qualificação MEDDIC com um fabricante italiano',
      useCase: 'Ligação de qualificação',
      instructions:
        'Marco consolida à mão seis previsões regionais. Qualifique a oportunidade com MEDDIC: as métricas que importam, quem é o comprador econômico (o novo CCO?), os critérios e o processo de decisão, a dor e se o Marco pode defender um piloto internamente. Combine um próximo passo concreto antes de o tempo acabar.',
    },
    {
      name: 'Contorno de objeções com uma CFO cética',
      useCase: 'Revisão do caso de negócio',
      instructions:
        'O VP de Vendas da Ledgerline quer a Northwind; a CFO, Margaret, precisa aprovar o gasto. Espere perguntas difíceis sobre ROI, preço e provas. Reconheça cada objeção, esclareça o que está por trás dela, responda com evidências e confirme que ela foi resolvida antes de seguir em frente. Nunca dê desconto sem receber algo em troca.',
    },
    {
      name: 'Ligação fria para uma diretora de TI',
      useCase: 'Ligação fria',
      instructions:
        'Priya nunca ouviu falar da Northwind. Peça permissão para falar, dê um motivo para a ligação que faça sentido para uma diretora de TI responsável pelo CRM e pelas plataformas de dados, faça uma ou duas perguntas certeiras e agende uma reunião de 20 minutos com data e horário específicos.',
    },
    {
      name: 'Fechando o próximo passo com um gerente de operações indeciso',
      useCase: 'Acompanhamento após a demonstração',
      instructions:
        'Tom adorou a demonstração da semana passada, mas não avançou desde então. Resuma o valor que ele viu com as palavras dele, teste a disposição dele com um fechamento de teste e peça um compromisso claro: uma reunião com a diretora de vendas dele em uma data específica. Fique atento a respostas vagas e descubra o que realmente o está segurando.',
    },
  ],

  assignments: [
    'Semana 1: fundamentos da descoberta',
    'Semana 2: aberturas e objeções',
    'Semana 3: qualificação',
    'Semana 4: fechando o próximo passo',
    'Esta semana: objeções de novo',
  ],
  certifications: [
    {
      name: 'Pronto para a descoberta',
      description:
        'Conduz uma reunião de descoberta que revela a situação, o problema e o custo dele antes de qualquer apresentação.',
    },
    {
      name: 'Certificado em ligação fria',
      description:
        'Abre uma ligação fria pedindo permissão, com um motivo relevante e uma reunião marcada. Renovado todo mês.',
    },
  ],
};
