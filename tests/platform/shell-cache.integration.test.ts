import { SELF } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { shellSharing } from '../../src/worker/pages';

/** Replaces what legitimately differs per request: nonce, visitor id, session, submission id. */
function normalise(html: string): string {
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? 'none';
  return html
    .replaceAll(nonce, 'NONCE')
    .replace(/<script nonce="NONCE" type="application\/json" id="page-context">[^<]*<\/script>/, 'PAGE_CONTEXT')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g, 'UUID');
}

function pageContext(html: string): unknown {
  const json = /<script nonce="[^"]+" type="application\/json" id="page-context">([^<]*)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

afterEach(() => {
  shellSharing.enabled = true;
});

const CASES = [
  'http://bh.localhost/get-yours-otc',
  'http://bh.localhost/get-yours-otc/coverage?utm_source=google&utm_campaign=spring&gclid=abc',
  'http://ps.localhost/compare-auto/vehicles?utm_source=bing&x=%22quoted%22&y=a%26b',
  'http://bh.localhost/privacy',
  'http://m10es.localhost/',
  'http://bh.localhost/clicks?utm_medium=aff',
];

describe('shared page shells', () => {
  for (const url of CASES) {
    it(`serves the same page as a fresh render: ${url}`, async () => {
      shellSharing.enabled = false;
      const fresh = await (await SELF.fetch(url)).text();
      shellSharing.enabled = true;
      await SELF.fetch(url); // fills the cache
      const cached = await (await SELF.fetch(url)).text();
      expect(normalise(cached)).toBe(normalise(fresh));
      const ctx = pageContext(cached);
      expect(ctx).toMatchObject({ page: { name: expect.any(String) }, visitorId: expect.any(String) });
    });
  }

  it('gives each request its own nonce, visitor id and submission id', async () => {
    const a = await (await SELF.fetch('http://bh.localhost/get-yours-otc')).text();
    const b = await (await SELF.fetch('http://bh.localhost/get-yours-otc')).text();
    expect(/nonce="([^"]+)"/.exec(a)?.[1]).not.toBe(/nonce="([^"]+)"/.exec(b)?.[1]);
    expect((pageContext(a) as { visitorId: string }).visitorId).not.toBe((pageContext(b) as { visitorId: string }).visitorId);
    const sub = (html: string) => /name="submissionId" value="([^"]+)"/.exec(html)?.[1];
    expect(sub(a)).toMatch(/^[0-9a-f-]{36}$/);
    expect(sub(a)).not.toBe(sub(b));
    expect(a).not.toContain('qfNonceSlot');
    expect(a).not.toContain('qfSearchSlot');
    expect(a).not.toContain('00000000c0de');
  });
});
