import { describe, expect, it } from 'vitest';
import { issueQuoteToken, QUOTE_TOKEN_TTL_MS } from '../../partners/quote-token/token';
import { checkLeadQuoteToken, LEAD_QUOTE_TOKEN_GRACE_MS } from './lead-quote-token';

const secret = 'lead-check-secret';
const binding = { visitorId: '0b7c2d1e-4f5a-4b6c-8d9e-0f1a2b3c4d5e', ip: '203.0.113.44' };
const issuedAt = new Date('2025-06-10T18:00:00Z');
const after = (ms: number) => new Date(issuedAt.getTime() + ms);

describe('the quote token check of a lead', () => {
  it('holds for the visitor and ip until the grace period after expiry has passed', async () => {
    const { token } = await issueQuoteToken(secret, binding, issuedAt);
    const lastValid = QUOTE_TOKEN_TTL_MS + LEAD_QUOTE_TOKEN_GRACE_MS - 1;
    expect(await checkLeadQuoteToken(secret, token, binding, after(lastValid))).toEqual({
      valid: true,
      check: 'valid',
    });
    expect(await checkLeadQuoteToken(secret, token, binding, after(lastValid + 1))).toEqual({
      valid: false,
      check: 'expired',
    });
  });

  it('records why a token does not hold, and never throws', async () => {
    const { token } = await issueQuoteToken(secret, binding, issuedAt);
    expect(await checkLeadQuoteToken(secret, null, binding, issuedAt)).toEqual({ valid: false, check: 'absent' });
    expect(await checkLeadQuoteToken(secret, token, { ...binding, ip: '198.51.100.7' }, issuedAt)).toEqual({
      valid: false,
      check: 'ip',
    });
    expect(await checkLeadQuoteToken(secret, token, { ...binding, visitorId: 'another' }, issuedAt)).toEqual({
      valid: false,
      check: 'visitor',
    });
    expect(await checkLeadQuoteToken('not-the-secret', token, binding, issuedAt)).toEqual({
      valid: false,
      check: 'signature',
    });
    expect(await checkLeadQuoteToken(secret, 'v1.forged', binding, issuedAt)).toEqual({
      valid: false,
      check: 'malformed',
    });
    expect(await checkLeadQuoteToken('', token, binding, issuedAt)).toEqual({ valid: false, check: 'unverified' });
  });
});
