import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientFetch, fetchWithRetry, HttpError } from './fetch-client';
import { fetchJson } from './fetch-json';

interface Seen {
  method: string;
  body: string | null;
  headers: Headers;
}

/** A fake network that answers with the given statuses in order and records each request. */
function fakeNetwork(statuses: (number | 'network-error')[]) {
  const seen: Seen[] = [];
  const impl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    seen.push({ method: request.method, body: request.body ? await request.text() : null, headers: request.headers });
    const next = statuses[Math.min(seen.length - 1, statuses.length - 1)];
    if (next === 'network-error') throw new TypeError('network down');
    return new Response(JSON.stringify({ n: seen.length }), {
      status: next ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { impl, seen };
}

describe('client fetch bodies', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('sends an object body as JSON for %s', async (method) => {
    const net = fakeNetwork([200]);
    await clientFetch('https://x.test/api', { method, body: { a: 1, b: ['c'] }, fetchImpl: net.impl });
    expect(net.seen[0]?.body).toBe('{"a":1,"b":["c"]}');
    expect(net.seen[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('sends strings and form data as they are', async () => {
    const net = fakeNetwork([200]);
    await clientFetch('https://x.test/api', {
      method: 'POST',
      body: 'plain',
      headers: { 'content-type': 'text/plain' },
      fetchImpl: net.impl,
    });
    expect(net.seen[0]?.body).toBe('plain');
    expect(net.seen[0]?.headers.get('content-type')).toBe('text/plain');
  });

  it('refuses an object body on GET', async () => {
    const net = fakeNetwork([200]);
    await expect(clientFetch('https://x.test/api', { body: { a: 1 }, fetchImpl: net.impl })).rejects.toThrow(TypeError);
    expect(net.seen).toHaveLength(0);
  });
});

describe('client fetch retries', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    const net = fakeNetwork([status, 200]);
    const response = await clientFetch('https://x.test/api', { fetchImpl: net.impl });
    expect(response.status).toBe(200);
    expect(net.seen).toHaveLength(2);
  });

  it('retries a GET only once', async () => {
    const net = fakeNetwork([503, 503, 200]);
    const response = await clientFetch('https://x.test/api', { fetchImpl: net.impl });
    expect(response.status).toBe(503);
    expect(net.seen).toHaveLength(2);
  });

  it('retries a GET once after a network failure', async () => {
    const net = fakeNetwork(['network-error', 200]);
    expect((await clientFetch('https://x.test/api', { fetchImpl: net.impl })).status).toBe(200);
  });

  it.each([400, 404, 501])('does not retry a GET on %i', async (status) => {
    const net = fakeNetwork([status, 200]);
    expect((await clientFetch('https://x.test/api', { fetchImpl: net.impl })).status).toBe(status);
    expect(net.seen).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 410, 422, 501, 505])(
    'does not retry a GET on %i (not in the spec list)',
    async (status) => {
      const net = fakeNetwork([status, 200]);
      const response = await clientFetch('https://x.test/api', { fetchImpl: net.impl });
      expect(response.status).toBe(status);
      expect(net.seen).toHaveLength(1);
    },
  );

  it("retries the always-loaded script's fetchWithRetry the same way: a GET once, a write with a key once, a write without none", async () => {
    const url = 'https://x.test/api';
    const get = fakeNetwork([503]);
    await fetchWithRetry(url, { fetchImpl: get.impl });
    expect(get.seen).toHaveLength(2);
    const write = fakeNetwork([503]);
    await fetchWithRetry(url, { method: 'POST', body: '{}', fetchImpl: write.impl });
    expect(write.seen).toHaveLength(1);
    const keyed = fakeNetwork([503]);
    await fetchWithRetry(url, {
      method: 'POST',
      body: '{}',
      headers: { 'idempotency-key': 'k1' },
      fetchImpl: keyed.impl,
    });
    expect(keyed.seen).toHaveLength(2);
  });

  it('does not retry a write by default', async () => {
    const net = fakeNetwork([503, 200]);
    const response = await clientFetch('https://x.test/api', { method: 'POST', body: { a: 1 }, fetchImpl: net.impl });
    expect(response.status).toBe(503);
    expect(net.seen).toHaveLength(1);
  });

  it('retries a write once when it carries an idempotency key, sending the key both times', async () => {
    const net = fakeNetwork([502, 200]);
    const response = await clientFetch('https://x.test/api', {
      method: 'POST',
      body: { a: 1 },
      idempotencyKey: 'k-1',
      fetchImpl: net.impl,
    });
    expect(response.status).toBe(200);
    expect(net.seen.map((s) => s.headers.get('idempotency-key'))).toEqual(['k-1', 'k-1']);
    expect(net.seen[1]?.body).toBe('{"a":1}');
  });
});

describe('fetchJson', () => {
  it('reads the reply with the given reader, which may be a schema', async () => {
    const net = fakeNetwork([200]);
    const numbered = z.object({ n: z.number() });
    expect(await fetchJson('https://x.test/api', (data) => numbered.parse(data), { fetchImpl: net.impl })).toEqual({
      n: 1,
    });
    const named = z.object({ n: z.string() });
    await expect(
      fetchJson('https://x.test/api', (data) => named.parse(data), { fetchImpl: net.impl }),
    ).rejects.toThrow();
  });

  it('throws HttpError with the status on a non-2xx reply', async () => {
    const net = fakeNetwork([404]);
    await expect(fetchJson('https://x.test/api', (data) => data, { fetchImpl: net.impl })).rejects.toBeInstanceOf(
      HttpError,
    );
  });
});
