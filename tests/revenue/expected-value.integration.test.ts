import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitRef } from '../../src/worker/revenue';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { loopbackIp } from '../support/sandbox';
import { postback, rollupOfVisit } from './support';

/**
 * Expected value until paid: the demand check's ev becomes the visit's expected value, the
 * visit's revenue is that until a payout arrives, then the payout replaces it (expected kept beside
 * it). A listing's click URLs carry the visit's ref, and its best priced offer prices the visit.
 */
function api(v: ReturnType<typeof visitor>, path: string, body: unknown) {
  return v.fetch(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('expected value per visit', () => {
  it('prices a visit by its demand check, then replaces it by the payout', async () => {
    const v = visitor('bh', { ip: loopbackIp(), urlParams: { utm_source: `ev${crypto.randomUUID().slice(0, 6)}` } });
    expect((await v.get('/get-yours-otc')).status).toBe(200);
    const check = await api(v, '/mediaalpha/demand-check', { page: 'get-yours-otc' });
    const ev = (await check.json<{ parsed: { ctc: { ev: number } } }>()).parsed.ctc.ev;
    expect(ev).toBeGreaterThan(0);
    const priced = await pollUntil(
      () => rollupOfVisit(v.sessionId),
      (r) => r !== null,
      10_000,
    );
    expect(priced).toMatchObject({
      expected_cents: Math.round(ev * 100),
      realized_cents: 0,
      blended_cents: Math.round(ev * 100),
    });

    const phone = await api(v, '/mediaalpha/get-phone', { page: 'get-yours-otc' });
    const number = (await phone.json<{ lease: { value: string } | null }>()).lease?.value ?? '';
    await pollUntil(
      () =>
        env.LEASES_DB.prepare('SELECT 1 AS ok FROM phone_leases WHERE number = ? AND session_id = ?')
          .bind(number, v.sessionId)
          .first(),
      (row) => row !== null,
      10_000,
    );
    await postback('mediaalpha', {
      conversion_id: `conv-${crypto.randomUUID()}`,
      type: 'call',
      payout: 0.5,
      at: new Date().toISOString(),
      phone: `+${number}`,
    });
    // Realized replaces expected in the visit's revenue, even when it is lower; expected stays beside it.
    expect(await rollupOfVisit(v.sessionId)).toMatchObject({
      expected_cents: Math.round(ev * 100),
      realized_cents: 50,
      blended_cents: 50,
    });
  });

  it('puts the visit ref on every click URL of a listing and prices the visit by the best offer', async () => {
    const v = visitor('bh', { ip: loopbackIp() });
    const response = await api(v, '/mediaalpha/ads', { page: 'clicks' });
    const { ads } = await response.json<{ ads: { click_url: string; price?: number }[] }>();
    expect(ads.length).toBeGreaterThan(0);
    const ref = await visitRef(env, v.sessionId);
    for (const ad of ads) expect(new URL(ad.click_url).searchParams.get('qf_ref')).toBe(ref);
    const best = Math.max(0, ...ads.map((ad) => ad.price ?? 0));
    const row = await pollUntil(
      () =>
        env.REVENUE_DB.prepare('SELECT ref, expected_cents FROM visit_values WHERE session_id = ?')
          .bind(v.sessionId)
          .first(),
      (r) => r !== null,
      10_000,
    );
    expect(row).toEqual({ ref, expected_cents: Math.round(best * 100) });
  });
});
