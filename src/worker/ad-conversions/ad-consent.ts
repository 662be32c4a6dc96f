/**
 * What the ad platforms may receive for a lead, from the visitor's own choices. One function, for
 * every platform (the Meta Conversions API here; the Google Data Manager API calls it too):
 *
 *   const consent = await adConsent(env, lead);
 *   // consent.mayTell      false: tell no platform anything about this lead (GPC, a do-not-sell/share
 *   //                      request, or the ad-sharing box left unticked)
 *   // consent.sendContact  true only when the visitor ticked the ad-sharing box (or, on a lead from before
 *   //                      the box, agreed in words naming Google and Meta) to a hashed email/phone
 *   // consent.adUserData   'GRANTED' exactly when sendContact is true, else 'DENIED' (Google's consent field)
 *   // consent.adPersonalization  always 'DENIED': nobody is asked for ad personalisation
 *
 * `lead` is the D1 `leads` row, or any object with these columns: visitor_id, consent_version, gpc
 * and "values" (the JSON of the lead fields; its email and phone find a do-not-sell request made
 * from another browser). The decision is made when the platform is called, not when the
 * conversion was queued, so an opt-out made in between is obeyed.
 *
 * The choice: the lead's `ad_sharing` (the consent step's checkbox, src/shared/consent/ad-sharing.ts):
 * 'yes' grants, 'no' tells nothing at all. A lead from before the box (null) follows its words: only
 * a consent version listed in AD_MEASUREMENT_CONSENT_VERSIONS (auto and life 2026-12-20) says so.
 * docs/decisions/0251-ad-platform-consent.md, 0276-ad-sharing-is-a-checkbox.md.
 */
import { AD_MEASUREMENT_CONSENT_VERSIONS } from '../../shared/consent';
import { leadContact } from '../consent/contact-hash';
import { doNotSellRequested } from '../consent/do-not-sell';

export type ConsentStatus = 'GRANTED' | 'DENIED';

export interface AdConsent {
  adUserData: ConsentStatus;
  adPersonalization: ConsentStatus;
  /** Whether a platform may hear of this lead at all. */
  mayTell: boolean;
  /** Whether hashed email and phone may go with it. */
  sendContact: boolean;
}

export interface AdConsentLead {
  visitor_id: string;
  consent_version: string | null;
  gpc: number | null;
  values: string;
  /** The ad-sharing box: 'yes', 'no', or null where the step had none (undefined: not read). */
  ad_sharing?: string | null;
}

const NOTHING: AdConsent = { adUserData: 'DENIED', adPersonalization: 'DENIED', mayTell: false, sendContact: false };

function contactOf(values: string): { email: unknown; phone: unknown } {
  try {
    const parsed: unknown = JSON.parse(values);
    return leadContact(typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {});
  } catch {
    return { email: null, phone: null };
  }
}

export async function adConsent(env: Pick<Env, 'DB' | 'LEAD_HASH_SALT'>, lead: AdConsentLead): Promise<AdConsent> {
  if (lead.gpc === 1) return NOTHING;
  if (await doNotSellRequested(env, contactOf(lead.values), lead.visitor_id)) return NOTHING;
  // The box, where the step had one, is the visitor's answer: unticked, the platforms hear nothing.
  if (lead.ad_sharing === 'no') return NOTHING;
  const agreed =
    lead.ad_sharing === 'yes' ||
    (lead.ad_sharing == null &&
      lead.consent_version !== null &&
      AD_MEASUREMENT_CONSENT_VERSIONS.has(lead.consent_version));
  return {
    adUserData: agreed ? 'GRANTED' : 'DENIED',
    adPersonalization: 'DENIED',
    mayTell: true,
    sendContact: agreed,
  };
}

/**
 * What a visit without a lead of its own in hand (a paid call) may tell a platform: asked of the
 * visit's latest lead, else of the visit alone (no choice made: contact DENIED; a do-not-sell by
 * that browser still bars it).
 */
export async function visitAdConsent(
  env: Pick<Env, 'DB' | 'REVENUE_DB' | 'LEAD_HASH_SALT'>,
  sessionId: string,
): Promise<AdConsent> {
  const visitLead = await env.DB.prepare(
    `SELECT visitor_id, consent_version, gpc, "values", ad_sharing FROM leads WHERE session_id = ? ORDER BY created_at DESC LIMIT 1`,
  )
    .bind(sessionId)
    .first<AdConsentLead>();
  if (visitLead) return adConsent(env, visitLead);
  const visit = await env.REVENUE_DB.prepare('SELECT visitor_id FROM visit_values WHERE session_id = ?')
    .bind(sessionId)
    .first<{ visitor_id: string }>();
  return adConsent(env, { visitor_id: visit?.visitor_id ?? '', consent_version: null, gpc: null, values: '{}' });
}
