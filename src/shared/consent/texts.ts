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

  /**
   * Auto and life: names the brand and the companies on its partner list, linked
   * to the brand's /partners page ('{partners}' is the visible link text, see PARTNERS_LINK).
   */
  '2026-12-01': {
    english:
      'By clicking "Get my quote", I agree that {brand} and the companies on {partners} may call and text me about insurance at the phone number I entered, including calls and texts made with automated technology and artificial or prerecorded voices, even if my number is on a do-not-call list. Message and data rates may apply. My consent is not a condition of any purchase. I can opt out at any time by replying STOP to a text or by telling the caller.',
    spanish:
      'Al hacer clic en "Obtener mi cotización", acepto que {brand} y las compañías de {partners} me llamen y me envíen mensajes de texto sobre seguros al número de teléfono que ingresé, incluso llamadas y mensajes hechos con tecnología automatizada y voces artificiales o pregrabadas, aunque mi número esté en una lista de no llamar. Pueden aplicarse tarifas de mensajes y datos. Mi consentimiento no es una condición de compra. Puedo cancelarlo en cualquier momento respondiendo STOP a un mensaje de texto o diciéndoselo a quien me llame.',
  },
  /**
   * Auto and life, with ad measurement: the 2026-12-01 text plus one sentence naming Google and
   * Meta and what they receive (a hashed copy of the email and phone), and where to say no. Only a
   * lead given under a version listed in AD_MEASUREMENT_CONSENT_VERSIONS lets ad-consent.ts send
   * contact hashes to an ad platform.
   */
  '2026-12-20': {
    english:
      'By clicking "Get my quote", I agree that {brand} and the companies on {partners} may call and text me about insurance at the phone number I entered, including calls and texts made with automated technology and artificial or prerecorded voices, even if my number is on a do-not-call list. Message and data rates may apply. My consent is not a condition of any purchase. I can opt out at any time by replying STOP to a text or by telling the caller. I also agree that {brand} may send Google and Meta a scrambled (hashed) copy of my email and phone number to measure its ads; I can refuse this on the Do Not Sell or Share page.',
    spanish:
      'Al hacer clic en "Obtener mi cotización", acepto que {brand} y las compañías de {partners} me llamen y me envíen mensajes de texto sobre seguros al número de teléfono que ingresé, incluso llamadas y mensajes hechos con tecnología automatizada y voces artificiales o pregrabadas, aunque mi número esté en una lista de no llamar. Pueden aplicarse tarifas de mensajes y datos. Mi consentimiento no es una condición de compra. Puedo cancelarlo en cualquier momento respondiendo STOP a un mensaje de texto o diciéndoselo a quien me llame. También acepto que {brand} envíe a Google y a Meta una copia cifrada (con hash) de mi correo electrónico y mi número de teléfono para medir sus anuncios; puedo negarme en la página No vender ni compartir.',
  },
  /**
   * Auto and life, with ad sharing as its own checkbox (src/shared/consent/ad-sharing.ts): the
   * 2026-12-01 words again, without the 2026-12-20 sentence that bundled ad measurement into
   * pressing the button (docs/decisions/0276-ad-sharing-is-a-checkbox.md).
   */
  '2026-12-28': {
    english:
      'By clicking "Get my quote", I agree that {brand} and the companies on {partners} may call and text me about insurance at the phone number I entered, including calls and texts made with automated technology and artificial or prerecorded voices, even if my number is on a do-not-call list. Message and data rates may apply. My consent is not a condition of any purchase. I can opt out at any time by replying STOP to a text or by telling the caller.',
    spanish:
      'Al hacer clic en "Obtener mi cotización", acepto que {brand} y las compañías de {partners} me llamen y me envíen mensajes de texto sobre seguros al número de teléfono que ingresé, incluso llamadas y mensajes hechos con tecnología automatizada y voces artificiales o pregrabadas, aunque mi número esté en una lista de no llamar. Pueden aplicarse tarifas de mensajes y datos. Mi consentimiento no es una condición de compra. Puedo cancelarlo en cualquier momento respondiendo STOP a un mensaje de texto o diciéndoselo a quien me llame.',
  },
  /**
   * Auto and life, named for what the button does: the 2026-12-28 words with the button called
   * "Send my request". No quote is shown after it: the request goes to the companies on the
   * partner list, an auto finish lists the insurers' offers there are, and a number to call
   * (docs/decisions/0330-auto-life-button-says-send-my-request.md).
   */
  '2026-12-30': {
    english:
      'By clicking "Send my request", I agree that {brand} and the companies on {partners} may call and text me about insurance at the phone number I entered, including calls and texts made with automated technology and artificial or prerecorded voices, even if my number is on a do-not-call list. Message and data rates may apply. My consent is not a condition of any purchase. I can opt out at any time by replying STOP to a text or by telling the caller.',
    spanish:
      'Al hacer clic en "Enviar mi solicitud", acepto que {brand} y las compañías de {partners} me llamen y me envíen mensajes de texto sobre seguros al número de teléfono que ingresé, incluso llamadas y mensajes hechos con tecnología automatizada y voces artificiales o pregrabadas, aunque mi número esté en una lista de no llamar. Pueden aplicarse tarifas de mensajes y datos. Mi consentimiento no es una condición de compra. Puedo cancelarlo en cualquier momento respondiendo STOP a un mensaje de texto o diciéndoselo a quien me llame.',
  },
  /**
   * Medicare (42 CFR 422.2274(g)(4)): no "marketing partners"; the visitor ticks each company
   * that may receive their information, one checkbox each, none ticked by default.
   */
  '2026-12-01-medicare': {
    english:
      'By ticking the box next to a company below and clicking "Get my quote", I agree that {brand} may share my information with each company I ticked, and that {brand} and each company I ticked may call and text me about Medicare Advantage, Medicare Supplement and Part D plans at the phone number I entered, including calls and texts made with automated technology and artificial or prerecorded voices, even if my number is on a do-not-call list. My information will be given to a licensed insurance agent who will contact me. If I tick no box, my information is not shared with any of these companies and I can call the number shown. Message and data rates may apply. My consent is not a condition of any purchase. I can opt out at any time by replying STOP to a text or by telling the caller.',
    spanish:
      'Al marcar la casilla junto a una compañía y hacer clic en "Obtener mi cotización", acepto que {brand} comparta mi información con cada compañía que marqué, y que {brand} y cada compañía que marqué me llamen y me envíen mensajes de texto sobre planes Medicare Advantage, Medicare Suplementario y de la Parte D al número de teléfono que ingresé, incluso llamadas y mensajes hechos con tecnología automatizada y voces artificiales o pregrabadas, aunque mi número esté en una lista de no llamar. Mi información se entregará a un agente de seguros con licencia que se comunicará conmigo. Si no marco ninguna casilla, mi información no se comparte con ninguna de estas compañías y puedo llamar al número que se muestra. Pueden aplicarse tarifas de mensajes y datos. Mi consentimiento no es una condición de compra. Puedo cancelarlo en cualquier momento respondiendo STOP a un mensaje de texto o diciéndoselo a quien me llame.',
  },
  /**
   * Medicare, named for what the button does: the visitor asks for a licensed agent, not a quote,
   * and the boxes are found by the company's name wherever the layout puts them (the
   * 2026-12-01-medicare text said "below" while the boxes stood above it).
   */
  '2026-12-15-medicare': {
    english:
      'By ticking the box next to a company\'s name and clicking "Talk to a licensed agent", I agree that {brand} may share my information with each company I ticked, and that {brand} and each company I ticked may call and text me about Medicare Advantage, Medicare Supplement and Part D plans at the phone number I entered, including calls and texts made with automated technology and artificial or prerecorded voices, even if my number is on a do-not-call list. My information will be given to a licensed insurance agent who will contact me. If I tick no box, my information is not shared with any of these companies and I can call the number shown. Message and data rates may apply. My consent is not a condition of any purchase. I can opt out at any time by replying STOP to a text or by telling the caller.',
    spanish:
      'Al marcar la casilla junto al nombre de una compañía y hacer clic en "Hablar con un agente", acepto que {brand} comparta mi información con cada compañía que marqué, y que {brand} y cada compañía que marqué me llamen y me envíen mensajes de texto sobre planes Medicare Advantage, Medicare Suplementario y de la Parte D al número de teléfono que ingresé, incluso llamadas y mensajes hechos con tecnología automatizada y voces artificiales o pregrabadas, aunque mi número esté en una lista de no llamar. Mi información se entregará a un agente de seguros con licencia que se comunicará conmigo. Si no marco ninguna casilla, mi información no se comparte con ninguna de estas compañías y puedo llamar al número que se muestra. Pueden aplicarse tarifas de mensajes y datos. Mi consentimiento no es una condición de compra. Puedo cancelarlo en cualquier momento respondiendo STOP a un mensaje de texto o diciéndoselo a quien me llame.',
  },
  /**
   * Medicare, all of it in view next to the button: only the sentences that carry the consent
   * (what is shared, with whom, who may call or text, by automated or prerecorded means, even on
   * a do-not-call list, not a condition of purchase). Rates, how to opt out and what happens with
   * no box ticked moved to a supplementary note the certificate does not attest
   * (docs/decisions/0240-medicare-consent-in-view.md).
   */
  '2026-12-22-medicare': {
    english:
      'By clicking "Talk to a licensed agent", I agree that {brand} may share my information with the companies I ticked, and that they and {brand} may call and text me about Medicare plans at the number I entered, including by automated technology and artificial or prerecorded voice, even if it is on a do-not-call list. Consent is not a condition of purchase.',
    spanish:
      'Al pulsar "Hablar con un agente", acepto que {brand} comparta mis datos con las compañías que marqué y que ellas y {brand} me llamen o envíen textos sobre Medicare al número que di, incluso con sistemas automatizados o voz artificial o pregrabada, aunque esté en una lista de no llamar. No es condición de compra.',
  },
};

