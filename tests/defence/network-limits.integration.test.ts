import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { pollUntil } from '../support/poll';
import { inOneWindow } from '../support/rate-window';
import { freshIp, sandboxScope } from '../support/sandbox';

/**
 * Limits that fit networks (src/worker/defence/client-network.ts, rate-limit.ts): an IPv6 client
 * is counted by its /64, so rotating addresses inside one /64 buys nothing; the page view of a
 * page shown without JavaScript (its <noscript> image) and CSP reports are limited like other
 * writes, and a CSP report from another site is dropped. Every test uses addresses of its own.
 */
const ORIGIN = 'http://bh.localhost';

function hex16(): string {
  return (crypto.getRandomValues(new Uint16Array(1))[0] ?? 0).toString(16);
}

/** A fresh /64 in the documentation range 2001:db8::/32, and a random address inside it. */
function fresh64(): { prefix: string; address: () => string } {
  const prefix = `2001:db8:${hex16()}:${hex16()}`;
  return { prefix, address: () => `${prefix}:${hex16()}:${hex16()}:${hex16()}:${hex16()}` };
}

/** A get-phone post without cookies (a script that throws them away), from `ip`. */
function cookielessGetPhone(ip: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/mediaalpha/get-phone`, {
    method: 'POST',
    cf: { colo: `N${crypto.randomUUID().slice(0, 6)}` },
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': ip, 'user-agent': 'rotate/1.0' },
    body: JSON.stringify({ page: 'get-yours-otc' }),
  });
}

/** The sandbox's record of get-phone calls that carried any of `ips`, once they stop growing. */
async function getPhoneCalls(ips: string[]): Promise<number> {
  const count = async () =>
    (await Promise.all(ips.map((ip) => sandboxScope(ip).calls('mediaalpha', '/get-phone')))).reduce(
      (sum, calls) => sum + calls.length,
      0,
    );
  // Calls finish after the answers (the Worker answers within its deadline): wait until one lands.
  return pollUntil(count, (n) => n > 0, 15_000);
}

describe('IPv6 clients are counted per /64', () => {
  it('60 addresses of one /64 make at most the /64 limit of partner calls (12 a minute); another /64 is not held back', async () => {
    const { ips, replies } = await inOneWindow(60, async () => {
      const net = fresh64();
      const ips = Array.from({ length: 60 }, net.address);
      const replies: Array<{ status: number; source: string }> = [];
      for (let i = 0; i < ips.length; i += 10) {
        const batch = await Promise.all(
          ips.slice(i, i + 10).map(async (ip) => {
            const res = await cookielessGetPhone(ip);
            return { status: res.status, source: (await res.json<{ source: string }>()).source };
          }),
        );
        replies.push(...batch);
      }
      return { ips, replies };
    });
    expect(replies.every((r) => r.status === 200)).toBe(true);
    // RATE_LIMIT_PHONE: 12 a minute per key; the other 48 addresses of the /64 were limited.
    expect(replies.filter((r) => r.source === 'limited').length).toBeGreaterThanOrEqual(48);
    const calls = await getPhoneCalls(ips);
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(12);
    console.log(
      `[ipv6] 60 addresses of one /64: ${replies.filter((r) => r.source === 'limited').length} limited, ${calls} partner calls`,
    );

    // A neighbour in another /64 is its own client.
    const other = fresh64().address();
    const reply = await (await cookielessGetPhone(other)).json<{ source: string }>();
    expect(reply.source).not.toBe('limited');
  });
});

describe('the no-JavaScript page view image', () => {
  it('150 views from one address are limited: 429 and no event past the limit; an unknown page is 400', async () => {
    const { ip, statuses } = await inOneWindow(10, async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 150; i += 25) {
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: 25 }, async () => {
              const res = await SELF.fetch(`${ORIGIN}/api/event/noscript-view.gif?path=%2Fget-yours-otc`, {
                headers: { 'cf-connecting-ip': ip, 'user-agent': 'pixel-loop/1.0' },
              });
              await res.arrayBuffer();
              return res.status;
            }),
          )),
        );
      }
      return { ip, statuses };
    });
    const served = statuses.filter((s) => s === 200).length;
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // RATE_LIMIT_SUBMIT counts 15 in 10 s per client (the page-view rule).
    expect(served).toBeLessThanOrEqual(15);
    expect(served).toBeGreaterThan(0);
    // The stored page views are the served ones only (each carries the client's address).
    const stored = await pollUntil(
      async () =>
        (
          await env.DB.prepare(`SELECT COUNT(*) AS n FROM events WHERE event = 'pageView' AND properties LIKE ?`)
            .bind(`%"value":"${ip}"%`)
            .first<{ n: number }>()
        )?.n ?? 0,
      (n) => n >= served,
      15_000,
    );
    expect(stored).toBe(served);
    console.log(`[no-js views] 150 from one address: ${served} served and stored, ${150 - served} refused with 429`);

    const unknown = await SELF.fetch(`${ORIGIN}/api/event/noscript-view.gif?path=%2Fmade-up-page`, {
      headers: { 'cf-connecting-ip': freshIp() },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 'unknown_page' } });
  });
});

describe('CSP reports', () => {
  const report = (marker: string) =>
    JSON.stringify({
      'csp-report': {
        'document-uri': `${ORIGIN}/${marker}`,
        'violated-directive': 'script-src',
        'blocked-uri': 'inline',
      },
    });

  async function storedWith(marker: string): Promise<number> {
    let found = 0;
    let cursor: string | undefined;
    do {
      const page = await env.CACHE.list({ prefix: 'csp-report:', cursor });
      for (const key of page.keys) if ((await env.CACHE.get(key.name))?.includes(marker)) found += 1;
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    return found;
  }

  it(
    'a report from another site is dropped (204, nothing stored, not counted); same-origin ones are limited like writes',
    { timeout: 60_000 },
    async () => {
      const crossMarker = `cross-${crypto.randomUUID()}`;
      const ownMarker = `own-${crypto.randomUUID()}`;
      const { cross, own } = await inOneWindow(10, async () => {
        const ip = freshIp();
        const post = (headers: Record<string, string>, marker: string) =>
          SELF.fetch(`${ORIGIN}/api/csp-report`, {
            method: 'POST',
            headers: { 'content-type': 'application/csp-report', 'cf-connecting-ip': ip, ...headers },
            body: report(marker),
          }).then((r) => r.status);
        const cross = await Promise.all([
          ...Array.from({ length: 60 }, () => post({ origin: 'https://evil.example' }, crossMarker)),
          ...Array.from({ length: 60 }, () => post({ 'sec-fetch-site': 'cross-site' }, crossMarker)),
        ]);
        const own: number[] = [];
        for (let i = 0; i < 120; i += 20)
          own.push(...(await Promise.all(Array.from({ length: 20 }, () => post({ origin: ORIGIN }, ownMarker)))));
        return { cross, own };
      });
      expect(cross.every((s) => s === 204)).toBe(true);
      // The cross-site posts were not counted: the first 100 same-origin ones (RATE_LIMIT_EVENTS) pass.
      expect(own.slice(0, 100).every((s) => s === 204)).toBe(true);
      expect(own.slice(100).every((s) => s === 429)).toBe(true);
      // One in ten same-origin reports is kept (sampled): of 100, some are; of the cross-site ones, none.
      // Through the queue into D1: on a loaded run (four workers on two cores) a batch can take a while.
      await expect.poll(() => storedWith(ownMarker), { timeout: 30_000, interval: 200 }).toBeGreaterThan(0);
      expect(await storedWith(crossMarker)).toBe(0);
    },
  );
});
