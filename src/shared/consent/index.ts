/**
 * Consent as code: the disclosure shown on the step that collects the phone number, and the
 * proof stored with each lead (version, SHA-256 of the exact text shown, time, ip, user agent,
 * page URL). The Worker rebuilds the text from the version the form posted, so the hash is of
 * what the page displayed, not of anything the browser claims.
 */
import type { Language } from '../../routes/schema';
import { CONSENT_TEXTS, CURRENT_CONSENT_VERSION } from './texts';

export { CONSENT_TEXTS, CURRENT_CONSENT_VERSION };

export interface ConsentDisclosure {
  version: string;
  language: Language;
  text: string;
}

/** The exact disclosure of a version for a brand, or undefined for an unknown version. */
export function consentDisclosure(version: string, language: Language, brandName: string): ConsentDisclosure | undefined {
  const texts = Object.hasOwn(CONSENT_TEXTS, version) ? CONSENT_TEXTS[version] : undefined;
  if (!texts) return undefined;
  return { version, language, text: texts[language].replaceAll('{brand}', brandName) };
}

export function currentConsent(language: Language, brandName: string): ConsentDisclosure {
  const disclosure = consentDisclosure(CURRENT_CONSENT_VERSION, language, brandName);
  if (!disclosure) throw new Error(`consent version ${CURRENT_CONSENT_VERSION} has no text`);
  return disclosure;
}

/** SHA-256 of the UTF-8 text, lowercase hex (Web Crypto: the same in the Worker and tests). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
