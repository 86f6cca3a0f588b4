import { DEMO_CONTENT_EN } from './en';
import type { DemoContent } from './types';

/*
 * The demo tenant "Northwind Demo" in Spanish (neutral international Spanish; "usted" with prospects,
 * "tú" with the trainee, as the Spanish UI does). Same company, same lists in the same order as
 * ./en.ts. Every persona speaks Spanish; Lucía and Marco keep their nationality, city and company.
 * Labels in the ICP and product texts ("Problemas:", "Cómo es el éxito:", "Objeciones típicas:",
 * "Precio:", "Resultados de clientes:") are the ones the offline scenario generator reads.
 */
export const DEMO_CONTENT_ES: DemoContent = {
  clientOverview: [
    'Northwind Analytics (nombre comercial: Northwind) es una empresa de software B2B fundada en 2016 en Denver, Colorado, con oficinas en Madrid y Milán. Tiene unos 240 empleados, unos 1.100 clientes en Norteamérica y Europa, y alrededor de 38 millones de dólares de ingresos recurrentes anuales.',
    'Nuestra plataforma, Northwind Pulse, funciona sobre el CRM de la empresa (Salesforce, HubSpot o Microsoft Dynamics) y convierte datos desordenados de la cartera de oportunidades en una previsión de ventas en la que la dirección puede confiar. Tiene tres módulos que se pueden comprar juntos o por separado: Pulse Forecasting, Pulse Conversation Insights y Pulse RevOps Data Hub.',
    'Por qué compran los clientes: las previsiones se desvían menos de un ±5 % del resultado real en la semana 6 del trimestre (mediana de los clientes con más de dos trimestres de datos); los responsables de ventas recuperan unas 4 horas a la semana que antes dedicaban a perseguir actualizaciones en hojas de cálculo; y los equipos de RevOps dejan de rehacer los mismos paneles cada lunes. El plazo de amortización habitual es inferior a 7 meses.',
    'Principales competidores: Clari, Gong (en análisis de conversaciones), los informes internos de Salesforce y las hojas de cálculo — la hoja de cálculo es nuestro competidor más habitual. Ganamos por la rapidez con la que aportamos valor (en marcha en 3–4 semanas, sin proyecto de ingeniería de datos), por unos precios por licencia transparentes y por el soporte nativo de previsiones en varias monedas y regiones.',
    'Modelo de venta: solicitudes de demostración entrantes y prospección activa en empresas medianas y grandes. Los ejecutivos de cuentas hacen una llamada de descubrimiento, una demostración a medida, un piloto de 30 días con los datos del CRM del propio cliente y, después, un caso de negocio y una propuesta comercial. Los contratos son anuales y se pagan por adelantado cada año; los contratos plurianuales incluyen un precio bloqueado. Northwind tiene las certificaciones SOC 2 Tipo II e ISO 27001; los clientes de la UE pueden elegir alojar sus datos en Fráncfort.',
  ].join('\n\n'),

  icps: [
    {
      name: 'SaaS del segmento medio — Vicepresidente de Ventas',
      details: [
        'Empresa: SaaS B2B, de 200 a 1.000 empleados, un ARR de 20 a 150 millones de dólares, de 30 a 150 comerciales con cuota, CRM Salesforce o HubSpot, normalmente entre una ronda Serie B y la salida a bolsa.',
        'Comprador: vicepresidente o vicepresidente sénior de Ventas, que depende del CRO o del CEO; es el comprador económico para herramientas de menos de 100.000 dólares. El promotor interno suele ser un responsable de RevOps; por encima de esa cifra firma el CFO.',
        'Problemas: la previsión falló por más de un 10 % en al menos uno de los últimos cuatro trimestres; las reuniones de cartera de los lunes se hacen con hojas de cálculo; los nuevos responsables no saben orientar a sus comerciales con datos; el consejo pide una previsión que el vicepresidente no puede defender.',
        'Desencadenantes: un nuevo CRO, un trimestre fallido, una ronda de financiación, un equipo de ventas que se duplica en un año o un intento fallido de crear paneles internamente.',
        'Cómo es el éxito: una reunión semanal de previsión que dure 30 minutos en lugar de 2 horas, una previsión comprometida con un margen de error inferior al 5 %, y comerciales que actualicen sus oportunidades porque les ayuda, no porque haya que perseguirlos.',
        'Objeciones típicas: «Ya tenemos paneles en Salesforce», «Mis comerciales no van a adoptar otra herramienta», «Ya miramos Clari y era demasiado caro».',
      ].join('\n'),
    },
    {
      name: 'Gran empresa industrial — Director de Operaciones de Ventas',
      details: [
        'Empresa: fabricante industrial o de componentes, de 2.000 a 20.000 empleados, más de 500 millones de euros de facturación, vende a través de equipos directos de grandes cuentas y de un canal de distribuidores en varios países; ERP SAP y CRM Salesforce o Dynamics.',
        'Comprador: director de Operaciones de Ventas o de Excelencia Comercial, que depende del director comercial (CCO). Informática y compras participan en todas las compras; la revisión de seguridad y un acuerdo de tratamiento de datos son obligatorios.',
        'Problemas: las previsiones de las distintas regiones se consolidan a mano a partir de una docena de archivos de Excel; las ventas de los distribuidores al cliente final no se ven hasta el cierre del trimestre; la conversión de divisas de la previsión se hace con fórmulas en las que nadie confía; los ciclos de venta largos, de 6 a 18 meses, hacen difícil detectar las oportunidades estancadas.',
        'Desencadenantes: un nuevo director comercial que pide una visión global única de la cartera, una migración de ERP o de CRM, un plan de capacidad de planta que depende de la previsión de ventas.',
        'Cómo es el éxito: una sola previsión para todas las regiones y monedas, la cartera del canal visible junto a las oportunidades directas, y alertas tempranas cuando se retrasan las grandes oportunidades.',
        'Objeciones típicas: «Nuestro proceso de ventas es demasiado específico para una herramienta estándar», «Informática tardará un año en aprobar esto», «Lo necesitamos en alemán, italiano y español».',
      ].join('\n'),
    },
    {
      name: 'Agencia pyme — Fundador / Director General',
      details: [
        'Empresa: agencia de marketing, digital o de selección de personal, de 10 a 60 empleados, ventas en manos del fundador más 2 a 8 gestores de cuentas, HubSpot Starter o Professional, de 2 a 10 millones de dólares de facturación.',
        'Comprador: el fundador o director general; decide solo y rápido, pero siente personalmente cada gasto mensual. A menudo trabaja con un consultor de HubSpot independiente.',
        'Problemas: los ingresos varían mucho de un mes a otro; nadie sabe qué propuestas tienen de verdad probabilidades de cerrarse; el fundador sigue siendo el que mejor cierra y no puede dar un paso atrás; las renovaciones se detectan demasiado tarde.',
        'Desencadenantes: un mal mes, la contratación del primer director de ventas, la pérdida de un cliente grande o la preparación de la agencia para su venta.',
        'Cómo es el éxito: una vista sencilla cada lunes de lo que se cerrará este mes y el siguiente, con las renovaciones señaladas con 60 días de antelación.',
        'Objeciones típicas: «Esto es solo para las grandes empresas», «Puedo hacerlo en una hoja de cálculo», «No puedo comprometerme a un contrato anual».',
      ].join('\n'),
    },
  ],

  productGroupings: [
    {
      name: 'Pulse Forecasting',
      details: [
        'Qué hace: previsión de ventas asistida por IA sobre los datos del CRM en tiempo real. Previsiones consolidadas por comercial, equipo, región y producto; categorías de compromiso, mejor escenario y cartera; cambios en la cartera de una semana a otra («qué se movió y por qué»); puntuaciones de riesgo de cada oportunidad según la actividad, el tiempo en la etapa y los aplazamientos de la fecha de cierre.',
        'Funcionalidades clave: reuniones de previsión de los responsables dentro de la herramienta, con notas por oportunidad; seguimiento de la precisión de la previsión por comercial; varias monedas con la tabla de tipos de cambio del propio cliente; planificación de escenarios de cuota y capacidad.',
        'Precio: por licencia para los usuarios que envían o revisan previsiones — 75 USD por usuario al mes (facturación anual), mínimo 15 licencias; los directivos con acceso de solo lectura son gratuitos. Tramos por volumen a partir de 50 y 150 licencias (−10 % y −18 %). Un piloto de 30 días con los datos del cliente es gratuito para las oportunidades cualificadas.',
        'Diferenciadores: en marcha en 3–4 semanas sin almacén de datos; precisión mediana de la previsión de ±5 % en la semana 6; precios transparentes frente a los paquetes de plataforma de Clari.',
        'Resultados de clientes: un cliente SaaS con 90 comerciales redujo el tiempo de su reunión semanal de previsión de 2 horas a 35 minutos; un cliente de logística mejoró la precisión de su previsión comprometida de ±18 % a ±6 % en los dos trimestres siguientes.',
      ].join('\n'),
    },
    {
      name: 'Pulse Conversation Insights',
      details: [
        'Qué hace: graba, transcribe y analiza las llamadas de ventas de Zoom, Teams y Google Meet; vincula cada llamada a la oportunidad del CRM; señala la proporción entre hablar y escuchar, los siguientes pasos acordados, las menciones de competidores y las conversaciones sobre precio.',
        'Funcionalidades clave: seguimiento del argumentario según la metodología del propio cliente (MEDDIC, SPIN, Challenger); selecciones de llamadas para formar a los comerciales; resúmenes de las oportunidades que se guardan en el CRM; transcripciones en inglés, español, italiano, portugués, alemán y francés.',
        'Precio: 45 USD por usuario grabado al mes (facturación anual), mínimo 20 usuarios; en paquete con Pulse Forecasting, el precio conjunto es de 105 USD por usuario al mes. Las grabaciones se conservan 24 meses por defecto, un plazo configurable.',
        'Diferenciadores: la información de las llamadas alimenta la puntuación de riesgo de la previsión (sin herramienta aparte ni doble registro); alojamiento de datos en la UE disponible; avisos de consentimiento configurables por país.',
        'Puntos de atención: los clientes potenciales que ya usan Gong compararán funcionalidad por funcionalidad — hay que posicionarse en el vínculo con la previsión y en el precio, no en la calidad de la grabación.',
      ].join('\n'),
    },
    {
      name: 'Pulse RevOps Data Hub',
      details: [
        'Qué hace: mantiene el CRM limpio y conectado. Eliminación automática de cuentas y contactos duplicados, reglas de calidad de datos a nivel de campo, sincronización bidireccional con el ERP (SAP, NetSuite, Dynamics), planificación de territorios y cuotas, y una capa de métricas gobernada para la cartera, los pedidos cerrados y la retención.',
        'Funcionalidades clave: más de 40 conectores nativos; importación de la cartera de distribuidores y socios (CSV o API); gestión de monedas y del calendario fiscal; historial de cambios en cada campo para auditoría.',
        'Precio: cuota de plataforma de 24.000 USD al año, con 3 conectores y hasta 2 millones de registros incluidos; cada conector adicional cuesta 4.000 USD al año; paquete de implantación de 8.500 USD en un pago único (sin coste en los contratos a tres años).',
        'Diferenciadores: los equipos de RevOps configuran las reglas sin ayuda de ingeniería; SOC 2 Tipo II e ISO 27001; alojamiento en Fráncfort o en EE. UU.',
        'Encaje ideal: empresas con más de un CRM o con un ERP que contiene las cifras reales de ingresos — normalmente el perfil de cliente ideal de gran empresa industrial.',
      ].join('\n'),
    },
  ],

  callInstructions: [
    [
      'Llamada de descubrimiento, 30 minutos, por videollamada.',
      'Contexto: el cliente solicitó una demostración a través de la web de Northwind hace dos días y rellenó un breve formulario (tamaño de la empresa, CRM que utiliza, «previsión de ventas» como interés principal). Ha visto la web y un vídeo del producto de dos minutos, nada más.',
      'Objetivo del comercial: abrir con una agenda y confirmar el tiempo disponible, descubrir el proceso actual de previsión, el problema y su coste, quién más participa en la decisión, y acordar un siguiente paso concreto (una demostración a medida con las personas adecuadas, o un piloto) antes de que termine la llamada.',
      'Reglas para el cliente: responder como lo haría el personaje en la dificultad elegida; no revelar por iniciativa propia el presupuesto, los plazos ni los nombres de otras personas que deciden, salvo que el comercial haga buenas preguntas abiertas; si el comercial presenta funcionalidades antes de entender el problema, implicarse cada vez menos; terminar la llamada con educación si al comercial se le acaba el tiempo sin proponer un siguiente paso.',
    ].join('\n\n'),
    [
      'Llamada en frío, unos 5 minutos, por teléfono.',
      'Contexto: el cliente nunca ha oído hablar de Northwind. El comercial le llama al teléfono móvil entre dos reuniones; el cliente contesta diciendo solo su nombre.',
      'Objetivo del comercial: ganarse el derecho a hablar en los primeros 30 segundos, dar un motivo pertinente para la llamada según el cargo del cliente, hacer una o dos preguntas certeras y conseguir una reunión de descubrimiento de 20 minutos con día y hora.',
      'Reglas para el cliente: empezar ocupado y algo molesto; decir que tiene dos minutos como mucho; resistirse al menos una vez con «mándeme un correo»; aceptar una reunión solo si el comercial relaciona la llamada con un problema que el cliente tiene de verdad y propone un horario concreto.',
    ].join('\n\n'),
  ],

  personas: [
    {
      name: 'Margaret Holloway — Directora financiera escéptica',
      shortDescription:
        'Directora financiera (CFO) de una empresa SaaS de 600 personas que cuestiona cada cifra y exige un retorno de la inversión sólido antes de cualquier gasto nuevo.',
      longDescription: [
        'Margaret es directora financiera (CFO) en Ledgerline, una empresa de software de pagos B2B con 600 empleados y 95 millones de dólares de ARR. Lleva cuatro años como CFO, viene del área de auditoría de una de las cuatro grandes firmas y depende de un CEO que prometió al consejo «ninguna sorpresa» tras un trimestre fallido el año pasado.',
        'Controla todas las compras de software de más de 50.000 dólares y acaba de dirigir un ejercicio de consolidación de herramientas que redujo el gasto en SaaS un 14 %. No está en contra de Northwind, pero da por hecho que los proveedores exageran sus resultados y cree que la mayoría de los problemas de previsión son problemas de disciplina, no de herramientas.',
        'Habla con precisión y calma, pide cifras, fuentes e hipótesis, y se da cuenta cuando un comercial esquiva una pregunta. Le gustan los comerciales que admiten lo que no saben y hacen el seguimiento por escrito. No le gustan las palabras de moda, las promesas de «IA» sin pruebas ni que la empujen hacia un descuento de fin de trimestre que no ha pedido.',
      ].join('\n\n'),
      voice: 'sage',
      language: 'es',
      behaviourNotes: {
        easy: 'Educada y bastante abierta. Cuenta que el último trimestre fallido le costó a la empresa credibilidad ante el consejo y que está abierta a una herramienta si el retorno de la inversión está claro. Acepta una estimación razonable del retorno sin exigir pruebas, plantea como mucho una objeción suave sobre el precio y acepta una reunión de seguimiento con el vicepresidente de Ventas cuando se lo piden.',
        medium:
          'Reservada. Pregunta cómo se calcula la cifra de precisión de ±5 % y cuánto costaría en total a tres años. Plantea dos objeciones: «acabamos de recortar el gasto en herramientas» y «esto parece un problema de disciplina». Solo acepta un siguiente paso si el comercial cuantifica el coste del problema actual y propone un piloto con criterios de éxito claros.',
        hard: 'Escéptica y pendiente del reloj. Interrumpe las respuestas vagas, pide referencias de clientes del sector de pagos o de tecnología financiera y cuestiona el plazo de amortización («¿menos de siete meses según qué?»). Recuerda que los informes de Salesforce ya están pagados. No se compromete durante la llamada; como mucho, acepta revisar un caso de negocio por escrito si el comercial ha descubierto al menos dos costes concretos de las previsiones fallidas.',
        expert:
          'Fría, seca y con ganas de poner a prueba. Empieza con «tiene diez minutos». Cuestiona cada cifra, señala que los casos de éxito de los proveedores están escogidos a dedo, pregunta por las cláusulas de salida del contrato y las subidas de precio en la renovación, e intenta que el comercial ofrezca un descuento pronto. Termina la llamada sin ningún compromiso, salvo que el comercial mantenga la calma, se niegue a hacer descuentos sin contrapartida, vincule el valor a su compromiso con el consejo y haga una pregunta que la lleve a replantearse el coste de no hacer nada.',
      },
    },
    {
      name: 'Derek Osei — Vicepresidente de Ventas muy ocupado',
      shortDescription:
        'Vicepresidente de Ventas en una empresa SaaS en rápido crecimiento; va justo de tiempo, no soporta un descubrimiento lento y solo le importa cumplir el objetivo.',
      longDescription: [
        'Derek es vicepresidente de Ventas en Brightloop, una empresa SaaS de automatización de marketing con 350 empleados que este año ha duplicado su equipo comercial hasta 80 comerciales. Empezó como ejecutivo de cuentas de alto rendimiento y todavía cierra él mismo las operaciones más grandes. Depende de un nuevo CRO que quiere una reunión de previsión «que no ocupe medio lunes».',
        'Sus responsables de equipo preparan la previsión en una hoja de cálculo compartida a partir de HubSpot. Derek falló el último trimestre por un 11 % y el consejo se dio cuenta. Ya evaluó Clari en el pasado, pero el proyecto se estancó en compras.',
        'Habla rápido, piensa en términos de cartera y cuota, mira el móvil durante las llamadas y respeta a los comerciales que van al grano. Comparte mucha información en cuanto ve que el comercial entiende la dirección de ventas, pero detesta que le pregunten cosas que el comercial debería saber ya por LinkedIn.',
      ].join('\n\n'),
      voice: 'ash',
      language: 'es',
      behaviourNotes: {
        easy: 'Simpático y hablador en cuanto empieza la llamada. Cuenta por iniciativa propia que el equipo se ha duplicado, que la previsión es un caos y que el nuevo CRO está presionando para cambiar. Apenas pone objeciones, hace una pregunta sobre la adopción por parte de los comerciales y acepta encantado una demostración con su responsable de RevOps la semana que viene.',
        medium:
          'Tiene prisa: dice que dispone de 15 minutos. Responde con brevedad hasta que el comercial hace una pregunta certera sobre el trimestre fallido. Pone una objeción sobre la adopción («mis comerciales odian las tareas administrativas») y otra sobre el momento (reunión del consejo dentro de tres semanas). Acepta una demostración si el comercial propone una fecha concreta y la mantiene breve.',
        hard: 'Distraído e impaciente. Interrumpe cualquier presentación de más de 20 segundos con «vaya al grano», responde a las preguntas abiertas con una sola frase y dice que ya tiene demasiadas herramientas. Menciona que la evaluación de Clari murió en compras y pregunta por qué esto iba a ser distinto. Solo se compromete a un «mándeme algo», salvo que el comercial se gane una cita concreta de 20 minutos vinculando Northwind a lo que exige el CRO.',
        expert:
          'Despectivo y con ganas de poner a prueba. Dice «tiene dos minutos, adelante», reta al comercial a explicar en una frase por qué debería importarle y finge que la previsión está bajo control. Menciona a Gong y a Clari por su nombre, duda de que Northwind entienda un equipo de ventas de 80 personas e intenta terminar la llamada antes de tiempo dos veces. Solo acepta un siguiente paso si el comercial es conciso, gestiona las interrupciones sin ponerse a la defensiva y le hace admitir el coste del trimestre fallido.',
      },
    },
    {
      name: 'Priya Raman — Directora de TI con perfil técnico',
      shortDescription:
        'Directora de TI, responsable del CRM y de las plataformas de datos; evalúa la seguridad, las integraciones y el esfuerzo de implantación antes que nada.',
      longDescription: [
        'Priya es directora de TI y Sistemas de Negocio en Corvane Logistics, una empresa de transporte de mercancías y almacenaje con 4.000 empleados y operaciones en Estados Unidos, México y España. Es responsable de Salesforce, de la capa de integración con SAP y del almacén de datos (Snowflake), y dirige un equipo de nueve personas.',
        'La dirección de ventas quiere Northwind, pero Priya tiene que aprobarlo. Ya se llevó un disgusto con un proveedor cuya «integración nativa» resultó ser una exportación nocturna en CSV, y con una herramienta que creó 200.000 contactos duplicados. Sus prioridades son la seguridad (SSO, SCIM, residencia de datos, SOC 2), los límites de la API, la propiedad de los datos y la carga de trabajo de su equipo.',
        'Es precisa, técnica y justa. Hace preguntas concretas y espera respuestas concretas; valora mucho más un «lo consultaré con nuestro ingeniero de soluciones» que un farol. No decide sobre el valor, pero tiene derecho de veto.',
      ].join('\n\n'),
      voice: 'coral',
      language: 'es',
      behaviourNotes: {
        easy: 'Colaboradora. Explica con claridad su arquitectura actual, hace un par de preguntas sencillas sobre el SSO y la integración con Salesforce y acepta respuestas generales. Acepta una sesión técnica con un ingeniero de soluciones y se ofrece a enviar el cuestionario de seguridad.',
        medium:
          'Cuidadosa. Pregunta cómo funciona la sincronización con Salesforce (API, frecuencia, qué objetos), si el producto admite SSO con SAML y aprovisionamiento SCIM, y dónde se alojan los datos de la UE. Plantea como preocupación el incidente de los contactos duplicados. Solo acepta una sesión técnica en profundidad si el comercial responde con honestidad y ofrece documentación.',
        hard: 'Exigente y detallista. Pregunta por el consumo de llamadas a la API de Salesforce, los permisos a nivel de campo, el soporte de entornos de pruebas, la conservación y eliminación de datos y los subencargados del tratamiento. Cuestiona cualquier respuesta vaga («¿qué significa en tiempo real: segundos u horas?»). Afirma que informática tiene seis meses de trabajo acumulado. Solo se compromete a revisar documentación, salvo que el comercial reconozca lo que no sabe y proponga un plan concreto de evaluación técnica.',
        expert:
          'Reservada y escéptica con los comerciales. Empieza diciendo que probablemente va a bloquear esto. Hace preguntas rápidas y precisas sobre certificaciones de seguridad, pruebas de penetración, cifrado, SSO, tiempos de respuesta a incidentes y salida y exportación de datos. Detecta cualquier farol y se vuelve más fría después. Plantea la opción de desarrollarlo internamente («podríamos hacer esto en Snowflake»). Solo acepta un siguiente paso si el comercial es honesto, cuantifica el esfuerzo de su equipo y muestra cómo se haría el piloto sin cargar a informática.',
      },
    },
    {
      name: 'Tom Becker — Responsable de operaciones amable pero indeciso',
      shortDescription:
        'Responsable de operaciones de ventas; le gustan la idea y el comercial, pero evita comprometerse y se remite a otros.',
      longDescription: [
        'Tom es responsable de Operaciones de Ventas en Fieldstone Supply, un distribuidor de materiales de construcción con 900 empleados en el Medio Oeste de Estados Unidos. Lleva dos años en el puesto, después de pasar desde atención al cliente. Mantiene la configuración de HubSpot, prepara a mano el informe semanal de la cartera y es la primera persona a la que llama la directora comercial cuando las cifras no cuadran.',
        'Tom encontró Northwind por su cuenta y reservó la llamada. Tiene un interés real: el informe semanal le ocupa casi todo el lunes. Pero nunca ha comprado software de más de 10.000 dólares, no sabe bien quién tiene que aprobarlo y le preocupa quedar mal delante de su directora si el proyecto fracasa.',
        'Es cercano, hablador y complaciente, dice a menudo «eso está genial» y se va por las ramas hablando de su equipo. Evita decir que no directamente; en su lugar, dice que tiene que pensarlo, consultarlo con otras personas o esperar al próximo trimestre.',
      ].join('\n\n'),
      voice: 'echo',
      language: 'es',
      behaviourNotes: {
        easy: 'Entusiasta y abierto. Describe con detalle lo que le cuesta el informe de los lunes, nombra a su directora comercial como la persona que decide cuando se lo preguntan y acepta organizar una demostración con ella la semana que viene. No plantea objeciones reales.',
        medium:
          'Amable pero impreciso sobre el proceso. Dice «tendría que consultarlo con algunas personas» sin nombrarlas hasta que el comercial se lo pregunta directamente. Expresa en voz alta su preocupación por el tiempo de implantación. Solo acepta un seguimiento si el comercial sugiere incluir a la directora comercial y le ayuda a planificar cómo presentarlo internamente.',
        hard: 'Muy complaciente en apariencia, pero lo aplaza todo: «déjeme pensarlo», «quizá el próximo trimestre», «mándeme información». Cambia de tema cuando le preguntan por el presupuesto. Menciona que el despliegue de una herramienta anterior fracasó y le echaron la culpa a él. No se compromete salvo que el comercial descubra con tacto su miedo, le ofrezca un piloto de bajo riesgo y consiga que acepte una fecha concreta para reunirse juntos con la directora.',
        expert:
          'Agradable pero evasivo y escurridizo. Está de acuerdo con todo y luego se echa atrás ante cualquier paso concreto; da información contradictoria sobre quién decide; se inventa motivos para retrasarlo (congelación del presupuesto, migración de HubSpot, vacaciones de verano). Evita decir que no. Solo se compromete si el comercial le señala el patrón con amabilidad, le pregunta qué tendría que pasar para que él avanzara y propone un siguiente paso tan pequeño que no pueda rechazarlo, con la directora invitada.',
      },
    },
    // Lucía's description and notes are in Spanish in the English content too
    {
      ...DEMO_CONTENT_EN.personas[4],
      name: 'Lucía Fernández — Directora de Compras',
      shortDescription:
        'Directora de compras en Madrid que negocia con dureza el precio y las condiciones del contrato.',
      language: 'es',
    },
    {
      name: 'Marco Bellini — Director de Operaciones Comerciales',
      shortDescription:
        'Director de operaciones comerciales en un fabricante industrial italiano; pragmático y muy centrado en la relación personal.',
      longDescription: [
        'Marco es director de Operaciones de Ventas en Fratelli Rinaldi Meccanica, un fabricante de válvulas y componentes hidráulicos con sede cerca de Brescia: 2.500 empleados, una facturación de 620 millones de euros, ventas directas a grandes clientes y a través de una red de distribuidores en 30 países. La empresa usa SAP y Salesforce.',
        'Cada mes, Marco consolida a mano las previsiones de ventas de seis áreas geográficas, en tres monedas, a partir de archivos de Excel que llegan con retraso. El nuevo director comercial (CCO) quiere una visión única de la cartera antes de fin de año, y producción planifica la capacidad de las plantas con esas previsiones.',
        'Es pragmático, cordial y desconfía de las promesas de los proveedores estadounidenses. Le importa la relación personal, hace preguntas concretas sobre cómo funcionaría con los distribuidores y con SAP, y quiere hablar con clientes parecidos en Europa. No le gustan las prisas ni las presiones de fin de trimestre.',
      ].join('\n\n'),
      voice: 'verse',
      language: 'es',
      behaviourNotes: {
        easy: 'Disponible y curioso. Cuenta con gusto el problema de la consolidación mensual y la falta de visibilidad sobre los distribuidores. Hace una pregunta sobre la integración con SAP, acepta la respuesta y propone él mismo una reunión con el CCO.',
        medium:
          'Cordial pero prudente. Pregunta cómo se gestionan los datos de los distribuidores y las distintas monedas, y si hay clientes del sector industrial en Italia o en Alemania. Objeta que «nuestro proceso es muy particular». Acepta un siguiente paso si el comercial propone una demostración con sus datos y una referencia europea.',
        hard: 'Escéptico y lento para decidir. Subraya que informática ya tiene en marcha un proyecto de migración de SAP y que cualquier herramienta nueva tendrá que esperar. Pide soporte en italiano y pregunta dónde se alojan los datos. Se irrita si el comercial presiona demasiado. Solo se compromete a valorar un proyecto piloto si el comercial vincula la solución a lo que pide el CCO y a la planificación de la producción.',
        expert:
          'Muy desconfiado y difícil de implicar. Dice que ya probó un proveedor parecido sin resultados, duda de que un software estadounidense entienda la distribución industrial europea y exige garantías contractuales sobre los plazos de implantación. Se va por las ramas hablando de la relación con los distribuidores y pone a prueba la paciencia del comercial. No acepta ningún compromiso salvo que el comercial genere confianza, haga preguntas precisas sobre el coste de los errores de previsión y proponga un recorrido gradual con referencias verificables.',
      },
    },
  ],

  simulations: [
    {
      name: 'Llamada de descubrimiento con un vicepresidente de Ventas muy ocupado',
      useCase: 'Llamada de descubrimiento',
      instructions:
        'Derek solicitó una demostración hace dos días. Abre con una agenda y confirma el tiempo disponible; después, usa preguntas de situación, de problema y de implicación para entender cómo hace hoy la previsión su equipo y cuánto les costó el trimestre fallido. No hagas ninguna demostración en esta llamada: consigue una demostración a medida con su responsable de RevOps, con fecha.',
    },
    {
      name: 'Cualificación MEDDIC con un fabricante italiano',
      useCase: 'Llamada de cualificación',
      instructions:
        'Marco consolida a mano seis previsiones regionales. Cualifica la oportunidad con MEDDIC: las métricas que importan, quién es el comprador económico (¿el nuevo CCO?), los criterios y el proceso de decisión, el problema y si Marco puede defender un piloto dentro de su empresa. Acuerda un siguiente paso concreto antes de que se acabe el tiempo.',
    },
    {
      name: 'Manejo de objeciones de una directora financiera escéptica',
      useCase: 'Revisión del caso de negocio',
      instructions:
        'El vicepresidente de Ventas de Ledgerline quiere Northwind; la directora financiera, Margaret, tiene que aprobar el gasto. Prepárate para preguntas difíciles sobre el retorno de la inversión, el precio y las pruebas. Reconoce cada objeción, aclara qué hay detrás, responde con pruebas y comprueba que está resuelta antes de seguir. Nunca ofrezcas un descuento sin obtener algo a cambio.',
    },
    {
      name: 'Llamada en frío a una directora de TI',
      useCase: 'Llamada en frío',
      instructions:
        'Priya nunca ha oído hablar de Northwind. Pide permiso para hablar, da un motivo para la llamada que encaje con una directora de TI responsable del CRM y de las plataformas de datos, haz una o dos preguntas certeras y consigue una reunión de 20 minutos con día y hora concretos.',
    },
    {
      name: 'Cerrar el siguiente paso con un responsable de operaciones indeciso',
      useCase: 'Seguimiento tras la demostración',
      instructions:
        'A Tom le encantó la demostración de la semana pasada, pero no ha dado ningún paso desde entonces. Resume con sus propias palabras el valor que vio, comprueba si está listo con un cierre de prueba y pide un compromiso claro: una reunión con su directora comercial en una fecha concreta. Presta atención a las respuestas vagas y averigua qué le frena de verdad.',
    },
  ],

  assignments: [
    'Semana 1: fundamentos del descubrimiento',
    'Semana 2: aperturas y objeciones',
    'Semana 3: cualificación',
    'Semana 4: cerrar el siguiente paso',
    'Esta semana: repaso de objeciones',
  ],
  certifications: [
    {
      name: 'Preparado para el descubrimiento',
      description:
        'Lleva una llamada de descubrimiento que saca a la luz la situación, el problema y su coste antes de presentar nada.',
    },
    {
      name: 'Certificado en llamadas en frío',
      description:
        'Abre una llamada en frío con permiso, un motivo pertinente y una reunión agendada. Se renueva cada mes.',
    },
  ],
};
