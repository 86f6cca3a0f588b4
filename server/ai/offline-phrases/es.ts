import type { PhraseBank } from './types';

const and = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;

export const es: PhraseBank = {
  defaultRole: 'Responsable de la decisión',
  generalIndustry: 'Empresa de servicios',
  companySize: (n) => `Unos ${n.toLocaleString('es-ES')} empleados`,
  situation: (p) =>
    `Ahora mismo lo llevamos con ${p.tools}, y buena parte sigue siendo manual. Funciona, pero se nos está quedando corto.`,
  atCompany: (company) => `Aquí en ${company},`,
  toolsFallback: 'hojas de cálculo y procesos propios',
  and,
  genericPains: [
    'Hay demasiado trabajo manual: el equipo va lento y se nos cuelan errores.',
    'Cuando tengo que decidir, no tengo cifras de las que me fíe.',
    'Tal y como trabajamos hoy, no vamos a poder seguir el ritmo de crecimiento.',
  ],
  genericGoals: (product) => [
    `Quiero saber si ${product} lo resuelve sin poner patas arriba a mi equipo.`,
    'Este año tengo que enseñar resultados medibles a la dirección.',
  ],
  goalFromSource: (item) => `Lo que me gustaría es ${item.replace(/[.!?]*$/, '')}.`,
  objections: [
    {
      mild: 'No tengo claro que ahora mismo haya presupuesto para {product}.',
      sharp: 'Sinceramente, esto parece caro. ¿Por qué íbamos a pagarlo con el dinero tan justo?',
      surfaces: 'Cuando el comercial habla de precios.',
      moment: 'price',
    },
    {
      mild: 'No es el mejor momento; este trimestre tenemos otras prioridades.',
      sharp: 'Tengo diez prioridades por delante este trimestre. ¿Por qué debería colarse esta?',
      surfaces: 'Al principio, justo después de la presentación.',
      moment: 'opening',
    },
    {
      mild: 'Ya trabajamos con {competitor} y, en general, nos va bien.',
      sharp: 'Ya usamos {competitor}. Cambiar es un riesgo que no voy a correr sin un motivo de peso.',
      surfaces: 'Cuando el comercial presenta la solución o la compara con otras.',
      moment: 'competition',
    },
    {
      mild: 'Me preocupa cuánto tardaríamos en ponerlo en marcha.',
      sharp: 'La última implantación nos llevó un año y salió mal. ¿Qué les hace distintos?',
      surfaces: 'Cuando el comercial habla de la implantación.',
      moment: 'implementation',
    },
    {
      mild: 'Tendría que hablarlo con mi equipo antes de ir más allá.',
      sharp: 'Esta decisión no es solo mía, y no pienso llevársela a mi jefe sin números serios.',
      surfaces: 'Cuando el comercial pide un compromiso o un siguiente paso.',
      moment: 'next_step',
    },
    {
      mild: '¿Y cómo sé que esto funciona en una empresa como la nuestra?',
      sharp:
        'Todos los proveedores prometen resultados. Enséñeme pruebas de una empresa como la nuestra o no me haga perder el tiempo.',
      surfaces: 'Después de que el comercial cuente los beneficios.',
      moment: 'proof',
    },
    {
      mild: 'La gente de sistemas va a tener preguntas sobre seguridad e integración.',
      sharp: 'Si no pasa nuestra revisión de seguridad y no se integra con nuestros sistemas, ni lo miro.',
      surfaces: 'Cuando el comercial habla de datos, integración o despliegue.',
      moment: 'implementation',
    },
    {
      mild: 'Para serle franco, no sé si esto es una prioridad para nosotros.',
      sharp: 'He oído muchas presentaciones así. De momento no veo por qué esto nos importa.',
      surfaces: 'Durante el descubrimiento, tras unas cuantas preguntas.',
      moment: 'discovery',
    },
  ],
  proofObjection: (claim) =>
    claim
      ? `Ustedes dicen que ${claim.replace(/[.!?]*$/, '')}. Todos los proveedores tienen una historia así. ¿Por qué iba a pasar lo mismo aquí?`
      : 'Todos los proveedores me enseñan un caso de éxito. ¿Por qué iba a funcionar con nosotros?',
  priceObjection: (amount) => `He visto sus tarifas. ${amount} sube muy rápido para un equipo como el nuestro.`,
  sourcedSurfaces: {
    opening: 'Al principio de la llamada.',
    discovery: 'Durante el descubrimiento.',
    pitch: 'Cuando el comercial presenta la solución.',
    price: 'Cuando el comercial habla de precios.',
    proof: 'Cuando el comercial promete resultados.',
    competition: 'Cuando el comercial se compara con una alternativa.',
    implementation: 'Cuando el comercial habla de la implantación.',
    next_step: 'Cuando el comercial pide un siguiente paso.',
  },
  pushBack: (n) =>
    n === 1
      ? 'Insiste una vez si la primera respuesta es genérica.'
      : `Insiste hasta ${n} veces y vuelve sobre ello más tarde si no queda resuelto.`,
  hidden: [
    {
      topic: 'pain',
      information: 'El problema ya ha provocado {n} quejas de clientes este trimestre.',
      said: 'Lo que de verdad duele es que solo este trimestre nos ha costado {n} quejas de clientes.',
    },
    {
      topic: 'situation',
      information: 'La mitad del equipo se salta el proceso oficial y trabaja con sus propias hojas de cálculo.',
      said: 'La verdad es que medio equipo ni sigue el proceso oficial: cada uno tiene su propia hoja de cálculo.',
    },
    {
      topic: 'impact',
      information: 'El equipo pierde unas {n} horas a la semana en trabajo manual en esta área.',
      said: 'Si le soy sincero, se nos van unas {n} horas cada semana en trabajo manual con esto.',
    },
    {
      topic: 'timing',
      information: 'La fecha límite real es una revisión del consejo en {month}.',
      said: 'Lo que no le he contado: esto pasa por el consejo en {month}, así que esa es mi fecha de verdad.',
    },
    {
      topic: 'decision',
      information: 'Un segundo interlocutor, {role}, puede vetar la compra.',
      said: 'No depende solo de mí. {OurRole} también tiene que dar el visto bueno, y puede pararlo.',
    },
    {
      topic: 'history',
      information: 'Un intento anterior de resolver este problema fracasó por la baja adopción.',
      said: 'Ya intentamos arreglarlo una vez y se quedó en nada porque nadie usaba la herramienta nueva.',
    },
    {
      topic: 'budget',
      information: 'Hay un presupuesto sin usar de unos {k}.000 que debe gastarse antes del cierre del ejercicio.',
      said: 'Entre nosotros, me quedan unos {k}.000 de este año, y si no los gasto antes del cierre, los pierdo.',
    },
    {
      topic: 'motivation',
      information: 'Su propio bonus depende de mejorar este indicador este año.',
      said: 'A nivel personal, parte de mi bonus de este año depende de que esta cifra mejore.',
    },
    {
      topic: 'current_solution',
      information: 'El contrato con el proveedor actual puede cancelarse con 60 días de preaviso.',
      said: 'De hecho, puedo salir del contrato actual avisando con sesenta días.',
    },
  ],
  stakeholders: {
    it: { note: 'el responsable de sistemas', said: 'nuestro responsable de sistemas', team: 'Sistemas' },
    finance: { note: 'el director financiero', said: 'nuestro director financiero', team: 'Finanzas' },
    ceo: { note: 'el consejero delegado', said: 'nuestro consejero delegado', team: 'Dirección General' },
    board: { note: 'el consejo', said: 'nuestro consejo', team: 'el consejo' },
    operations: { note: 'el director de operaciones', said: 'nuestro director de operaciones', team: 'Operaciones' },
    procurement: { note: 'compras', said: 'compras', team: 'Compras' },
  },
  revealForCriterion: (c, high) => `Solo lo comparte cuando el comercial demuestra «${c}»: ${high}`,
  sourcedInformation: (f) => `De los datos de este escenario: «${f}»`,
  revealSourced: 'Solo lo comparte si el comercial hace una pregunta abierta sobre este tema.',
  successForCriterion: (c, high) => `El comercial cumple «${c}» en el nivel alto: ${high}`,
  successByDifficulty: {
    easy: 'El comercial propone un siguiente paso claro; el cliente acepta sin problemas.',
    medium:
      'El comercial relaciona la oferta con un problema mencionado y propone una reunión de seguimiento concreta.',
    hard: 'El comercial cuantifica el problema, entiende el proceso de decisión y propone un siguiente paso concreto y de bajo riesgo.',
    expert:
      'El comercial resuelve todas las objeciones, descubre la información oculta y cierra un siguiente paso con fecha y con las personas adecuadas.',
  },
  budget: {
    easy: () => 'Este año reservamos presupuesto para un proyecto de este tipo.',
    medium: () => 'Algo de presupuesto hay, pero tendría que justificarlo frente a otros proyectos.',
    hard: () => 'No hay nada asignado. Tendría que sacar el dinero de otro proyecto.',
    expert: (approver) =>
      `Acaban de recortarnos el presupuesto. Cualquier gasto necesita un retorno claro en seis meses y la firma de ${approver}.`,
  },
  timeline: {
    easy: 'Me gustaría tener algo funcionando el próximo trimestre.',
    medium: 'Queremos decidirlo en los próximos tres a seis meses.',
    hard: 'No hay una fecha fija. Esto se va retrasando por otras prioridades.',
    expert: 'Sinceramente, por nuestra parte no hay ninguna prisa.',
  },
  decision: {
    easy: () => 'Puedo aprobarlo yo, después de revisarlo un momento con mi equipo.',
    medium: ({ approver }) => `Yo lo recomiendo, y ${approver} lo firma cuando hay un caso de negocio.`,
    hard: ({ others }) =>
      `Yo recomiendo, pero ${others} tienen que estar de acuerdo, y siempre comparamos varios proveedores.`,
    expert: ({ approver, others }) =>
      `Soy una voz más en un comité de compra con ${others}. La última palabra la tiene ${approver}, y necesitamos tres ofertas.`,
  },
  competitorsFallback: [
    'Un proveedor consolidado',
    'Hojas de cálculo y un proceso interno',
    'Una herramienta de nicho más barata',
  ],
  thisProduct: 'esta solución',
  learnerRoles: {
    sales_representative: 'representante de ventas',
    account_executive: 'ejecutivo de cuentas',
    sales_manager: 'responsable de ventas',
    business_development: 'representante de desarrollo de negocio',
  },
  summary: (p) =>
    `Eres ${p.learnerRole} y llamas a ${p.name}, ${p.role} en ${p.company} (${p.industry.charAt(0).toLowerCase()}${p.industry.slice(1)}, ${p.size.charAt(0).toLowerCase()}${p.size.slice(1)}). ${p.company} podría sacar partido de ${p.product}.`,
  knowledgeBackground: (facts) => `De tu propio material: ${facts.map((f) => `«${f}»`).join(' ')}`,
  drillMoment: (quote, criterion) =>
    `Este ejercicio repite un momento de tu propia llamada en el que «${criterion}» puntuó bajo: «${quote}». El cliente volverá a plantear lo mismo; esta vez, gestiónalo.`,
  callGoal: (useCase, product) =>
    useCase
      ? `Objetivo de la llamada (${useCase}): entender la situación con buenas preguntas, conectar ${product} con necesidades reales y acordar un siguiente paso.`
      : `Objetivo de la llamada: entender la situación con buenas preguntas, conectar ${product} con necesidades reales y acordar un siguiente paso.`,
  difficultyNote: {
    easy: 'El cliente es abierto y amable.',
    medium: 'El cliente está ocupado y no ofrecerá mucha información por iniciativa propia.',
    hard: 'El cliente es reservado y pondrá objeciones.',
    expert: 'El cliente es escéptico, tiene poco tiempo y te pondrá a prueba.',
  },
  opening: {
    easy: (name, company) => `Hola, soy ${name}, de ${company}. Gracias por llamar, ¿en qué puedo ayudarle?`,
    medium: (name) => `Sí, ${name} al habla. Tengo unos minutos, ¿de qué se trata?`,
    hard: (name) => `${name}. Estoy entre dos reuniones, así que sea breve. ¿Qué quiere?`,
    expert: (name) =>
      `${name}. Recibo muchas llamadas como esta. Tiene dos minutos para convencerme de que siga escuchando.`,
  },
  traits:
    /(?<![\p{L}])(?:habla|le gusta|le gustan|no le gusta|odia|respeta|prefiere|tono|tranquil[oa]|amable|cordial|paciente|impaciente|escéptic[oa]|precis[oa]|directa?|firme|educad[oa]|usa silencios|no se deja)(?![\p{L}])/iu,
};
