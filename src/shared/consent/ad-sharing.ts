/**
 * The visitor's own choice about ad sharing, asked on the consent step by one checkbox, unticked
 * until they tick it (docs/decisions/0276-ad-sharing-is-a-checkbox.md). Ticked: the ad platforms
 * may be told that this visit, which came from their ad, converted, with a hashed copy of the
 * email and phone. Not ticked: they are told nothing at all of this visitor's lead or calls.
 * Medicare names Google only (Meta hears nothing of Medicare, whatever is ticked).
 *
 * The box posts `adSharing=yes` when ticked; a hidden `adSharingAsked=yes` beside it says the box
 * was on the page, so an unticked box reads as "no" and a page without one (an older page inside
 * its grace window) as "not asked". Both travel in a plain form post and in the island's values.
 */
import type { Product } from '../../../brands/schema';
import type { Language } from '../../routes/schema';

export const AD_SHARING_FIELD = 'adSharing';
export const AD_SHARING_ASKED_FIELD = 'adSharingAsked';

export type AdSharingChoice = 'yes' | 'no';

const LABELS: Readonly<Record<'google-meta' | 'google', Readonly<Record<Language, string>>>> = {
  'google-meta': {
    english:
      'Let {brand} tell Google and Meta that I came from their ad, with a scrambled (hashed) copy of my email and phone, to measure its ads.',
    spanish:
      'Permito que {brand} informe a Google y a Meta que llegué por su anuncio, con una copia cifrada (con hash) de mi correo y mi teléfono, para medir sus anuncios.',
  },
  google: {
    english:
      'Let {brand} tell Google that I came from its ad, with a scrambled (hashed) copy of my email and phone, to measure its ads. Meta is told nothing.',
    spanish:
      'Permito que {brand} informe a Google que llegué por su anuncio, con una copia cifrada (con hash) de mi correo y mi teléfono, para medir sus anuncios. A Meta no se le informa nada.',
  },
};

/** The label of the box on a product's consent step, exactly as shown (and as the certificate hashes it). */
export function adSharingLabel(product: Product, language: Language, brandName: string): string {
  return LABELS[product === 'medicare' ? 'google' : 'google-meta'][language].replaceAll('{brand}', brandName);
}

const TICKED = new Set(['yes', 'on', '1', 'true']);

/** The choice a consent step posted: yes (ticked), no (the box was shown, not ticked), or null (no box). */
export function adSharingChoiceOf(raw: Readonly<Record<string, unknown>>): AdSharingChoice | null {
  const ticked = raw[AD_SHARING_FIELD];
  if (ticked === true || (typeof ticked === 'string' && TICKED.has(ticked.toLowerCase()))) return 'yes';
  return raw[AD_SHARING_ASKED_FIELD] === 'yes' ? 'no' : null;
}
