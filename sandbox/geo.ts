import { Hono } from 'hono';
import type { SandboxState } from './behaviour';
import { applyFault, stableHash, truncatedJson } from './faults';

/**
 * Geo stand-in for local development, where request.cf has no real location:
 * `GET /geo/lookup?ip=` answers a stable place (with its IANA time zone) per ip. Loopback
 * addresses land in Miami.
 */
const PLACES = [
  { cityName: 'Miami', stateCode: 'FL', postalCode: '33101', timeZone: 'America/New_York' },
  { cityName: 'Chicago', stateCode: 'IL', postalCode: '60601', timeZone: 'America/Chicago' },
  { cityName: 'Phoenix', stateCode: 'AZ', postalCode: '85001', timeZone: 'America/Phoenix' },
  { cityName: 'Dallas', stateCode: 'TX', postalCode: '75201', timeZone: 'America/Chicago' },
  { cityName: 'San Diego', stateCode: 'CA', postalCode: '92101', timeZone: 'America/Los_Angeles' },
] as const;

/**
 * Places a test can ask for by address: a private address in 10.96.0.0/16 is in Honolulu, one in
 * 10.97.0.0/16 in New York (no other test address falls there: loopback lands in Miami, the
 * benchmarking range by hash). For the visitor's own time zone, which the call-back times follow.
 */
const PINNED: readonly { prefix: string; place: (typeof PLACES)[number] | PinnedPlace }[] = [
  {
    prefix: '10.96.',
    place: { cityName: 'Honolulu', stateCode: 'HI', postalCode: '96813', timeZone: 'Pacific/Honolulu' },
  },
  {
    prefix: '10.97.',
    place: { cityName: 'New York', stateCode: 'NY', postalCode: '10001', timeZone: 'America/New_York' },
  },
];
interface PinnedPlace {
  cityName: string;
  stateCode: string;
  postalCode: string;
  timeZone: string;
}

export function geoRoutes(state: SandboxState) {
  const app = new Hono();
  app.get('/lookup', async (c) => {
    const ip = c.req.query('ip') ?? '';
    state.record('geo', '/lookup', { ip }, ip || null);
    const setting = state.settingFor('geo', ip);
    const { behaviour } = setting;
    const fault = await applyFault(c, setting);
    if (fault) return fault;
    if (behaviour === 'malformed') return truncatedJson(c);
    const local = ip === '' || ip.startsWith('127.') || ip === '::1';
    const pinned = PINNED.find((p) => ip.startsWith(p.prefix))?.place;
    const place = pinned ?? PLACES[local ? 0 : stableHash(ip) % PLACES.length] ?? PLACES[0];
    return c.json({ ip, ...place, isp: local ? 'Loopback' : 'Sandbox Fiber' });
  });
  return app;
}
