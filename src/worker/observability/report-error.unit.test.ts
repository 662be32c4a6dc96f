import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportError } from './report-error';
import { buildEnvelope, parseDsn } from './sentry';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('error reporting', () => {
  it('parses a Sentry DSN into the envelope endpoint', () => {
    expect(parseDsn('https://abc123@o1.ingest.sentry.io/42')).toEqual({
      url: 'https://o1.ingest.sentry.io/api/42/envelope/',
      auth: 'Sentry sentry_version=7, sentry_key=abc123, sentry_client=quote-funnel/1',
      dsn: 'https://abc123@o1.ingest.sentry.io/42',
    });
    expect(parseDsn('https://key@glitchtip.example/sub/7')?.url).toBe('https://glitchtip.example/sub/api/7/envelope/');
    expect(parseDsn('not a dsn')).toBeUndefined();
    expect(parseDsn('https://sentry.io/42')).toBeUndefined();
  });

  it('logs one JSON line with no personal data, and sends nothing without a DSN', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await reportError({ SENTRY_DSN: '' }, new Error('location lookup failed'), {
      where: 'client.location',
      email: 'a@b.co',
      status: 502,
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(errors.mock.calls[0]?.[0])) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'error',
      message: 'location lookup failed',
      where: 'client.location',
      status: 502,
      errorType: 'Error',
    });
    expect(line).not.toHaveProperty('email');
  });

  it('posts a Sentry envelope when a DSN is set, and never throws when that fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('ok'));
    await reportError({ SENTRY_DSN: 'https://k@sentry.example/9', ENVIRONMENT: 'test' }, new TypeError('boom'), {
      where: 'queue.d1-insert',
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('https://sentry.example/api/9/envelope/');
    const lines = (typeof init?.body === 'string' ? init.body : '')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[1]).toEqual({ type: 'event' });
    expect(lines[2]).toMatchObject({ level: 'error', environment: 'test', tags: { where: 'queue.d1-insert' } });

    fetchSpy.mockRejectedValue(new Error('network down'));
    await expect(
      reportError({ SENTRY_DSN: 'https://k@sentry.example/9' }, 'x', { where: 'w' }),
    ).resolves.toBeUndefined();
  });

  it('builds an envelope whose header names the event', () => {
    const target = parseDsn('https://k@s.example/1');
    if (!target) throw new Error('dsn');
    const envelope = buildEnvelope(target, {
      eventId: 'e1',
      message: 'm',
      errorType: 'Error',
      level: 'error',
      environment: 'x',
      tags: {},
      extra: {},
    });
    expect(JSON.parse(envelope.split('\n')[0] ?? '')).toMatchObject({ event_id: 'e1', dsn: 'https://k@s.example/1' });
  });
});
