import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV_CLOCK_HEADER, DEV_TIME_ZONE_HEADER, knownTimeZone, requestNow, visitorTimeZone } from './edge-clock';

function request(headers: Record<string, string>, cf?: { timezone?: string }): Request {
  const r = new Request('https://bh.example/', { headers });
  return cf ? new Request(r, { cf }) : r;
}

describe('the clock a page is written with', () => {
  const pin = { [DEV_CLOCK_HEADER]: '2025-06-16T02:00:00Z', [DEV_TIME_ZONE_HEADER]: 'America/New_York' };

  it('a deployed Worker ignores the development pins: real time, the edge zone', () => {
    for (const ENVIRONMENT of ['production', 'staging']) {
      const r = request({ ...pin, 'cf-connecting-ip': '203.0.113.9' }, { timezone: 'America/Denver' });
      expect(Math.abs(requestNow(r, { ENVIRONMENT }).getTime() - Date.now())).toBeLessThan(5_000);
      expect(visitorTimeZone(r, { ENVIRONMENT })).toBe('America/Denver');
    }
  });

  it('local development honours them; a bad pin is ignored', () => {
    const env = { ENVIRONMENT: 'development' };
    expect(requestNow(request(pin), env).toISOString()).toBe('2025-06-16T02:00:00.000Z');
    expect(visitorTimeZone(request(pin), env)).toBe('America/New_York');
    const bad = request({ [DEV_CLOCK_HEADER]: 'yesterday', [DEV_TIME_ZONE_HEADER]: 'Mars/Olympus' });
    expect(Math.abs(requestNow(bad, env).getTime() - Date.now())).toBeLessThan(5_000);
    expect(visitorTimeZone(bad, env)).toBe('America/Los_Angeles');
  });

  it('a loopback visitor (Miniflare placeholder location) sees the agents’ own zone; an unknown edge zone too', () => {
    const production = { ENVIRONMENT: 'production' };
    expect(
      visitorTimeZone(request({ 'cf-connecting-ip': '127.0.0.1' }, { timezone: 'America/Chicago' }), production),
    ).toBe('America/Los_Angeles');
    expect(
      visitorTimeZone(request({ 'cf-connecting-ip': '203.0.113.9' }, { timezone: 'Nowhere/Land' }), production),
    ).toBe('America/Los_Angeles');
  });
});

describe('checking a zone name', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks the runtime once per name in an isolate, and answers the same every time', () => {
    const formats = vi.spyOn(Intl, 'DateTimeFormat');
    const first = ['America/Phoenix', 'america/phoenix', 'Mars/Olympus'].map((name) => knownTimeZone(name));
    const asked = formats.mock.calls.length;
    const again = ['America/Phoenix', 'america/phoenix', 'Mars/Olympus'].map((name) => knownTimeZone(name));
    expect(again).toEqual(first);
    expect(first).toEqual(['America/Phoenix', 'America/Phoenix', null]);
    // The second page view of a zone builds no formatter at all.
    expect(formats.mock.calls.length).toBe(asked);
  });

  it('keeps a bounded number of names, however many a development header makes up', () => {
    for (let i = 0; i < 2_000; i++) expect(knownTimeZone(`Made/Up${i}`)).toBeNull();
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});
