/**
 * The lead trust table as data: every reason a lead can carry, how heavy it is, what it protects
 * a buyer against, and how it can hit a real person (its false positive, measured where a
 * figure exists: docs/performance.md, "Lead decision: confusion matrix"). A lead is `bot` when
 * any reason is `bot`, `suspect` when any is `suspect`, else `clean`: reasons never add up, so
 * one noisy signal (a shared test phone, a VPN) cannot turn a person into a bot. Either way
 * the lead is withheld unless an operator allowed its suspect reasons by name
 * (delivery-policy.ts). docs/decisions/0230-the-lead-decision-as-a-rule-table.md says why each
 * rule is here; 0030 holds the measured thresholds.
 */
export type Severity = 'bot' | 'suspect';

export interface TrustRule {
  severity: Severity;
  /** What a buyer is protected against when this rule withholds a lead. */
  protects: string;
  /** How this rule can withhold a real person's lead, and how often where it was measured. */
  falsePositive: string;
}

export const TRUST_RULES = {
  honeypot: {
    severity: 'bot',
    protects: 'form-filling scripts that fill every input they find',
    falsePositive: 'a browser extension that autofills a hidden off-screen field named "website"; none seen',
  },
  'turnstile-failed': {
    severity: 'bot',
    protects: 'forged tokens, and tokens solved on another brand host or for another form',
    falsePositive: 'none known: siteverify answered that this token is not valid for this page',
  },
  'turnstile-reused': {
    severity: 'bot',
    protects: 'one solved challenge replayed to back many leads (one token, one lead)',
    falsePositive:
      'a person who changes the phone after submitting, on a page that posts the old token again (the island asks for a fresh one)',
  },
  'bot-ua': {
    severity: 'bot',
    protects: 'crawlers, HTTP clients and headless browsers that name themselves (isbot on the request user agent)',
    falsePositive: 'a browser whose agent isbot lists: 0 of the real-browser corpus (tests/defence/user-agents)',
  },
  'inhuman-speed': {
    severity: 'bot',
    protects: 'scripts posting the steps directly, faster than anyone can read them',
    falsePositive: 'none known: under inhumanMsPerStep a step on average from the first step to the last',
  },
  'ip-high-risk': {
    severity: 'bot',
    protects: 'networks IPQS rates high risk (fraud score at or above ipFraudScoreBot)',
    falsePositive: "a person on a network IPQS rates high risk (a shared mobile carrier's exit, a public hotspot)",
  },
  'bot-check': {
    severity: 'suspect',
    protects: 'browsers that report automation themselves (navigator.webdriver, a headless agent, automation globals)',
    falsePositive:
      "a browser reporting no languages or a zero-sized window (some embedded webviews); the page's check no longer reads the agent",
  },
  'ip-risk': {
    severity: 'suspect',
    protects: 'networks IPQS rates suspicious (fraud score at or above ipFraudScoreSuspect)',
    falsePositive: 'a person on a shared or recycled address',
  },
  'ip-proxy': {
    severity: 'suspect',
    protects: 'traffic hidden behind a proxy, VPN or Tor (lead farms rent them)',
    falsePositive: 'a person on a VPN (a work laptop, a privacy-minded visitor, iCloud Private Relay)',
  },
  'ip-recent-abuse': {
    severity: 'suspect',
    protects: 'addresses IPQS saw abusing other sites recently',
    falsePositive: 'a person sharing an address with an abuser (carrier NAT, a campus)',
  },
  'ip-bot': {
    severity: 'suspect',
    protects: 'addresses IPQS saw running bots or crawlers',
    falsePositive: 'a person on a cloud-hosted browser or a shared exit address',
  },
  'turnstile-unverified': {
    severity: 'suspect',
    protects:
      'scripts that leave the challenge out: no token (no JavaScript, or a script) or no secret to check one: no proof of a person',
    falsePositive: 'every person without JavaScript: kept, shown a number to call, never sold (0100)',
  },
  'turnstile-error': {
    severity: 'suspect',
    protects: 'leads whose challenge could not be checked (siteverify timed out or failed): no proof either way',
    falsePositive: 'every person while siteverify is down; an operator can allow it by name during an outage',
  },
  'quote-token-invalid': {
    severity: 'suspect',
    protects: "replayed or forged quote tokens (another visitor's, another ip's, expired)",
    falsePositive: 'a person whose address changed mid-form (Wi-Fi to mobile) or whose tab slept past the expiry',
  },
  fast: {
    severity: 'suspect',
    protects: 'scripts that pace themselves just above inhuman speed',
    falsePositive: "a fast typist, or a browser's autofill completing most fields",
  },
  'rate-limited': {
    severity: 'suspect',
    protects: 'floods: this visitor or address was refused by a rate limit in the last hour',
    falsePositive: 'a person behind the same address as a flood (an office, a carrier NAT)',
  },
  'duplicate-phone': {
    severity: 'suspect',
    protects:
      "one phone sold twice for one product: the same phone on another visitor's lead of this product that was delivered, or verified by Turnstile, within duplicateWindowHours",
    falsePositive:
      'a family sharing one phone for one product in a day; or a verified lead of another visitor filed with this phone (an undelivered, unverified lead never counts)',
  },
  'duplicate-email': {
    severity: 'suspect',
    protects: 'one email sold twice for one product (counted as duplicate-phone is)',
    falsePositive: 'a couple sharing one email for one product in a day',
  },
  'disposable-email': {
    severity: 'suspect',
    protects: 'throwaway addresses no buyer can reach (disposable-email-domains-js)',
    falsePositive: 'a privacy-minded person using a forwarding address on the list',
  },
} as const satisfies Record<string, TrustRule>;

export type TrustReason = keyof typeof TRUST_RULES;
export const TRUST_REASON_CODES = Object.keys(TRUST_RULES) as TrustReason[];

/** Each reason's severity (the verdict reads only this). */
export const TRUST_REASONS = Object.fromEntries(TRUST_REASON_CODES.map((r) => [r, TRUST_RULES[r].severity])) as {
  [R in TrustReason]: (typeof TRUST_RULES)[R]['severity'];
};

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
