import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { decode, PERSON_USER_AGENT, submitStep, visitor } from '../support/funnel';
import { loopbackIp, sandboxScope } from '../support/sandbox';
import { pollUntil } from '../support/poll';

/**
 * The Worker's side of the spec's calls as a visit makes them: the demand check's
 * answer (parsed and raw) and its place, ip quality once per session, the location stored by
 * GET /api/location and by a later step's render and used by the page and partner calls, and
 * the clicks pages' offers rendered on the server. Each test has its own sandbox scope.
 */
function scoped(brand = 'bh') {
  // Loopback ips: the sandbox's geo places them in Miami (33101).
  const sb = sandboxScope(loopbackIp());
  return { sb, v: visitor(brand, { ip: sb.ip }) };
}

function postJson(v: ReturnType<typeof visitor>, path: string, body: unknown) {
  return v.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The page-context JSON the page embeds for its scripts. */
function pageContext(html: string): {
  hooks?: { onEnter: string | null };
  place?: { zip: string | null; located: string | null };
} {
  const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
  return JSON.parse(json) as ReturnType<typeof pageContext>;
}

async function lowBidRows(anonymousId: string): Promise<{ properties: string }[]> {
  const rows = await env.DB.prepare("SELECT properties FROM events WHERE event = 'lowBidResult' AND anonymous_id = ?")
    .bind(anonymousId)
    .all<{ properties: string }>();
  return rows.results;
}

describe('demand check on page entry (spec 4, 7.1)', () => {
  it('tells the page to run the demand check on a demandCheck page, and not elsewhere', async () => {
    const { v } = scoped();
    expect(pageContext(await (await v.get('/get-yours-otc')).text()).hooks).toEqual({ onEnter: 'demandCheck' });
    expect(pageContext(await (await v.get('/ads')).text()).hooks).toEqual({ onEnter: null });
  });

  it('answers parsed.ctc.ev with the raw reply, again from the visitor cache without a second partner call', async () => {
    const { sb, v } = scoped();
    await sb.set('mediaalpha', 'low-bid');
    const first = await (
      await postJson(v, '/api/mediaalpha/demand-check', { page: 'get-yours-otc', product: 'medicare', localHour: 10 })
    ).json<{
      parsed: { ctc: { ev: number } };
      raw: { ctc: { ev: number }; request_id: string };
      lowBid: boolean;
      cached: boolean;
    }>();
    expect(first.lowBid).toBe(true);
    expect(first.raw.ctc.ev).toBe(first.parsed.ctc.ev);
    expect(first.raw.request_id).toEqual(expect.any(String));
    const again = await (
      await postJson(v, '/api/mediaalpha/demand-check', { page: 'get-yours-otc', product: 'medicare', localHour: 10 })
    ).json<typeof first>();
    expect(again).toMatchObject({ cached: true, raw: first.raw, parsed: first.parsed });
    const calls = await sb.calls('mediaalpha', '/demand-check');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      data: { zip: '33101', state: 'FL' },
      ip: sb.ip,
      max: 1,
      call_type: 'Inbound',
      transfer_type: 'cold',
      version: 17,
      sub_1: expect.any(String),
      source: expect.any(Array),
    });
    // One lowBidResult: the cached answer reports nothing again.
    await expect.poll(async () => (await lowBidRows(v.id)).length, { timeout: 10_000, interval: 200 }).toBe(1);
  });

  it("asks about the visitor's stored location rather than the ip's place", async () => {
    const { sb, v } = scoped();
    expect((await v.fetch('/api/location?zip_code=60601')).status).toBe(200);
    await postJson(v, '/api/mediaalpha/demand-check', { page: 'get-yours-otc' });
    const [call] = await sb.calls('mediaalpha', '/demand-check');
    expect(call?.body).toMatchObject({ data: { zip: '60601', state: 'IL' } });
  });
});

describe('ip quality once per session (spec 7.6)', () => {
  it('checks the request ip for the session, stores it, and answers the same session from the visitor', async () => {
    const { sb, v } = scoped();
    await v.get('/get-yours-otc');
    const first = await postJson(v, '/api/ipqs/check-ip', { userId: v.id, sessionId: v.sessionId });
    expect(first.status).toBe(200);
    const reply = await first.json<{ result: { fraudScore: number | null; checkedAt: string }; cached: boolean }>();
    expect(reply.cached).toBe(false);
    const again = await (
      await postJson(v, '/api/ipqs/check-ip', { userId: v.id, sessionId: v.sessionId })
    ).json<typeof reply>();
    expect(again).toEqual({ result: reply.result, cached: true });
    const calls = await sb.calls('ipqs');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ ip: sb.ip, user_agent: PERSON_USER_AGENT });
  });

  it('answers 502 JSON (reported, no partner detail) when IPQS fails', async () => {
    const { sb, v } = scoped();
    await sb.set('ipqs', 'error');
    const response = await postJson(v, '/api/ipqs/check-ip', { userId: v.id });
    expect(response.status).toBe(502);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('partner_unavailable');
  });
});

