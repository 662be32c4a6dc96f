/**
 * Spanish copy shared by the Spanish Medicare pages (names ending in -es). Written for
 * Spanish-speaking seniors in the United States: usted form, plain words, and the same
 * honesty limits as the English pages (may qualify, varies by area, licensed agents).
 */
import type { PageCopy } from './family';

const disclaimer =
  'No estamos afiliados ni respaldados por el gobierno de los Estados Unidos ni por el programa federal de Medicare. Los planes y beneficios varían según la zona y no todas las personas califican.';

export const esGeneral: PageCopy = {
  title: 'Beneficios de Medicare en su zona',
  description:
    'Compare planes Medicare Advantage disponibles en su código postal y hable con un agente con licencia en español, sin costo.',
  headline: 'Vea qué beneficios de Medicare podrían estar disponibles para usted',
  subheadline: 'Una llamada gratuita con un agente con licencia que habla español.',
  body: [
    'Muchos planes Medicare Advantage incluyen beneficios que Medicare Original no cubre, como dental, visión, audición o una asignación para productos de venta libre. Lo que está disponible depende de su código postal.',
    'Un agente de seguros con licencia puede revisar los planes de su zona, confirmar si sus médicos están en la red y explicarle los costos antes de que decida.',
    disclaimer,
  ],
};

export const esHealth: PageCopy = {
  title: 'Planes de salud para personas con Medicare',
  description:
    'Compare planes de salud Medicare Advantage en su zona: médicos, medicamentos y costos, con ayuda de un agente con licencia.',
  headline: 'Un plan de salud que se ajuste a sus médicos y a su presupuesto',
  subheadline: 'Compare opciones de Medicare Advantage disponibles donde vive.',
  body: [
    'Cada año puede revisar su cobertura de Medicare. Un plan diferente podría cubrir mejor sus recetas o incluir a sus médicos de confianza.',
    'Un agente con licencia compara los planes de su zona con usted, sin costo y sin obligación de inscribirse.',
    disclaimer,
  ],
};

export const esLife: PageCopy = {
  title: 'Cobertura de Medicare para cada etapa',
  description:
    'Revise si un plan Medicare Advantage con beneficios adicionales está disponible en su zona, con ayuda de un agente con licencia.',
  headline: 'Cobertura pensada para su vida de hoy',
  subheadline: 'Sus necesidades cambian; su plan de Medicare también puede cambiar.',
  body: [
    'Si se mudó, cambió de médico o empezó un medicamento nuevo, puede que otro plan le convenga más. Durante los periodos de inscripción puede comparar y cambiar.',
    'Un agente con licencia le explica las opciones de su código postal en español y responde sus preguntas sin costo.',
    disclaimer,
  ],
};

export const esOtc: PageCopy = {
  title: 'Asignación para productos de venta libre',
  description:
    'Algunos planes Medicare Advantage incluyen una asignación para productos de venta libre (OTC). Vea si hay planes con este beneficio en su zona.',
  headline: 'Su plan podría incluir dinero para productos de farmacia',
  subheadline: 'Vitaminas, analgésicos, artículos de primeros auxilios y más, con una tarjeta de beneficios.',
  body: [
    'Muchos planes Medicare Advantage ofrecen una asignación trimestral o mensual para productos de venta libre que se usa en tiendas participantes o por catálogo. La cantidad y los productos cubiertos dependen del plan.',
    'Llame para que un agente con licencia revise si hay planes con este beneficio en su código postal y si usted podría calificar.',
    disclaimer,
  ],
};

export const esGrocery: PageCopy = {
  title: 'Asignación para comestibles',
  description:
    'Algunos planes para personas con Medicare y Medicaid o con ciertas condiciones crónicas incluyen ayuda para comprar alimentos saludables.',
  headline: 'Ayuda para comprar alimentos saludables, si califica',
  subheadline: 'Algunos planes incluyen una tarjeta con saldo para comestibles.',
  body: [
    'Ciertos planes de necesidades especiales y planes Medicare Advantage ofrecen una asignación para alimentos saludables y productos básicos. Por lo general es para personas con Medicare y Medicaid o con ciertas condiciones crónicas.',
    'Un agente con licencia puede verificar si hay un plan con este beneficio en su zona y si usted cumple los requisitos.',
    disclaimer,
  ],
};

