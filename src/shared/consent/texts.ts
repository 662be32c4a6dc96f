/**
 * Consent disclosures, versioned. A published version is never edited: a wording change is
 * a new version, so the SHA-256 stored with a lead always matches a text in this file.
 * '{brand}' is replaced by the brand's display name; the result is the exact text shown.
 */
import type { Language } from '../../routes/schema';

export const CONSENT_TEXTS: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  '2026-11-01': {
    english:
      'By clicking "Get my quote", I agree that {brand} and its marketing partners may call and text me about insurance at the phone number I entered, including calls and texts made with automated technology and artificial or prerecorded voices, even if my number is on a do-not-call list. Message and data rates may apply. My consent is not a condition of any purchase. I can opt out at any time by replying STOP to a text or by telling the caller.',
    spanish:
      'Al hacer clic en "Obtener mi cotización", acepto que {brand} y sus socios de mercadeo me llamen y me envíen mensajes de texto sobre seguros al número de teléfono que ingresé, incluso llamadas y mensajes hechos con tecnología automatizada y voces artificiales o pregrabadas, aunque mi número esté en una lista de no llamar. Pueden aplicarse tarifas de mensajes y datos. Mi consentimiento no es una condición de compra. Puedo cancelarlo en cualquier momento respondiendo STOP a un mensaje de texto o diciéndoselo a quien me llame.',
  },
};

/** The version new pages show. */
export const CURRENT_CONSENT_VERSION = '2026-11-01';