describe('location of the resolved zip (spec 5, 7.5)', () => {
  it('shows the stored location on the next step and uses it for the lease', async () => {
    const { sb, v } = scoped();
    // The browser's lookup after the zip was typed: stored as the visitor's location.
    const looked = await v.fetch('/api/location?zip_code=60601');
    expect(await looked.json()).toMatchObject({ location: { city: 'Chicago', stateCode: 'IL' } });
    const next = await submitStep(v, '/get-yours-otc', { zipcode: '60601' });
    expect(next).toMatch(/^\/get-yours-otc\/medicare/);
    const html = decode(await (await v.get(next)).text());
    expect(html).toContain('Plans in Chicago, IL');
    expect(pageContext(html).place).toEqual({ zip: '60601', located: '60601' });
    // A partner call without a zip in its body: the stored location's zip, not the ip's (Miami).
    await postJson(v, '/api/mediaalpha/get-phone', { page: 'get-yours-otc' });
    // On a loaded run the reply can be the deadline's fallback while the call is still on its way.
    const [lease] = await pollUntil(
      () => sb.calls('mediaalpha', '/get-phone'),
      (calls) => calls.length > 0,
      15_000,
    );
    expect(lease?.body).toMatchObject({ data: expect.objectContaining({ zip: '60601' }) });
  });

  it('looks the zip up during the render of a later step when the form was posted without JavaScript', async () => {
    const { v } = scoped();
    const next = await submitStep(v, '/get-yours-otc', { zipcode: '85001' });
    const html = decode(await (await v.get(next)).text());
    expect(html).toContain('Plans in Phoenix, AZ');
    // Stored for what follows: a partner call asks about Phoenix.
    await expect
      .poll(async () => pageContext(await (await v.get(next)).text()).place?.located, { timeout: 5000, interval: 100 })
      .toBe('85001');
  });

  it('takes the zip_code address parameter when the form has none, and never shows a place on the zip step', async () => {
    const { v } = scoped();
    const html = decode(await (await v.get('/get-yours-otc?zip_code=33101')).text());
    expect(pageContext(html).place?.zip).toBe('33101');
    expect(html).not.toContain('Plans in');
  });
});

describe('clicks pages render their offers on the server', () => {
  it('lists the offers in the HTML, without the malformed one and without a loading state', async () => {
    const { sb, v } = scoped();
    const html = decode(await (await v.get('/ads')).text());
    expect(html).not.toContain('Loading offers');
    const refs = [...html.matchAll(/data-ad-ref="([^"]+)"/g)].map((m) => m[1]);
    // Four good offers (the call offer only in working hours); the javascript: one is dropped.
    expect(refs.length).toBeGreaterThanOrEqual(3);
    expect(refs).not.toContain('sbx-bad');
    expect(html).not.toContain('javascript:');
    // The partner's click URL, with the visit's ref for its click payout (src/worker/revenue/click-ref.ts).
    expect(html).toMatch(new RegExp(`href="${sb.origin}/mediaalpha/click\\?ref=sbx-1&qf_ref=r[0-9a-f]{31}"`));
    expect(await sb.calls('mediaalpha', '/ads')).toHaveLength(1);
  });

  it('shows "no offers right now" when the partner has none', async () => {
    const { sb, v } = scoped();
    await sb.set('mediaalpha', 'no-ads');
    const html = decode(await (await v.get('/ads')).text());
    expect(html).toContain('No offers are available right now');
    expect(html).not.toContain('Loading offers');
    expect(html).toContain('"retry":false');
  });

  it('gives up on a slow partner within the budget: the empty state, and the browser asks again', async () => {
    const { sb, v } = scoped();
    // The test budget is 3 s (vitest.config.ts); the partner hangs for 10 s.
    await sb.set('mediaalpha', 'slow', 10_000);
    const started = Date.now();
    const response = await v.get('/ads');
    const html = decode(await response.text());
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(html).toContain('No offers are available right now');
    expect(html).toContain('"retry":true');
  });
});
