import { allOf, anyOf } from '../words';
import type { OrgNoun, SpeechLexicon } from './types';

const E = '(?<![\\p{L}\\p{N}])';
const MONTH = '(?:janeiro|fevereiro|março|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)';
const DAY = ['segunda', 'segunda-feira', 'terça', 'terça-feira', 'terca', 'quarta', 'quarta-feira', 'quinta', 'quinta-feira', 'sexta', 'sexta-feira', 'sábado', 'sabado', 'domingo', 'amanhã', 'amanha', 'depois de amanhã'];
const DATE = `${E}(?:no\\s+)?dia\\s+\\d{1,2}(?:\\s+de\\s+${MONTH})?|${E}\\d{1,2}\\s+de\\s+${MONTH}|(?<![\\p{N}/])\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?(?![\\p{N}])`;
const TIME = `${E}às\\s+\\d{1,2}(?:[:h]\\d{2})?(?:\\s*h(?:oras)?)?|${E}as\\s+\\d{1,2}(?:[:h]\\d{2})?\\s*h|${E}\\d{1,2}h(?:\\d{2})?(?![\\p{L}])|${E}\\d{1,2}:\\d{2}|${E}ao meio-dia`;

const org = (noun: string, our: string, articles: string[]): OrgNoun => ({ noun, our, articles });

