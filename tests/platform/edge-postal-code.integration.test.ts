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

  /** A browser of one ip: it sends back every cookie the Worker set, and each request says what the edge reports. */
  function browser() {
    const ip = freshIp();
    const jar = new Map<string, string>();
    return async (path: string, postalCode: string) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await SELF.fetch(`http://bh.localhost${path}`, {
        headers: { 'cf-connecting-ip': ip, ...(cookie ? { cookie } : {}) },
        cf: { postalCode },
      });
      for (const header of response.headers.getSetCookie()) {
        const pair = header.split(';')[0] ?? '';
        const eq = pair.indexOf('=');
        if (/;\s*max-age=0(;|$)/i.test(header)) jar.delete(pair.slice(0, eq));
        else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      expect(response.status).toBe(200);
      return place(await response.text());
    };
  }

  // Request.cf is parsed whole when it is first read, so the zip is read once a session.
  it('is the one the edge gave the first page of the session, until a new session', async () => {
    const visit = browser();
    expect(await visit('/get-yours-otc', '33101')).toEqual({ zip: '33101', located: null });
    // The same session from another network (the edge now says 60601): the session's zip stays.
    expect(await visit('/privacy', '60601')).toEqual({ zip: '33101', located: null });
    expect(await visit('/get-yours-otc', '60601')).toEqual({ zip: '33101', located: null });
    // A new ad click starts a new session, which reads the edge again.
    expect(await visit('/get-yours-otc?utm_source=google&utm_medium=cpc', '60601')).toEqual({
      zip: '60601',
      located: null,
    });
  });

  it('is read on the first page of the session without a zip in its address', async () => {
    const visit = browser();
    // A page without a form (a form would store the address's zip as its answer, which comes first).
    expect(await visit('/privacy?zip_code=60601', '33101')).toMatchObject({ zip: '60601' });
    // The session's next page has no zip_code: the edge is read now, and kept.
    expect(await visit('/privacy', '30301')).toMatchObject({ zip: '30301' });
    expect(await visit('/privacy', '33101')).toMatchObject({ zip: '30301' });
    // The address's zip still comes before it.
    expect(await visit('/privacy?zip_code=94103', '33101')).toMatchObject({ zip: '94103' });
  });
});