/** The visible text of the partners link in the 2026-12-01 texts, and where it points. */
export const PARTNERS_LINK: Readonly<Record<Language, { text: string; href: string }>> = {
  english: { text: "{brand}'s partner list", href: '/partners' },
  spanish: { text: 'la lista de socios de {brand}', href: '/partners?lang=es' },
};

/** The version a form of each product shows now. */
export const CURRENT_CONSENT_VERSIONS = {
  auto: '2026-12-30',
  life: '2026-12-30',
  medicare: '2026-12-22-medicare',
} as const;

/**
 * The label of the button each version's text names ("By clicking ..."): the form's button shows
 * exactly this, so what the visitor pressed is what the consent they agreed to says.
 */
export const CONSENT_ACTIONS: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  '2026-11-01': { english: 'Get my quote', spanish: 'Obtener mi cotización' },
  '2026-12-01': { english: 'Get my quote', spanish: 'Obtener mi cotización' },
  '2026-12-20': { english: 'Get my quote', spanish: 'Obtener mi cotización' },
  '2026-12-28': { english: 'Get my quote', spanish: 'Obtener mi cotización' },
  '2026-12-30': { english: 'Send my request', spanish: 'Enviar mi solicitud' },
  '2026-12-01-medicare': { english: 'Get my quote', spanish: 'Obtener mi cotización' },
  '2026-12-15-medicare': { english: 'Talk to a licensed agent', spanish: 'Hablar con un agente' },
  '2026-12-22-medicare': { english: 'Talk to a licensed agent', spanish: 'Hablar con un agente' },
};

/**
 * The versions whose text tells the visitor, in words, that Google and Meta receive a hashed copy
 * of their email and phone to measure ads. A lead under one of them, given before the ad-sharing
 * checkbox existed, may send contact data to an ad platform; a lead that answered the checkbox
 * follows its answer instead (src/worker/ad-conversions/ad-consent.ts). A unit test checks each
 * listed text says so.
 */
export const AD_MEASUREMENT_CONSENT_VERSIONS: ReadonlySet<string> = new Set(['2026-12-20']);

/** The first version (2026-11-01: "and its marketing partners"); kept so old leads resolve. */
export const CURRENT_CONSENT_VERSION = '2026-11-01';
