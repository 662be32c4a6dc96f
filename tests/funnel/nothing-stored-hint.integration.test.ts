import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NOTHING_STORED_COOKIE } from '../../src/worker/middleware/visitor';
import { VISITOR_COOKIE } from '../../src/worker/visitor/visitor-key';
import { freshIp } from '../support/sandbox';
import { decode, hiddenFieldsOf, submissionIdOf } from '../support/funnel';
import { pastPhoneDeadline } from '../support/poll';

/**
 * A first visit gets the nothing-stored hint with its new visitor key, and while the
 * browser sends it pages skip the visitor's Durable Object. No stored answer may ever be hidden
 * by it, even when an answer to the browser is lost on the way: these tests drop responses on
 * purpose (their Set-Cookie never reaches the cookie jar) and look at the next page.
 */
const origin = 'http://bh.localhost';
const PAGE = '/otc-allowance';

/** A browser arriving with no cookie: a cookie jar that applies what it is given, and can lose a response. */
function browser() {
  const jar = new Map<string, string>();
  const ip = freshIp();
  const apply = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      if (/;\s*max-age=0(;|$)/i.test(header)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  };
  /** One request as this browser; `lose` drops the answer before the jar sees it (a lost response). */
  const request = async (path: string, init: RequestInit = {}, lose = false) => {
    const headers = {
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      origin,
      'cf-connecting-ip': ip,
      'user-agent': 'hint-test/1.0',
      ...Object.fromEntries(new Headers(init.headers)),
    };
    const response = await SELF.fetch(`${origin}${path}`, { redirect: 'manual', ...init, headers });
    return lose ? response : apply(response);
  };
  const submit = (body: unknown, lose = false) =>
    request(
      '/api/form/submit',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      lose,
    );
  /** The visitor key the Worker minted (the Durable Object's name), from the signed cookie. */
  const key = () => {
    const raw = decodeURIComponent(jar.get(VISITOR_COOKIE) ?? '');
    return raw.slice(0, raw.lastIndexOf('.'));
  };
  return { jar, request, submit, key };
}

const zipStep = (zipcode = '33101') => ({
  submissionId: crypto.randomUUID(),
  page: PAGE,
  step: 'zip',
  values: { zipcode },
});

async function storedValues(key: string) {
  const stub = env.VISITOR.get(env.VISITOR.idFromName(key));
  return (await stub.getFunnelState(null, null)).values;
}

