/**
 * What a visitor chose about ad platforms, as the two consent signals Google's Data Manager API
 * takes on each event (Consent.adUserData, Consent.adPersonalization: CONSENT_GRANTED,
 * CONSENT_DENIED or CONSENT_STATUS_UNSPECIFIED). One function reads the choice, so the consent
 * work that asks visitors about ad sharing changes this file only.
 *
 * Today nobody is asked, so nothing is GRANTED: a visitor who opted out (Global Privacy Control
 * or do-not-sell) is DENIED on both, everyone else UNSPECIFIED (Google then applies the account's
 * own settings). Such visitors' leads are not told at all (eligibility.ts); the DENIED branch is
 * what a later question's "no" will reach.
 */
export type ConsentStatus = 'CONSENT_GRANTED' | 'CONSENT_DENIED' | 'CONSENT_STATUS_UNSPECIFIED';

export interface AdConsent {
  adUserData: ConsentStatus;
  adPersonalization: ConsentStatus;
}

/** What the visitor did: an opt-out signal, and answers to an ad-sharing question if one was asked. */
export interface AdChoices {
  optedOut: boolean;
  /** true or false when asked, null or absent when not. */
  adUserData?: boolean | null;
  adPersonalization?: boolean | null;
}

function statusOf(answer: boolean | null | undefined, optedOut: boolean): ConsentStatus {
  if (optedOut || answer === false) return 'CONSENT_DENIED';
  return answer === true ? 'CONSENT_GRANTED' : 'CONSENT_STATUS_UNSPECIFIED';
}

export function adConsentOf(choices: AdChoices): AdConsent {
  return {
    adUserData: statusOf(choices.adUserData, choices.optedOut),
    adPersonalization: statusOf(choices.adPersonalization, choices.optedOut),
  };
}

/**
 * Hashed contact goes to Google only where the visitor's data may be used for ads: never on a
 * DENIED adUserData (Google would discard it, and the visitor said no).
 */
export function mayShareUserData(consent: AdConsent): boolean {
  return consent.adUserData !== 'CONSENT_DENIED';
}

/** The choices on record for a visit: its lead's GPC flag (the only ad-relevant choice stored today). */
export async function adChoicesOfSession(db: D1Database, sessionId: string): Promise<AdChoices> {
  const lead = await db
    .prepare('SELECT MAX(COALESCE(gpc, 0)) AS gpc FROM leads WHERE session_id = ?')
    .bind(sessionId)
    .first<{ gpc: number | null }>();
  return { optedOut: (lead?.gpc ?? 0) === 1 };
}