export const esAllowance: PageCopy = {
  title: 'Tarjeta de beneficios flexibles',
  description:
    'Vea si un plan Medicare Advantage con tarjeta de beneficios flexibles para productos de venta libre, comestibles o servicios está disponible en su zona.',
  headline: 'Una tarjeta de beneficios para gastos de todos los días',
  subheadline: 'Algunos planes cargan una cantidad cada mes o trimestre para artículos aprobados.',
  body: [
    'Las tarjetas de beneficios flexibles de algunos planes se pueden usar en productos de venta libre, alimentos saludables o servicios públicos, según el plan y sus requisitos.',
    'Las cantidades y los usos permitidos cambian de un plan a otro. Un agente con licencia le explica los detalles de los planes de su código postal.',
    disclaimer,
  ],
};

export const esGiveback: PageCopy = {
  title: 'Reducción de la prima de la Parte B',
  description:
    'Algunos planes Medicare Advantage pagan parte de su prima de la Parte B, lo que puede aumentar su cheque del Seguro Social. Vea si hay planes así en su zona.',
  headline: 'Algunos planes pagan parte de su prima de la Parte B',
  subheadline: 'Eso podría dejarle más dinero en su cheque del Seguro Social cada mes.',
  body: [
    'Un beneficio de reducción de la prima de la Parte B significa que el plan paga una parte de lo que usted paga a Medicare por la Parte B. La cantidad varía según el plan y la zona.',
    'Estos planes no están disponibles en todas partes, y si usted ya recibe ayuda estatal para pagar la Parte B, es posible que no le beneficien. Un agente con licencia puede revisarlo con usted.',
    disclaimer,
  ],
};

export const esDental: PageCopy = {
  title: 'Cobertura dental con Medicare',
  description:
    'Medicare Original no cubre la mayoría de los servicios dentales. Vea si hay planes Medicare Advantage con beneficios dentales en su zona.',
  headline: 'Cobertura dental que Medicare Original no incluye',
  subheadline: 'Limpiezas, radiografías y, en algunos planes, dentaduras y coronas.',
  body: [
    'Muchos planes Medicare Advantage incluyen cobertura dental preventiva y algunos también cubren servicios mayores hasta un límite anual. Los dentistas de la red y los límites varían por plan.',
    'Un agente con licencia puede mostrarle los planes de su código postal con beneficios dentales y explicarle lo que cubre cada uno.',
    disclaimer,
  ],
};

export const esCsnp: PageCopy = {
  title: 'Planes para condiciones crónicas',
  description:
    'Los planes de necesidades especiales para condiciones crónicas (C-SNP) están diseñados para personas con diabetes, enfermedades del corazón y otras condiciones.',
  headline: '¿Vive con diabetes o una enfermedad del corazón?',
  subheadline: 'Un plan de necesidades especiales podría coordinar mejor su atención.',
  body: [
    'Los planes C-SNP son planes Medicare Advantage para personas con ciertas condiciones crónicas. Suelen incluir coordinación de cuidados, medicamentos relacionados con la condición y, en algunos casos, beneficios adicionales.',
    'Para inscribirse, su médico debe confirmar la condición. Un agente con licencia puede decirle si hay un plan así en su zona.',
    disclaimer,
  ],
};

export const esSocialSecurity: PageCopy = {
  title: 'Beneficios de Medicare y su cheque del Seguro Social',
  description:
    'Vea si un plan Medicare Advantage con reducción de la prima de la Parte B u otros beneficios está disponible en su zona.',
  headline: '¿Recibe Seguro Social y tiene Medicare?',
  subheadline: 'Algunos planes podrían ayudarle a conservar más de su cheque mensual.',
  body: [
    'La prima de la Parte B se descuenta de muchos cheques del Seguro Social. Algunos planes Medicare Advantage pagan parte de esa prima o incluyen beneficios que reducen sus gastos de bolsillo.',
    'Un agente con licencia compara con usted los planes de su zona y le explica qué podría cambiar en su presupuesto.',
    disclaimer,
  ],
};

export const esChat: PageCopy = {
  title: 'Hable con un agente de Medicare',
  description:
    'Responda unas preguntas y hable con un agente de seguros con licencia sobre los planes de Medicare de su zona.',
  headline: 'Hola, le ayudo a revisar sus beneficios de Medicare',
  subheadline: 'Responda unas preguntas rápidas y le comunicamos con un agente con licencia.',
  body: [
    'Son solo unas preguntas: su código postal y si ya tiene Medicare o Medicaid. Con eso un agente puede revisar qué planes hay disponibles para usted.',
    'La llamada es gratuita y no está obligado a inscribirse en nada.',
    disclaimer,
  ],
};
