import { allOf, anyOf } from '../words';
import type { OrgNoun, SpeechLexicon } from './types';

const E = '(?<![\\p{L}\\p{N}])';
const MONTH = '(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|se(?:p)?tiembre|octubre|noviembre|diciembre)';
const DAY = ['lunes', 'martes', 'miércoles', 'miercoles', 'jueves', 'viernes', 'sábado', 'sabado', 'domingo', 'pasado mañana'];
// "mañana" is tomorrow unless it is "la mañana" (the morning)
const DATE = `${E}(?<!la\\s)mañana(?![\\p{L}])|${E}(?:el\\s+)?(?:día\\s+)?\\d{1,2}\\s+de\\s+${MONTH}|(?<![\\p{N}/])\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?(?![\\p{N}])`;
const TIME = `${E}a\\s+las?\\s+\\d{1,2}(?:[:.]\\d{2})?(?:\\s*(?:h|horas|de la mañana|de la tarde|am|pm))?|${E}\\d{1,2}:\\d{2}(?:\\s*h)?|${E}a\\s+mediodía|${E}\\d{1,2}\\s*h(?![\\p{L}])`;

const org = (noun: string, masculine: boolean, plural = false): OrgNoun => ({
  noun,
  our: masculine ? (plural ? 'nuestros' : 'nuestro') : plural ? 'nuestras' : 'nuestra',
  articles: masculine ? (plural ? ['los'] : ['el']) : plural ? ['las'] : ['la'],
});

