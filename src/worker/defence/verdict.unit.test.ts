import { describe, expect, it } from 'vitest';
import { WITHHELD_RULES } from '../funnel/delivery-decision';
import { TRUST_REASON_CODES, TRUST_REASONS, TRUST_RULES, TRUST_THRESHOLDS, type TrustReason } from './thresholds';
import { judgeLead, trustReasons, verdictOf, type TrustSignals } from './verdict';

/** A person: Turnstile passed, nothing odd, a minute per step. */
const person: TrustSignals = {
  turnstile: 'passed',
  botCheck: { bot: false, signals: [] },
  userAgentBot: false,
  ip: { fraudScore: 10, proxy: false, vpn: false, tor: false, recentAbuse: false, bot: false, crawler: false },
  quoteToken: 'valid',
  msToComplete: 4 * 60_000,
  stepTransitions: 4,
  honeypot: false,
  rateLimited: { ip: false, visitor: false },
  phoneSeenElsewhere: 0,
  emailSeenElsewhere: 0,
  emailDomainDisposable: false,
};
const ip = person.ip ?? {
  fraudScore: null,
  proxy: false,
  vpn: false,
  tor: false,
  recentAbuse: false,
  bot: false,
  crawler: false,
};

/** One signal changed from a person's: the reason it must produce. */
const CASES: Array<[TrustReason, Partial<TrustSignals>]> = [
  ['honeypot', { honeypot: true }],
  ['turnstile-failed', { turnstile: 'failed' }],
  ['turnstile-reused', { turnstile: 'reused' }],
  ['bot-ua', { userAgentBot: true }],
  ['inhuman-speed', { msToComplete: 4 * (TRUST_THRESHOLDS.inhumanMsPerStep - 1) }],
  ['ip-high-risk', { ip: { ...ip, fraudScore: TRUST_THRESHOLDS.ipFraudScoreBot } }],
  ['bot-check', { botCheck: { bot: true, signals: ['webdriver'] } }],
  ['ip-risk', { ip: { ...ip, fraudScore: TRUST_THRESHOLDS.ipFraudScoreSuspect } }],
  ['ip-proxy', { ip: { ...ip, vpn: true } }],
  ['ip-recent-abuse', { ip: { ...ip, recentAbuse: true } }],
  ['ip-bot', { ip: { ...ip, crawler: true } }],
  ['turnstile-unverified', { turnstile: 'unverified' }],
  ['turnstile-error', { turnstile: 'error' }],
  ['quote-token-invalid', { quoteToken: 'expired' }],
  ['fast', { msToComplete: 4 * TRUST_THRESHOLDS.inhumanMsPerStep }],
  ['rate-limited', { rateLimited: { ip: true, visitor: false } }],
  ['duplicate-phone', { phoneSeenElsewhere: 1 }],
  ['duplicate-email', { emailSeenElsewhere: 2 }],
  ['disposable-email', { emailDomainDisposable: true }],
];

describe('the trust verdict table', () => {
  it('every rule that can withhold a lead says what it protects against and how it can hit a real person', () => {
    const rules = [...Object.entries(TRUST_RULES), ...Object.entries(WITHHELD_RULES)];
    expect(rules.length).toBe(TRUST_REASON_CODES.length + 5);
    for (const [name, rule] of rules) {
      expect(rule.protects.trim().length, `${name}.protects`).toBeGreaterThan(10);
      expect(rule.falsePositive.trim().length, `${name}.falsePositive`).toBeGreaterThan(3);
    }
  });

  it('a person is clean', () => {
    expect(judgeLead(person)).toEqual({ verdict: 'clean', reasons: [] });
  });

  it('every reason in the table is reachable by one signal, with its severity as the verdict', () => {
    expect(new Set(CASES.map(([reason]) => reason))).toEqual(new Set(TRUST_REASON_CODES));
    for (const [reason, change] of CASES) {
      const verdict = judgeLead({ ...person, ...change });
      expect(verdict.reasons, reason).toEqual([reason]);
      expect(verdict.verdict, reason).toBe(TRUST_REASONS[reason]);
    }
  });

  it('reasons never add up: many suspect reasons stay suspect, one bot reason is bot', () => {
    expect(verdictOf(['fast', 'ip-proxy', 'duplicate-phone', 'disposable-email', 'turnstile-unverified'])).toBe(
      'suspect',
    );
    expect(verdictOf(['fast', 'honeypot'])).toBe('bot');
    expect(verdictOf([])).toBe('clean');
  });

  it('unknown or neutral signals are not reasons', () => {
    expect(
      trustReasons({
        ...person,
        ip: null,
        botCheck: null,
        msToComplete: null,
        stepTransitions: 0,
        quoteToken: 'absent',
      }),
    ).toEqual([]);
    expect(trustReasons({ ...person, quoteToken: 'unverified' })).toEqual([]);
    // No Turnstile secret to check a token with is no proof of a person, as no token is.
    expect(trustReasons({ ...person, turnstile: 'not-configured' })).toEqual(['turnstile-unverified']);
    expect(trustReasons({ ...person, ip: { ...ip, fraudScore: null } })).toEqual([]);
    // The speed boundary: exactly the "fast" threshold per step is a person.
    expect(trustReasons({ ...person, msToComplete: 4 * TRUST_THRESHOLDS.fastMsPerStep })).toEqual([]);
  });
});
