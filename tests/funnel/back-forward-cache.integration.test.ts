import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { finishMedicare } from '../support/consent';
import { visitor, type Visitor } from '../support/funnel';
import { freshIp, sandboxScope } from '../support/sandbox';

/**
 * Item 8 through the Worker: a page with nothing of the visitor's in it may stay in
 * the browser's back/forward cache (`private, no-cache`), and every page that shows one of the
 * visitor's values (an answer, the leased number, the confirmation) is `private, no-store`.
 * Never a shared cache (`public`, `s-maxage`) for any page.
 */
const NOT_PERSONAL = 'private, no-cache';
const PERSONAL = 'private, no-store';

interface Seen {
  path: string;
  cacheControl: string;
  html: string;
}

/** The visitor with every HTML response it receives recorded, as the browser sees them. */
function recorded(v: Visitor): { v: Visitor; seen: Seen[] } {
  const seen: Seen[] = [];
  const record = async (path: string, res: Response): Promise<Response> => {
    if (res.headers.get('content-type')?.startsWith('text/html')) {
      seen.push({ path, cacheControl: res.headers.get('cache-control') ?? '', html: await res.clone().text() });
    }
    return res;
  };
  return {
    seen,
    v: {
      ...v,
      fetch: async (path, init) => record(path, await v.fetch(path, init)),
      get: async (path) => record(path, await v.get(path)),
      post: async (path, fields) => record(path, await v.post(path, fields)),
    },
  };
}

function pageContext(html: string): Record<string, unknown> {
  const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the page carries its context').toBeDefined();
  return JSON.parse(json ?? '{}') as Record<string, unknown>;
}

function telDigits(html: string): string[] {
  return [...html.matchAll(/href="tel:\+?(\d+)"/g)].map((m) => m[1] ?? '');
}

describe('back/forward cache eligibility', () => {
  it('pages with nothing of the visitor are private, no-cache for a new and a returning visitor', async () => {
    const pages: [string, string][] = [
      ['bh', '/'],
      ['bh', '/get-yours-otc'],
      ['bh', '/get-yours-otc/zip'],
      ['bh', '/quiz/medicare'],
      ['bh', '/privacy'],
      ['ac', '/reviews/aetna'],
      ['m10es', '/get-yours-otc-es'],
    ];
    for (const [brand, path] of pages) {
      // A first request (no cookies: the Worker mints the visitor) and a returning visitor without answers.
      const first = await SELF.fetch(`http://${brand}.localhost${path}`, {
        headers: { 'cf-connecting-ip': freshIp() },
      });
      const again = await visitor(brand).get(path);
      for (const res of [first, again]) {
        expect(res.status, `${brand} ${path}`).toBe(200);
        expect(res.headers.get('cache-control'), `${brand} ${path}`).toBe(NOT_PERSONAL);
        expect(pageContext(await res.text()).answersFromAddress).toBe(false);
      }
    }
  });

  it('walking the funnel to the end: every HTML response with a value of the visitor is no-store', async () => {
    const sb = sandboxScope();
    const { v, seen } = recorded(visitor('bh', { ip: sb.ip }));
    expect((await v.get('/get-yours-otc')).headers.get('cache-control')).toBe(NOT_PERSONAL);
    await finishMedicare(v);
    const finished = seen.at(-1);
    // Then the visitor goes on reading: the finished page, other pages of the product, the brand's others.
    for (const path of ['/get-yours-otc/contact', '/get-yours-otc', '/otc-allowance', '/', '/privacy', '/get-life-now'])
      expect((await v.get(path)).status, path).toBe(200);

    const defaultDigits = (brandByCode('bh')?.defaultPhone ?? '').replace(/\D/g, '');
    const confirmation = seen.find(
      (s) => s.path === '/get-yours-otc/contact' && s !== finished && /Thank you/.test(s.html),
    );
    expect(confirmation, 'the finished visitor sees the confirmation').toBeDefined();
    const leased = telDigits(confirmation?.html ?? '').filter((d) => !d.endsWith(defaultDigits));
    expect(leased.length, 'the confirmation shows the leased number').toBeGreaterThan(0);
    const values = ['Ada', 'Lovelace', 'ada@example.com', '555-0182', ...new Set(leased)];

    expect(seen.length).toBeGreaterThan(10);
    for (const page of seen) {
      expect(page.cacheControl, page.path).not.toMatch(/public|s-maxage/);
      const shown = values.filter((value) => page.html.includes(value));
      if (shown.length > 0) expect(page.cacheControl, `${page.path} shows ${shown.join(', ')}`).toBe(PERSONAL);
    }
    // Every page of the product after the first answer carries the visitor's state: none may be kept.
    const afterFirstAnswer = seen.slice(seen.findIndex((s) => s.path === '/get-yours-otc/medicare'));
    for (const page of afterFirstAnswer.filter((s) => /^\/(get-yours-otc|otc-allowance)/.test(s.path)))
      expect(page.cacheControl, page.path).toBe(PERSONAL);
  });

  it('a page that stores answers from its address is no-store and tells the browser its kept pages are out of date', async () => {
    const v = visitor('bh');
    const arrival = await v.get('/get-yours-otc?firstname=Grace&lastname=Hopper');
    expect(arrival.status).toBe(303);
    const res = await v.get(arrival.headers.get('location') ?? '');
    expect(res.headers.get('cache-control')).toBe(PERSONAL);
    const html = await res.text();
    expect(pageContext(html).answersFromAddress).toBe(true);
    // A later visit to the same page without the address fields still shows what was stored.
    const later = await v.get('/get-yours-otc/name');
    expect(later.headers.get('cache-control')).toBe(PERSONAL);
    expect(await later.text()).toContain('value="Grace"');
  });
});
