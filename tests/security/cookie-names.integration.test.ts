import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { verifySignedValue } from '../../src/worker/visitor/visitor-key';
import { decode, signedCookieValue, submitStep, visitor } from '../support/funnel';
import { encodeSession } from '../../src/worker/tracking/session';

/**
 * Cookies and keys (src/worker/visitor/visitor-key.ts, src/worker/middleware/visitor.ts): the
 * Worker's cookies carry the `__Host-` prefix; two cookies of one name count as none (cookie
 * tossing); the visitor key is bound to the site that issued it; a cookie under its old name is
 * accepted once, moved to the new name and expired.
 */
const NAME = '__Host-qf_aid';

function setCookies(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((header) => [header.slice(0, header.indexOf('=')), header] as const),
  );
}

/** A visitor of `brand` whose answer (first name) is stored in their Durable Object. */
async function visitorWithAnswer(brand: string, firstName: string) {
  const v = visitor(brand);
  await submitStep(v, '/get-yours-otc/name', { firstName, lastName: 'Example' });
  expect(decode(await (await v.get('/get-yours-otc/name')).text())).toContain(`value="${firstName}"`);
  return v;
}

describe('__Host- cookie names', () => {
  it('a first visit gets every cookie under a __Host- name: Secure, Path=/, no Domain', async () => {
    const response = await SELF.fetch('http://bh.localhost/get-yours-otc');
    await response.arrayBuffer();
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThanOrEqual(3);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-qf_/);
      const attributes = cookie.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toContain('secure');
      expect(attributes).toContain('path=/');
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
    }
  });
});

describe('two cookies of one name count as none', () => {
  it("a planted visitor key beside the visitor's own opens neither's answers, in either order", async () => {
    const victim = await visitorWithAnswer('bh', 'Ada');
    const attacker = await visitorWithAnswer('bh', 'Mallory');
    const signed = (key: string) => signedCookieValue(key, 'visitor', undefined, 'bh.localhost');
    for (const cookie of [
      `${NAME}=${signed(attacker.key)}; ${NAME}=${signed(victim.key)}`,
      `${NAME}=${signed(victim.key)}; ${NAME}=${signed(attacker.key)}`,
      // Under the old name too.
      `qf_aid=${signedCookieValue(attacker.key, 'visitor')}; qf_aid=${signedCookieValue(victim.key, 'visitor')}`,
    ]) {
      const response = await SELF.fetch('http://bh.localhost/get-yours-otc/name', { headers: { cookie } });
      const html = decode(await response.text());
      expect(html, cookie).not.toContain('value="Ada"');
      expect(html, cookie).not.toContain('value="Mallory"');
      // Treated as a visitor without a key: a new one is minted.
      const minted = setCookies(response).get(NAME) ?? '';
      const key = await verifySignedValue(
        minted.slice(NAME.length + 1, minted.indexOf(';')),
        env.VISITOR_COOKIE_SECRET,
        'visitor',
        'bh.localhost',
      );
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      expect([victim.key, attacker.key]).not.toContain(key);
    }
  });
});

describe('the visitor key is bound to its site', () => {
  it("a key signed on one brand's host is replaced on another's, so the answers are not shared", async () => {
    const v = await visitorWithAnswer('bh', 'Ada');
    const bhSigned = signedCookieValue(v.key, 'visitor', undefined, 'bh.localhost');
    const elsewhere = await SELF.fetch('http://wc.localhost/get-yours-otc/name', {
      headers: { cookie: `${NAME}=${bhSigned}` },
    });
    expect(elsewhere.status).toBe(200);
    expect(decode(await elsewhere.text())).not.toContain('value="Ada"');
    expect(setCookies(elsewhere).has(NAME)).toBe(true);
    // On its own site the same cookie still opens the answers, and is kept as it is.
    const home = await SELF.fetch('http://bh.localhost/get-yours-otc/name', {
      headers: { cookie: `${NAME}=${bhSigned}` },
    });
    expect(decode(await home.text())).toContain('value="Ada"');
    expect(setCookies(home).has(NAME)).toBe(false);
  });
});

describe('cookies under their old names', () => {
  it('are accepted once: the answers stay, the key is re-issued under __Host- bound to the site, the old names expire', async () => {
    const v = await visitorWithAnswer('bh', 'Ada');
    // What a browser holds from before the prefix: the key signed without a site, and a session.
    const session = signedCookieValue(
      encodeSession({ id: v.sessionId, paid: false, urlParams: { utm_source: 'legacy' } }),
      'session',
    );
    const legacy = `qf_aid=${signedCookieValue(v.key, 'visitor')}; qf_sid=${session}`;
    const first = await SELF.fetch('http://bh.localhost/api/event/noscript-view.gif?path=%2Fget-yours-otc', {
      headers: { cookie: legacy },
    });
    await first.arrayBuffer();
    const set = setCookies(first);
    expect(set.get('qf_aid')).toMatch(/^qf_aid=; Max-Age=0;/);
    expect(set.get('qf_sid')).toMatch(/^qf_sid=; Max-Age=0;/);
    const reissued = set.get(NAME) ?? '';
    const raw = reissued.slice(NAME.length + 1, reissued.indexOf(';'));
    expect(await verifySignedValue(raw, env.VISITOR_COOKIE_SECRET, 'visitor', 'bh.localhost')).toBe(v.key);
    // The session is carried over as it was signed.
    expect(set.get('__Host-qf_sid')).toContain(session);

    // From then on the new cookies alone open the visitor's answers.
    const next = await SELF.fetch('http://bh.localhost/get-yours-otc/name', {
      headers: { cookie: `${NAME}=${raw}; __Host-qf_sid=${session}` },
    });
    expect(decode(await next.text())).toContain('value="Ada"');
    expect([...setCookies(next).keys()].some((name) => !name.startsWith('__Host-'))).toBe(false);
  });
});
