import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { leadsOf, visitor, type Visitor } from '../support/funnel';
import { sandboxScope } from '../support/sandbox';
import { answerMedicareSteps, finalStepKit, jsonStep, FIRST_SELLER } from './support';

/**
 * Another site cannot make a visitor's browser create a lead. The visitor's
 * last step, replayed with the visitor's cookies from another origin (JSON, text/plain or a
 * plain HTML form), creates no lead and leaves the cookies alone; the same request from the
 * brand's own origin does create it.
 */
const EVIL = 'https://evil.example';

function withoutOrigin(v: Visitor): Record<string, string> {
  const { origin: _origin, ...rest } = v.headers;
  return rest;
}

function expectNoCookieChange(response: Response): void {
  expect(response.headers.getSetCookie()).toEqual([]);
}

describe('cross-site replay of the final step', () => {
  it('refuses JSON, text/plain and an HTML form from another origin, then accepts the same step from the brand', async () => {
    const v = visitor('bh');
    await answerMedicareSteps(v);
    const kit = await finalStepKit(v);
    const final = jsonStep('contact', { phone: '(305) 555-0182', ...FIRST_SELLER }, kit);

    const json = await v.fetch('/api/form/submit', {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/json' },
      body: JSON.stringify(final),
    });
    expect(json.status).toBe(403);
    expect(await json.json()).toMatchObject({ error: { code: 'cross_origin' } });
    expectNoCookieChange(json);

    const plain = await v.fetch('/api/form/submit', {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'text/plain' },
      body: JSON.stringify(final),
    });
    expect(plain.status).toBe(403);
    expectNoCookieChange(plain);

    const form = new URLSearchParams({
      submissionId: crypto.randomUUID(),
      phone: '(305) 555-0182',
      consentVersion: kit.consentVersion,
      quoteToken: kit.quoteToken,
    });
    const html = await v.fetch('/get-yours-otc/contact', {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(html.status).toBe(403);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expectNoCookieChange(html);

    // Browsers that send no Origin still say where the request came from.
    const fetchSite = await SELF.fetch(`${v.origin}/get-yours-otc/contact`, {
      method: 'POST',
      headers: {
        ...withoutOrigin(v),
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(fetchSite.status).toBe(403);
    const neither = await SELF.fetch(`${v.origin}/api/form/submit`, {
      method: 'POST',
      headers: { ...withoutOrigin(v), 'content-type': 'application/json' },
      body: JSON.stringify(final),
    });
    expect(neither.status).toBe(403);
    expect(await leadsOf(v.id)).toEqual([]);

    // The same step from the brand's own page: the lead, complete.
    const own = await v.api(final);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ completed: true });
    const leads = await leadsOf(v.id);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ status: 'complete' });
  });

  it('accepts a same-origin form post that names itself only by Sec-Fetch-Site', async () => {
    const v = visitor('bh');
    const response = await SELF.fetch(`${v.origin}/get-yours-otc/zip`, {
      method: 'POST',
      headers: {
        ...withoutOrigin(v),
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ submissionId: crypto.randomUUID(), zipcode: '33101' }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
  });

  it('answers 415 to text/plain on the JSON APIs, and the partner is never called', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const phone = await v.fetch('/api/mediaalpha/get-phone', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ page: 'get-yours-otc' }),
    });
    expect(phone.status).toBe(415);
    expect(await phone.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    const submit = await v.fetch('/api/form/submit', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(jsonStep('zip', { zipcode: '33101' })),
    });
    expect(submit.status).toBe(415);
    // A JSON get-phone from the same visitor does reach the partner (the control).
    const ok = await v.fetch('/api/mediaalpha/get-phone', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 'get-yours-otc' }),
    });
    expect(ok.status).toBe(200);
    await expect
      .poll(async () => (await sb.calls('mediaalpha', '/get-phone')).length, { timeout: 10_000, interval: 100 })
      .toBe(1);
  });
});
