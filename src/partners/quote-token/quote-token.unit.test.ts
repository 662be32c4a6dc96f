import { describe, expect, it } from 'vitest';
import { afterWatchedFieldChange, needsRenewal, QUOTE_TOKEN_POLL_MS } from './renewal';
import { issueQuoteToken, QUOTE_TOKEN_TTL_MS, verifyQuoteToken } from './token';

const secret = 'unit-test-secret';
const binding = { visitorId: '6f1c1f3e-8a0e-4c55-9a11-1d2f3a4b5c6d', ip: '203.0.113.7' };
const now = new Date('2025-06-10T18:00:00Z');

describe('quote token signing', () => {
  it('verifies a token for the same visitor and ip until it expires', async () => {
    const issued = await issueQuoteToken(secret, binding, now);
    expect(issued.expiresAt).toBe(new Date(now.getTime() + QUOTE_TOKEN_TTL_MS).toISOString());
    expect(await verifyQuoteToken(secret, issued.token, binding, new Date(now.getTime() + 59_999))).toMatchObject({
      valid: true,
    });
    expect(await verifyQuoteToken(secret, issued.token, binding, new Date(now.getTime() + 60_000))).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('rejects another visitor, another ip, another secret and a tampered payload', async () => {
    const { token } = await issueQuoteToken(secret, binding, now);
    expect(await verifyQuoteToken(secret, token, { ...binding, visitorId: 'someone-else' }, now)).toEqual({
      valid: false,
      reason: 'visitor',
    });
    expect(await verifyQuoteToken(secret, token, { ...binding, ip: '198.51.100.1' }, now)).toEqual({
      valid: false,
      reason: 'ip',
    });
    expect(await verifyQuoteToken('other-secret', token, binding, now)).toEqual({ valid: false, reason: 'signature' });
    const [v, body, sig] = token.split('.');
    const forged = `${v}.${body?.slice(0, -2)}AA.${sig}`;
    expect((await verifyQuoteToken(secret, forged, binding, now)).valid).toBe(false);
    expect(await verifyQuoteToken(secret, 'garbage', binding, now)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('carries no raw ip', async () => {
    const { token } = await issueQuoteToken(secret, binding, now);
    const body = token.split('.')[1] ?? '';
    expect(atob(body.replace(/-/g, '+').replace(/_/g, '/'))).not.toContain('203.0.113.7');
  });
});

describe('quote token renewal (spec section 4)', () => {
  const t = now.getTime();

  it('renews when absent or within 20 s of expiry, not before', () => {
    expect(needsRenewal({ token: null, expiresAt: 0 }, t)).toBe(true);
    expect(needsRenewal({ token: 'x', expiresAt: t + 20_001 }, t)).toBe(false);
    expect(needsRenewal({ token: 'x', expiresAt: t + 20_000 }, t)).toBe(true);
  });

  it('pulls expiry to 10 s from now on a watched field change, so the next 4 s poll renews', () => {
    const state = { token: 'x', expiresAt: t + 55_000 };
    const edited = afterWatchedFieldChange(state, 'driver1Email', t);
    expect(edited.expiresAt).toBe(t + 10_000);
    expect(needsRenewal(edited, t + QUOTE_TOKEN_POLL_MS)).toBe(true);
    expect(afterWatchedFieldChange(state, 'vehicle1Make', t)).toBe(state);
  });
});
