/**
 * Consent as code: the disclosure shown on the step that collects the phone number, and the
 * proof stored with each lead (version, SHA-256 of the exact text shown, time, ip, user agent,
 * page URL). The Worker rebuilds the text from the version the form posted, so the hash is of
 * what the page displayed, not of anything the browser claims.
 */
import type { Product } from '../../../brands/schema';
import type { Language } from '../../routes/schema';
import {
  AD_MEASUREMENT_CONSENT_VERSIONS,
  CONSENT_ACTIONS,
  CONSENT_TEXTS,
  CURRENT_CONSENT_VERSION,
  CURRENT_CONSENT_VERSIONS,
  PARTNERS_LINK,
} from './texts';
import { toHex } from '../hex';

export {
  AD_MEASUREMENT_CONSENT_VERSIONS,
  CONSENT_TEXTS,
  CURRENT_CONSENT_VERSION,
  CURRENT_CONSENT_VERSIONS,
  PARTNERS_LINK,
};
export * from './tpmo';
export * from './sellers';
export * from './ad-sharing';
export * from './versions';

export interface ConsentDisclosure {
  version: string;
  language: Language;
  text: string;
  /** The label of the button the text names ("By clicking ..."): the form's button says exactly this. */
  action: string;
  /** A phrase of the text shown as a link (the brand's /partners page), if the version has one. */
  link?: { text: string; href: string };
}

/** The exact disclosure of a version for a brand, or undefined for an unknown version. */
export function consentDisclosure(
  version: string,
  language: Language,
  brandName: string,
): ConsentDisclosure | undefined {
  const texts = Object.hasOwn(CONSENT_TEXTS, version) ? CONSENT_TEXTS[version] : undefined;
  const actions = Object.hasOwn(CONSENT_ACTIONS, version) ? CONSENT_ACTIONS[version] : undefined;
  if (!texts || !actions) return undefined;
  const action = actions[language];
  const template = texts[language];
  const link = template.includes('{partners}')
    ? { text: PARTNERS_LINK[language].text.replaceAll('{brand}', brandName), href: PARTNERS_LINK[language].href }
    : undefined;
  const text = template.replaceAll('{partners}', link?.text ?? '').replaceAll('{brand}', brandName);
  return link ? { version, language, text, action, link } : { version, language, text, action };
}

/** The disclosure a form of this product shows now (Medicare: the per-seller text). */
export function currentConsent(language: Language, brandName: string, product: Product = 'auto'): ConsentDisclosure {
  const version = CURRENT_CONSENT_VERSIONS[product];
  const disclosure = consentDisclosure(version, language, brandName);
  if (!disclosure) throw new Error(`consent version ${version} has no text`);
  return disclosure;
}

/** The text split around its link phrase, for rendering the phrase as an anchor. */
export function consentParts(disclosure: { text: string; link?: { text: string } }): {
  before: string;
  link: string | null;
  after: string;
} {
  const at = disclosure.link ? disclosure.text.indexOf(disclosure.link.text) : -1;
  if (!disclosure.link || at < 0) return { before: disclosure.text, link: null, after: '' };
  return {
    before: disclosure.text.slice(0, at),
    link: disclosure.link.text,
    after: disclosure.text.slice(at + disclosure.link.text.length),
  };
}

/** SHA-256 of the UTF-8 text, lowercase hex (Web Crypto: the same in the Worker and tests). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(digest);
}
