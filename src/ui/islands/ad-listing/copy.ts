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
  },
  spanish: {
    heading: 'Ofertas para usted',
    loading: 'Cargando ofertas…',
    empty: 'No hay ofertas disponibles ahora. Llámenos para recibir ayuda.',
    call: 'Llamar',
    view: 'Ver tarifas',
    sponsored: 'Patrocinado',
    logo: 'Logotipo de la aseguradora',
  },
} satisfies Record<Language, Record<string, string>>;
