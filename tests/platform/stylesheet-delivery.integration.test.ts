import { env, SELF } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import manifest from '../../public/build/manifest.json';
import { BRANDS } from '../../brands';
import { pageCss } from '../../src/ui/page-stylesheet';
import { stylesheetDelivery } from '../../src/worker/shell';
import { visitor } from '../support/funnel';
import { maskFresh } from '../support/page-html';

/**
 * The page's CSS (docs/decisions/0311-page-css-inlined-first-then-linked.md): a first view
 * inlines it and prefetches the brand's hashed stylesheet file; a browser that comes back with the
 * visitor key links that file instead of receiving the same 30 KB again. What a visitor sees must
 * not change: the linked page, with its link put back as the inlined style, is byte for byte the
 * page served before this delivery existed (masked only for what is fresh on every request).
 */
afterEach(() => {
  stylesheetDelivery.enabled = true;
});

const stylesheets = manifest.stylesheets as Record<string, string>;
const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
const inlined = (html: string, brand: (typeof BRANDS)[number]) =>
  `<style nonce="${nonceOf(html)}">${pageCss(brand)}</style>`;
/** A first view's page context (its minted visitor and session) differs between two first views by design. */
const maskContext = (html: string) =>
  html.replace(/(id="page-context">)[^<]*(<\/script>)/, '$1CONTEXT$2').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'UUID');

describe('page CSS: inlined on a first view, linked once the browser has the file', () => {
  it('every brand has its stylesheet file, with exactly the text a first view inlines', async () => {
    for (const brand of BRANDS) {
      const href = stylesheets[brand.id];
      expect(href, brand.id).toMatch(new RegExp(`^/build/css/${brand.id}-[0-9a-f]{12}\\.css$`));
      // The static file, as the assets binding serves it (the Worker never answers /build/).
      const file = await env.ASSETS.fetch(`http://${brand.id}.localhost${href}`);
      expect(file.status, brand.id).toBe(200);
      // Named by its content's hash: a browser keeps it for good (public/_headers).
      expect(file.headers.get('cache-control'), brand.id).toBe('public, max-age=31536000, immutable');
      expect(await file.text(), brand.id).toBe(pageCss(brand));
    }
  });

  it('a returning browser links the file; put back inline, its page is the page it was served before', async () => {
    const bh = BRANDS.find((b) => b.id === 'bh');
    if (!bh) throw new Error('no bh brand');
    const v = visitor('bh');
    const withAnswers = visitor('bh');
    const stored = await withAnswers.api({
      submissionId: crypto.randomUUID(),
      page: '/get-yours-otc',
      step: 'zip',
      values: { zipcode: '33101' },
    });
    expect(stored.status).toBe(200);
    for (const [who, path] of [
      [v, '/otc-allowance'],
      [v, '/privacy'],
      [v, '/clicks?utm_medium=aff'],
      [withAnswers, '/get-yours-otc/medicare'],
    ] as const) {
      stylesheetDelivery.enabled = false;
      const before = await (await who.get(path)).text();
      stylesheetDelivery.enabled = true;
      // Twice: the second comes from the shared shell the first filled (where one is shared).
      await who.get(path);
      const after = await (await who.get(path)).text();
      const link = `<link rel="stylesheet" href="${stylesheets.bh}"/>`;
      expect(after, path).toContain(link);
      expect(after, path).not.toContain('<style');
      expect(after, path).not.toContain('rel="prefetch"');
      expect(maskFresh(after.replace(link, inlined(after, bh))), path).toBe(maskFresh(before));
    }
  });

  it('a first view inlines the CSS, even after a returning browser filled the shared shell, and prefetches the file', async () => {
    const m10 = BRANDS.find((b) => b.id === 'm10');
    if (!m10) throw new Error('no m10 brand');
    const returning = visitor('m10');
    await returning.get('/get-yours-otc');
    await returning.get('/get-yours-otc');
    const first = () =>
      SELF.fetch('http://m10.localhost/get-yours-otc', { headers: { 'cf-connecting-ip': '203.0.113.9' } });
    stylesheetDelivery.enabled = false;
    const before = await (await first()).text();
    stylesheetDelivery.enabled = true;
    const response = await first();
    const after = await response.text();
    expect(after).toContain(inlined(after, m10));
    expect(after).not.toContain('rel="stylesheet"');
    const prefetch = `<link rel="prefetch" href="${stylesheets.m10}"/>`;
    expect(after).toContain(prefetch);
    // Nothing else of the first view changed (its minted ids apart, fresh by design).
    expect(maskContext(maskFresh(after.replace(prefetch, '')))).toBe(maskContext(maskFresh(before)));
  });

  it('a visitor key the Worker did not sign is a first view: the CSS is inlined', async () => {
    const html = await (
      await SELF.fetch('http://bh.localhost/privacy', { headers: { cookie: '__Host-qf_aid=forged.value' } })
    ).text();
    expect(html).toContain('<style nonce="');
    expect(html).not.toContain('rel="stylesheet"');
  });
});
