import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CURRENT_CONSENT_VERSIONS } from '../../src/shared/consent';

import { visitor, type Visitor } from '../support/funnel';

/** The version the Medicare contact step shows now: an older one past its grace window is asked again. */
const CURRENT_CONSENT_VERSION = CURRENT_CONSENT_VERSIONS.medicare;

/**
 * The quote token on the lead (spec 7.7, docs/decisions/0023-quote-token-on-the-lead.md): the
 * final submit's token is verified against the visitor and ip and the result stored on the
 * lead; a bad or missing token never blocks it.
 */
const tokenReply = z.object({ token: z.string(), expiresAt: z.string(), expiresInMs: z.number() });

/** A token for this visitor, asked for as the page does (from the visitor's own ip unless another is given). */
async function tokenFor(v: Visitor, ip = v.ip): Promise<z.infer<typeof tokenReply>> {
  const response = await v.fetch('/api/quote-token', {
    method: 'POST',
    headers: { 'cf-connecting-ip': ip, origin: v.origin, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return tokenReply.parse(await response.json());
}

async function finishMedicare(v: Visitor, quoteToken?: string): Promise<void> {
  const step = (name: string, values: Record<string, string>, extra: Record<string, unknown> = {}) =>
    v.api({
      submissionId: crypto.randomUUID(),
      page: '/get-yours-otc',
      step: name,
      values,
      pageUrl: `${v.origin}/get-yours-otc/${name}`,
      ...(quoteToken ? { quoteToken } : {}),
      ...extra,
    });
  expect((await step('zip', { zipcode: '33101' })).status).toBe(200);
  expect((await step('name', { firstName: 'Ada' })).status).toBe(200);
  const final = await step('contact', { phone: '(305) 555-0182' }, { consentVersion: CURRENT_CONSENT_VERSION });
  expect(await final.json()).toMatchObject({ completed: true, blocked: false });
}

const leadRow = z.object({ quote_token_valid: z.number().nullable(), quote_token_check: z.string().nullable() });

async function tokenCheckOf(visitorId: string): Promise<z.infer<typeof leadRow>[]> {
  const rows = await env.DB.prepare('SELECT quote_token_valid, quote_token_check FROM leads WHERE visitor_id = ?')
    .bind(visitorId)
    .all();
  return z.array(leadRow).parse(rows.results);
}

describe('quote token on the lead', () => {
  it('stores 1 for a token issued to this visitor on this ip, and the reply says how long it lives', async () => {
    const v = visitor('bh');
    const { token, expiresInMs } = await tokenFor(v);
    expect(expiresInMs).toBeGreaterThan(55_000);
    expect(expiresInMs).toBeLessThanOrEqual(60_000);
    await finishMedicare(v, token);
    expect(await tokenCheckOf(v.id)).toEqual([{ quote_token_valid: 1, quote_token_check: 'valid' }]);
  });

  it('stores 0 for a forged token and still writes the lead', async () => {
    const v = visitor('bh');
    const { token } = await tokenFor(v);
    const [version, payload, signature] = token.split('.');
    // The same payload with a signature that is not the Worker's.
    const forged = `${version}.${payload}.${(signature ?? '').split('').reverse().join('')}`;
    expect(forged).not.toBe(token);
    await finishMedicare(v, forged);
    expect(await tokenCheckOf(v.id)).toEqual([{ quote_token_valid: 0, quote_token_check: 'signature' }]);
  });

  it("stores 0 for another visitor's token, another ip's token, and no token", async () => {
    const thief = visitor('bh');
    await finishMedicare(thief, (await tokenFor(visitor('bh', { ip: thief.ip }))).token);
    expect(await tokenCheckOf(thief.id)).toEqual([{ quote_token_valid: 0, quote_token_check: 'visitor' }]);

    const moved = visitor('bh');
    await finishMedicare(moved, (await tokenFor(moved, '192.0.2.77')).token);
    expect(await tokenCheckOf(moved.id)).toEqual([{ quote_token_valid: 0, quote_token_check: 'ip' }]);

    const none = visitor('bh');
    await finishMedicare(none);
    expect(await tokenCheckOf(none.id)).toEqual([{ quote_token_valid: 0, quote_token_check: 'absent' }]);
  });

  it('answers 400 to a token that is not a string', async () => {
    const v = visitor('bh');
    const response = await v.api({
      submissionId: crypto.randomUUID(),
      page: '/get-yours-otc',
      step: 'zip',
      values: { zipcode: '33101' },
      quoteToken: 42,
    });
    expect(response.status).toBe(400);
  });
});