export const es: SpeechLexicon = {
  functionWords: ['el', 'los', 'las', 'del', 'y', 'es', 'son', 'nos', 'nosotros', 'nuestro', 'nuestra', 'nuestros', 'pero', 'más', 'muy', 'hay', 'también', 'usted', 'ustedes', 'sus', 'su', 'qué', 'cómo', 'cuándo', 'porque', 'está', 'están', 'estamos', 'tiene', 'tengo', 'hoy', 'ya', 'esto', 'eso', 'esta', 'este', 'lo', 'le', 'les', 'me', 'yo', 'mi', 'mis', 'cuál', 'dónde', 'sí', 'ahora', 'si', 'cada', 'semana', 'horas', 'todo', 'todos', 'siempre', 'después', 'antes', 'bien', 'mucho', 'muchos', 'nada', 'algo', 'aquí', 'equipo', 'año', 'mes', 'creo', 'quiero', 'necesito', 'sinceramente', 'pues', 'bueno', 'vale', 'entonces', 'hacer', 'tiempo', 'perdemos', 'no', 'me', 'se', 'te', 'gusta', 'hace', 'falta', 'puedo', 'ha', 'he', 'han', 'hemos', 'así', 'ahí', 'todavía', 'cosas', 'cosa', 'pregunta', 'una', 'unos', 'unas', 'mejor', 'mucha', 'da', 'sea', 'usted', 'nadie', 'nuestras', 'aún', 'vamos', 'eso', 'cuánto', 'un', 'solo'],
  openQuestion: anyOf(['qué', 'cómo', 'por qué', 'cuál', 'cuáles', 'quién', 'quiénes', 'cuándo', 'dónde', 'cuánto', 'cuánta', 'cuántos', 'cuántas', 'cuénteme', 'cuéntame', 'cuénteme más', 'explíqueme', 'explícame', 'descríbame', 'describa', 'hábleme', 'háblame', 'me podría contar', 'me puede contar', 'en qué medida', 'de qué manera']),
  closedStart: /^(?:¿\s*)?(?:y\s+|entonces\s+|vale,?\s+)?(?:tienen|tiene|hay|es|son|está|están|puede|pueden|podría|podrían|han|ha|hace|hacen|usan|usa|le|les|se|cree|creen|existe|quiere|quieren|sería|le parece|estaría)(?![\p{L}\p{N}])/iu,
  topics: {
    situation: anyOf(['hoy', 'hoy en día', 'actualmente', 'ahora mismo', 'proceso*', 'flujo*', 'gestiona*', 'manejan', 'maneja', 'herramienta*', 'software', 'hoja* de cálculo', 'excel', 'día a día', 'en este momento', 'funciona*', 'trabaja*', 'sistema*', 'previsi*', 'cómo lo hacen', 'organizan']),
    pain: anyOf(['reto*', 'problema*', 'desafío*', 'dificultad*', 'difícil*', 'frustra*', 'falla*', 'no funciona', 'dolor*', 'preocupa*', 'cuello* de botella', 'complicad*', 'molest*', 'lo peor', 'lo más difícil', 'qué le quita el sueño', 'fricción', 'se rompe', 'sale mal', 'salió mal']),
    impact: anyOf(['qué pasa', 'qué ocurre', 'cuesta*', 'coste*', 'costo*', 'impacto*', 'cuánto tiempo', 'cuántas horas', 'horas', 'pierde*', 'perder', 'perdido*', 'desperdici*', 'ingresos', 'efecto*', 'consecuencia*', 'significa para', 'afecta*', 'cuánto', 'cuántos', 'qué pasa si', 'qué ocurre si', 'cuantific*', 'en números', 'medir', 'mide*', 'porcentaje*', 'repercusión']),
    goal: anyOf(['objetivo*', 'meta*', 'lograr', 'conseguir', 'éxito', 'prioridad*', 'quiere*', 'busca*', 'ideal', 'resultado*', 'mejorar', 'mejora*', 'aspira*', 'cómo sería', 'le gustaría', 'visión', 'pretende*']),
    timing: anyOf(['cuándo', 'plazo*', 'fecha*', 'urgen*', 'calendario', 'para cuándo', 'cuánto tiempo tienen', 'fecha límite', 'límite', 'tiempos', 'en qué momento', 'antes de']),
    budget: anyOf(['presupuesto*', 'gastar', 'gasto*', 'inversión', 'invertir', 'dinero', 'financiación', 'financia*', 'partida*', 'asignado*', 'pagar', 'permitir*']),
    decision: anyOf(['decide*', 'decisión', 'decisiones', 'aprueba*', 'aprobación', 'firma*', 'involucrad*', 'implicad*', 'quién más', 'proceso de compra', 'compras', 'veto', 'vetar', 'jefe*', 'comité', 'última palabra', 'autoriza*', 'responde ante', 'reporta a', 'quién tiene que', 'bloquear', 'luz verde']),
    history: anyOf(['intentaron', 'intentado', 'antes', 'anterior*', 'en el pasado', 'la última vez', 'intento*', 'ya probaron', 'probaron', 'historia', 'qué pasó', 'por qué no funcionó', 'alguna vez']),
    motivation: anyOf(['usted personalmente', 'personalmente', 'para usted', 'su papel', 'su rol', 'le importa', 'importante para usted', 'su bonus', 'bonus', 'incentivo*', 'su carrera', 'por qué ahora', 'motiva*', 'significa para usted', 'sus objetivos']),
    current_solution: anyOf(['proveedor actual', 'herramienta actual', 'solución actual', 'sistema actual', 'contrato*', 'proveedor*', 'cambiar de', 'renova*', 'preaviso', 'licencia*', 'atados', 'cancela*', 'existente']),
    competition: anyOf(['competidor*', 'competencia', 'alternativa*', 'otros proveedores', 'otras opciones', 'compara*', 'otras soluciones', 'evalua*', 'evaluando', 'otras herramientas', 'frente a']),
    technical: anyOf(['seguridad', 'equipo de it', 'equipo de ti', 'informática', 'sistemas', 'integra*', 'datos', 'sso', 'cumplimiento', 'rgpd', 'api*', 'técnic*', 'infraestructura', 'crm', 'erp', 'alojamiento', 'privacidad']),
    company: anyOf(['empresa', 'compañía', 'negocio', 'organización', 'tamaño', 'empleados', 'plantilla', 'clientes', 'mercado', 'sector', 'a qué se dedican', 'qué hacen']),
  },
  moments: {
    opening: anyOf(['al principio', 'al inicio', 'inicio de la llamada', 'apertura', 'primer minuto', 'presenta*', 'nada más empezar', 'enseguida', 'llamada en frío']),
    discovery: anyOf(['situación actual', 'descubrimiento', 'preguntas sobre', 'pregunta por', 'cuando el comercial pregunta', 'explora*', 'situación']),
    pitch: anyOf(['nuestro producto', 'nuestra solución', 'nuestra plataforma', 'nuestra herramienta', 'nuestro software', 'nuestro servicio', 'ofrecemos', 'proporcionamos', 'ayudamos', 'podemos ayudar', 'nuestros clientes', 'funcionalidad*', 'ventaja*', 'beneficio*', 'le cuento', 'le muestro', 'somos los', 'líderes', 'revolucion*', 'presenta*', 'solución', 'módulo*', 'nuestra oferta']),
    price: anyOf(['precio*', 'tarifa*', 'descuento*', 'por usuario', 'por licencia', 'cuota*', 'presupuesto', 'caro', 'barato', 'cuánto cuesta', 'oferta comercial', 'propuesta']),
    proof: anyOf(['prueba*', 'evidencia*', 'referencia*', 'caso* de éxito', 'clientes como', 'resultados', 'retorno', 'roi', 'garantía*', 'demostrado', 'testimonio*', 'afirma*', 'beneficios']),
    competition: anyOf(['competidor*', 'comparado con', 'frente a', 'mejor que', 'en lugar de', 'cambiar de', 'sustituir', 'reemplazar', 'alternativa*']),
    implementation: anyOf(['implanta*', 'implementa*', 'despliegue', 'puesta en marcha', 'arranque', 'incorporación', 'configura*', 'migra*', 'integra*', 'formación', 'adopción', 'adoptar', 'datos', 'seguridad']),
    next_step: anyOf(['siguiente paso', 'próximo paso', 'reunión', 'demo', 'agenda*', 'seguimiento', 'calendario', 'piloto', 'prueba', 'compromiso', 'compromet*', 'cierre', 'invitación']),
  },
  labels: /(?<![\p{L}\p{N}])(?:segmento|sector|industria|empresa|tamaño|dolores|problemas|puntos de dolor|objetivos|presupuesto|plazos?|proceso de decisión|comprador|desencadenantes|objeciones(?: típicas)?|competidores|situación actual|información oculta|información|se revela cuando|surge cuando|señales de éxito|prospecto|persona|rol|notas?)\s*:/iu,
  aboutRoles: anyOf(['el prospecto', 'la prospecta', 'del prospecto', 'al prospecto', 'el cliente potencial', 'la clienta potencial', 'el comprador', 'el comercial', 'del comercial', 'el vendedor', 'la vendedora', 'el alumno', 'el participante', 'el representante']),
  thirdPersonStart: /^(?:él|ella|su|sus)(?![\p{L}\p{N}])/iu,
  thirdPersonAnywhere: anyOf(['sí mismo', 'sí misma']),
  orgNouns: [
    org('empresa', false), org('compañía', false), org('dirección', false), org('junta', false), org('consejo', true), org('equipo', true), org('equipo comercial', true), org('presupuesto', true),
    org('contrato', true), org('proveedor', true), org('proveedor actual', true), org('director financiero', true), org('director general', true), org('departamento de it', true),
    org('departamento de compras', true), org('proceso', true), org('plazo', true), org('negocio', true), org('comerciales', true, true), org('responsables', true, true),
  ],
  rude: anyOf(['idiota*', 'estúpid*', 'tont*', 'imbécil*', 'cállese', 'cállate', 'ridícul*', 'patétic*', 'inútil*', 'incompetente*', 'lo que sea', 'no se entera', 'no entiende nada', 'está equivocad*', 'escúcheme bien', 'escúchame', 'mierda', 'joder', 'coño', 'tonterías', 'mentiroso*', 'miente', 'pérdida de tiempo', 'me hace perder el tiempo', 'dinosaurio*', 'edad de piedra', 'anticuad*']),
  pressure: anyOf(['firme hoy', 'firmar hoy', 'decida ya', 'decidir hoy', 'decida hoy', 'ahora mismo', 'solo hoy', 'sólo hoy', 'última oportunidad', 'tiempo limitado', 'la oferta caduca', 'caduca hoy', 'tiene que', 'debe decidir', 'necesita decidir', 'confíe en mí', 'confía en mí', 'diga que sí', 'firme ya', 'a qué espera', 'no se lo pierda', 'antes de que sea tarde', 'fin de trimestre', 'final del trimestre', 'comprométase ya', 'solo esta semana', 'los precios suben', 'firma hoy', 'si firma', 'si firman hoy', 'firmamos hoy', 'solo por hoy']),
  empathy: anyOf(['entiendo', 'comprendo', 'le entiendo', 'tiene sentido', 'buena pregunta', 'es justo', 'tiene razón', 'me hago cargo', 'es lógico', 'lo entiendo', 'agradezco', 'suena frustrante', 'siento oír', 'es válido', 'es legítimo', 'comprendo la preocupación', 'es normal', 'preocupación razonable', 'comprensible', 'es razonable']),
  evidence: anyOf(['por ejemplo', 'ejemplo', 'cliente*', 'caso* de éxito', 'referencia*', 'piloto', 'prueba', 'datos', 'números', 'cifras', 'porcentaje*', 'garantía*', 'medir', 'resultado*', 'retorno', 'roi', 'recuperación', 'empresas como la suya', 'como la suya', 'paso a paso', 'por fases', 'sin riesgo', 'empezar pequeño', 'poco a poco', 'semanas', 'meses', 'criterios de éxito', 'cláusula', 'contrato', 'por escrito', 'documentación', 'certifica*']),
  greeting: anyOf(['hola', 'buenos días', 'buenas tardes', 'buenas noches', 'buenas']),
  intro: anyOf(['me llamo', 'mi nombre es', 'soy', 'le llamo de', 'le llamo desde', 'llamo de', 'llamo desde', 'trabajo en', 'trabajo para', 'le habla']),
  permission: anyOf(['buen momento', 'mal momento', 'un minuto', 'un momento', 'unos minutos', 'tiene un minuto', 'le pillo bien', 'le viene bien', 'puede hablar', 'tiene tiempo', 'dos minutos']),
  howAreYou: anyOf(['qué tal', 'cómo está', 'cómo estás', 'cómo le va', 'cómo va todo', 'cómo va el día']),
  goodbye: anyOf(['adiós', 'hasta luego', 'hasta pronto', 'que tenga un buen día', 'buen día', 'nos vemos', 'un saludo', 'hasta entonces']),
  thanks: anyOf(['gracias', 'se lo agradezco', 'muchas gracias']),
  filler: /^(?:(?:vale|ok(?:ay)?|mm+|eh+|ah+|sí|si|no|claro|bueno|bien|pues|ya|entiendo|perfecto|genial|vaya|ajá|de acuerdo|y|vale vale)[\s.!?…,]*){1,3}$/iu,
  nextStepAction: anyOf(['siguiente paso', 'próximo paso', 'reunión', 'reunirnos', 'vernos', 'demo', 'demostración', 'agendar', 'agenda', 'seguimiento', 'calendario', 'llamada', 'piloto', 'prueba', 'sesión', 'taller', 'invitación', 'presentación', 'revisión', 'cita', 'videollamada', 'hablar de nuevo', 'volver a hablar', 'hueco']),
  day: new RegExp(`${allOf(DAY).source}|${DATE}`, 'giu'),
  time: new RegExp(TIME, 'giu'),
  vagueWhen: anyOf(['la próxima semana', 'la semana que viene', 'pronto', 'algún día', 'más adelante', 'en las próximas semanas', 'esta semana', 'el mes que viene', 'el próximo mes', 'en unas semanas', 'en algún momento', 'cuando pueda', 'cuando quiera', 'en breve']),
};
