/**
 * The quote token check of a lead (spec sections 4 and 7.7, docs/decisions/0023-quote-token-on-the-lead.md "Quote token on
 * the lead"): the token the page sent with the final submit must be signed by this Worker
 * for this visitor and ip. It is evidence for the lead buyer, not a gate: whatever the
 * outcome the lead is written, with the result beside it.
 */
import { verifyQuoteToken } from '../../partners/quote-token/token';

/**
 * How long after its expiry a token still counts. The page renews 20 s before expiry and
 * right before the final submit, so a live page never needs this; it covers a final submit
 * that waited on a slow network or a renewal that did not come back in time.
 */
export const LEAD_QUOTE_TOKEN_GRACE_MS = 30_000;

export interface LeadQuoteTokenCheck {
  valid: boolean;
  /** 'valid', 'absent', a refusal reason of verifyQuoteToken, or 'unverified' when checking failed. */
  check: string;
}

export async function checkLeadQuoteToken(
  secret: string,
  token: string | null,
  binding: { visitorId: string; ip: string },
  now = new Date(),
): Promise<LeadQuoteTokenCheck> {
  if (!token) return { valid: false, check: 'absent' };
  try {
    // Judged as of `grace` ago: a token that expired within the grace period still holds.
    const result = await verifyQuoteToken(secret, token, binding, new Date(now.getTime() - LEAD_QUOTE_TOKEN_GRACE_MS));
    return result.valid ? { valid: true, check: 'valid' } : { valid: false, check: result.reason };
  } catch {
    // No usable secret (an HMAC key cannot be empty): the lead goes in, marked unverified.
    return { valid: false, check: 'unverified' };
  }
}
