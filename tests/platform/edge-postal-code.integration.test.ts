import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { freshIp } from '../support/sandbox';

function place(html: string): unknown {
  const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return (JSON.parse(json ?? '{}') as { place?: unknown }).place;
}

/** Spec order of the zip: the form's, the address's, then the postal code the edge puts on the request. */
describe("a page's zip from the edge", () => {
  const get = (path: string, ip: string, postalCode?: string) =>
    SELF.fetch(`http://bh.localhost${path}`, {
      headers: { 'cf-connecting-ip': ip },
      ...(postalCode ? { cf: { postalCode } } : {}),
    });

  it("is the request's postal code for a visitor's ip, and none for a local one", async () => {
    expect(place(await (await get('/get-yours-otc', freshIp(), '33101')).text())).toEqual({
      zip: '33101',
      located: null,
    });
    expect(place(await (await get('/get-yours-otc', '127.0.0.1', '33101')).text())).toEqual({
      zip: null,
      located: null,
    });
    expect(place(await (await get('/get-yours-otc?zip_code=60601', freshIp(), '33101')).text())).toMatchObject({
      zip: '60601',
    });
  });
});
