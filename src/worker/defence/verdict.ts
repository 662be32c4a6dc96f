import { TRUST_REASONS, TRUST_THRESHOLDS, type TrustReason, type Verdict } from './thresholds';

/**
 * The signals a lead's verdict is made from. None is personal: the phone and email enter only
 * as counts of matching hashes and a yes/no for a disposable domain; the ip only through
 * IPQS's answer. These are stored on the lead (trust_signals) and carried on its event.
 */
/** `reused`: the token already backs another lead (one token, one lead; turnstile-check.ts). */
export type TurnstileResult = 'passed' | 'failed' | 'reused' | 'unverified' | 'error' | 'not-configured';

export interface IpSignal {
  fraudScore: number | null;
  proxy: boolean;
  vpn: boolean;
  tor: boolean;
  recentAbuse: boolean;
  bot: boolean;
  crawler: boolean;
}

export interface TrustSignals {
  turnstile: TurnstileResult;
  /** The page's bot check as reported by botCheckCompleted; null when the page never reported one. */
  botCheck: { bot: boolean; signals: string[] } | null;
  /** The Worker's own check of the request's user agent (isbot): a crawler, HTTP client or headless browser by name. */
  userAgentBot: boolean;
  /** IPQS for the lead's ip; null when unknown (not checked, or IPQS failed). */
  ip: IpSignal | null;
  /** The quote token check (src/worker/funnel/lead-quote-token.ts): valid, absent, expired, ... */
  quoteToken: string;
  /** From the first step's submit to the final one, and how many steps lie between; null for a one-step form. */
  msToComplete: number | null;
  stepTransitions: number;
  honeypot: boolean;
  rateLimited: { ip: boolean; visitor: boolean };
  /**
   * Other visitors' leads of the same product in the window with the same phone or email hash,
   * counting only leads delivered or verified by Turnstile (keys named so the event filter keeps them).
   */
  phoneSeenElsewhere: number;
  emailSeenElsewhere: number;
  emailDomainDisposable: boolean;
}

export interface TrustVerdict {
  verdict: Verdict;
  reasons: TrustReason[];
}

/** Quote-token checks that are not a fault of the page: no token at all, or none could be checked. */
const QUOTE_TOKEN_NEUTRAL = new Set(['valid', 'absent', 'unverified']);

export function trustReasons(s: TrustSignals, t = TRUST_THRESHOLDS): TrustReason[] {
  const reasons: TrustReason[] = [];
  if (s.honeypot) reasons.push('honeypot');
  if (s.turnstile === 'failed') reasons.push('turnstile-failed');
  if (s.turnstile === 'reused') reasons.push('turnstile-reused');
  if (s.userAgentBot) reasons.push('bot-ua');
  if (s.turnstile === 'unverified' || s.turnstile === 'not-configured') reasons.push('turnstile-unverified');
  if (s.turnstile === 'error') reasons.push('turnstile-error');
  if (s.msToComplete !== null && s.stepTransitions > 0) {
    const perStep = s.msToComplete / s.stepTransitions;
    if (perStep < t.inhumanMsPerStep) reasons.push('inhuman-speed');
    else if (perStep < t.fastMsPerStep) reasons.push('fast');
  }
  if (s.ip) {
    if (s.ip.fraudScore !== null && s.ip.fraudScore >= t.ipFraudScoreBot) reasons.push('ip-high-risk');
    else if (s.ip.fraudScore !== null && s.ip.fraudScore >= t.ipFraudScoreSuspect) reasons.push('ip-risk');
    if (s.ip.proxy || s.ip.vpn || s.ip.tor) reasons.push('ip-proxy');
    if (s.ip.recentAbuse) reasons.push('ip-recent-abuse');
    if (s.ip.bot || s.ip.crawler) reasons.push('ip-bot');
  }
  if (s.botCheck?.bot) reasons.push('bot-check');
  if (!QUOTE_TOKEN_NEUTRAL.has(s.quoteToken)) reasons.push('quote-token-invalid');
  if (s.rateLimited.ip || s.rateLimited.visitor) reasons.push('rate-limited');
  if (s.phoneSeenElsewhere > 0) reasons.push('duplicate-phone');
  if (s.emailSeenElsewhere > 0) reasons.push('duplicate-email');
  if (s.emailDomainDisposable) reasons.push('disposable-email');
  return reasons;
}

export function verdictOf(reasons: readonly TrustReason[]): Verdict {
  if (reasons.some((r) => TRUST_REASONS[r] === 'bot')) return 'bot';
  return reasons.length > 0 ? 'suspect' : 'clean';
}

export function judgeLead(signals: TrustSignals): TrustVerdict {
  const reasons = trustReasons(signals);
  return { verdict: verdictOf(reasons), reasons };
}
