/**
 * The terms of use and the privacy policy in Spanish, for the Spanish brand (m10es): the same
 * sections as the English text (./legal.ts), said in Spanish (decision 0141). Paragraphs starting
 * '## ' are section headings.
 */
import type { PageCopy } from './family';

export const termsEs: PageCopy = {
  title: 'Términos de uso',
  description:
    'Los términos que se aplican cuando usa este sitio, pide información de seguros o acepta que le contacten agentes con licencia.',
  headline: 'Términos de uso',
  subheadline: 'Lea estos términos antes de usar este sitio. Al usar el sitio, usted los acepta.',
  body: [
    '## Qué es este sitio',
    'Este sitio es un servicio gratuito de información y referencia. No somos una compañía de seguros, no emitimos pólizas y no estamos afiliados ni respaldados por el gobierno de los Estados Unidos ni por el programa federal Medicare. Ponemos en contacto a las personas que piden información de seguros con agentes de seguros con licencia, corredores y aseguradoras ("socios").',
    'No ofrecemos todos los planes disponibles en su área. La información que damos se limita a los planes que ofrecen los socios con los que trabajamos. Puede comunicarse con Medicare.gov o con el 1-800-MEDICARE (TTY 1-877-486-2048), las 24 horas del día, los 7 días de la semana, para conocer todas sus opciones.',
    '## La información que usted nos da',
    'Usted acepta que lo que escribe en este sitio es correcto y es su propia información. No envíe información de otra persona a menos que esté autorizado para actuar en su nombre. Las cotizaciones y los detalles de los planes dependen de lo que nos diga y de la evaluación propia de cada socio; una cotización no es una oferta de cobertura.',
    '## Consentimiento para que le contacten',
    'Cuando envía un formulario y marca la casilla o pulsa el botón de consentimiento, acepta que este sitio y sus socios le contacten al número de teléfono que indique, incluso con llamadas automáticas o pregrabadas y mensajes de texto, sobre productos de seguros. El consentimiento no es una condición de compra. Pueden aplicarse tarifas de mensajes y datos. Puede retirar su consentimiento en cualquier momento como se explica abajo.',
    '## Ley de Protección al Consumidor Telefónico',
    'Guardamos un registro de cada consentimiento, con las palabras que se le mostraron, la hora y la página, como lo exigen la Ley de Protección al Consumidor Telefónico (TCPA) y sus normas. Las llamadas a los números de este sitio pueden grabarse por motivos de calidad y cumplimiento, y se le avisará cuando una llamada se grabe.',
    '## Cómo dejar de recibir contactos',
    'Puede detener las llamadas diciéndole a cualquier agente que ya no desea que le contacten, y los mensajes de texto respondiendo STOP. También puede pedirnos por escrito que dejemos de contactarle, a la dirección de abajo. Atendemos las solicitudes en un plazo de diez días hábiles y las comunicamos a los socios con los que compartimos su solicitud.',
    '## Sin asesoría ni garantía',
    'El contenido de este sitio es información general, no asesoría legal, fiscal ni médica. Los beneficios, las primas, las redes y la disponibilidad varían según el plan y el lugar, y pueden cambiar cada año. No garantizamos que usted califique para ningún plan, beneficio o precio.',
    '## Uso aceptable',
    'No puede usar herramientas automáticas para enviar formularios, copiar el contenido del sitio con fines comerciales ni interferir con su funcionamiento. Podemos suspender el acceso en caso de mal uso.',
    '## Limitación de responsabilidad',
    'En la medida en que la ley lo permita, el sitio se ofrece "tal cual" y no somos responsables de pérdidas indirectas o consecuentes derivadas de su uso. Nada en estos términos limita los derechos que usted tiene según las leyes de protección al consumidor.',
    '## Cambios y contacto',
    'Podemos actualizar estos términos; la fecha del último cambio se muestra en esta página. Puede enviar sus preguntas sobre estos términos a Compliance Department, 2200 Market Street, Suite 400, Wilmington, DE 19801, o llamar al número que aparece en este sitio.',
  ],
};

