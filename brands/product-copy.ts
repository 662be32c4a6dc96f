/**
 * What every brand of a product says the same way: the home page's body and the footer
 * disclaimer, per language. Only Medicare pages carry the Medicare disclaimer (the CMS TPMO
 * notice is separate: src/shared/consent/tpmo.ts); an auto or life page says what is true of
 * auto or life insurance. A brand's own words are its record's `copy` (brands/identity.ts).
 */
import type { Product } from './schema';

type Language = 'english' | 'spanish';

export interface ProductCopy {
  /** Paragraphs under the home page's hero. */
  homeBody: readonly string[];
  /** The footer disclaimer of every page of the product. */
  disclaimer: string;
}

const AGENT_NOTE = {
  english: 'Using this site is free. You are never required to buy a policy.',
  spanish: 'Usar este sitio es gratis. Nunca tiene la obligación de comprar una póliza.',
} as const;

export const PRODUCT_COPY: Readonly<Record<Product, Readonly<Record<Language, ProductCopy>>>> = {
  medicare: {
    english: {
      homeBody: [
        'Shopping for Medicare coverage is easier when someone walks you through the choices. We ask a few short questions, then connect you with licensed insurance agents who can compare the plans offered in your area.',
        'Plans, benefits and costs vary by county and carrier, and not every plan is available everywhere. An agent can tell you what you may qualify for before you decide anything.',
        'Using this site is free. You are never required to enroll in a plan.',
      ],
      disclaimer:
        'We are not connected with or endorsed by the United States government or the federal Medicare program. Calling connects you with a licensed insurance agent. Plans and benefits vary by area.',
    },
    spanish: {
      homeBody: [
        'Elegir la cobertura de Medicare es más fácil cuando alguien le explica las opciones. Le hacemos unas preguntas breves y luego le comunicamos con agentes de seguros con licencia que pueden comparar los planes que se ofrecen en su zona.',
        'Los planes, los beneficios y los costos varían según el condado y la aseguradora, y no todos los planes están disponibles en todas partes. Un agente puede decirle para qué podría calificar antes de que decida algo.',
        'Usar este sitio es gratis. Nunca tiene la obligación de inscribirse en un plan.',
      ],
      disclaimer:
        'No estamos conectados ni respaldados por el gobierno de los Estados Unidos ni por el programa federal Medicare. Al llamar se comunicará con un agente de seguros con licencia. Los planes y beneficios varían según la zona.',
    },
  },
  auto: {
    english: {
      homeBody: [
        'Car insurance prices differ a lot from one insurer to the next for the same driver and car. We ask about your vehicle, your driving and the coverage you want, then show offers from insurers that write policies in your ZIP code.',
        'Rates depend on your driving record, vehicle, location and the limits and deductibles you choose; an offer is final only when the insurer confirms it.',
        AGENT_NOTE.english,
      ],
      disclaimer:
        'We are not an insurance company and do not issue policies. We show offers from insurers and insurance agencies that may contact you. Rates, discounts and coverage depend on the insurer, your driving record, your vehicle and where you live.',
    },
    spanish: {
      homeBody: [
        'El precio del seguro de auto cambia mucho de una aseguradora a otra para el mismo conductor y el mismo vehículo. Le preguntamos por su vehículo, su manera de conducir y la cobertura que desea, y le mostramos ofertas de aseguradoras que venden pólizas en su código postal.',
        'Las tarifas dependen de su historial de manejo, su vehículo, su zona y los límites y deducibles que elija; una oferta es definitiva solo cuando la aseguradora la confirma.',
        AGENT_NOTE.spanish,
      ],
      disclaimer:
        'No somos una compañía de seguros y no emitimos pólizas. Mostramos ofertas de aseguradoras y agencias de seguros que podrían comunicarse con usted. Las tarifas, los descuentos y la cobertura dependen de la aseguradora, su historial de manejo, su vehículo y el lugar donde vive.',
    },
  },
  life: {
    english: {
      homeBody: [
        'Life insurance protects the people who depend on you. We ask a few short questions, then connect you with licensed agents who can compare term, whole and final expense policies available to you.',
        'Premiums depend on your age, health and the amount of coverage; some policies need a medical exam and some do not. An agent can explain the difference before you apply.',
        AGENT_NOTE.english,
      ],
      disclaimer:
        'We are not an insurance company and do not issue policies. Calling connects you with a licensed insurance agent. Coverage, premiums and eligibility depend on the insurer and on your age and health.',
    },
    spanish: {
      homeBody: [
        'El seguro de vida protege a las personas que dependen de usted. Le hacemos unas preguntas breves y luego le comunicamos con agentes con licencia que pueden comparar pólizas a término, de vida entera y de gastos finales.',
        'Las primas dependen de su edad, su salud y el monto de la cobertura; algunas pólizas requieren un examen médico y otras no. Un agente puede explicarle la diferencia antes de que presente una solicitud.',
        AGENT_NOTE.spanish,
      ],
      disclaimer:
        'No somos una compañía de seguros y no emitimos pólizas. Al llamar se comunicará con un agente de seguros con licencia. La cobertura, las primas y la elegibilidad dependen de la aseguradora, de su edad y de su salud.',
    },
  },
};

export function productCopy(product: Product, language: Language): ProductCopy {
  return PRODUCT_COPY[product][language];
}
