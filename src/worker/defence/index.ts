/**
 * Lead defence: rate limits on everything that costs money or writes, a circuit
 * breaker per partner and location, Turnstile on the final step, and a trust verdict
 * (clean / suspect / bot, with reasons) on every lead. Thresholds are data in thresholds.ts;
 * docs/decisions/0030-lead-defence-limits-turnstile-trust-verdict.md says why each is what it is.
 */
export { apiRateLimits, formPostRateLimits, checkLimit, enforceLimit, recentLimitHits } from './rate-limit';
export { LIMIT_RULES, type LimitedRoute } from './limit-rules';
export { partnerBreakers, PartnerBreakers, type BreakerPartner } from './breaker';
export { judgeLead, trustReasons, verdictOf, type TrustSignals, type TrustVerdict } from './verdict';
export { TRUST_REASONS, TRUST_THRESHOLDS, type TrustReason, type Verdict } from './thresholds';
