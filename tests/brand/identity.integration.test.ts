import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BRANDS, brandByCode } from '../../brands';
import { STYLESHEET_PARTS } from '../../src/ui/stylesheet-parts';

/** The element with the given class, from its opening tag to its closing tag (no nesting of the same tag inside). */
function section(html: string, tag: 'header' | 'footer'): string {
  const start = html.indexOf(`<${tag} `);
  const end = html.indexOf(`</${tag}>`, start);
  expect(start, `${tag} present`).toBeGreaterThanOrEqual(0);
  return html.slice(start, end);
}

function brand(code: string) {
  const b = brandByCode(code);
  if (!b) throw new Error(`no brand ${code}`);
  return b;
}

describe('brand favicon', () => {
  it('is each brand’s own mark in its colours, cacheable, with no visitor cookie', async () => {
    const bodies = new Set<string>();
    for (const b of BRANDS) {
      const res = await SELF.fetch(`http://${b.id}.localhost/favicon.svg`);
      expect(res.status, b.id).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      expect(res.headers.get('set-cookie'), b.id).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const svg = await res.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      for (const p of b.logo.mark) expect(svg).toContain(`d="${p.d}"`);
      expect(svg).toContain(b.theme.light.primary);
      expect(svg).toContain(b.theme.dark.primary);
      bodies.add(svg);
    }
    expect(bodies.size).toBe(BRANDS.length);
  });

  it('answers a revalidation with 304 while the icon is unchanged', async () => {
    const first = await SELF.fetch('http://wc.localhost/favicon.svg');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    await first.text();
    const again = await SELF.fetch('http://wc.localhost/favicon.svg', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    // Another brand's icon is another file.
    const other = await SELF.fetch('http://ac.localhost/favicon.svg', { headers: { 'if-none-match': etag ?? '' } });
    expect(other.status).toBe(200);
    await other.text();
  });
});

describe('brand shell', () => {
  it('puts the brand’s logo in the header and its tokens and layout in the page styles', async () => {
    for (const b of BRANDS) {
      const html = await (await SELF.fetch(`http://${b.id}.localhost/`)).text();
      const header = section(html, 'header');
      expect(header, b.id).toContain(`data-logo="${b.id}"`);
      for (const p of b.logo.mark) expect(header, b.id).toContain(`d="${p.d}"`);
      expect(header, b.id).toContain(`<span class="wordmark">${b.name}</span>`);
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
      const style = /<style nonce="[^"]+">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      expect(style, b.id).toContain(`--brand:${b.theme.light.primary}`);
      expect(style, b.id).toContain(`[data-color-mode='dark']{--brand:${b.theme.dark.primary}`);
      expect(style, b.id).toContain(`--radius:${b.theme.radius}px`);
      // Only the brand's own layout rules travel with the page.
      for (const layout of ['editorial', 'bold', 'calm'] as const)
        expect(style.includes(STYLESHEET_PARTS[layout]), `${b.id} ${layout}`).toBe(layout === b.layout);
    }
  });

  it('shows the home page in the brand’s own words', async () => {
    for (const code of ['bh', 'tqg', 'm10es']) {
      const b = brand(code);
      const html = await (await SELF.fetch(`http://${code}.localhost/`)).text();
      expect(html).toContain(`<title>${b.copy.home.title} - ${b.name}</title>`);
      expect(html).toContain(b.copy.home.headline.replace(/'/g, '&#x27;'));
    }
  });
});

describe('product disclaimers', () => {
  it('auto brands say nothing about Medicare in the footer or a Medicare notice; Medicare brands do', async () => {
    for (const [code, path] of [
      ['tqg', '/'],
      ['ps', '/'],
      ['tqg', '/compare-auto'],
    ] as const) {
      const res = await SELF.fetch(`http://${code}.localhost${path}`);
      expect(res.status, `${code}${path}`).toBe(200);
      const html = await res.text();
      const footer = section(html, 'footer');
      expect(footer, `${code}${path}`).not.toMatch(/medicare/i);
      expect(footer).toContain('We are not an insurance company');
      expect(html, `${code}${path}`).not.toContain('federal Medicare program');
      expect(html).not.toContain('class="tpmo');
    }
    const bh = await (await SELF.fetch('http://bh.localhost/')).text();
    expect(section(bh, 'footer')).toContain('the federal Medicare program');
    const es = await (await SELF.fetch('http://m10es.localhost/')).text();
    expect(section(es, 'footer')).toContain('el programa federal Medicare');
  });
});
