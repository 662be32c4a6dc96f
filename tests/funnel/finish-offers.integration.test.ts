import { describe, expect, it } from 'vitest';
import { decode, submitStep, visitor } from '../support/funnel';
import { finishAuto } from '../support/auto-funnel';
import { sandboxScope, type SandboxScope } from '../support/sandbox';
import { pollUntil } from '../support/poll';

/**
 * Item 3 through the Worker: a finished auto visitor, without JavaScript, sees the
 * offers for their lead in the confirmation (the spec's ads call with the mapped lead, auto
 * offers only, disclosure first, each with the partner's click URL), made once per lead: a
 * reload or the island's request reuse it. No offers: the copy says what happens next.
 */
const adsCalls = (sb: SandboxScope) => sb.calls('mediaalpha', '/ads');
const refsOf = (html: string) => [...html.matchAll(/data-ad-ref="([^"]+)"/g)].map((m) => m[1]);

describe('the auto finish shows offers, without JavaScript', () => {
  it('lists the offers for the lead (auto only, disclosure first, partner click URLs), one partner call per lead', async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip });
    const done = await finishAuto(v);
    const html = decode(await (await v.get(done)).text());
    expect(html).toContain('data-confirmation');
    expect(html).toContain('Insurers offering quotes in your ZIP code');
    const refs = refsOf(html);
    expect(refs.length).toBeGreaterThanOrEqual(2);
    expect(refs.every((ref) => ref?.startsWith('sbx-auto-'))).toBe(true);
    // The sandbox's third offer is a call offer (a second number beside the page's one), its fourth a Medicare one: both left out.
    expect(refs).not.toContain('sbx-auto-3');
    expect(refs).not.toContain('sbx-auto-4');
    expect(new Set([...html.matchAll(/href="tel:\+(\d+)"/g)].map((m) => m[1])).size).toBe(1);
    expect(html).not.toContain('Medicare Advantage');
    // With the visit's ref, which the partner's click payout names (src/worker/revenue/click-ref.ts).
    expect(html).toMatch(
      new RegExp(`href="${sb.origin}/mediaalpha/click\\?ref=sbx-auto-1&(amp;)?qf_ref=r[0-9a-f]{31}"`),
    );
    const disclosure = html.indexOf('class="ad-listing__disclosure"');
    expect(disclosure).toBeGreaterThan(0);
    expect(disclosure).toBeLessThan(html.indexOf('data-ad-ref='));
    // The call button is there too.
    expect(html).toMatch(/class="cta-phone"[^>]*href="tel:\+1\d{10}"|href="tel:\+1\d{10}"[^>]*data-track="ctc"/);

    // The spec's ads call with the mapped lead: zip, drivers and vehicles of this visitor.
    const calls = await adsCalls(sb);
    expect(calls).toHaveLength(1);
    const body = calls[0]?.body as { data: Record<string, unknown>; placement_id: string };
    expect(body.data).toMatchObject({
      zip: '60601',
      vehicles: [{ year: '2019', make: 'Toyota', model: 'Camry' }],
      drivers: [expect.objectContaining({ gender: 'F', marital_status: 'widowed' })],
    });

    // A reload and the island's own request reuse the answer: no second partner call.
    const again = decode(await (await v.get(done)).text());
    expect(refsOf(again)).toEqual(refs);
    const api = await v.fetch('/api/mediaalpha/finish-offers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'save-auto', localHour: 10 }),
    });
    expect(api.status).toBe(200);
    const reply = await api.json<{ ads: { ref: string; click_url: string }[] }>();
    expect(reply.ads.map((ad) => ad.ref)).toEqual(expect.arrayContaining(refs.filter((ref) => ref !== undefined)));
    expect(await adsCalls(sb)).toHaveLength(1);
  });

  it('a reload racing the first render and the island asking meanwhile share its one partner call', async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip });
    const done = await finishAuto(v);
    // The partner answers slowly, so all three requests arrive before its answer.
    await sb.set('mediaalpha', 'slow', 500);
    const island = () =>
      v.fetch('/api/mediaalpha/finish-offers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: 'save-auto', localHour: 10 }),
      });
    const [first, reload, api] = await Promise.all([v.get(done), v.get(done), island()]);
    type Reply = { ads: { ref: string }[]; retry: boolean };
    let reply = await api.json<Reply>();
    // On a loaded run a request can pass its wait for the shared call: it answers `retry` (the
    // island asks again) or a page without offers; either way the one call's offers follow.
    if (reply.retry)
      reply = await pollUntil(
        async () => (await island()).json<Reply>(),
        (r) => !r.retry,
        10_000,
      );
    const offered = reply.ads.map((ad) => ad.ref).sort();
    expect(offered.length).toBeGreaterThanOrEqual(2);
    const pages = await Promise.all([first, reload].map(async (r) => refsOf(decode(await r.text()))));
    for (const refs of pages) if (refs.length > 0) expect([...refs].sort()).toEqual(offered);
    expect([...refsOf(decode(await (await v.get(done)).text()))].sort()).toEqual(offered);
    expect(await adsCalls(sb)).toHaveLength(1);
  });

  it('says what happens next, and promises no quotes, when no insurer has an offer', async () => {
    const sb = sandboxScope();
    await sb.set('mediaalpha', 'no-ads');
    const v = visitor('ps', { ip: sb.ip });
    const html = decode(await (await v.get(await finishAuto(v))).text());
    expect(html).toContain('data-confirmation');
    expect(html).toContain('No insurer has an online offer for your answers right now');
    expect(html).not.toContain('data-ad-ref=');
    expect(html).not.toMatch(/with quotes|send your quotes/);
    expect(await adsCalls(sb)).toHaveLength(1);
  });

  it('makes no partner call for a visitor who has not finished, nor on a Medicare finish', async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip });
    await submitStep(v, '/save-auto/zip', { zipcode: '60601' });
    const res = await v.fetch('/api/mediaalpha/finish-offers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'save-auto' }),
    });
    expect(await res.json()).toMatchObject({ ads: [], requestId: null });
    const bad = await v.fetch('/api/mediaalpha/finish-offers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'Not A Page' }),
    });
    expect(bad.status).toBe(400);
    expect(await adsCalls(sb)).toHaveLength(0);
  });
});
