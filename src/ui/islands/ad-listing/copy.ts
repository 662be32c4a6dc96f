import type { Language } from '../../../routes/schema';

/** The listing's words in the page's language. */
export const AD_LISTING_COPY = {
  english: {
    heading: 'Offers for you',
    loading: 'Loading offers…',
    empty: 'No offers are available right now. Call us for help.',
    call: 'Call',
    view: 'View rates',
    sponsored: 'Sponsored',
    logo: 'Insurer logo',
    disclosure:
      'Sponsored offers from insurers and agencies. We may be paid when you click one. An offer is not a quote: the insurer prices your policy.',
    finishHeading: 'Insurers offering quotes in your ZIP code',
    finishEmpty:
      'No insurer has an online offer for your answers right now. Your request is saved: a licensed agent may call you to go over your options, or you can call now.',
  },
  spanish: {
    heading: 'Ofertas para usted',
    loading: 'Cargando ofertas…',
    empty: 'No hay ofertas disponibles ahora. Llámenos para recibir ayuda.',
    call: 'Llamar',
    view: 'Ver tarifas',
    sponsored: 'Patrocinado',
    logo: 'Logotipo de la aseguradora',
    disclosure:
      'Ofertas patrocinadas de aseguradoras y agencias. Podemos recibir un pago cuando hace clic en una. Una oferta no es una cotización: la aseguradora calcula el precio de su póliza.',
    finishHeading: 'Aseguradoras que cotizan en su código postal',
    finishEmpty:
      'Ninguna aseguradora tiene una oferta en línea para sus respuestas en este momento. Guardamos su solicitud: un agente con licencia puede llamarle para revisar sus opciones, o puede llamar ahora.',
  },
} satisfies Record<Language, Record<string, string>>;
