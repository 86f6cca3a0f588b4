import type { ProspectLines } from './types';

export const es: ProspectLines = {
  greeting: {
    easy: (name, company) => [
      company
        ? `Hola, soy ${name}, de ${company}. ¿En qué le puedo ayudar?`
        : `Hola, soy ${name}. ¿En qué le puedo ayudar?`,
      `Buenos días, ${name} al habla. Dígame.`,
    ],
    medium: (name) => [`${name} al habla.`, `Sí, soy ${name}. ¿Quién es?`],
    hard: (name) => [`${name}. Estoy entre dos reuniones, ¿qué ocurre?`, `${name}. Sea breve, por favor.`],
    expert: (name) => [
      `${name}. Tengo una reunión en unos minutos. ¿Qué quiere?`,
      `${name}. ¿Quién es y por qué me llama?`,
    ],
  },
  timeCheck: {
    easy: ['Sí, claro, tengo unos minutos. Usted dirá.', 'Sí, ahora me viene bien. Adelante.'],
    medium: ['Tengo unos quince minutos. ¿De qué se trata?', 'Unos minutos sí. ¿Qué necesita?'],
    hard: ['La verdad es que no mucho, pero siga. Sea breve.', 'Cinco minutos. Adelante.'],
    expert: ['No, no es buen momento. Tiene dos minutos.', 'Sinceramente, no. Dígame por qué debería escucharle.'],
  },
  howAreYou: {
    easy: ['Bien, gracias, con lío como siempre. ¿En qué le puedo ayudar?', 'Muy bien, gracias. ¿De qué se trata?'],
    medium: ['Con mucho trabajo. ¿De qué se trata?', 'Bien. ¿Qué necesita?'],
    hard: ['Ocupado. ¿Qué quiere?', 'Vamos al grano. ¿Por qué me llama?'],
    expert: ['No tengo tiempo para cortesías. ¿De qué se trata?', 'Ahórrese eso. ¿Por qué me llama?'],
  },
  afterIntro: {
    easy: ['Encantado. ¿De qué quería hablar?', 'Muy bien. Usted dirá.'],
    medium: ['Vale. ¿De qué se trata?', '¿Y en qué puedo ayudarle?'],
    hard: ['¿Y? ¿Qué quiere de mí?', 'Vaya al grano, por favor.'],
    expert: ['Recibo muchas llamadas así. ¿Por qué debería importarme?', '¿Y qué gano yo con esto?'],
  },
  ack: {
    easy: ['Vale.', 'Ya veo.', 'Entiendo.'],
    medium: ['Vale.', 'Ya.', 'Mm.'],
    hard: ['Mm.', '¿Y?', 'Vale.'],
    expert: ['¿Y?', '¿Entonces?', 'Mm.'],
  },
  acknowledged: {
    easy: ['Pues sí, la verdad. Gracias por entenderlo.', 'Exacto, es frustrante.'],
    medium: ['Sí, lo es.', 'Es una forma de decirlo.'],
    hard: ['Lo es. ¿Y ahora qué?', 'Sí. ¿Y?'],
    expert: [
      'No necesito comprensión, necesito un motivo para seguir hablando.',
      'Ahórrese eso. ¿Adónde quiere llegar?',
    ],
  },
  leadIn: {
    easy: ['Pues mire,', 'Sinceramente,', 'Buena pregunta.', 'A ver.'],
    medium: ['Pues,', '', 'Sinceramente,'],
    hard: ['', 'En resumen,', ''],
    expert: ['', '', 'Bueno.'],
  },
  revealLeadIn: ['Ya que lo pregunta.', 'Vale, le voy a ser sincero.', 'Buena pregunta, la verdad.', 'Entre nosotros.'],
  alsoLeadIn: ['Y otra cosa.', 'Además,', 'Y por si fuera poco,'],
  hint: {
    situation: 'Y lo que pasa en la práctica no es exactamente lo que dice el proceso.',
    pain: 'Y hay un problema que todavía ni le he mencionado.',
    impact: 'Nos cuesta más de lo que me gustaría reconocer, la verdad.',
    goal: 'Este año tengo un objetivo muy concreto.',
    timing: 'Y los plazos importan más de lo que parece.',
    budget: 'El presupuesto tampoco es tan sencillo como parece.',
    decision: 'Y no soy la única persona que decide esto.',
    history: 'Por cierto, ya intentamos algo parecido.',
    motivation: 'Y a mí esto me importa también a nivel personal.',
    current_solution: 'Lo que tenemos ahora tampoco es algo grabado en piedra.',
    competition: 'No solo hablamos con ustedes, claro.',
    technical: 'La gente de sistemas tendrá su propia opinión.',
    company: 'Aquí pasan más cosas de las que parece.',
  },
  topicFallback: {
    situation: ['Nos apañamos, pero no es bonito.', 'Funciona, más o menos.'],
    pain: ['Hay cosas que me molestan, nada dramático.', 'Lo de siempre. Nada que yo llamaría una crisis.'],
    impact: ['No le he puesto una cifra.', 'Es difícil decirlo. Nos cuesta tiempo.'],
    goal: ['Sobre todo, quiero menos sorpresas.', 'Quiero que esto funcione sin tener que perseguir a nadie.'],
    timing: ['No hay ninguna fecha cerrada.', 'Cuando tenga sentido. Sin prisas.'],
    budget: [
      'Depende de lo que sea y de lo que aporte.',
      'El presupuesto va detrás del valor. Enséñeme primero el valor.',
    ],
    decision: ['Depende del importe.', 'El proceso de siempre. Nada especial.'],
    history: ['Hemos mirado cosas antes, como todo el mundo.', 'Nada que merezca la pena contar.'],
    motivation: ['Es parte de mi trabajo que esto funcione.', 'Porque es mi responsabilidad.'],
    current_solution: ['Tenemos lo que tenemos, y más o menos funciona.', 'Lo que usamos hoy cumple, más o menos.'],
    competition: ['Siempre miramos más de una opción.', 'Hablo con varios proveedores. Es lo normal.'],
    technical: ['Eso lo mirará sistemas cuando toque.', 'Eso es cosa de mis compañeros de sistemas.'],
    company: ['Nos va bien, gracias.', 'Somos una empresa con mucho movimiento. Dejémoslo ahí.'],
  },
  guarded: [
    '¿Por qué lo pregunta?',
    'Depende.',
    'Es un poco pronto para entrar en eso.',
    'Mejor no vayamos por ahí todavía.',
  ],
  closedShort: {
    easy: ['Sí, más o menos.', 'Sí, yo diría que sí.', 'No mucho, la verdad.'],
    medium: ['Más o menos.', 'Sí.', 'En parte.'],
    hard: ['Sí.', 'No.', 'Puede.'],
    expert: ['Sí. ¿Y?', 'No.', '¿Por qué?'],
  },
  broad: ['Esa pregunta es muy amplia. ¿Qué quiere saber exactamente?', '¿Por dónde empiezo? Concrete un poco.'],
  unclear: [
    'Perdone, no sé muy bien a qué se refiere.',
    '¿Qué quiere decir con eso?',
    'No le he seguido. ¿Qué me está preguntando?',
  ],
  repeatLine: ['Eso ya lo ha dicho.', 'Se está repitiendo.', 'Le he oído la primera vez.'],
  alreadyTold: ['Eso ya se lo he contado.', 'Eso lo hemos hablado hace un momento.'],
  asISaid: ['Como le decía,', 'Como le he dicho,'],
  company: (company, employees) => [
    company && employees
      ? `Somos ${company}, unas ${employees.toLocaleString('es-ES')} personas.`
      : company
        ? `Somos ${company}. No somos una empresa pequeña.`
        : 'Somos una empresa mediana, y creciendo.',
  ],
  competition: (names) => [
    names.length ? `Hemos mirado ${names.slice(0, 2).join(' y ')}, entre otros.` : 'Siempre miramos varias opciones.',
  ],
  pitchTooEarly: {
    easy: [
      'Espere, si todavía no sabe ni a qué nos dedicamos.',
      'Un momento, déjeme contarle primero cómo trabajamos.',
    ],
    medium: [
      'Me está vendiendo antes de saber nada de nosotros.',
      'Más despacio. Todavía no conoce nuestra situación.',
    ],
    hard: ['Pare. No me ha preguntado nada y ya me está vendiendo.', 'No le he pedido una presentación.'],
    expert: [
      'Eso es un discurso de ventas, y no se lo he pedido.',
      'No sabe nada de nosotros y ya está vendiendo. Mal comienzo.',
    ],
  },
  pitchReaction: {
    easy: ['Suena interesante. ¿Cómo funcionaría en nuestro caso?', 'Vale, eso podría servirnos.'],
    medium: ['Eso lo dicen todos. ¿Qué significa para nosotros?', 'Vale. ¿Y?'],
    hard: ['Eso lo dicen todos los proveedores.', 'Eso ya lo he oído antes.'],
    expert: ['Palabrería de marketing. Deme algo concreto o lo dejamos aquí.', 'Palabras. Las oigo todos los días.'],
  },
  getToThePoint: ['Vaya al grano, por favor.', 'Eso han sido muchas palabras. ¿Cuál es su pregunta?'],
  objectionLead: ['Déjeme pararle aquí.', 'Antes de seguir, una cosa.', 'Una cosa, eso sí.', 'Aunque, sinceramente.'],
  objectionDetail: {
    opening: ['Estamos metidos en otros proyectos y no tengo hueco para nada nuevo.'],
    discovery: ['Es que todavía no veo por qué esto debería estar en mi lista.'],
    pitch: ['Todo el mundo me dice que su producto es el mejor. Necesito ver por qué importa aquí.'],
    price: ['Es el dinero. Ahora mismo se cuestiona cualquier gasto nuevo.'],
    proof: ['Necesito verlo funcionar en una empresa como la nuestra, no en una diapositiva.'],
    competition: ['Cambiar supone riesgo y trabajo, y lo que tenemos más o menos funciona.'],
    implementation: ['Mi equipo no tiene tiempo para un proyecto largo, y el último nos salió caro.'],
    next_step: ['No me comprometo con cosas que no puedo justificar internamente.'],
  },
  pushBack: [
    ['Eso lo dice todo el mundo. ¿Por qué iba a ser distinto con ustedes?', 'Eso es muy genérico. ¿Puede concretar?'],
    ['Sigo sin estar convencido. Deme algo concreto.', 'No está respondiendo a lo que le planteo.'],
    ['Estamos dando vueltas. ¿Qué haría usted exactamente?', 'Necesito más que eso.'],
  ],
  accept: {
    easy: ['Vale, tiene sentido.', 'De acuerdo, eso me ayuda.'],
    medium: ['Vale, es una respuesta razonable.', 'Bueno, con eso puedo vivir.'],
    hard: ['Bien. Por lo menos es concreto.', 'Vale. Eso sí es una respuesta.'],
    expert: ['Bien. Lo acepto, de momento.', 'Eso está mejor. Siga.'],
  },
  acceptGrudging: ['Bueno, sigamos.', 'Vale, dejémoslo ahí de momento.'],
  unresolved: ['No me convence, pero siga.', 'Eso no responde a mi duda. En fin, siga.'],
  ignoredObjection: ['No ha respondido a lo que le he planteado.', 'Se ha saltado mi pregunta.'],
  nextStep: {
    vague: [
      '¿Cuándo exactamente? Deme un día y una hora.',
      'La semana que viene es muy vago. ¿Qué día?',
      'Concrete, ¿qué día y a qué hora?',
    ],
    noAction: ['¿Y qué haríamos ese día?', '¿Para qué exactamente?'],
    agree: (when) => [
      `De acuerdo. ${when.charAt(0).toUpperCase()}${when.slice(1)} me va bien. Envíeme una invitación.`,
      `Vale, quedamos ${when}. Mándeme la convocatoria.`,
    ],
    afterAgreement: (when) => [`Ya lo tenemos, ${when}.`, `Perfecto, entonces ${when}.`],
    notReady: {
      discovery: [
        'Es pronto para eso. Todavía no sabe nada de nosotros.',
        'Más despacio. Aún no veo cómo encaja esto con nosotros.',
      ],
      pain: [
        'Sigo sin ver qué problema nuestro resuelve esto.',
        '¿Para qué volver a reunirnos? No me ha enseñado qué nos arregla.',
      ],
      impact: [
        'No me ha mostrado qué vale esto para nosotros.',
        'No puedo vender una reunión internamente sin saber qué nos jugamos.',
      ],
      decision: ['Ni siquiera sabe quién tiene que participar.', 'Antes de eso, debería saber cómo se decide aquí.'],
      objections: ['No mientras mis dudas sigan abiertas.', 'No ha respondido a lo que le he planteado.'],
      hidden: ['Todavía no. No ha entendido de verdad nuestra situación.', 'Hay más de lo que ha descubierto. Aún no.'],
    },
  },
  tone: {
    rude: ['¿Perdone? No hace falta hablarme así.', 'Cuide el tono, por favor.'],
    rudeHangup: ['No voy a seguir con esta conversación. Adiós.', 'Hasta aquí. Adiós.'],
    pressure: ['No me gusta que me presionen.', 'No me meta prisa. Conmigo eso no funciona.'],
    pressureHangup: ['Ya le he dicho que no me gusta que me presionen. Lo dejamos aquí. Adiós.'],
    interrupted: {
      easy: ['Ay, perdone, siga usted.', 'Déjeme terminar un momento.'],
      medium: ['Déjeme terminar, por favor.', '¿Me deja acabar?'],
      hard: ['No me interrumpa.', 'Estaba hablando yo.'],
      expert: ['No me pise la palabra.', 'Si me vuelve a interrumpir, colgamos.'],
    },
  },
  impatient: [
    'No tengo mucho tiempo. ¿Qué quiere saber exactamente?',
    '¿Adónde quiere llegar? Tengo otra reunión enseguida.',
    '¿Hay alguna pregunta en todo eso?',
  ],
  patienceHangup: [
    'Lo siento, no creo que esto encaje ahora mismo. Tengo que dejarle. Adiós.',
    'Tengo que irme, esto no lleva a ninguna parte. Adiós.',
  ],
  timeWarning: ['Tengo que terminar en un minuto.', 'Me queda solo un minuto.'],
  timeHangup: ['Me he quedado sin tiempo. Entro en otra reunión. Adiós.'],
  goodbye: ['Gracias por la llamada. Adiós.', 'Vale. Hasta luego.'],
  goodbyeAgreed: (when) => [`Gracias. Hablamos ${when}. Adiós.`, `Perfecto, nos vemos ${when}. Hasta luego.`],
  afterGoodbye: ['Ahora sí que tengo que irme. Adiós.'],
  thanks: ['De nada.', 'No hay de qué.'],
};
