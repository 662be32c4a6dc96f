/**
 * The words of the sections a visitor expects on every page (how it works,
 * the trust row, the FAQ, the home page's ZIP start), per product and language. Honest by
 * construction: what the service does and does not do, no ratings, testimonials or prices.
 */
import type { Product } from '../../brands/schema';
import type { Language } from '../routes/schema';

export interface Faq {
  question: string;
  answer: string;
}

export interface SectionCopy {
  howItWorks: { heading: string; steps: readonly [string, string, string] };
  trust: {
    heading: string;
    licensed: string;
    noCost: string;
    data: string;
    privacyLink: string;
  };
  faqHeading: string;
  faq: readonly Faq[];
  zipStart: { label: string; button: string; hint: string };
  carriers: { heading: string; note: string };
  benefitsHeading: string;
}

const HOW_EN = 'How it works';
const HOW_ES = 'Cómo funciona';

const TRUST_EN = {
  heading: 'What to expect',
  licensed: 'Licensed insurance agents answer your call.',
  noCost: 'No cost and no obligation: you never have to buy anything.',
  data: 'Your answers are used only to find options for you and are shared only with the companies you agree to.',
  privacyLink: 'Read our privacy policy',
};
const TRUST_ES = {
  heading: 'Qué puede esperar',
  licensed: 'Agentes de seguros con licencia atienden su llamada.',
  noCost: 'Sin costo y sin compromiso: nunca tiene que comprar nada.',
  data: 'Sus respuestas se usan solo para buscar opciones para usted y se comparten solo con las compañías que usted acepte.',
  privacyLink: 'Lea nuestra política de privacidad',
};

