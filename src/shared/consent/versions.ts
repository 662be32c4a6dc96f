/**
 * When and how each consent version was shown, as data beside the texts: which products showed
 * it, whether its text stood in view next to the button or behind a tap, and when pages stopped
 * showing it. A page rendered before a new version was deployed and sent within the grace window
 * is still consent under the version it showed; later, the visitor is asked again
 * (docs/decisions/0241-consent-version-grace-window.md).
 */
import type { Product } from '../../../brands/schema';
import type { Language } from '../../routes/schema';
import { CURRENT_CONSENT_VERSIONS } from './texts';

/**
 * How long after a version is superseded a page that showed it may still give consent under it:
 * a visitor who opened the step before a deploy and finishes it after (a phone left on the step
 * overnight) is certified under the text they read, not lost. Longer than that, the text they read
 * is too far from what the companies now rely on, and the step asks again.
 */
export const CONSENT_GRACE_MS = 24 * 60 * 60 * 1000;

export interface ConsentVersionRecord {
  products: readonly Product[];
  /**
   * Where the attested text stood on the step: `in_view` next to the button, or `behind_tap`
   * inside a closed <details> whose summary line (below) was all that showed.
   */
  display: 'in_view' | 'behind_tap';
  /** The one line in view of a `behind_tap` version ('{action}' is the button's label). */
  summary?: Readonly<Record<Language, string>>;
  /** The instant pages stopped showing it (its successor's deploy, UTC); null while current. */
  supersededAt: string | null;
}

/** The line in view of the auto and life texts of 2026-12-01, 2026-12-20, 2026-12-28 and 2026-12-30 (all behind a tap). */
const AUTO_LIFE_SUMMARY: Readonly<Record<Language, string>> = {
  english:
    'By pressing "{action}", I agree that we and our partners may call and text me, also by automated means. Not a condition of purchase.',
  spanish:
    'Al pulsar "{action}", acepto llamadas y mensajes nuestros y de nuestros socios, también automatizados. No es condición de compra.',
};

/** Every published version. A version's entry changes only once: when it is superseded. */
export const CONSENT_VERSIONS: Readonly<Record<string, ConsentVersionRecord>> = {
  '2026-11-01': { products: ['auto', 'life', 'medicare'], display: 'in_view', supersededAt: '2026-11-23T10:56:23Z' },
  '2026-12-01': {
    products: ['auto', 'life'],
    display: 'behind_tap',
    summary: AUTO_LIFE_SUMMARY,
    // The deploy of 2026-12-20: set to the instant it goes live.
    supersededAt: '2026-11-29T00:00:00Z',
  },
  // The auto and life text of 2026-12-01 with the sentence naming Google and Meta and what they receive.
  '2026-12-20': {
    products: ['auto', 'life'],
    display: 'behind_tap',
    summary: AUTO_LIFE_SUMMARY,
    // The deploy of 2026-12-28: set to the instant it goes live.
    supersededAt: '2026-11-29T00:00:00Z',
  },
  // The 2026-12-01 words again: ad sharing is its own checkbox beside them (ad-sharing.ts).
  '2026-12-28': {
    products: ['auto', 'life'],
    display: 'behind_tap',
    summary: AUTO_LIFE_SUMMARY,
    // The deploy of 2026-12-30: set to the instant it goes live.
    supersededAt: '2026-11-29T04:00:00Z',
  },
  // The 2026-12-28 words with the button named for what it does: "Send my request".
  '2026-12-30': {
    products: ['auto', 'life'],
    display: 'behind_tap',
    summary: AUTO_LIFE_SUMMARY,
    supersededAt: null,
  },
  '2026-12-01-medicare': { products: ['medicare'], display: 'in_view', supersededAt: '2026-11-27T02:35:26Z' },
  '2026-12-15-medicare': {
    products: ['medicare'],
    display: 'behind_tap',
    summary: {
      english:
        'By pressing "{action}", I agree that the companies I tick may call and text me, also by automated means. Not a condition of purchase.',
      spanish:
        'Al pulsar "{action}", acepto que las compañías que marque me llamen y envíen mensajes, también automatizados. No es condición de compra.',
    },
    // The deploy of 2026-12-22-medicare: set to the instant it goes live.
    supersededAt: '2026-11-29T00:00:00Z',
  },
  '2026-12-22-medicare': { products: ['medicare'], display: 'in_view', supersededAt: null },
};

/**
 * How a posted version stands for a product's form at `now`: the current one; an earlier one of
 * this product inside the grace window after it was superseded; or stale (older, unknown, of
 * another product, or missing), which asks the visitor again.
 */
export type ConsentStanding = 'current' | 'grace' | 'stale';

export function consentStanding(posted: string | null, product: Product, now: Date): ConsentStanding {
  if (posted === null) return 'stale';
  if (posted === CURRENT_CONSENT_VERSIONS[product]) return 'current';
  const record = Object.hasOwn(CONSENT_VERSIONS, posted) ? CONSENT_VERSIONS[posted] : undefined;
  if (!record?.supersededAt || !record.products.includes(product)) return 'stale';
  return now.getTime() - Date.parse(record.supersededAt) <= CONSENT_GRACE_MS ? 'grace' : 'stale';
}

export interface VisibleConsent {
  /** True when the whole attested text stood in view next to the button. */
  attestedInView: boolean;
  /** What the step showed without a tap: the attested text itself, or the summary line. */
  text: string;
}

/**
 * What a version's consent step showed without a tap (undefined for an unknown version), from its
 * disclosure as shown (consentDisclosure): the page and the certificate both read it here.
 */
export function visibleConsent(disclosure: {
  version: string;
  language: Language;
  text: string;
  action: string;
}): VisibleConsent | undefined {
  const { version, language } = disclosure;
  const record = Object.hasOwn(CONSENT_VERSIONS, version) ? CONSENT_VERSIONS[version] : undefined;
  if (!record) return undefined;
  if (record.display === 'in_view' || !record.summary) return { attestedInView: true, text: disclosure.text };
  return { attestedInView: false, text: record.summary[language].replace('{action}', disclosure.action) };
}
