import { describe, expect, it } from 'vitest';
import { visitor, type Visitor } from '../support/funnel';
import { sandboxScope } from '../support/sandbox';

/** IPQS proxy (spec 7.6) and quote-token renewal (spec 7.7) through the Worker. */

function post(v: Visitor, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return v.fetch(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function testIp(prefix: string): string {
  return `${prefix}.${Math.floor(Math.random() * 250) + 1}`;
}

describe('ip quality', () => {
  it('checks the request ip (not one from the body), stores it on the visitor, and caches it', async () => {
    // TEST-NET-2 (198.51.100.0/24): the sandbox scores it as a datacenter proxy. A scope of
    // its own, so only this test's calls are counted (another test or file may draw the same ip).
    const sb = sandboxScope(testIp('198.51.100'));
    const v = visitor('bh', { ip: sb.ip, userAgent: 'ipqs-test' });
    const first = await post(v, '/ipqs/check-ip', {
      ip: '8.8.8.8',
      ua: 'spoofed',
      userId: v.id,
      sessionId: 'sess-12345678',
    });
    expect(first.status).toBe(200);
    const reply = await first.json<{ result: { fraudScore: number; proxy: boolean }; cached: boolean }>();
    expect(reply.result).toMatchObject({ fraudScore: 88, proxy: true });
    expect(await sandboxScope('8.8.8.8').calls('ipqs')).toHaveLength(0);
    // Same visitor: answered from the visitor's record. Another visitor on the same ip: from KV.
    expect((await (await post(v, '/ipqs/check-ip', {})).json<{ cached: boolean }>()).cached).toBe(true);
    const other = await post(visitor('bh', { ip: sb.ip, userAgent: 'ipqs-test' }), '/ipqs/check-ip', {});
    expect((await other.json<{ cached: boolean }>()).cached).toBe(true);
    expect(await sb.calls('ipqs')).toHaveLength(1);
  });

  it('answers 400 JSON to a bad body', async () => {
    const response = await post(visitor('bh'), '/ipqs/check-ip', { userId: 'x'.repeat(200) });
    expect(response.status).toBe(400);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('invalid_request');
  });
});

interface TokenReply {
  token: string;
  expiresAt: string;
  previous: string;
}

describe('quote token', () => {
  it('issues a token, accepts it back for the same visitor and ip, and flags it from another ip', async () => {
    const v = visitor('bh');
    const first = await (await post(v, '/quote-token', {})).json<TokenReply>();
    expect(first.previous).toBe('absent');
    expect(first.token).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    const lifetime = Date.parse(first.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(55_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);

    const renewed = await (await post(v, '/quote-token', { token: first.token })).json<TokenReply>();
    expect(renewed.previous).toBe('valid');
    expect(renewed.token).not.toBe(first.token);

    const moved = await (
      await post(v, '/quote-token', { token: first.token }, { 'cf-connecting-ip': testIp('192.0.2') })
    ).json<TokenReply>();
    expect(moved.previous).toBe('ip');
    const stolen = await (
      await post(visitor('bh', { ip: v.ip }), '/quote-token', { token: first.token })
    ).json<TokenReply>();
    expect(stolen.previous).toBe('visitor');
  });

  it('answers 400 JSON to a token that is not a string', async () => {
    const response = await post(visitor('bh'), '/quote-token', { token: 42 });
    expect(response.status).toBe(400);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('invalid_request');
  });
});