export const privacyEs: PageCopy = {
  title: 'Política de privacidad',
  description:
    'Qué información personal recopila este sitio, por qué, quién la recibe, cómo funciona el consentimiento para llamadas y cómo dejar de recibirlas o pedir sus datos.',
  headline: 'Política de privacidad',
  subheadline: 'Qué recopilamos, por qué lo recopilamos y qué opciones tiene usted.',
  body: [
    '## Qué recopilamos',
    'La información que usted nos da: las respuestas que escribe en nuestros formularios, como su código postal, si tiene Medicare o Medicaid, su nombre, número de teléfono, correo electrónico, fecha de nacimiento y los datos del vehículo y de los conductores para cotizaciones de auto.',
    'La información que se recopila automáticamente: su dirección IP y la ubicación aproximada que se deduce de ella, el tipo de navegador y de dispositivo, las páginas que ve y los botones que pulsa, y la campaña publicitaria que le trajo aquí. Para esto usamos cookies y tecnologías similares.',
    '## Cómo la usamos',
    'Usamos su información para atender su solicitud: mostrarle planes y números de teléfono de su área, ponerle en contacto con agentes con licencia y aseguradoras, guardar el registro de su consentimiento, prevenir el fraude y el abuso automatizado, y medir qué páginas y campañas funcionan. No ponemos su nombre, teléfono, correo ni dirección en los datos de analítica ni en las direcciones web.',
    '## Quién la recibe',
    'Cuando pide que le contacten o recibir cotizaciones, compartimos la información que escribió con los agentes, corredores, aseguradoras y plataformas que le responderán. También usamos proveedores de alojamiento, analítica y control de fraude, obligados por contrato a usar los datos solo para nosotros. No vendemos su información para fines ajenos a su solicitud de seguro.',
    '## Plataformas de publicidad: Google y Meta',
    'Cuando un anuncio de Google o de Meta (Facebook, Instagram) le trajo aquí y su solicitud llegó a un agente o aseguradora, le decimos a esa plataforma que su anuncio produjo una solicitud, para que pueda medir el anuncio: el identificador del clic, la hora y un valor estimado; Meta recibe además su dirección IP, el tipo de navegador y la dirección de la página sin lo que va después del signo de interrogación. Cuando llama a un número de este sitio después de un anuncio de Meta y la llamada se paga, le decimos a Meta que la llamada ocurrió, su hora y lo que se pagó, solo con el identificador del clic. En cotizaciones de auto y de vida, y solo cuando usted marca la casilla junto al botón que lo dice (queda sin marcar si usted no la marca; antes de esa casilla, solo cuando el texto de consentimiento junto al botón lo decía), también enviamos a cada plataforma una copia cifrada (con hash SHA-256) de su correo electrónico y su número de teléfono, que usa para relacionar la solicitud con sus propias cuentas; si la deja sin marcar, no enviamos a ninguna de las dos nada sobre su solicitud. A Meta no le enviamos nada de las solicitudes de Medicare. No enviamos nada a ninguna de las dos si su navegador envía Global Privacy Control o si nos lo pide en la página No vender ni compartir. Para personas de estados donde Meta ofrece el Uso Limitado de Datos, pedimos a Meta que trate los datos solo como nuestro proveedor de servicios. Cuando nos pide borrar sus datos, borramos los identificadores de clic que guardamos y nuestro registro de lo enviado; ninguna de las dos plataformas nos permite borrar una medición ya enviada, así que para eso use la configuración de privacidad de cada una.',
    '## Cómo funciona el consentimiento para llamadas',
    'Los agentes le llaman solo si usted lo acepta en el formulario. El texto de consentimiento le dice quién puede llamarle y cómo. Guardamos ese consentimiento con la hora, la página y las palabras que vio, para que pueda verificarse, y usted puede retirarlo en cualquier momento sin que afecte ninguna compra.',
    '## TCPA y la lista No Llame',
    'Cumplimos la Ley de Protección al Consumidor Telefónico y las normas nacionales de la lista No Llame (Do Not Call). Si su número está en esa lista, le contactamos solo con el consentimiento expreso por escrito que nos dio en nuestro formulario.',
    '## Cómo dejar de recibir contactos',
    'Para detener las llamadas, dígaselo al agente o escríbanos. Para detener los mensajes de texto, responda STOP. Para dejar de recibir correos de mercadeo, use el enlace para cancelar la suscripción del mensaje. Para desactivar las cookies, use la configuración de su navegador; el sitio sigue funcionando sin ellas, aunque quizá tenga que volver a llenar algunos formularios.',
    '## Sus derechos',
    'Según dónde viva, puede tener derecho a saber qué información tenemos sobre usted, a corregirla, a borrarla y a rechazar que se comparta con fines publicitarios. Envíe su solicitud al contacto de abajo; verificaremos su identidad antes de responder y no le trataremos de otra manera por ejercer estos derechos.',
    '## Seguridad y conservación',
    'Protegemos la información en tránsito con cifrado y limitamos el acceso al personal que la necesita. Guardamos los registros de consentimiento el tiempo que exige la ley, y el resto de la información personal solo el tiempo necesario para los fines descritos.',
    '## Menores',
    'Este sitio no está dirigido a menores de 16 años y no recopilamos su información a sabiendas.',
    '## Contacto',
    'Privacy Office, 2200 Market Street, Suite 400, Wilmington, DE 19801. También puede llamar al número que aparece en este sitio y pedir hablar con el equipo de privacidad. Publicaremos en esta página cualquier cambio a esta política.',
  ],
};
