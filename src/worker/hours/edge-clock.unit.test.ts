import { describe, expect, it } from 'vitest';
import { DEV_CLOCK_HEADER, DEV_TIME_ZONE_HEADER, requestNow, visitorTimeZone } from './edge-clock';

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
