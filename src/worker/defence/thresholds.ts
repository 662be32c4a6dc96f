/**
 * The lead trust table as data: every reason a lead can carry, how heavy it is,
 * and the numbers behind the measured ones. docs/decisions/0030-lead-defence-limits-turnstile-trust-verdict.md ("Lead defence: the trust
 * verdict") says why each is where it is. A lead is `bot` when any reason is `bot`, `suspect`
 * when any is `suspect`, else `clean`: reasons never add up, so one noisy signal (a shared
 * test phone, a VPN) cannot turn a person into a bot.
 */
export type Severity = 'bot' | 'suspect';

export const TRUST_REASONS = {
  /** The hidden field people never see was filled. */
  honeypot: 'bot',
  /** Turnstile's siteverify said the token is not valid. */
  'turnstile-failed': 'bot',
  /** Faster than anyone can read and answer (below `inhumanMsPerStep`). */
  'inhuman-speed': 'bot',
  /** IPQS fraud score at or above `ipFraudScoreBot`. */
  'ip-high-risk': 'bot',
  /** The page's own bot check (spec: botCheckCompleted) saw automation or a headless browser. */
  'bot-check': 'suspect',
  /** IPQS fraud score at or above `ipFraudScoreSuspect`. */
  'ip-risk': 'suspect',
  /** IPQS: proxy, VPN or Tor. */
  'ip-proxy': 'suspect',
  /** IPQS: recent abuse from this ip. */
  'ip-recent-abuse': 'suspect',
  /** IPQS: bot or crawler activity from this ip. */
  'ip-bot': 'suspect',
  /**
   * No Turnstile token (the form was posted without JavaScript, or by a script), or no Turnstile
   * secret to check one with: no proof of a person. The lead is kept, never delivered: a missing
   * token is never better than a failed one, so this reason cannot be allowed for delivery.
   */
  'turnstile-unverified': 'suspect',
  /** Siteverify did not answer in time or failed: no proof either way (allowed for delivery only by name). */
  'turnstile-error': 'suspect',
  /** A quote token came but did not hold (expired, another ip or visitor, forged). */
  'quote-token-invalid': 'suspect',
  /** Fast, but not impossibly so (below `fastMsPerStep`). */
  fast: 'suspect',
  /** This visitor or ip was refused by a rate limit in the last hour. */
  'rate-limited': 'suspect',
  /** The same phone on another visitor's lead within `duplicateWindowHours`. */
  'duplicate-phone': 'suspect',
  /** The same email on another visitor's lead within `duplicateWindowHours`. */
  'duplicate-email': 'suspect',
  /** The email's domain is on the disposable-domain list (disposable-email-domains-js). */
  'disposable-email': 'suspect',
} as const satisfies Record<string, Severity>;

export type TrustReason = keyof typeof TRUST_REASONS;
export const TRUST_REASON_CODES = Object.keys(TRUST_REASONS) as TrustReason[];

export const TRUST_THRESHOLDS = {
  /** IPQS's own guidance: 75+ suspicious, 90+ high risk. */
  ipFraudScoreSuspect: 75,
  ipFraudScoreBot: 90,
  /** Average time per step after the first, from the first step's submit to the final one. */
  inhumanMsPerStep: 250,
  fastMsPerStep: 1000,
  duplicateWindowHours: 24,
} as const;

/** Reasons an operator may never allow for delivery: they mean no proof of a person at all. */
export const NEVER_ALLOWED_REASONS: readonly TrustReason[] = ['turnstile-unverified'];

const SEVERITY_ORDER: Record<Verdict, number> = { clean: 0, suspect: 1, bot: 2 };

/** The worse of two verdicts (a lead's verdict only ever gets worse across its submissions). */
export function worseVerdict(a: Verdict, b: Verdict): Verdict {
  return SEVERITY_ORDER[a] >= SEVERITY_ORDER[b] ? a : b;
}

export type Verdict = 'clean' | 'suspect' | 'bot';
