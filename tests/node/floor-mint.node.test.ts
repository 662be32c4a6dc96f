import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FLOOR_MINT_HEADER, FLOOR_MINT_SOURCE, floorMintRequests } from '../../bench/floor-mint';
import { anonymousIdFor, parseCookies, rawCookie, verifySignedValue } from '../../src/worker/visitor/visitor-key';
import { base64UrlToText } from '../../src/shared/base64url';

type FloorMint = (
  request: { url: string; headers: Headers; cf?: unknown },
  env: unknown,
  page: { status: number; headers: [string, string][]; body: string },
) => Promise<Response> | undefined;
/** The constant Worker's first-visit work as a module of its own, from the very source the harness embeds. */
async function loadFloorMint(): Promise<FloorMint> {
  const file = join(mkdtempSync(join(tmpdir(), 'floor-mint-')), 'floor-mint.mjs');
  writeFileSync(file, `${FLOOR_MINT_SOURCE}\nexport { floorMint };\n`);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { floorMint: FloorMint }).floorMint;
}

const SECRET = 'floor-mint-test-secret';
const PAGE = {
  status: 200,
  headers: [
    ['content-type', 'text/html; charset=utf-8'],
    ['content-security-policy', "script-src 'nonce-captured' 'strict-dynamic'; object-src 'none'"],
    ['set-cookie', '__Host-qf_sid=captured; Path=/'],
  ] as [string, string][],
  body: '<!doctype html><p>captured</p>',
};

describe("the bench's floor with a first visit's work", () => {
  it('does nothing without its header', async () => {
    const floorMint = await loadFloorMint();
    expect(floorMint({ url: 'http://constant.localhost/bh/otc-allowance', headers: new Headers() }, {}, PAGE)).toBe(
      undefined,
    );
  });

  it("signs what the product signs for a first visit, with the product's own keys and formats", async () => {
    const floorMint = await loadFloorMint();
    const headers = new Headers(
      floorMintRequests(() => ({ headers: { 'cf-connecting-ip': '203.0.113.9' } }))().headers,
    );
    expect(headers.get(FLOOR_MINT_HEADER)).toBe('1');
    const response = await floorMint(
      { url: 'http://constant.localhost/bh/otc-allowance', headers, cf: { postalCode: '90210' } },
      { VISITOR_COOKIE_SECRET: SECRET },
      PAGE,
    );
    if (!response) throw new Error('no response with the header');
    expect(await response.text()).toBe(PAGE.body);
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((c) => c.split('=')[0])).toEqual([
      '__Host-qf_aid',
      '__Host-qf_new',
      '__Host-qf_sid',
      '__Host-qf_visit',
    ]);
    const jar = parseCookies(cookies.map((c) => c.split(';')[0]).join('; '));
    // Each signature verifies as the product's cookie of that purpose, and each value parses as the product's.
    // The key is bound to the site (hostname) it was issued on, as the product binds it.
    const key = await verifySignedValue(rawCookie(jar, '__Host-qf_aid'), SECRET, 'visitor', 'constant.localhost');
    expect(await verifySignedValue(rawCookie(jar, '__Host-qf_aid'), SECRET, 'visitor', 'other.localhost')).toBe(
      undefined,
    );
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(rawCookie(jar, '__Host-qf_new')).toBe(await anonymousIdFor(key ?? '', SECRET, false));
    // The values as the product encodes them (base64url JSON; src/worker/tracking/session.ts, src/worker/visit/).
    const decoded = async (name: string, purpose: 'session' | 'visit') =>
      JSON.parse(
        base64UrlToText((await verifySignedValue(rawCookie(jar, name), SECRET, purpose)) ?? '') ?? 'null',
      ) as unknown;
    const session = (await decoded('__Host-qf_sid', 'session')) as { id: string };
    expect(session).toEqual({ v: 1, id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown, paid: false, p: {} });
    expect(await decoded('__Host-qf_visit', 'visit')).toEqual({
      sessionId: session.id,
      attribution: {},
      pages: [{ page: '/bh/otc-allowance', product: 'medicare' }],
      edgeZip: '90210',
      timeZone: null,
    });
    // A fresh nonce in the policy, the rest of it as captured.
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain("'nonce-captured'");
    expect(policy).toMatch(/^script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'; object-src 'none'$/);
  });
});
