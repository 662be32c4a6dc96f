import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { visitor, type Visitor } from '../support/funnel';

/**
 * Events count only for a session the Worker issued; a client-error
 * report with personal data leaves none in the captured logs.
 */
afterEach(() => {
  vi.restoreAllMocks();
});

function event(v: Visitor, overrides: Record<string, unknown> = {}, properties: Record<string, unknown> = {}) {
  return {
    type: 'track',
    event: 'pageView',
    timestamp: new Date().toISOString(),
    sessionId: v.sessionId,
    anonymousId: v.id,
    properties: { id: crypto.randomUUID(), page: { name: 'get-yours-otc' }, ...properties },
    ...overrides,
  };
}

function recordQueue(): unknown[] {
  const sent: unknown[] = [];
  const original = env.EVENTS.send.bind(env.EVENTS);
  vi.spyOn(env.EVENTS, 'send').mockImplementation((message: unknown, options?: QueueSendOptions) => {
    sent.push(message);
    return original(message, options);
  });
  return sent;
}

const post = (v: Visitor, body: unknown, cookie?: string) =>
  v.fetch('/api/event/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
    body: JSON.stringify(body),
  });

describe('events you can trust', () => {
  it('refuses events of a session the Worker did not issue, and queues nothing', async () => {
    const sent = recordQueue();
    const v = visitor('bh');
    const forgedSession = btoa(
      JSON.stringify({ v: 1, id: v.sessionId, paid: true, p: { gclid: 'x'.repeat(20), utm_campaign: 'forged' } }),
    ).replace(/=+$/, '');
    const visitorOnly = v.headers.cookie?.split('; ').find((c) => c.startsWith('__Host-qf_aid=')) ?? '';
    for (const cookie of ['', visitorOnly, `${visitorOnly}; __Host-qf_sid=${forgedSession}`]) {
      const response = await post(v, event(v), cookie);
      expect(response.status, cookie).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: 'unknown_session' } });
    }
    // A real session, but the body names another one.
    const other = await post(v, event(v, { sessionId: crypto.randomUUID() }));
    expect(other.status).toBe(403);
    expect(sent).toEqual([]);
  });

  it("refuses the server's own event names, deep and oversized properties", async () => {
    const sent = recordQueue();
    const v = visitor('bh');
    expect((await post(v, event(v, { event: 'leadCreated' }))).status).toBe(400);
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 8; i += 1) deep = { deep };
    expect((await post(v, event(v, {}, { extra: deep }))).status).toBe(400);
    expect((await post(v, event(v, {}, { filler: 'x'.repeat(12_000) }))).status).toBe(413);
    expect(sent).toEqual([]);
  });

  it('stores an event of an issued session under the visitor and paid flag the Worker knows, whatever the body claims', async () => {
    const sent = recordQueue();
    const v = visitor('bh');
    const body = event(
      v,
      { anonymousId: crypto.randomUUID() },
      { session: { id: v.sessionId, paid: true, urlParams: { gclid: 'x'.repeat(20), utm_campaign: 'forged' } } },
    );
    const response = await post(v, body);
    expect(response.status).toBe(202);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ anonymousId: v.id, sessionId: v.sessionId, paid: false });
    expect(JSON.stringify(sent[0])).not.toContain('forged');
  });
});

describe('client-error reports', () => {
  it('leave no personal data in the captured logs', async () => {
    const lines: string[] = [];
    for (const level of ['log', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      });
    }
    const v = visitor('bh');
    const message =
      'sync failed for ada.lovelace@example.com (305) 555-0182 Ada Lovelace 12/09/1966 1600 Pennsylvania Ave NW 33101';
    const response = await v.fetch('/api/event/client-error', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'userSync', message, status: 502 }),
    });
    expect(response.status).toBe(204);
    await expect
      .poll(() => lines.some((l) => l.includes('client.userSync')), { timeout: 5_000, interval: 50 })
      .toBe(true);
    const logged = lines.join('\n');
    for (const secret of ['ada.lovelace', '555-0182', 'Lovelace', '12/09/1966', 'Pennsylvania', '33101'])
      expect(logged).not.toContain(secret);
    expect(logged).toContain('sync failed for');
  });
});

describe('CSP reports', () => {
  it('accepts a browser report (no Origin, its own content type) and answers 204', async () => {
    const response = await SELF.fetch('http://bh.localhost/api/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://bh.localhost/get-yours-otc?email=a%40b.co',
          'violated-directive': 'script-src',
          'blocked-uri': 'inline',
        },
      }),
    });
    expect(response.status).toBe(204);
  });
});
