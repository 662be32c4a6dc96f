import type { Language } from '../../src/routes/schema';

/**
 * The sentences of the Medicare consent that carry its legal weight, as the current version words
 * them: what is shared and with whom, who may call or text, by automated or prerecorded means,
 * even on a do-not-call list, and that agreeing is not a condition of purchase. Each must stand in
 * view next to the button, never behind a tap (docs/decisions/0240-medicare-consent-in-view.md).
 */
const SENTENCES: Readonly<Record<Language, readonly string[]>> = {
  english: [
    'may share my information with the companies I ticked',
    'they and {brand} may call and text me',
    'by automated technology and artificial or prerecorded voice',
    'even if it is on a do-not-call list',
    'Consent is not a condition of purchase',
  ],
  spanish: [
    'comparta mis datos con las compañías que marqué',
    'ellas y {brand} me llamen o envíen textos',
    'con sistemas automatizados o voz artificial o pregrabada',
    'aunque esté en una lista de no llamar',
    'No es condición de compra',
  ],
};

/** The sentences for a brand ('{brand}' is its display name). */
export function requiredMedicareSentences(language: Language, brandName: string): string[] {
  return SENTENCES[language].map((s) => s.replaceAll('{brand}', brandName));
}

/** What a Medicare company's box says ticking it does. */
export function sellerBoxLabel(language: Language, company: string): string {
  return language === 'english'
    ? `Share my information with, and be contacted by, ${company}`
    : `Compartir mis datos con ${company} y que me contacte`;
}
