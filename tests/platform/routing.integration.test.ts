import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../brands';
import { isServedFor, ROUTES } from '../../src/routes/registry';
import type { RouteRecord } from '../../src/routes/schema';
import { localizedConfig, pageLanguage } from '../../src/routes/brand-language';

/** A concrete address for a route pattern: the base path, or /reviews for the reviews catch-all. */
function samplePath(route: RouteRecord): string {
  return route.path.replace(/\/:step\?$/, '').replace(/\/:slug\?$/, '') || '/';
}

function decode(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

describe('every route for every brand', () => {
  for (const brand of BRANDS) {
    it(`serves exactly the pages of brand ${brand.id}, with title, lang and robots rules`, async () => {
      for (const route of ROUTES) {
        const path = samplePath(route);
        const res = await SELF.fetch(`http://${brand.id}.localhost${path}`);
        const html = await res.text();
        if (!isServedFor(route, brand.id)) {
          expect(res.status, `${brand.id} ${path} must be 404`).toBe(404);
          continue;
        }
        expect(res.status, `${brand.id} ${path}`).toBe(200);
        const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
        // Home and legal pages speak the brand's language (src/routes/brand-language.ts).
        const language = pageLanguage(route, brand.defaultLanguage);
        const config = localizedConfig(route, brand);
        expect(title).toBe(config.title ? `${config.title} - ${brand.name}` : brand.name);
        expect(html).toContain(`<html lang="${language === 'spanish' ? 'es' : 'en'}"`);
        expect(html.includes('<meta name="robots" content="noindex, nofollow"/>'), `${brand.id} ${path} robots`).toBe(
          route.config.indexable !== true,
        );
        expect(html).toContain('<link rel="icon" href="/favicon.svg"');
      }
    });
  }
});

describe('steps and errors', () => {
  it('shows the first step for a missing or unknown step', async () => {
    const route = ROUTES.find((r) => r.config.form === 'medicare' && isServedFor(r, 'bh'));
    expect(route).toBeDefined();
    const base = samplePath(route as RouteRecord);
    for (const path of [base, `${base}/no-such-step`]) {
      const res = await SELF.fetch(`http://bh.localhost${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('data-island="quote-form"');
    }
  });

  it('answers an unknown path with the 404 page', async () => {
    const res = await SELF.fetch('http://bh.localhost/this/does/not/exist');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<h1>Page Not Found</h1>');
    expect(html).toContain('Page not found: /this/does/not/exist');
    expect(html).toContain('noindex');
    // The brand's header, as on its other pages: its logo and name, a link home.
    expect(html).toMatch(
      /<header class="site-header"[^>]*>[\s\S]*data-logo="bh"[\s\S]*Benefit Helpers[\s\S]*<\/header>/,
    );
  });

  it('answers unknown /api paths with a JSON error', async () => {
    const res = await SELF.fetch('http://bh.localhost/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Page not found: /api/nope' } });
  });

  it('lists every brand on the development index at plain localhost', async () => {
    const res = await SELF.fetch('http://localhost/');
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const brand of BRANDS) expect(html).toContain(`http://${brand.id}.localhost/`);
  });
});

describe('security headers', () => {
  it('sets CSP with a fresh nonce per request, and the other headers', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await SELF.fetch('http://bh.localhost/privacy');
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
        expect(csp).toContain(directive);
      const html = await res.text();
      const scripts = html.match(/<script[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(2);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      nonces.push(nonce as string);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("gives each page response its own cookies and one CSP, never another request's (the headers are copied from a shared template)", async () => {
    const names = (res: Response) =>
      res.headers
        .getSetCookie()
        .map((h) => h.slice(0, h.indexOf('=')))
        .sort();
    const seen = new Set<string>();
    for (const path of ['/otc-allowance', '/otc-allowance', '/privacy', '/otc-allowance']) {
      const res = await SELF.fetch(`http://bh.localhost${path}`);
      await res.arrayBuffer();
      // A first visit: its visitor key, the nothing-stored hint, its session and visit record, each once.
      expect(names(res), path).toEqual(['__Host-qf_aid', '__Host-qf_new', '__Host-qf_sid', '__Host-qf_visit']);
      for (const cookie of res.headers.getSetCookie()) {
        expect(seen.has(cookie), 'a cookie of an earlier response').toBe(false);
        seen.add(cookie);
      }
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp.match(/'nonce-/g)).toHaveLength(2);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('mints a signed visitor cookie once and keeps a valid one', async () => {
    const first = await SELF.fetch('http://bh.localhost/privacy');
    const cookie = first.headers.getSetCookie().find((h) => h.startsWith('__Host-qf_aid=')) ?? '';
    expect(cookie).toMatch(
      /^__Host-qf_aid=[0-9a-f-]{36}\.[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const pair = cookie.split(';')[0] ?? '';
    const again = await SELF.fetch('http://bh.localhost/privacy', { headers: { cookie: pair } });
    expect(again.headers.getSetCookie().some((h) => h.startsWith('__Host-qf_aid='))).toBe(false);
    const forged = await SELF.fetch('http://bh.localhost/privacy', {
      headers: { cookie: '__Host-qf_aid=not-a-uuid' },
    });
    expect(forged.headers.getSetCookie().find((h) => h.startsWith('__Host-qf_aid='))).toMatch(
      /__Host-qf_aid=[0-9a-f-]{36}/,
    );
  });
});
