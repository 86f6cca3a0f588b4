import type { OfflinePhrases } from './types';

export const es: OfflinePhrases = {
  defaultRole: 'Responsable de la decisión',
  generalIndustry: 'Empresa de servicios generales',
  companySize: (n) => `Unos ${n} empleados`,
  situation: (p) =>
    `${p.company} (segmento: ${p.industry}; ${p.size.toLowerCase()}). Hoy el equipo gestiona el trabajo que aborda ${p.product} con sus herramientas y procesos actuales, y ya empiezan a notarse sus límites.`,
  icpContext: (s) => `Lo habitual en este tipo de empresa: ${s}`,
  knowledgeBackground: (f) => `Contexto relevante de la base de conocimiento: «${f}»`,
  genericPains: [
    'Demasiado trabajo manual frena al equipo y provoca errores.',
    'La dirección no dispone de cifras fiables para decidir.',
    'El proceso actual no escala con el crecimiento de la empresa.',
  ],
  genericGoals: (product) => [`Saber si ${product} puede resolver el problema sin trastocar al equipo.`, 'Presentar resultados medibles a la dirección dentro del año.'],
  productGoal: (s) => `Le interesaría si en su caso se cumple: ${s}`,
  objections: [
    { mild: 'No estoy seguro de que ahora tengamos presupuesto para {product}.', sharp: 'Sinceramente, parece caro. ¿Por qué pagaríamos eso con el dinero tan justo?', surfaces: 'Cuando el vendedor menciona el precio o el siguiente paso.' },
    { mild: 'El momento no es el ideal; este trimestre tenemos otras prioridades.', sharp: 'Tenemos diez prioridades más importantes este trimestre. ¿Por qué iba esto a pasar delante?', surfaces: 'Al principio de la llamada, cuando el vendedor pregunta por la situación actual.' },
    { mild: 'Ya trabajamos con {competitor} y en general nos va bien.', sharp: 'Ya usamos {competitor}. Cambiar es un riesgo que no voy a asumir sin una razón muy buena.', surfaces: 'Cuando el vendedor empieza a presentar la solución.' },
    { mild: 'Me preocupa cuánto tardaríamos en implantarlo.', sharp: 'Nuestra última implantación duró un año y fracasó. ¿Qué os hace diferentes?', surfaces: 'Cuando el vendedor habla de implantación o puesta en marcha.' },
    { mild: 'Tendría que consultarlo con mi equipo antes de seguir.', sharp: 'No es una decisión solo mía, y no se la llevaré a mi jefe sin cifras sólidas.', surfaces: 'Cuando el vendedor pide un compromiso.' },
    { mild: '¿Cómo sé que funcionará en una empresa como la nuestra?', sharp: 'Todos los proveedores prometen resultados. Enséñeme pruebas de una empresa como la nuestra o no me haga perder el tiempo.', surfaces: 'Después de que el vendedor describa los beneficios.' },
    { mild: 'Nuestro equipo de IT tendrá preguntas sobre seguridad e integración.', sharp: 'Si no supera nuestra revisión de seguridad y no se integra con nuestros sistemas, está descartado.', surfaces: 'Cuando el vendedor menciona datos o integraciones.' },
  ],
  pushBack: (n) => (n === 1 ? 'Insiste una vez si la primera respuesta es genérica.' : `Insiste hasta ${n} veces y vuelve sobre ello más tarde si no queda resuelto.`),
  hiddenFacts: [
    'El equipo pierde unas {n} horas a la semana en trabajo manual en esta área.',
    'La fecha límite real es una revisión del consejo en {month}.',
    'Un segundo interlocutor, el responsable de IT, puede vetar la compra.',
    'Un intento anterior de resolver este problema fracasó por la baja adopción.',
    'Hay un presupuesto sin usar de unos {k}.000 que debe gastarse antes del cierre del ejercicio.',
    'Su propio bonus depende de mejorar este indicador este año.',
    'El contrato con el proveedor actual puede cancelarse con 60 días de preaviso.',
  ],
  months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  revealForCriterion: (c, high) => `Solo lo comparte cuando el vendedor demuestra «${c}»: ${high}`,
  knowledgeHidden: (f) => `Lo sabe por el material de su propia empresa: «${f}»`,
  revealKnowledge: 'Solo lo confirma si el vendedor pregunta por ello de forma concreta.',
  successForCriterion: (c, high) => `El vendedor cumple «${c}» en el nivel alto: ${high}`,
  successByDifficulty: {
    easy: 'El vendedor propone un siguiente paso claro; el cliente acepta sin problemas.',
    medium: 'El vendedor relaciona la oferta con un problema mencionado y propone una reunión de seguimiento concreta.',
    hard: 'El vendedor cuantifica el problema, entiende el proceso de decisión y propone un siguiente paso concreto y de bajo riesgo.',
    expert: 'El vendedor resuelve todas las objeciones, descubre la información oculta y cierra un siguiente paso con fecha y con las personas adecuadas.',
  },
  budget: {
    easy: 'Hay presupuesto reservado para este tipo de proyecto este año.',
    medium: 'Hay algo de presupuesto, pero debe justificarse frente a otros proyectos.',
    hard: 'No hay presupuesto asignado; habría que quitarlo de otro proyecto.',
    expert: 'Acaban de recortar presupuestos; cualquier gasto necesita un retorno claro en seis meses y la aprobación del director financiero.',
  },
  timeline: {
    easy: 'Le gustaría tener una solución funcionando el próximo trimestre.',
    medium: 'Quiere decidir en los próximos tres a seis meses.',
    hard: 'No hay plazo fijo; el tema se retrasa una y otra vez por otras prioridades.',
    expert: 'Afirma que no hay ninguna prisa, aunque existe una fecha límite oculta.',
  },
  decision: {
    easy: (name) => `${name} puede aprobarlo directamente tras una breve revisión con el equipo.`,
    medium: (name) => `${name} recomienda; su responsable firma tras ver un caso de negocio.`,
    hard: (name) => `${name} recomienda; Finanzas e IT deben estar de acuerdo, y compras compara con otros proveedores.`,
    expert: (name) => `${name} es una voz más en un comité de compra (Finanzas, IT, Operaciones); el director financiero tiene la última palabra y compras exige tres presupuestos.`,
  },
  competitorsFallback: ['Un proveedor consolidado y conocido', 'Hojas de cálculo y un proceso interno', 'Una herramienta de nicho más barata'],
  thisProduct: 'esta solución',
  learnerRoles: { sales_representative: 'representante de ventas', account_executive: 'ejecutivo de cuentas', sales_manager: 'responsable de ventas', business_development: 'representante de desarrollo de negocio' },
  summary: (p) =>
    `Eres ${p.learnerRole} y llamas a ${p.name}, ${p.role} en ${p.company} (segmento: ${p.industry}; ${p.size.toLowerCase()}). ${p.company} podría beneficiarse de ${p.product}: por lo que sabes, ${p.pain.charAt(0).toLowerCase()}${p.pain.slice(1)}`,
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
    expert: (name) => `${name}. Recibo muchas llamadas como esta. Tiene dos minutos para convencerme de que siga escuchando.`,
  },
};
