import { describe, expect, it } from 'vitest';
import wranglerToml from '../../../wrangler.toml?raw';
import { breakerConfig, nextState, statusOf } from './breaker';
import { contactFingerprint } from '../consent/contact-hash';
import { contactOf, isDisposableDomain } from './contact-signals';
import { LIMIT_RULES, limitedApiRoute } from './limit-rules';
import { isPartnerFault } from './partner-guard';
import { PartnerError } from '../../partners/partner-fetch';

describe('contact signals', () => {
  it('finds the phone and email in any form (Medicare/life contact step, auto driver 1) and normalises them', () => {
    expect(contactOf({ phone: '(305) 555-0142', email: ' Ada@Example.COM ' })).toEqual({
      phone: '3055550142',
      email: 'ada@example.com',
    });
    expect(contactOf({ driver1Phone: '(312) 555-0199', driver1Email: 'g@h.io' })).toEqual({
      phone: '3125550199',
      email: 'g@h.io',
    });
    expect(contactOf({ phone: '555', email: 'not-an-email' })).toEqual({ phone: null, email: null });
  });

  it('fingerprints with the secret: same contact same fingerprint however written, another secret another, never the value or its plain SHA-256', async () => {
    const a = await contactFingerprint('salt-1', 'phone', '3055550142');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain('3055550142');
    expect(await contactFingerprint('salt-1', 'phone', '(305) 555-0142')).toBe(a);
    expect(await contactFingerprint('salt-1', 'phone', '+1 305 555 0142')).toBe(a);
    expect(await contactFingerprint('salt-2', 'phone', '3055550142')).not.toBe(a);
    // A plain hash of the E.164 number is what a laptop reverses in seconds: the fingerprint is not it.
    const plain = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('+13055550142')));
    expect(a).not.toBe(Array.from(plain, (b) => b.toString(16).padStart(2, '0')).join(''));
    expect(await contactFingerprint('salt-1', 'email', 'Ada@Example.com ')).toBe(
      await contactFingerprint('salt-1', 'email', 'ada@example.com'),
    );
    expect(await contactFingerprint('', 'phone', '3055550142')).toBeNull();
    expect(await contactFingerprint('salt-1', 'phone', '555')).toBeNull();
  });

  it('knows disposable domains from the maintained list, and their subdomains', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('MAILINATOR.COM.')).toBe(true);
    expect(isDisposableDomain('inbox.mailinator.com')).toBe(true);
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(isDisposableDomain('example.com')).toBe(false);
  });
});

describe('limit rules', () => {
  it('each rule names a [[ratelimits]] binding of wrangler.toml with the same period', () => {
    for (const [route, rule] of Object.entries(LIMIT_RULES)) {
      const block = new RegExp(
        `name = "${rule.binding}"\\s*\\nnamespace_id = "\\d+"\\s*\\nsimple = \\{ limit = \\d+, period = (\\d+) \\}`,
      ).exec(wranglerToml);
      expect(block, `${route}: ${rule.binding} in wrangler.toml`).not.toBeNull();
      expect(Number(block?.[1]), route).toBe(rule.periodSeconds);
    }
  });

  it('maps the costly API calls, and nothing else (pages are never limited)', () => {
    expect(limitedApiRoute('POST', '/api/mediaalpha/get-phone')).toBe('get-phone');
    expect(limitedApiRoute('POST', '/api/event/create/')).toBe('event');
    expect(limitedApiRoute('GET', '/api/mediaalpha/get-phone')).toBeUndefined();
    expect(limitedApiRoute('GET', '/get-yours-otc')).toBeUndefined();
    expect(limitedApiRoute('POST', '/api/user/set')).toBeUndefined();
  });
});

describe('circuit breaker transitions', () => {
  const config = breakerConfig({ BREAKER_FAILURES: '3', BREAKER_OPEN_SECONDS: '10' });
  const closed = { windowStart: 0, failures: 0, successes: 0, openUntil: 0 };

  it('opens after N failures, then lets one trial through: success closes, failure reopens', () => {
    let s = closed;
    for (let i = 0; i < 2; i++) s = nextState(s, false, 1000 + i, config);
    expect(statusOf(s, 1002)).toBe('closed');
    s = nextState(s, false, 1003, config);
    expect(statusOf(s, 1004)).toBe('open');
    expect(statusOf(s, 1003 + 10_000)).toBe('half-open');
    const reopened = nextState(s, false, 1003 + 10_000, config);
    expect(statusOf(reopened, 1003 + 10_001)).toBe('open');
    const healed = nextState(s, true, 1003 + 10_000, config);
    expect(statusOf(healed, 1003 + 10_001)).toBe('closed');
  });

  it('does not open while the partner mostly succeeds, and forgets failures after the window', () => {
    let s = closed;
    for (let i = 0; i < 5; i++) s = nextState(s, true, 100 + i, config);
    for (let i = 0; i < 3; i++) s = nextState(s, false, 200 + i, config);
    expect(statusOf(s, 300)).toBe('closed');
    let t = nextState(nextState(closed, false, 0, config), false, 1, config);
    t = nextState(t, false, 40_000, config);
    expect(statusOf(t, 40_001)).toBe('closed');
  });

  it("counts only the partner's faults: timeouts, network, 5xx, 429 and garbage; not our 4xx", () => {
    expect(isPartnerFault(new PartnerError('x', 'timeout'))).toBe(true);
    expect(isPartnerFault(new PartnerError('x', 'malformed', 200))).toBe(true);
    expect(isPartnerFault(new PartnerError('x', 'http', 503))).toBe(true);
    expect(isPartnerFault(new PartnerError('x', 'http', 429))).toBe(true);
    expect(isPartnerFault(new PartnerError('x', 'http', 400))).toBe(false);
    expect(isPartnerFault(new Error('ours'))).toBe(false);
  });

  it('falls back to safe defaults when the vars are not numbers', () => {
    expect(breakerConfig({ BREAKER_FAILURES: 'x', BREAKER_OPEN_SECONDS: '' })).toEqual({ failures: 5, openMs: 30_000 });
  });
});
