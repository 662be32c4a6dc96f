import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';
import { inOneWindow } from '../support/rate-window';

/**
 * Rate limits through the Worker, with Miniflare running the Workers Rate Limiting
 * bindings of wrangler.toml. Every test uses its own client ip (sandbox scope), so no limit or
 * partner count of one test touches another.
 */
const DEFAULT_DISPLAY = '1-800-555-0101'; // brands/bh.ts defaultPhone, as shown
const ORIGIN = 'http://bh.localhost';

/** A get-phone post without any cookie: what a script that throws its cookies away sends. */
function cookielessGetPhone(ip: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/mediaalpha/get-phone`, {
    method: 'POST',
    // A location of its own (per ip): a breaker another file opens at the default one skips no call here.
    cf: { colo: `L${ip.replaceAll('.', '')}` },
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': ip, 'user-agent': 'flood/1.0' },
    body: JSON.stringify({ page: 'get-yours-otc' }),
  });
}

async function inBatches<T>(count: number, size: number, run: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => run(start + k)))));
  }
  return out;
}

describe('get-phone flood from one ip', () => {
  it(
    '300 cookie-less posts cause at most 30 partner calls; every answer is 200 with a number, limited ones the default',
    { timeout: 120_000 },
    async () => {
      const sb = sandboxScope();
      const started = Date.now();
      const replies = await inBatches(300, 20, async () => {
        const res = await cookielessGetPhone(sb.ip);
        return { status: res.status, body: await res.json<{ phone: { display: string }; source: string }>() };
      });
      const seconds = (Date.now() - started) / 1000;
      // The limit counts 30 a window aligned to the clock's minute; a flood that spans a minute's
      // turn (a loaded run) meets a fresh window for each minute it touched.
      const windows = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
      const allowed = 30 * windows;
      const statuses = new Set(replies.map((r) => r.status));
      expect([...statuses].every((s) => s === 200 || s === 429)).toBe(true);
      expect(statuses.has(200)).toBe(true);
      const limited = replies.filter((r) => r.body.source === 'limited');
      expect(limited.length).toBeGreaterThanOrEqual(300 - allowed);
      for (const r of limited) expect(r.body.phone.display).toBe(DEFAULT_DISPLAY);
      // The answers did not wait for the partner past their 1 s deadline: its calls may land after them.
      const calls = await pollUntil(
        () => sb.calls('mediaalpha', '/get-phone'),
        (found) => found.length > 0,
        30_000,
      );
      const all = await sb.calls();
      expect(calls.length, 'get-phone calls at the sandbox').toBeGreaterThan(0);
      expect(all.length).toBeLessThanOrEqual(allowed);
      console.log(
        `[flood] 300 get-phone in ${seconds.toFixed(1)} s: ${replies.length - limited.length} answered by the partner path, ${limited.length} limited (default number), partner calls at the sandbox: ${all.length} (get-phone ${calls.length}), statuses ${[...statuses].join(',')}`,
      );

      // Each limited request is a `rateLimited` server event (route and key kind, no personal data).
      const events = await pollUntil(
        async () =>
          (
            await env.DB.prepare(`SELECT properties FROM events WHERE event = 'rateLimited' AND properties LIKE ?`)
              .bind(`%"value":"${sb.ip}"%`)
              .all<{ properties: string }>()
          ).results,
        (rows) => rows.length > 0,
        30_000,
      );
      expect(events.length, 'rateLimited events stored (through the events queue)').toBeGreaterThan(0);
      const props = JSON.parse(events[0]?.properties ?? '{}') as Record<string, unknown>;
      expect(props).toMatchObject({ route: 'get-phone', by: 'ip', source: 'server' });
      expect(JSON.stringify(props)).not.toMatch(/firstName|lastName|"email"|"phone"/);

      // Pages are never limited: the same ip still gets its pages.
      const page = await SELF.fetch(`${ORIGIN}/get-yours-otc`, { headers: { 'cf-connecting-ip': sb.ip } });
      expect(page.status).toBe(200);
    },
  );

  it('an over-limit get-phone of a returning visitor answers 200 with the default number and calls nobody', async () => {
    // RATE_LIMIT_PHONE counts 12 a minute, in windows on the wall clock.
    const { sb, answers } = await inOneWindow(60, async () => {
      const sb = sandboxScope();
      const v = visitor('bh', { ip: sb.ip });
      const answers: Array<{ source: string; phone: { display: string } }> = [];
      for (let i = 0; i < 14; i++) {
        const res = await v.fetch('/api/mediaalpha/get-phone', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ page: 'get-yours-otc' }),
        });
        expect(res.status).toBe(200);
        answers.push(await res.json<{ source: string; phone: { display: string } }>());
      }
      return { sb, answers };
    });
    const last = answers.at(-1);
    expect(last?.source).toBe('limited');
    expect(last?.phone.display).toBe(DEFAULT_DISPLAY);
    // One lease call: the rest were the stored lease, then the limit.
    expect((await sb.calls('mediaalpha', '/get-phone')).length).toBe(1);
  });
});

describe('429s', () => {
  it('carry the JSON error and Retry-After (ip quality, demand check)', async () => {
    for (const path of ['/api/ipqs/check-ip', '/api/mediaalpha/demand-check']) {
      const sb = sandboxScope();
      const v = visitor('bh', { ip: sb.ip });
      let limited: Response | undefined;
      for (let i = 0; i < 70 && !limited; i++) {
        const res = await v.fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ page: 'get-yours-otc' }),
        });
        expect(res.status, path).toBeLessThan(500);
        if (res.status === 429) limited = res;
        else await res.arrayBuffer();
      }
      expect(limited, `${path} is limited`).toBeDefined();
      expect(limited?.headers.get('retry-after')).toBe('60');
      expect(limited?.headers.get('content-type')).toContain('application/json');
      expect(await limited?.json()).toEqual({
        error: { code: 'rate_limited', message: expect.stringContaining('60') },
      });
    }
  });

  it('a form posted without JavaScript over the limit gets the error page with 429, and nothing stored is lost', async () => {
    const v = visitor('bh');
    let limited: Response | undefined;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await v.post('/get-yours-otc/zip', { zipcode: '33101' });
      expect(res.status).toBeLessThan(500);
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expect(limited?.headers.get('retry-after')).toBe('10');
    expect(limited?.headers.get('content-type')).toContain('text/html');
    // The visitor's answer from before the limit is still there.
    const page = await v.get('/get-yours-otc/medicare');
    expect(page.status).toBe(200);
  });
});

describe('limits reset after the period', () => {
  it(
    'step submits (10 s period) are refused, then accepted again once the period passes',
    { timeout: 40_000 },
    async () => {
      const v = visitor('bh');
      const submit = () =>
        v.fetch('/api/form/submit', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ submissionId: crypto.randomUUID(), page: '/no-such-page', step: 'zip', values: {} }),
        });
      let status = 0;
      for (let i = 0; i < 40 && status !== 429; i++) status = (await submit()).status;
      expect(status).toBe(429);
      const limitedAt = Date.now();
      const after = await pollUntil(
        async () => (await submit()).status,
        (s) => s !== 429,
        25_000,
        1000,
      );
      expect(after).toBe(400); // the request is judged again (here: no such step), not refused
      expect(Date.now() - limitedAt).toBeLessThanOrEqual(21_000);
    },
  );
});