describe('the nothing-stored hint', () => {
  it('comes with the minted visitor key of a first page view and is bound to that visitor', async () => {
    const b = browser();
    const first = await b.request(PAGE);
    expect(first.status).toBe(200);
    const hint = b.jar.get(NOTHING_STORED_COOKIE);
    expect(hint).toMatch(/^[0-9a-f-]{36}$/);
    // Its value is the public anonymous id the page carries, never the key.
    expect(await first.text()).toContain(`"visitorId":"${hint}"`);
    expect(hint).not.toBe(b.key());
    // A returning page view keeps it (nothing was stored), and is not sent a new one.
    const again = await b.request(PAGE);
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie().some((h) => h.startsWith(`${NOTHING_STORED_COOKIE}=`))).toBe(false);
    expect(b.jar.get(NOTHING_STORED_COOKIE)).toBe(hint);
  });

  it('a step submit that carries it stores nothing and clears it first: losing that answer loses nothing', async () => {
    const b = browser();
    await b.request(PAGE);
    const step = zipStep();
    const cleared = await b.submit(step, true);
    expect(cleared.status).toBe(307);
    expect(cleared.headers.get('location')).toBe('/api/form/submit');
    expect(cleared.headers.getSetCookie()).toEqual([
      expect.stringMatching(new RegExp(`^${NOTHING_STORED_COOKIE}=;.*Max-Age=0`)),
    ]);
    expect(await storedValues(b.key())).toEqual({});
    // The lost 307 left the hint in the jar: the page is right to show nothing.
    expect(decode(await (await b.request(PAGE)).text())).not.toContain('value="33101"');
  });

  it('the answer to the stored step is lost on the way: the next page still shows the stored answer', async () => {
    const b = browser();
    await b.request(PAGE);
    expect(b.jar.has(NOTHING_STORED_COOKIE)).toBe(true);
    const step = zipStep();
    // The browser follows the 307 as fetch does: cookies updated, the same post again.
    expect((await b.submit(step)).status).toBe(307);
    expect(b.jar.has(NOTHING_STORED_COOKIE)).toBe(false);
    const stored = await b.submit(step, true);
    expect(stored.status).toBe(200);
    expect(await storedValues(b.key())).toMatchObject({ zipcode: '33101' });
    // The answer (and any cookie it set) never reached the browser; the stored answer shows all the same.
    const next = await b.request(PAGE);
    expect(next.status).toBe(200);
    expect(decode(await next.text())).toContain('value="33101"');
  });

  it('a form post without JavaScript clears it the same way; its lost answer hides nothing', async () => {
    const b = browser();
    const page = await b.request(`${PAGE}/zip`);
    const html = await page.text();
    const fields = new URLSearchParams({
      ...hiddenFieldsOf(html),
      submissionId: submissionIdOf(html),
      zipcode: '30301',
    });
    const post = (lose: boolean) =>
      b.request(
        `${PAGE}/zip`,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() },
        lose,
      );
    const cleared = await post(false);
    expect(cleared.status).toBe(307);
    expect(cleared.headers.get('location')).toBe(`${PAGE}/zip`);
    const stored = await post(true);
    expect(stored.status).toBe(303);
    expect(decode(await (await b.request(`${PAGE}/zip`)).text())).toContain('value="30301"');
  });

  it('answers in the address are stored only after the hint is gone', async () => {
    const b = browser();
    await b.request(PAGE);
    const path = `${PAGE}?zip_code=10001&first_name=Ada`;
    const cleared = await b.request(path);
    expect(cleared.status).toBe(307);
    expect(cleared.headers.get('location')).toBe(path);
    expect(await storedValues(b.key())).toEqual({});
    const prefilled = await b.request(path, {}, true);
    expect(prefilled.status).toBe(200);
    expect(Object.keys(await storedValues(b.key())).length).toBeGreaterThan(0);
    const stored = await storedValues(b.key());
    const later = decode(await (await b.request(`${PAGE}/zip`)).text());
    for (const value of Object.values(stored)) if (typeof value === 'string') expect(later).toContain(value);
  });

  it('a phone lease is taken only after the hint is gone; the next page shows the leased number', async () => {
    const b = browser();
    await b.request(PAGE);
    const ask = (lose: boolean) =>
      b.request(
        '/api/mediaalpha/get-phone',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ page: 'otc-allowance', localHour: 12 }),
        },
        lose,
      );
    expect((await ask(false)).status).toBe(307);
    // On a loaded run the get-phone deadline can answer first: ask again until the partner's lease is there.
    const { lease, source } = await pastPhoneDeadline(async () => {
      const leased = await ask(true);
      expect(leased.status).toBe(200);
      return leased.json<{ lease: { value: string } | null; source: string }>();
    });
    expect(['partner', 'stored']).toContain(source);
    expect(lease?.value).toMatch(/^\d{11,15}$/);
    // The page's phone shows the leased digits and says it is leased.
    const next = await (await b.request(PAGE)).text();
    expect(next).toMatch(/"phone":\{"phone":\{"digits":"\d+"[^}]*"leased":true/);
    expect(next).toContain(`"digits":"${lease?.value}"`);
  });

  it("a hint that is not this visitor's counts for nothing: the stored answer shows", async () => {
    const b = browser();
    await b.request(PAGE);
    const hint = b.jar.get(NOTHING_STORED_COOKIE) ?? '';
    await b.submit(zipStep());
    expect((await b.submit(zipStep())).status).toBe(200);
    // Another visitor's hint (or a made-up one) in this browser's jar.
    const other = browser();
    await other.request(PAGE);
    b.jar.set(NOTHING_STORED_COOKIE, other.jar.get(NOTHING_STORED_COOKIE) ?? '');
    expect(b.jar.get(NOTHING_STORED_COOKIE)).not.toBe(hint);
    expect(decode(await (await b.request(PAGE)).text())).toContain('value="33101"');
  });

  it('events keep the hint: a page view does not cost the visitor their fast path', async () => {
    const b = browser();
    const html = await (await b.request(PAGE)).text();
    const response = await b.request('/api/event/client-error', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'event', message: 'test' }),
    });
    expect(response.status).not.toBe(307);
    expect(b.jar.has(NOTHING_STORED_COOKIE)).toBe(true);
    expect(html).toContain('"visitorId"');
  });
});
