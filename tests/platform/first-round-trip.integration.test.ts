import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_PAGES } from '../../bench/template-pages';
import { pageCss } from '../../src/ui/page-stylesheet';
import { brandByCode } from '../../brands';

/**
 * A new connection may send 10 segments of 1,460 bytes before the browser acknowledges any
 * (TCP's initial congestion window, RFC 6928; Lighthouse's network simulation uses the same).
 * A first view that fits in them arrives in one round trip; one byte over costs a second round
 * trip before the page can paint (150 ms on Lighthouse's mobile link). Every template's first
 * view, its headers and its gzip-compressed body (as the edge compresses HTML), fits, with the
 * minified stylesheet inlined (docs/decisions/0352-page-css-minified-at-build.md).
 */
const FIRST_WINDOW_BYTES = 10 * 1460;

async function gzipLength(body: ArrayBuffer): Promise<number> {
  const stream = new Blob([body]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

function headerBytes(res: Response): number {
  let text = `HTTP/1.1 ${res.status} OK\r\n`;
  for (const [name, value] of res.headers) if (name !== 'set-cookie') text += `${name}: ${value}\r\n`;
  for (const cookie of res.headers.getSetCookie()) text += `set-cookie: ${cookie}\r\n`;
  return new TextEncoder().encode(`${text}content-encoding: gzip\r\n\r\n`).byteLength;
}

describe('a first view arrives in the first round trip', () => {
  it('every template, English and Spanish: headers and gzip body within 14,600 bytes, the stylesheet inlined', async () => {
    const sizes: string[] = [];
    for (const t of TEMPLATE_PAGES) {
      const res = await SELF.fetch(`http://${t.brand}.localhost${t.path}`, {
        headers: { 'cf-connecting-ip': '198.51.100.77', accept: 'text/html' },
      });
      expect(res.status, t.path).toBe(200);
      const headers = headerBytes(res);
      const body = await res.arrayBuffer();
      const html = new TextDecoder().decode(body);
      const brand = brandByCode(t.brand);
      if (!brand) throw new Error(`no brand ${t.brand}`);
      // A first view carries the whole stylesheet inline: what is measured is what Lighthouse and a new visitor get.
      expect(html, `${t.brand}${t.path}`).toContain(`>${pageCss(brand)}</style>`);
      const total = headers + (await gzipLength(body));
      sizes.push(`${t.brand}${t.path} ${total}`);
      expect(total, `${t.brand}${t.path}: ${headers} bytes of headers and the gzip body`).toBeLessThanOrEqual(
        FIRST_WINDOW_BYTES,
      );
    }
    console.log(`[first round trip] ${sizes.join(', ')}`);
  });
});
