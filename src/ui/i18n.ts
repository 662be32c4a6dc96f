import type { Language } from '../routes/schema';

/** Chrome strings of the templates (page copy itself lives in the route registry). */
const STRINGS = {
  english: {
    callNow: 'Call now',
    callLicensedAgent: 'Speak with a licensed agent',
    tty: 'TTY 711',
    skipToContent: 'Skip to main content',
    colourMode: 'Color theme',
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
    getStarted: 'Get started',
    seeOffers: 'See my options',
    reviews: 'Carrier reviews',
    allRightsReserved: 'All rights reserved.',
    legal: 'Legal',
    benefits: 'Benefits',
    planTypes: 'Plan types',
    englishOnly: '',
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
    getStarted: 'Comenzar',
    seeOffers: 'Ver mis opciones',
    reviews: 'Reseñas de aseguradoras',
    allRightsReserved: 'Todos los derechos reservados.',
    legal: 'Información legal',
    benefits: 'Beneficios',
    planTypes: 'Tipos de plan',
    englishOnly: 'Este documento solo está disponible en inglés.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type UiStrings = { readonly [K in keyof (typeof STRINGS)['english']]: string };

export function t(language: Language): UiStrings {
  return STRINGS[language];
}

export function htmlLang(language: Language): 'en' | 'es' {
  return language === 'spanish' ? 'es' : 'en';
}

/**
 * Benefit codes and plan types of the route registry as words a visitor reads: a page never
 * shows a raw code such as "otc" or "discounts". An unknown code shows as itself, and a unit
 * test keeps every code the registry uses in this table.
 */
const TERMS: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  otc: { english: 'Over-the-counter allowance', spanish: 'Asignación para productos de venta libre' },
  grocery: { english: 'Grocery allowance', spanish: 'Asignación para comestibles' },
  dental: { english: 'Dental', spanish: 'Dental' },
  vision: { english: 'Vision', spanish: 'Visión' },
  hearing: { english: 'Hearing', spanish: 'Audición' },
  giveback: { english: 'Part B giveback', spanish: 'Reembolso de la Parte B' },
  discounts: { english: 'Discounts', spanish: 'Descuentos' },
  bundling: { english: 'Home and auto bundles', spanish: 'Paquetes de hogar y auto' },
  fitness: { english: 'Fitness', spanish: 'Actividad física' },
  transportation: { english: 'Transportation', spanish: 'Transporte' },
  utilities: { english: 'Help with utilities', spanish: 'Ayuda con servicios públicos' },
  'care-coordination': { english: 'Care coordination', spanish: 'Coordinación de la atención' },
  sr22: { english: 'SR-22 filing', spanish: 'Certificado SR-22' },
  'Medicare Advantage': { english: 'Medicare Advantage', spanish: 'Medicare Advantage' },
  'Medicare Supplement': { english: 'Medicare Supplement', spanish: 'Medicare Suplementario' },
  'Original Medicare': { english: 'Original Medicare', spanish: 'Medicare Original' },
  'Part D': { english: 'Part D', spanish: 'Parte D' },
  'C-SNP': {
    english: 'Chronic condition special needs plans (C-SNP)',
    spanish: 'Planes para condiciones crónicas (C-SNP)',
  },
  'D-SNP': { english: 'Dual-eligible special needs plans (D-SNP)', spanish: 'Planes para doble elegibilidad (D-SNP)' },
  Auto: { english: 'Auto insurance', spanish: 'Seguro de auto' },
  'Final Expense': { english: 'Final expense insurance', spanish: 'Seguro de gastos finales' },
  'Whole Life': { english: 'Whole life insurance', spanish: 'Seguro de vida entera' },
  'Term Life': { english: 'Term life insurance', spanish: 'Seguro de vida a plazo' },
};

export function termLabel(code: string, language: Language): string {
  return TERMS[code]?.[language] ?? code;
}

export function hasTermLabel(code: string): boolean {
  return Object.hasOwn(TERMS, code);
}
