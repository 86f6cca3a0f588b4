import type { SeedScorecard } from './demo-scorecards';

/**
 * The demo scorecards (./demo-scorecards.ts) in Spanish: same scorecards, same criteria in the same
 * order, same icons and flags. Level texts describe what a listener can observe in a transcript.
 */
export const DEMO_SCORECARDS_ES: SeedScorecard[] = [
  {
    name: 'Descubrimiento (SPIN)',
    icon: 'search',
    shortDescription:
      'Descubrir la situación del comprador, sus problemas y lo que le cuestan antes de presentar nada.',
    longDescription:
      'Una llamada de descubrimiento basada en la secuencia SPIN: el comercial entiende la situación actual del cliente, saca a la luz ' +
      'los problemas, explora lo que esos problemas le cuestan a la empresa y deja que el cliente explique con sus propias palabras por qué ' +
      'le importa resolverlos. Un buen descubrimiento suena a una conversación con curiosidad, no a un interrogatorio: el cliente habla la ' +
      'mayor parte del tiempo y el comercial construye cada pregunta sobre la respuesta anterior. Hablar del producto antes de haber ' +
      'establecido la necesidad cuenta en contra del comercial.',
    criteria: [
      {
        name: 'Preguntas de situación',
        description:
          'Establece los datos de la situación actual del cliente (equipo, proceso, herramientas, volúmenes) con pocas preguntas bien enfocadas.',
        includeInScenario: true,
        levelZero:
          'No hace ninguna pregunta sobre la situación actual del cliente, o pasa directamente a presentar el producto.',
        levelLow:
          'Hace algunas preguntas de contexto, pero son genéricas («hábleme de su empresa») o tantas que la llamada parece una encuesta; pregunta incluso datos que podría haber investigado antes.',
        levelHigh:
          'Hace entre dos y cuatro preguntas concretas sobre el proceso, las herramientas, el equipo o los volúmenes actuales, menciona algo que ya sabía del cliente y sigue adelante en cuanto el panorama está claro.',
      },
      {
        name: 'Preguntas de problema',
        description:
          'Saca a la luz dificultades, insatisfacciones o carencias en la forma de trabajar actual del cliente.',
        includeInScenario: true,
        levelZero:
          'Nunca pregunta por dificultades ni insatisfacciones; si aparece algún problema, lo menciona el cliente por iniciativa propia y no se explora.',
        levelLow:
          'Pregunta si el cliente tiene problemas de forma cerrada o inducida («¿Le cuesta hacer X?») y acepta la primera respuesta sin profundizar.',
        levelHigh:
          'Usa preguntas abiertas para descubrir al menos un problema concreto («¿En qué punto falla ese proceso?») y después hace una repregunta que lleva al cliente a describirlo con detalle, con un ejemplo o una frecuencia.',
      },
      {
        name: 'Preguntas de implicación',
        description:
          'Explora las consecuencias del problema: coste, tiempo, riesgo, impacto en otros equipos o en los objetivos.',
        includeInScenario: true,
        levelZero: 'No explora las consecuencias; pasa del problema directamente al producto.',
        levelLow:
          'Afirma las consecuencias en lugar del cliente («eso les debe de costar mucho») en vez de preguntar, o pregunta una vez y no retoma la respuesta.',
        levelHigh:
          'Pide al cliente que describa los efectos en cadena (en los ingresos, el tiempo, los clientes, otros equipos o sus propios objetivos) y, cuando es posible, consigue que ponga una cifra o un ejemplo concreto al impacto.',
      },
      {
        name: 'Preguntas de beneficio',
        description: 'Consigue que el cliente exprese con sus propias palabras el valor de resolver el problema.',
        includeInScenario: false,
        levelZero:
          'Nunca invita al cliente a describir el beneficio de una solución; el comercial solo enumera funcionalidades.',
        levelLow: 'Hace una pregunta de valor de sí o no («¿Le ayudaría si…?») o la responde en nombre del cliente.',
        levelHigh:
          'Hace preguntas abiertas como «Si eso se resolviera, ¿qué supondría para su equipo?», deja que el cliente formule el beneficio y después vincula el siguiente paso a ese beneficio expresado.',
      },
      {
        name: 'Escucha activa',
        description: 'Demuestra que las respuestas del cliente se han escuchado y orientan la conversación.',
        includeInScenario: false,
        levelZero:
          'Interrumpe o pisa al cliente, ignora lo que acaba de decir o sigue un guion sin tener en cuenta las respuestas; el comercial habla la mayor parte del tiempo.',
        levelLow:
          'Deja terminar al cliente y reconoce las respuestas con muletillas («genial», «vale»), pero rara vez vuelve sobre ellas o las parafrasea.',
        levelHigh:
          'Parafrasea o resume los puntos clave al cliente («Entonces, si le he entendido bien…»), usa las propias palabras del cliente en preguntas posteriores, y es claramente el cliente quien más habla.',
      },
    ],
  },
  {
    name: 'Cualificación MEDDIC',
    icon: 'target',
    shortDescription:
      'Cualificar la oportunidad: métricas, comprador económico, criterios y proceso de decisión, problema y promotor interno.',
    longDescription:
      'Una conversación de cualificación con MEDDIC. Al final de la llamada, el comercial debería saber si la oportunidad es real y cómo ' +
      'se va a decidir: el resultado medible que busca el comprador, quién controla el presupuesto, cómo se compararán las opciones, los pasos ' +
      'y las fechas hasta la firma, el problema que impulsa el proyecto y quién, dentro de la cuenta, defenderá la propuesta en nombre del comercial. ' +
      'Cada elemento se puntúa según si el comercial obtuvo realmente la información, no según si el tema salió en la conversación.',
    criteria: [
      {
        name: 'Métricas',
        description: 'Identifica el resultado de negocio medible que espera el cliente y cómo medirá el éxito.',
        includeInScenario: true,
        levelZero: 'No se habla de resultados medibles; el éxito queda sin definir.',
        levelLow:
          'Escucha un objetivo vago («ser más eficientes», «aumentar los ingresos») pero no pide una cifra, un punto de partida ni un plazo.',
        levelHigh:
          'Consigue que el cliente nombre una métrica concreta con su valor actual y un objetivo (por ejemplo «reducir la incorporación de 6 a 3 semanas este año») y confirma cómo se va a medir.',
      },
      {
        name: 'Comprador económico',
        description: 'Averigua quién tiene la autoridad final para aprobar el gasto y cómo llegar a esa persona.',
        includeInScenario: true,
        levelZero: 'Nunca pregunta quién aprueba el presupuesto, o da por hecho que decide la persona de la llamada.',
        levelLow:
          'Pregunta quién más participa, pero acepta una respuesta vaga («la dirección») sin identificar a la persona ni sus prioridades.',
        levelHigh:
          'Identifica al comprador económico por su nombre o su cargo, averigua qué le importa a esa persona y pregunta cómo y cuándo podrá reunirse con ella.',
      },
      {
        name: 'Criterios de decisión',
        description:
          'Conoce los criterios técnicos, financieros y de negocio que usará el cliente para comparar las opciones.',
        includeInScenario: true,
        levelZero: 'No pregunta cómo evaluará el cliente las soluciones.',
        levelLow:
          'Pregunta qué es importante en una solución, pero solo recoge uno o dos criterios genéricos («el precio», «la facilidad de uso») y no los ordena por importancia.',
        levelHigh:
          'Descubre los criterios concretos (por ejemplo integraciones, requisitos de seguridad, coste total) y cuáles pesan más, y comprueba si su oferta se está comparando con alternativas.',
      },
      {
        name: 'Proceso de decisión',
        description: 'Traza los pasos, las personas y las fechas que hay entre hoy y un acuerdo firmado.',
        includeInScenario: false,
        levelZero: 'No hace preguntas sobre cómo ni cuándo se tomará la decisión.',
        levelLow:
          'Obtiene una fecha aproximada o un solo paso («tendrá que revisarlo el departamento jurídico»), pero no la secuencia, las personas implicadas ni lo que desencadena cada paso.',
        levelHigh:
          'Recorre el camino completo hasta la firma (evaluación, aprobaciones, jurídico y compras, fecha objetivo) y lo confirma con el cliente, anotando cualquier plazo que condicione la decisión.',
      },
      {
        name: 'Identificar el problema',
        description:
          'Descubre el problema de negocio que convierte el proyecto en una prioridad y sus consecuencias si nada cambia.',
        includeInScenario: true,
        levelZero: 'No se habla del problema; la conversación se queda en las funcionalidades o el precio.',
        levelLow: 'Identifica un problema, pero no por qué importa ahora ni qué pasa si no se resuelve.',
        levelHigh:
          'Consigue que el cliente describa un problema concreto, a quién afecta y el coste o el riesgo de no hacer nada, y lo vincula a la urgencia del proyecto.',
      },
      {
        name: 'Promotor interno',
        description:
          'Identifica y pone a prueba a un defensor interno con influencia y un interés personal en el resultado.',
        includeInScenario: false,
        levelZero: 'No intenta averiguar quién apoyaría la compra dentro de la empresa.',
        levelLow:
          'Da por hecho que su contacto es un promotor interno porque es amable, sin comprobar su influencia ni su motivación.',
        levelHigh:
          'Pregunta qué gana personalmente su contacto si se resuelve el problema, pone a prueba su influencia (por ejemplo, si puede conseguir una reunión con el comprador económico) y acuerda cómo van a trabajar juntos.',
      },
    ],
  },
  {
    name: 'Manejo de objeciones',
    icon: 'shield',
    shortDescription:
      'Responder a las objeciones con calma: reconocer, aclarar, replantear con pruebas, confirmar y avanzar.',
    longDescription:
      'Cómo gestiona el comercial objeciones como el precio, el momento, un competidor o «mándeme un correo». Un buen manejo trata la objeción ' +
      'como información: el comercial mantiene la calma, reconoce la preocupación sin discutir, pregunta qué hay realmente detrás, responde con ' +
      'pruebas pertinentes, comprueba que la preocupación ha quedado resuelta y después hace avanzar la conversación. Ponerse a la defensiva, ' +
      'ofrecer un descuento a la primera señal de resistencia o ignorar la objeción puntúan bajo.',
    criteria: [
      {
        name: 'Reconocer',
        description: 'Reconoce la preocupación con respeto antes de responder, sin discutirla ni restarle importancia.',
        includeInScenario: true,
        levelZero: 'Ignora la objeción, habla por encima, discute («eso no es cierto») o se pone a la defensiva.',
        levelLow:
          'Reconoce la objeción con una frase de guion («entiendo») y pasa de inmediato a rebatirla, de modo que el cliente no se siente escuchado.',
        levelHigh:
          'Reformula la preocupación con las palabras del cliente y la valida como razonable («Tiene sentido ser prudente con los costes en este momento») antes de responder, con un tono tranquilo.',
      },
      {
        name: 'Aclarar',
        description: 'Hace preguntas para entender el verdadero motivo de la objeción antes de responderla.',
        includeInScenario: true,
        levelZero: 'Responde a la objeción de inmediato, sin preguntar nada sobre ella.',
        levelLow:
          'Hace una pregunta aclaratoria pero no usa la respuesta, o responde a una preocupación distinta de la planteada.',
        levelHigh:
          'Hace preguntas abiertas que descubren qué hay detrás de la objeción («Cuando dice que es demasiado caro, ¿comparado con qué?») y confirma la preocupación real antes de responder.',
      },
      {
        name: 'Replantear con pruebas',
        description:
          'Responde con una perspectiva pertinente respaldada por pruebas: un ejemplo de cliente, datos o una comparación concreta.',
        includeInScenario: true,
        levelZero:
          'No da ninguna respuesta, cede de inmediato (por ejemplo, con un descuento que nadie ha pedido) o hace afirmaciones sin respaldo.',
        levelLow:
          'Da una respuesta genérica («a nuestros clientes les encanta») o pruebas que no encajan con la situación del cliente.',
        levelHigh:
          'Replantea la preocupación en torno a los objetivos del propio cliente y la respalda con pruebas concretas y pertinentes, como el resultado de un cliente parecido, una cifra o una comparación con el coste de no hacer nada.',
      },
      {
        name: 'Confirmar la resolución',
        description: 'Comprueba que la respuesta ha resuelto la preocupación antes de seguir adelante.',
        includeInScenario: false,
        levelZero: 'Sigue adelante sin comprobar si la preocupación quedó resuelta.',
        levelLow:
          'Hace una comprobación cerrada e inducida («Tiene sentido, ¿verdad?») y toma cualquier respuesta como un sí.',
        levelHigh:
          'Hace una comprobación abierta («¿Cómo lo ve?» o «¿Qué más necesitaría ver?») y atiende cualquier duda pendiente antes de continuar.',
      },
      {
        name: 'Hacer avanzar la conversación',
        description: 'Tras resolver la objeción, lleva la llamada hacia un siguiente paso concreto.',
        includeInScenario: false,
        levelZero: 'La llamada se estanca o termina después de la objeción sin proponer ningún siguiente paso.',
        levelLow: 'Sugiere un siguiente paso vago («seguimos en contacto») sin fecha, responsable ni propósito.',
        levelHigh:
          'Propone un siguiente paso concreto ligado a la preocupación resuelta (por ejemplo, una llamada con finanzas el jueves para revisar el modelo de retorno de la inversión) y consigue que el cliente lo acepte.',
      },
    ],
  },
  {
    name: 'Apertura de llamada en frío',
    icon: 'phone',
    shortDescription:
      'Ganarse los primeros 30 segundos de una llamada en frío y convertirlos en una conversación y un siguiente paso.',
    longDescription:
      'El primer minuto de una llamada en frío. El comercial se presenta con claridad, pide un momento del tiempo del cliente, da un motivo ' +
      'creíble para llamar precisamente a esa persona, plantea una breve hipótesis del valor que podría aportar, convierte la llamada en una ' +
      'conversación con una pregunta y pide un siguiente paso concreto. El cliente está ocupado y no esperaba la llamada: lo que se puntúa es ' +
      'la brevedad, la pertinencia y el respeto por su tiempo.',
    criteria: [
      {
        name: 'Apertura con permiso',
        description:
          'Se presenta a sí mismo y a su empresa con claridad, reconoce la interrupción y pide un momento breve.',
        includeInScenario: true,
        levelZero:
          'Se lanza a presentar el producto sin presentarse bien, o abre con «¿Qué tal está hoy?» y frases de relleno.',
        levelLow:
          'Dice su nombre y su empresa, pero no reconoce la interrupción ni pide tiempo, o lo pide de una forma que invita a un «no» fácil («¿Le pillo en mal momento?»).',
        levelHigh:
          'Dice su nombre y su empresa en una frase, reconoce que la llamada es inesperada y pide un tiempo breve y concreto («¿Me permite 30 segundos para contarle por qué le llamo, y usted decide si vale la pena seguir?»).',
      },
      {
        name: 'Motivo de la llamada',
        description: 'Da un motivo pertinente y concreto para llamar a esta persona ahora.',
        includeInScenario: true,
        levelZero:
          'No da ningún motivo para la llamada, o da un motivo centrado en el comercial («le llamo para presentarle nuestra empresa»).',
        levelLow: 'Da un motivo genérico que serviría para cualquiera («ayudamos a empresas como la suya»).',
        levelHigh:
          'Da un motivo específico de este cliente, su cargo, su empresa o su sector, como un acontecimiento reciente, un desencadenante o una tendencia observada en empresas parecidas.',
      },
      {
        name: 'Hipótesis de valor',
        description:
          'Plantea una hipótesis breve, centrada en resultados, del problema que el comercial podría resolver para el cliente.',
        includeInScenario: true,
        levelZero:
          'Describe funcionalidades del producto o la historia de la empresa en lugar de algún valor para el cliente.',
        levelLow:
          'Menciona un beneficio, pero es vago («ahorrar tiempo y dinero») o tarda más de unas pocas frases en llegar a él.',
        levelHigh:
          'En una o dos frases nombra un problema concreto que tienen empresas parecidas a la del cliente y el resultado que lograron los clientes del comercial, planteado como una hipótesis que el cliente puede confirmar o rechazar.',
      },
      {
        name: 'Pregunta que involucra',
        description: 'Convierte el monólogo en una conversación con una pregunta abierta pertinente.',
        includeInScenario: false,
        levelZero: 'No hace ninguna pregunta, o solo preguntas cerradas que cortan la conversación («¿Le interesa?»).',
        levelLow:
          'Hace una pregunta, pero es genérica («¿Cuáles son sus prioridades?») o no tiene relación con la hipótesis de valor.',
        levelHigh:
          'Hace una pregunta abierta que pone a prueba la hipótesis («¿Cómo lo gestionan hoy?») y retoma la respuesta en lugar de volver a la presentación.',
      },
      {
        name: 'Petición del siguiente paso',
        description: 'Pide un siguiente paso claro, de poco compromiso, con una fecha y hora concretas.',
        includeInScenario: false,
        levelZero: 'Termina la llamada sin pedir nada, o acepta un «mándeme información» sin ningún seguimiento.',
        levelLow:
          'Pide una reunión de forma vaga («¿podemos hablar en algún momento?») o pide un compromiso grande demasiado pronto.',
        levelHigh:
          'Propone un siguiente paso concreto y breve con día y hora (por ejemplo, una llamada de 20 minutos el martes a las 10) y confirma los detalles de la invitación antes de colgar.',
      },
    ],
  },
  {
    name: 'Cierre y próximos pasos',
    icon: 'trophy',
    shortDescription:
      'Resumir lo acordado, comprobar el compromiso y terminar con un siguiente paso con fecha y responsable.',
    longDescription:
      'El final de una conversación de ventas, sea cual sea su etapa. El comercial resume lo que ha aprendido y lo que se ha acordado, comprueba ' +
      'hasta qué punto el cliente está listo para avanzar, resuelve cualquier última duda y termina con un siguiente paso acordado por ambas partes ' +
      'que tiene fecha, responsable y propósito. Una llamada que termina con «ya le enviaré algo» y sin ningún compromiso puntúa bajo, por ' +
      'agradable que haya sido.',
    criteria: [
      {
        name: 'Resumen del valor',
        description: 'Recapitula las necesidades del cliente y cómo las resuelve la solución propuesta.',
        includeInScenario: false,
        levelZero: 'No hay resumen; la llamada termina de golpe o con un agradecimiento genérico.',
        levelLow:
          'Resume las funcionalidades del producto en lugar de las necesidades del cliente, o el resumen omite la principal preocupación planteada.',
        levelHigh:
          'Resume las necesidades clave del cliente con sus propias palabras, vincula cada una a cómo ayuda la solución y pregunta si falta algo.',
      },
      {
        name: 'Cierre de prueba',
        description:
          'Comprueba si el cliente está listo y saca a la luz las dudas pendientes antes de pedir un compromiso.',
        includeInScenario: true,
        levelZero: 'Nunca comprueba cómo se siente el cliente respecto a avanzar.',
        levelLow: 'Hace una pregunta de sí o no («Entonces, ¿le interesa?») y no explora una respuesta tibia.',
        levelHigh:
          'Hace una pregunta abierta sobre su disposición («En una escala del 1 al 10, ¿qué tan cerca está esto de lo que necesita?») y explora qué haría falta para cerrar la diferencia.',
      },
      {
        name: 'Petición de compromiso',
        description: 'Pide directamente el compromiso adecuado a la etapa de la oportunidad.',
        includeInScenario: true,
        levelZero: 'No pide ningún compromiso.',
        levelLow: 'Insinúa un compromiso o lo pide disculpándose, y lo abandona a la primera duda.',
        levelHigh:
          'Pide con claridad y seguridad un compromiso concreto (un piloto, una revisión de la propuesta, una fecha de firma) y guarda silencio para dejar responder al cliente.',
      },
      {
        name: 'Siguiente paso acordado',
        description:
          'Termina la llamada con un siguiente paso que tiene fecha, responsables y propósito, confirmado por ambas partes.',
        includeInScenario: false,
        levelZero: 'No se acuerda ningún siguiente paso.',
        levelLow: 'Se menciona un siguiente paso, pero le falta una fecha, un responsable o un propósito claro.',
        levelHigh:
          'Acuerda un siguiente paso con fecha, participantes con nombre y un propósito, confirma quién hace qué antes de esa fecha y dice cómo se enviará la invitación.',
      },
    ],
  },
];