const COPY: Record<Product, Record<Language, SectionCopy>> = {
  medicare: {
    english: {
      howItWorks: {
        heading: HOW_EN,
        steps: [
          'Enter your ZIP code and answer a few short questions about your Medicare.',
          'We look up the kinds of plans offered where you live.',
          'A licensed agent compares plans with you by phone. You decide if and when to enroll.',
        ],
      },
      trust: TRUST_EN,
      faqHeading: 'Questions people ask',
      faq: [
        {
          question: 'Does it cost anything to compare plans?',
          answer:
            'No. Comparing plans and talking with a licensed agent is free, and you are never required to enroll in a plan.',
        },
        {
          question: 'Are you part of Medicare or the government?',
          answer:
            'No. We are not connected with or endorsed by the United States government or the federal Medicare program. Calling connects you with a licensed insurance agent.',
        },
        {
          question: 'Which plans can I get?',
          answer:
            'It depends on your ZIP code and county. Plans, benefits such as dental, vision or an over-the-counter allowance, and costs vary by area, and not every plan is available everywhere.',
        },
        {
          question: 'When can I change my Medicare plan?',
          answer:
            'Most people can change plans during the Annual Enrollment Period, October 15 to December 7. Some life events, such as moving, open a Special Enrollment Period. An agent can tell you which periods apply to you.',
        },
      ],
      zipStart: {
        label: 'Your ZIP code',
        button: 'See plans in my area',
        hint: 'Five digits. We use it only to look up plans offered where you live.',
      },
      carriers: {
        heading: 'Carriers you may hear about',
        note: 'Which carriers offer plans depends on your ZIP code. We do not offer every plan available in your area.',
      },
      benefitsHeading: 'Benefits this page covers',
    },
    spanish: {
      howItWorks: {
        heading: HOW_ES,
        steps: [
          'Escriba su código postal y responda unas preguntas breves sobre su Medicare.',
          'Buscamos los tipos de planes que se ofrecen donde usted vive.',
          'Un agente con licencia compara planes con usted por teléfono. Usted decide si se inscribe y cuándo.',
        ],
      },
      trust: TRUST_ES,
      faqHeading: 'Preguntas frecuentes',
      faq: [
        {
          question: '¿Cuesta algo comparar planes?',
          answer:
            'No. Comparar planes y hablar con un agente con licencia es gratis, y nunca tiene la obligación de inscribirse en un plan.',
        },
        {
          question: '¿Son parte de Medicare o del gobierno?',
          answer:
            'No. No estamos conectados ni respaldados por el gobierno de los Estados Unidos ni por el programa federal Medicare. Al llamar se comunicará con un agente de seguros con licencia.',
        },
        {
          question: '¿Qué planes puedo obtener?',
          answer:
            'Depende de su código postal y su condado. Los planes, los beneficios como dental, visión o una asignación para productos de venta libre, y los costos varían según la zona, y no todos los planes están disponibles en todas partes.',
        },
        {
          question: '¿Cuándo puedo cambiar mi plan de Medicare?',
          answer:
            'La mayoría de las personas puede cambiar de plan durante el Período de Inscripción Anual, del 15 de octubre al 7 de diciembre. Algunos cambios de vida, como una mudanza, abren un Período de Inscripción Especial. Un agente puede decirle qué períodos le corresponden.',
        },
      ],
      zipStart: {
        label: 'Su código postal',
        button: 'Ver planes en mi zona',
        hint: 'Cinco dígitos. Lo usamos solo para buscar los planes que se ofrecen donde vive.',
      },
      carriers: {
        heading: 'Aseguradoras de las que podría oír',
        note: 'Las aseguradoras que ofrecen planes dependen de su código postal. No ofrecemos todos los planes disponibles en su zona.',
      },
      benefitsHeading: 'Beneficios que trata esta página',
    },
  },
  auto: {
    english: {
      howItWorks: {
        heading: HOW_EN,
        steps: [
          'Enter the ZIP code where the car is kept and tell us about your car and drivers.',
          'We send your answers only to the insurers and agents you agree to.',
          'Compare the quotes or offers you get, or call a licensed agent. You choose whether to switch.',
        ],
      },
      trust: TRUST_EN,
      faqHeading: 'Questions drivers ask',
      faq: [
        {
          question: 'Does it cost anything?',
          answer: 'No. Comparing offers is free, and you are never required to buy a policy.',
        },
        {
          question: 'Why do quotes differ between insurers?',
          answer:
            'Each insurer prices the same driver differently, using your driving record, your vehicle, where the car is kept and the coverage you choose. Checking more than one quote is the simplest way to see the difference.',
        },
        {
          question: 'Do I have to switch insurers?',
          answer:
            'No. A quote or an offer is information, not a contract. You keep your current policy unless you decide to buy a new one.',
        },
        {
          question: 'Who will contact me?',
          answer:
            'Only the companies listed on our partners page, and only if you agree on the last step. You can ask us not to sell or share your information at any time.',
        },
      ],
      zipStart: {
        label: 'ZIP code where the car is kept',
        button: 'Compare car insurance',
        hint: 'Five digits. Rates depend on where the car is kept.',
      },
      carriers: {
        heading: 'Insurers you may hear from',
        note: 'Which insurers quote depends on your ZIP code and your answers. We do not work with every insurer.',
      },
      benefitsHeading: 'What this page covers',
    },
    spanish: {
      howItWorks: {
        heading: HOW_ES,
        steps: [
          'Escriba el código postal donde se guarda el auto y cuéntenos sobre su auto y los conductores.',
          'Enviamos sus respuestas solo a las aseguradoras y agentes que usted acepte.',
          'Compare las cotizaciones u ofertas que reciba, o llame a un agente con licencia. Usted decide si cambia.',
        ],
      },
      trust: TRUST_ES,
      faqHeading: 'Preguntas de los conductores',
      faq: [
        {
          question: '¿Cuesta algo?',
          answer: 'No. Comparar ofertas es gratis y nunca tiene la obligación de comprar una póliza.',
        },
        {
          question: '¿Por qué las cotizaciones varían entre aseguradoras?',
          answer:
            'Cada aseguradora calcula el precio del mismo conductor de forma distinta, según su historial de manejo, su vehículo, dónde se guarda el auto y la cobertura que elija. Comparar varias cotizaciones es la forma más sencilla de ver la diferencia.',
        },
        {
          question: '¿Tengo que cambiar de aseguradora?',
          answer:
            'No. Una cotización o una oferta es información, no un contrato. Conserva su póliza actual a menos que decida comprar una nueva.',
        },
        {
          question: '¿Quién me va a contactar?',
          answer:
            'Solo las compañías de nuestra página de socios, y solo si usted lo acepta en el último paso. Puede pedirnos en cualquier momento que no vendamos ni compartamos su información.',
        },
      ],
      zipStart: {
        label: 'Código postal donde se guarda el auto',
        button: 'Comparar seguros de auto',
        hint: 'Cinco dígitos. Las tarifas dependen de dónde se guarda el auto.',
      },
      carriers: {
        heading: 'Aseguradoras que podrían contactarlo',
        note: 'Las aseguradoras que cotizan dependen de su código postal y sus respuestas. No trabajamos con todas las aseguradoras.',
      },
      benefitsHeading: 'Lo que trata esta página',
    },
  },
  life: {
    english: {
      howItWorks: {
        heading: HOW_EN,
        steps: [
          'Tell us how much coverage you have in mind and a little about yourself.',
          'We match your answers with the kinds of policies offered in your state.',
          'A licensed agent explains the options by phone. You decide whether to apply.',
        ],
      },
      trust: TRUST_EN,
      faqHeading: 'Questions people ask',
      faq: [
        {
          question: 'Does it cost anything to get options?',
          answer: 'No. Talking with a licensed agent is free, and you are never required to apply for a policy.',
        },
        {
          question: 'What is final expense insurance?',
          answer:
            'A small whole life policy meant to cover funeral costs and final bills. Many policies ask a few health questions instead of a medical exam.',
        },
        {
          question: 'Can I be turned down?',
          answer:
            'Yes. Whether a policy is offered, and its price, depend on your age, health and the insurer. An agent can tell you which policies you may qualify for.',
        },
      ],
      zipStart: {
        label: 'Your ZIP code',
        button: 'See my options',
        hint: 'Five digits. Policies and prices vary by state.',
      },
      carriers: {
        heading: 'Insurers you may hear about',
        note: 'Which insurers offer policies depends on your state, age and health. We do not work with every insurer.',
      },
      benefitsHeading: 'What this page covers',
    },
    spanish: {
      howItWorks: {
        heading: HOW_ES,
        steps: [
          'Díganos cuánta cobertura busca y un poco sobre usted.',
          'Comparamos sus respuestas con los tipos de pólizas que se ofrecen en su estado.',
          'Un agente con licencia le explica las opciones por teléfono. Usted decide si solicita.',
        ],
      },
      trust: TRUST_ES,
      faqHeading: 'Preguntas frecuentes',
      faq: [
        {
          question: '¿Cuesta algo recibir opciones?',
          answer:
            'No. Hablar con un agente con licencia es gratis y nunca tiene la obligación de solicitar una póliza.',
        },
        {
          question: '¿Qué es un seguro de gastos finales?',
          answer:
            'Una póliza de vida entera pequeña pensada para cubrir el funeral y las últimas cuentas. Muchas pólizas hacen unas preguntas de salud en lugar de un examen médico.',
        },
        {
          question: '¿Me pueden rechazar?',
          answer:
            'Sí. Que se ofrezca una póliza, y su precio, depende de su edad, su salud y la aseguradora. Un agente puede decirle para qué pólizas podría calificar.',
        },
      ],
      zipStart: {
        label: 'Su código postal',
        button: 'Ver mis opciones',
        hint: 'Cinco dígitos. Las pólizas y los precios varían según el estado.',
      },
      carriers: {
        heading: 'Aseguradoras de las que podría oír',
        note: 'Las aseguradoras que ofrecen pólizas dependen de su estado, edad y salud. No trabajamos con todas las aseguradoras.',
      },
      benefitsHeading: 'Lo que trata esta página',
    },
  },
};

export function sectionCopy(product: Product, language: Language): SectionCopy {
  return COPY[product][language];
}
