import { leadContact } from '../consent/contact-hash';
import { doNotSellRequested } from '../consent/do-not-sell';

/**
 * Whether a lead may be told to an ad platform at all: only a lead that was delivered (complete,
 * judged a person, not a duplicate: the final step's decision, `delivery = 'delivered'`), never
 * for a visitor who left the ad-sharing box unticked, sent Global Privacy Control or asked us not to sell or share (by this
 * browser, or by the lead's email or phone, src/worker/consent/do-not-sell.ts). "Reached a
 * buyer" is the caller's part: queueAdConversions is called where a delivery is confirmed.
 */
export interface LeadForAds {
  id: string;
  session_id: string | null;
  visitor_id: string;
  submission_id: string;
  product?: string;
  status: string | null;
  delivery: string | null;
  gpc: number | null;
  trust_verdict: string | null;
  values: string;
  /** The ad-sharing box: 'no' when shown and left unticked (undefined: not read). */
  ad_sharing?: string | null;
}

export type Ineligible = 'no_session' | 'partial' | 'undelivered' | 'gpc' | 'bot' | 'do_not_sell' | 'no_ad_sharing';

function contactOf(lead: LeadForAds): { email: unknown; phone: unknown } {
  try {
    const values: unknown = JSON.parse(lead.values);
    return leadContact(typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {});
  } catch {
    return { email: null, phone: null };
  }
}

export async function whyIneligible(
  env: Pick<Env, 'DB' | 'LEAD_HASH_SALT'>,
  lead: LeadForAds,
): Promise<Ineligible | null> {
  if (!lead.session_id) return 'no_session';
  if (lead.status !== null && lead.status !== 'complete') return 'partial';
  if (lead.gpc === 1) return 'gpc';
  if (lead.ad_sharing === 'no') return 'no_ad_sharing';
  if (lead.trust_verdict === 'bot') return 'bot';
  if (lead.delivery !== null && lead.delivery !== 'delivered') return 'undelivered';
  if (await doNotSellRequested(env, contactOf(lead), lead.visitor_id)) return 'do_not_sell';
  return null;
}
