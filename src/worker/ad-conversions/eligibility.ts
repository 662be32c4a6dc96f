/**
 * Whether a lead may be told to an ad platform at all. Never for a visitor who sent Global
 * Privacy Control or asked us not to sell or share, never for a partial lead or one judged a bot.
 * "Reached a buyer" is the caller's part: queueAdConversions is called where a delivery is
 * confirmed. The do-not-sell check matches the lead's contact hashes against do-not-sell requests.
 */
export interface LeadForAds {
  id: string;
  session_id: string | null;
  visitor_id: string;
  submission_id: string;
  status: string | null;
  gpc: number | null;
  trust_verdict: string | null;
  phone_sha256: string | null;
  email_sha256: string | null;
}

export type Ineligible = 'no_session' | 'partial' | 'gpc' | 'bot' | 'do_not_sell';

export async function doNotSellMatches(db: D1Database, lead: LeadForAds): Promise<boolean> {
  // Where src/worker/consent/do-not-sell.ts offers doNotSellRequested(env, { email, phone }), it is the one check to call here.
  const row = await db
    .prepare(
      `SELECT 1 AS hit FROM privacy_requests WHERE kind = 'do-not-sell'
       AND (visitor_id = ? OR (? IS NOT NULL AND email_sha256 = ?) OR (? IS NOT NULL AND phone_sha256 = ?)) LIMIT 1`,
    )
    .bind(lead.visitor_id, lead.email_sha256, lead.email_sha256, lead.phone_sha256, lead.phone_sha256)
    .first<{ hit: number }>();
  return row !== null;
}

export async function whyIneligible(db: D1Database, lead: LeadForAds): Promise<Ineligible | null> {
  if (!lead.session_id) return 'no_session';
  if (lead.status !== null && lead.status !== 'complete') return 'partial';
  if (lead.gpc === 1) return 'gpc';
  if (lead.trust_verdict === 'bot') return 'bot';
  if (await doNotSellMatches(db, lead)) return 'do_not_sell';
  return null;
}
