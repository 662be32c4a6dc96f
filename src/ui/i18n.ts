import type { Language } from '../routes/schema';

/** Chrome strings of the templates (page copy itself lives in the route registry). */
const STRINGS = {
  english: {
    callNow: 'Call now',
    callLicensedAgent: 'Speak with a licensed agent',
    tty: 'TTY 711',
    skipToContent: 'Skip to main content',
    colourMode: 'Colour theme',
    light: 'Light',
    dark: 'Dark',
    system: 'System',
    pageNotFound: 'Page Not Found',
    internalError: 'Internal Server Error',
    backHome: 'Go to the home page',
    notFoundBody: 'We could not find that page. It may have moved.',
    errorBody: 'Something went wrong on our side. Please try again in a moment, or call us.',
    privacy: 'Privacy policy',
    terms: 'Terms of use',
    disclaimer:
      'We are not connected with or endorsed by the United States government or the federal Medicare program. Calling connects you with a licensed insurance agent. Plans and benefits vary by area.',
    getStarted: 'Get started',
    seeOffers: 'See my options',
    reviews: 'Carrier reviews',
    allRightsReserved: 'All rights reserved.',
  },
  spanish: {
    callNow: 'Llame ahora',
    callLicensedAgent: 'Hable con un agente con licencia',
    tty: 'TTY 711',
    skipToContent: 'Saltar al contenido principal',
    colourMode: 'Tema de color',
    light: 'Claro',
    dark: 'Oscuro',
    system: 'Sistema',
    pageNotFound: 'Página no encontrada',
    internalError: 'Error interno del servidor',
    backHome: 'Ir a la página de inicio',
    notFoundBody: 'No encontramos esa página. Es posible que se haya movido.',
    errorBody: 'Algo salió mal de nuestro lado. Inténtelo de nuevo en un momento o llámenos.',
    privacy: 'Política de privacidad',
    terms: 'Términos de uso',
    disclaimer:
      'No estamos conectados ni respaldados por el gobierno de los Estados Unidos ni por el programa federal Medicare. Al llamar se comunicará con un agente de seguros con licencia. Los planes y beneficios varían según la zona.',
    getStarted: 'Comenzar',
    seeOffers: 'Ver mis opciones',
    reviews: 'Reseñas de aseguradoras',
    allRightsReserved: 'Todos los derechos reservados.',
  },
} as const satisfies Record<Language, Record<string, string>>;


export type UiStrings = { readonly [K in keyof (typeof STRINGS)['english']]: string };

export function t(language: Language): UiStrings {
  return STRINGS[language];
}

export function htmlLang(language: Language): 'en' | 'es' {
  return language === 'spanish' ? 'es' : 'en';
}