export const ptBR: SpeechLexicon = {
  functionWords: ['os', 'as', 'do', 'da', 'dos', 'das', 'não', 'são', 'em', 'um', 'uma', 'mas', 'mais', 'está', 'estão', 'estamos', 'temos', 'nós', 'nosso', 'nossa', 'nossos', 'nossas', 'isso', 'isto', 'você', 'vocês', 'ele', 'ela', 'muito', 'também', 'já', 'porque', 'ao', 'aos', 'pelo', 'pela', 'hoje', 'agora', 'eu', 'meu', 'minha', 'sim', 'qual', 'quando', 'como', 'para', 'com', 'tem', 'é', 'seu', 'sua', 'no', 'na', 'nos', 'nas', 'cada', 'semana', 'horas', 'tudo', 'todos', 'sempre', 'depois', 'bem', 'nada', 'algo', 'aqui', 'equipe', 'ano', 'mês', 'acho', 'quero', 'preciso', 'sinceramente', 'então', 'fazer', 'tempo', 'gente', 'perdemos', 'no', 'me', 'se', 'uns', 'umas', 'trata', 'ainda', 'coisa', 'tá', 'né', 'pra', 'tenho', 'você', 'ninguém', 'vocês', 'nem', 'seja', 'dá', 'falar', 'gente', 'obrigado', 'fala', 'vamos'],
  openQuestion: anyOf(['o que', 'que tipo', 'como', 'por que', 'por quê', 'qual', 'quais', 'quem', 'quando', 'onde', 'quanto', 'quanta', 'quantos', 'quantas', 'me conte', 'me conta', 'me fale', 'me fala', 'me explique', 'me explica', 'descreva', 'me ajude a entender', 'de que forma', 'de que maneira', 'em que medida']),
  closedStart: /^(?:e\s+|então\s+|ok,?\s+)?(?:vocês|você|tem|têm|há|existe|é|são|está|estão|pode|podem|poderia|poderiam|usam|usa|gostaria|seria|acha|acham|quer|querem|já)(?![\p{L}\p{N}])/iu,
  topics: {
    situation: anyOf(['hoje', 'hoje em dia', 'atualmente', 'no momento', 'neste momento', 'processo', 'processos', 'fluxo*', 'gerencia*', 'gerem', 'gere', 'ferramenta*', 'software', 'planilha*', 'excel', 'dia a dia', 'funciona*', 'trabalha*', 'sistema*', 'previs*', 'como vocês fazem', 'organizam']),
    pain: anyOf(['desafio*', 'problema*', 'dificuldade*', 'difícil', 'difíceis', 'frustra*', 'não funciona', 'dor', 'dores', 'preocupa*', 'gargalo*', 'complicad*', 'incomoda*', 'o pior', 'a parte mais difícil', 'atrito', 'dá errado', 'deu errado', 'quebra', 'ponto* fraco*']),
    impact: anyOf(['o que acontece', 'custa', 'custam', 'custo*', 'impacto*', 'quanto tempo', 'quantas horas', 'horas', 'perde*', 'perdido*', 'desperdíci*', 'desperdiça*', 'receita', 'faturamento', 'efeito*', 'consequência*', 'significa para', 'afeta*', 'quanto', 'quantos', 'o que acontece se', 'quantific*', 'em números', 'medir', 'mede*', 'percentua*']),
    goal: anyOf(['objetivo*', 'meta*', 'alcançar', 'conseguir', 'sucesso', 'prioridade*', 'quer', 'querem', 'procura*', 'ideal', 'resultado*', 'melhorar', 'melhoria*', 'como seria', 'gostaria de', 'visão', 'ambição']),
    timing: anyOf(['quando vocês precisam', 'quando precisa', 'quando pretendem', 'quando querem', 'prazo*', 'data*', 'urgên*', 'urgente', 'cronograma', 'até quando', 'para quando', 'em quanto tempo', 'limite', 'antes de']),
    budget: anyOf(['orçamento*', 'gastar', 'gasto*', 'investiment*', 'investir', 'dinheiro', 'financiament*', 'verba*', 'aloca*', 'pagar', 'bancar']),
    decision: anyOf(['decide*', 'decisão', 'decisões', 'aprova*', 'assina*', 'envolvid*', 'quem mais', 'processo de compra', 'compras', 'veto', 'vetar', 'chefe', 'comitê', 'palavra final', 'autoriza*', 'responde a', 'reporta a', 'quem precisa', 'bloquear', 'sinal verde']),
    history: anyOf(['tentaram', 'tentado', 'antes', 'anterior*', 'no passado', 'da última vez', 'tentativa*', 'já avaliaram', 'avaliaram', 'histórico', 'o que aconteceu', 'por que não funcionou', 'alguma vez']),
    motivation: anyOf(['você pessoalmente', 'pessoalmente', 'para você', 'seu papel', 'sua função', 'importa para você', 'importante para você', 'seu bônus', 'bônus', 'incentivo*', 'sua carreira', 'por que agora', 'motiva*', 'seus objetivos', 'suas metas']),
    current_solution: anyOf(['fornecedor atual', 'ferramenta atual', 'solução atual', 'sistema atual', 'contrato*', 'fornecedor*', 'trocar de', 'renova*', 'aviso prévio', 'licença*', 'preso*', 'cancela*', 'existente']),
    competition: anyOf(['concorrente*', 'concorrência', 'alternativa*', 'outros fornecedores', 'outras opções', 'compara*', 'outras soluções', 'avalia*', 'avaliando', 'outras ferramentas', 'em relação a']),
    technical: anyOf(['segurança', 'equipe de ti', 'time de ti', 'ti', 'integra*', 'dados', 'sso', 'conformidade', 'lgpd', 'api*', 'técnic*', 'infraestrutura', 'crm', 'erp', 'hospedagem', 'privacidade']),
    company: anyOf(['empresa', 'companhia', 'negócio', 'organização', 'tamanho', 'funcionários', 'colaboradores', 'pessoas', 'clientes', 'mercado', 'setor', 'o que vocês fazem']),
  },
  moments: {
    opening: anyOf(['início da ligação', 'no começo', 'abertura', 'primeiro minuto', 'apresenta*', 'logo de cara', 'ligação fria', 'cold call']),
    discovery: anyOf(['situação atual', 'descoberta', 'perguntas sobre', 'pergunta sobre', 'quando o vendedor pergunta', 'explora*', 'situação']),
    pitch: anyOf(['nosso produto', 'nossa solução', 'nossa plataforma', 'nossa ferramenta', 'nosso software', 'nosso serviço', 'oferecemos', 'fornecemos', 'ajudamos', 'podemos ajudar', 'nossos clientes', 'funcionalidade*', 'vantage*', 'benefício*', 'deixa eu te contar', 'vou te mostrar', 'somos os', 'líder*', 'revoluciona*', 'apresenta*', 'solução', 'módulo*', 'nossa oferta']),
    price: anyOf(['preço*', 'tarifa*', 'desconto*', 'por usuário', 'por licença', 'mensalidade', 'proposta*', 'caro', 'barato', 'quanto custa', 'orçamento', 'comercial']),
    proof: anyOf(['prova*', 'evidência*', 'referência*', 'caso* de sucesso', 'clientes como', 'resultados', 'retorno', 'roi', 'garantia*', 'comprovad*', 'depoimento*', 'benefícios']),
    competition: anyOf(['concorrente*', 'comparado com', 'em comparação', 'melhor que', 'em vez de', 'trocar de', 'substituir', 'alternativa*']),
    implementation: anyOf(['implementa*', 'implanta*', 'rollout', 'onboarding', 'configura*', 'migra*', 'integra*', 'treinamento', 'adoção', 'adotar', 'dados', 'segurança']),
    next_step: anyOf(['próximo passo', 'próximos passos', 'reunião', 'demo', 'agendar', 'acompanhamento', 'agenda', 'piloto', 'teste', 'compromisso', 'comprometer', 'fechamento', 'convite']),
  },
  labels: /(?<![\p{L}\p{N}])(?:segmento|setor|indústria|empresa|porte|tamanho|dores|problemas|pontos de dor|objetivos|orçamento|prazos?|processo de decisão|comprador|gatilhos|objeções(?: típicas)?|concorrentes|situação atual|informações ocultas|informação|revelad[oa] quando|surge quando|sinais de sucesso|prospect|persona|papel|notas?)\s*:/iu,
  aboutRoles: anyOf(['o prospect', 'do prospect', 'ao prospect', 'o cliente potencial', 'a cliente potencial', 'o comprador', 'o vendedor', 'do vendedor', 'a vendedora', 'o representante', 'o aluno', 'o participante']),
  thirdPersonStart: /^(?:ele|ela|seu|sua|seus|suas)(?![\p{L}\p{N}])/iu,
  thirdPersonAnywhere: anyOf(['dele', 'dela', 'si mesmo', 'si mesma']),
  orgNouns: [
    org('empresa', 'nossa', ['a']), org('companhia', 'nossa', ['a']), org('diretoria', 'nossa', ['a']), org('equipe', 'nossa', ['a']), org('equipe comercial', 'nossa', ['a']), org('time', 'nosso', ['o']),
    org('conselho', 'nosso', ['o']), org('orçamento', 'nosso', ['o']), org('contrato', 'nosso', ['o']), org('fornecedor', 'nosso', ['o']), org('fornecedor atual', 'nosso', ['o']),
    org('diretor financeiro', 'nosso', ['o']), org('ceo', 'nosso', ['o']), org('departamento de ti', 'nosso', ['o']), org('setor de compras', 'nosso', ['o']), org('processo', 'nosso', ['o']),
    org('vendedores', 'nossos', ['os']), org('gestores', 'nossos', ['os']), org('previsões', 'nossas', ['as']),
  ],
  rude: anyOf(['idiota*', 'estúpid*', 'burr*', 'imbecil', 'cale a boca', 'cala a boca', 'ridícul*', 'patétic*', 'inútil', 'inúteis', 'incompetente*', 'tanto faz', 'não entende nada', 'você não entende', 'está errad*', 'me escute', 'me escuta', 'merda', 'porra', 'droga', 'besteira*', 'mentiros*', 'mentindo', 'perda de tempo', 'me fazendo perder tempo', 'dinossauro*', 'idade da pedra', 'atrasad*']),
  pressure: anyOf(['assine hoje', 'assinar hoje', 'decida agora', 'decidir hoje', 'decida hoje', 'agora mesmo', 'só hoje', 'somente hoje', 'última chance', 'tempo limitado', 'a oferta expira', 'expira hoje', 'tem que', 'precisa decidir', 'precisa assinar', 'confie em mim', 'diga sim', 'só assinar', 'está esperando o quê', 'não perca', 'antes que seja tarde', 'fim do trimestre', 'final do trimestre', 'feche agora', 'só esta semana', 'os preços vão subir', 'assina hoje', 'se assinar', 'se assinarem hoje', 'assinamos hoje', 'só por hoje']),
  empathy: anyOf(['entendo', 'compreendo', 'faz sentido', 'boa pergunta', 'é justo', 'tem razão', 'você tem razão', 'imagino', 'é compreensível', 'agradeço', 'parece frustrante', 'sinto muito', 'é válido', 'é legítimo', 'preocupação legítima', 'é normal', 'justo', 'compreensível', 'razoável']),
  evidence: anyOf(['por exemplo', 'exemplo', 'cliente*', 'caso* de sucesso', 'referência*', 'piloto', 'teste', 'dados', 'números', 'percentua*', 'garantia*', 'medir', 'resultado*', 'retorno', 'roi', 'payback', 'empresas como a sua', 'como a sua', 'passo a passo', 'por fases', 'sem risco', 'começar pequeno', 'aos poucos', 'semanas', 'meses', 'critérios de sucesso', 'cláusula', 'contrato', 'por escrito', 'documentação', 'certifica*']),
  greeting: anyOf(['oi', 'olá', 'ola', 'bom dia', 'boa tarde', 'boa noite', 'alô', 'alo', 'e aí']),
  intro: anyOf(['meu nome é', 'me chamo', 'aqui é', 'sou', 'falo da', 'falo do', 'estou ligando da', 'estou ligando do', 'ligo da', 'ligo do', 'trabalho na', 'trabalho no']),
  permission: anyOf(['bom momento', 'momento ruim', 'um minuto', 'um momento', 'alguns minutos', 'tem um minuto', 'pode falar', 'tem tempo', 'dois minutos', 'te atrapalho']),
  howAreYou: anyOf(['como vai', 'tudo bem', 'como está', 'como você está', 'tudo certo', 'como vão as coisas']),
  goodbye: anyOf(['tchau', 'até logo', 'até mais', 'até breve', 'bom dia para você', 'um abraço', 'falamos', 'nos falamos', 'até lá']),
  thanks: anyOf(['obrigad*', 'agradeço', 'valeu']),
  filler: /^(?:(?:ok(?:ay)?|tá|ta|beleza|hm+|é+|ah+|sim|não|nao|claro|bom|bem|então|certo|entendi|perfeito|ótimo|legal|nossa|uhum|e|hum+|tá bom)[\s.!?…,]*){1,3}$/iu,
  nextStepAction: anyOf(['próximo passo', 'próximos passos', 'reunião', 'reunir', 'encontro', 'demo', 'demonstração', 'agendar', 'agendamos', 'agenda', 'acompanhamento', 'ligação', 'chamada', 'call', 'piloto', 'teste', 'sessão', 'workshop', 'convite', 'apresentação', 'revisão', 'conversa', 'conversar de novo', 'horário']),
  day: new RegExp(`${allOf(DAY).source}|${DATE}`, 'giu'),
  time: new RegExp(TIME, 'giu'),
  vagueWhen: anyOf(['semana que vem', 'próxima semana', 'em breve', 'logo', 'algum dia', 'mais para frente', 'nas próximas semanas', 'esta semana', 'essa semana', 'mês que vem', 'próximo mês', 'daqui a algumas semanas', 'em algum momento', 'quando puder', 'quando quiser']),
};
