import { SELF } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { anonymousIdFor } from '../../src/worker/visitor/visitor-key';
import { anonymousIdOf, decode, submitStep, visitor } from '../support/funnel';
import { env } from 'cloudflare:workers';

/**
 * The visitor's key is secret. It lives only in a signed, HttpOnly, Secure,
 * SameSite=Lax, host-only cookie; a key the Worker did not sign is refused; pages and events
 * carry a different, public id.
 */
function pageContext(html: string): { visitorId: string; tracking: { anonymousId: string; sessionId: string } } {
  const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null') as { visitorId: string; tracking: { anonymousId: string; sessionId: string } };
}

describe('the visitor cookie', () => {
  it('is signed, HttpOnly, Secure, SameSite=Lax, host-only, for 30 days at most', async () => {
    const response = await SELF.fetch('http://bh.localhost/get-yours-otc');
    const cookie = response.headers.getSetCookie().find((h) => h.startsWith('__Host-qf_aid=')) ?? '';
    const attributes = cookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('secure');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
    const maxAge = Number(/max-age=(\d+)/.exec(cookie.toLowerCase())?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 60 * 60);
    const value = decodeURIComponent(cookie.split(';')[0]?.slice('__Host-qf_aid='.length) ?? '');
    const [key, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(signature).toHaveLength(44);
    // The page carries the public id, never the key.
    const html = await response.text();
    expect(html).not.toContain(key);
    const context = pageContext(html);
    expect(context.visitorId).toBe(await anonymousIdFor(key, env.VISITOR_COOKIE_SECRET));
    expect(context.tracking.anonymousId).toBe(context.visitorId);
  });

  it("refuses a key the Worker did not sign: the visitor's answers stay out of reach", async () => {
    const v = visitor('bh');
    await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
    expect(decode(await (await v.get('/get-yours-otc/name')).text())).toContain('value="Ada"');
    // Whoever learns the key (or guesses one) cannot use it without the Worker's signature.
    for (const forged of [
      v.key,
      `${v.key}.${'A'.repeat(43)}=`,
      encodeURIComponent(`${v.key}.${btoa('x'.repeat(32))}`),
    ]) {
      const response = await SELF.fetch(`${v.origin}/get-yours-otc/name`, {
        headers: { cookie: `__Host-qf_aid=${forged}` },
      });
      const html = decode(await response.text());
      expect(html).not.toContain('value="Ada"');
      expect(response.headers.getSetCookie().some((h) => h.startsWith('__Host-qf_aid='))).toBe(true);
      expect(pageContext(html).visitorId).not.toBe(v.id);
    }
  });

  it('the test helper signs exactly as the Worker does', async () => {
    const v = visitor('bh');
    const response = await v.get('/get-yours-otc');
    expect(response.headers.getSetCookie().some((h) => h.startsWith('__Host-qf_aid='))).toBe(false);
    expect(pageContext(await response.text()).visitorId).toBe(v.id);
    expect(anonymousIdOf(v.key)).toBe(await anonymousIdFor(v.key, env.VISITOR_COOKIE_SECRET));
  });

  it('ignores a session cookie the Worker did not sign', async () => {
    const forged = btoa(
      JSON.stringify({
        v: 1,
        id: crypto.randomUUID(),
        paid: true,
        p: { gclid: 'x'.repeat(20), utm_campaign: 'forged' },
      }),
    ).replace(/=+$/, '');
    const response = await SELF.fetch('http://bh.localhost/get-yours-otc', {
      headers: { cookie: `__Host-qf_sid=${forged}` },
    });
    const html = await response.text();
    expect(html).not.toContain('forged');
    expect(html).toContain('"paid":false');
  });

  it("is checked once when it first comes back with the page's own event, then taken as known", async () => {
    // A browser's first view: the Worker mints the key and the session and signs their cookies.
    const origin = 'http://bh.localhost';
    const page = await SELF.fetch(`${origin}/get-yours-otc`, { headers: { 'cf-connecting-ip': '198.51.100.77' } });
    const cookie = page.headers
      .getSetCookie()
      .map((h) => h.split(';')[0] ?? '')
      .join('; ');
    const context = pageContext(await page.text());
    const verify = vi.spyOn(crypto.subtle, 'verify');
    try {
      const event = () =>
        SELF.fetch(`${origin}/api/event/create`, {
          method: 'POST',
          headers: { cookie, origin, 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.77' },
          body: JSON.stringify({
            type: 'track',
            event: 'pageView',
            timestamp: new Date().toISOString(),
            sessionId: context.tracking.sessionId,
            anonymousId: context.visitorId,
            properties: {
              id: crypto.randomUUID(),
              page: { name: 'get-yours-otc', step: { name: 'zip', number: 1, fallback: false } },
              session: { id: context.tracking.sessionId, paid: false, urlParams: {} },
            },
          }),
        });
      // A first visit keeps no signature (most never come back), so the event that
      // follows checks the key's and the session's once; accepted for this visitor and session.
      expect((await event()).status).toBe(202);
      expect(verify).toHaveBeenCalledTimes(2);
      // From then on the isolate knows them: the next event costs no HMAC check.
      expect((await event()).status).toBe(202);
      expect(verify).toHaveBeenCalledTimes(2);
      // A visitor cookie changed by one character is still checked, and refused (a new key is minted).
      // (One character of the signature itself, decoded: an escape such as %2B broken instead would be refused unchecked.)
      const tampered = cookie
        .split('; ')
        .map((pair) => {
          if (!pair.startsWith('__Host-qf_aid=')) return pair;
          const signed = decodeURIComponent(pair.slice('__Host-qf_aid='.length));
          const at = signed.lastIndexOf('.') + 1;
          const flipped = `${signed.slice(0, at)}${signed[at] === 'A' ? 'B' : 'A'}${signed.slice(at + 1)}`;
          return `__Host-qf_aid=${encodeURIComponent(flipped)}`;
        })
        .join('; ');
      expect(tampered).not.toBe(cookie);
      const checked = verify.mock.calls.length;
      const refused = await SELF.fetch(`${origin}/get-yours-otc`, { headers: { cookie: tampered } });
      expect(verify.mock.calls.length).toBeGreaterThan(checked);
      expect(pageContext(await refused.text()).visitorId).not.toBe(context.visitorId);
    } finally {
      verify.mockRestore();
    }
  });
});
