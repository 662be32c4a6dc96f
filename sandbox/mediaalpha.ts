import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxState } from './behaviour';
import { applyFault, stableHash, truncatedJson } from './faults';

/**
 * MediaAlpha stand-in: demand check (ctc.ev), get-phone (a leased 1-833 number) and ad
 * listings (second ad-response shape). Requests are checked against the shapes of spec
 * section 7 and answered 400 when they do not match, so a wrong request fails a test.
 * Every listing also carries one malformed offer (a javascript: link), which the Worker drops.
 * Bids: 'low-bid' answers an expected value below 10; otherwise zips starting with 9 bid
 * low and the rest high. 'no-ads' has no buyer: ERROR for get-phone, no listings, ev 0.
 */
const source = z.array(z.string().nullable()).length(7);
const common = {
  ip: z.string(),
  local_hour: z.number().int().min(0).max(23),
  placement_id: z.string().length(30),
  ua: z.string(),
  url: z.url(),
  version: z.literal(17),
  sub_1: z.string().min(1),
  sub_2: z.string().nullable(),
  sub_3: z.string().nullable(),
  source,
};
const demandCheckBody = z.strictObject({
  ...common,
  data: z.strictObject({ zip: z.string().nullable(), state: z.string().nullable() }),
  max: z.literal(1),
  call_type: z.literal('Inbound'),
  transfer_type: z.literal('cold'),
});
const getPhoneBody = z.strictObject({
  ...common,
  data: z.record(z.string(), z.unknown()),
  phone_num_lease_time: z.number().int().positive(),
});
const adsBody = z.strictObject({ ...common, data: z.record(z.string(), z.unknown()) });

/**
 * Each offer names its `vertical` and `language`, as a marketplace listing can mix them: a
 * Medicare listing carries one auto offer and one Spanish offer; an auto listing (an auto
 * placement, or an auto lead: its data names drivers or vehicles) has the auto buyers first and
 * one Medicare offer. The Worker shows only the page's product and language.
 */
const CARRIERS = [
  {
    name: 'Harborline Health',
    headline: 'Compare Medicare Advantage plans in your area',
    colour: '#0b5cab',
    vertical: 'medicare',
  },
  {
    name: 'Summit Mutual',
    headline: 'Plans with $0 premiums may be available',
    colour: '#2e7d32',
    vertical: 'medicare',
  },
  {
    name: 'Clearwater Insurance',
    headline: 'Talk to a licensed agent about dental and vision',
    colour: '#6a1b9a',
    vertical: 'medicare',
  },
  {
    name: 'Pioneer Auto Direct',
    headline: 'Drivers are switching and saving on car insurance',
    colour: '#c62828',
    vertical: 'auto',
  },
  {
    name: 'Lakeside Senior Plans',
    headline: 'See Medicare Part D and Advantage options',
    colour: '#00695c',
    vertical: 'medicare',
  },
  {
    name: 'Harborline Salud',
    headline: 'Compare planes Medicare Advantage en su zona',
    colour: '#0b5cab',
    vertical: 'medicare',
    language: 'es',
  },
];
const AUTO_CARRIERS = [
  {
    name: 'Pioneer Auto Direct',
    headline: 'Drivers are switching and saving on car insurance',
    colour: '#c62828',
    vertical: 'auto',
  },
  { name: 'Roadway Mutual', headline: 'Quotes for drivers in your ZIP code', colour: '#1565c0', vertical: 'auto' },
  { name: 'Keystone Auto', headline: 'Bundle car and home insurance', colour: '#ef6c00', vertical: 'auto' },
  {
    name: 'Harborline Health',
    headline: 'Compare Medicare Advantage plans in your area',
    colour: '#0b5cab',
    vertical: 'medicare',
  },
];

/** An auto lead's mapped data (spec section 7) carries drivers or vehicles; a Medicare one never does. */
function isAutoLead(data: Record<string, unknown>): boolean {
  return Array.isArray(data.drivers) || Array.isArray(data.vehicles);
}

/** Real placements are per product line; the brands' test placement ids name theirs (brands/*.ts). */
function isAutoPlacement(placementId: string): boolean {
  return /auto/i.test(placementId);
}

/** The visitor ip a request body carries: the scope of its behaviour and recorded call. */
function ipOf(raw: unknown): string | null {
  const ip = typeof raw === 'object' && raw !== null ? (raw as { ip?: unknown }).ip : undefined;
  return typeof ip === 'string' && ip !== '' ? ip : null;
}

export function mediaAlphaRoutes(state: SandboxState) {
  const app = new Hono();
  let leases = 0;

  app.use('*', async (c, next) => {
    if (c.req.method === 'POST' && !/^Bearer .+/.test(c.req.header('authorization') ?? ''))
      return c.json({ status: 'ERROR', errors: ['missing token'] }, 401);
    await next();
  });

  app.post('/demand-check', async (c) => {
    const raw: unknown = await c.req.json().catch(() => null);
    state.record('mediaalpha', '/demand-check', raw, ipOf(raw));
    const body = demandCheckBody.safeParse(raw);
    if (!body.success)
      return c.json(
        { status: 'ERROR', errors: body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) },
        400,
      );
    const setting = state.settingFor('mediaalpha', body.data.ip);
    const { behaviour } = setting;
    const fault = await applyFault(c, setting);
    if (fault) return fault;
    if (behaviour === 'malformed') return truncatedJson(c);
    const zip = body.data.data.zip ?? '';
    const low = behaviour === 'low-bid' || zip.startsWith('9');
    const ev = behaviour === 'no-ads' ? 0 : low ? 4.5 + (stableHash(zip) % 50) / 10 : 12 + (stableHash(zip) % 300) / 10;
    return c.json({
      ctc: { ev: Math.round(ev * 100) / 100, buyers: behaviour === 'no-ads' ? 0 : 1 },
      request_id: crypto.randomUUID(),
    });
  });

  app.post('/get-phone', async (c) => {
    const raw: unknown = await c.req.json().catch(() => null);
    state.record('mediaalpha', '/get-phone', raw, ipOf(raw));
    const body = getPhoneBody.safeParse(raw);
    if (!body.success)
      return c.json(
        { status: 'ERROR', errors: body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) },
        400,
      );
    const setting = state.settingFor('mediaalpha', body.data.ip);
    const { behaviour } = setting;
    const fault = await applyFault(c, setting);
    if (fault) return fault;
    // A well-formed JSON reply of the wrong shape: the number is not a number.
    if (behaviour === 'malformed') return c.json({ status: 'SUCCESS', phone_number: 'call us', lease_time: 'soon' });
    if (behaviour === 'no-ads')
      return c.json({ status: 'ERROR', errors: ['no buyer for this caller'], request_id: crypto.randomUUID() });
    leases += 1;
    const line = String(1000 + (leases % 9000)).padStart(4, '0');
    return c.json({
      status: 'SUCCESS',
      phone_number: `+1833555${line}`,
      lease_time: body.data.phone_num_lease_time,
      request_id: crypto.randomUUID(),
    });
  });

  app.post('/ads', async (c) => {
    const raw: unknown = await c.req.json().catch(() => null);
    state.record('mediaalpha', '/ads', raw, ipOf(raw));
    const body = adsBody.safeParse(raw);
    if (!body.success)
      return c.json(
        { status: 'ERROR', errors: body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) },
        400,
      );
    const setting = state.settingFor('mediaalpha', body.data.ip);
    const { behaviour } = setting;
    const fault = await applyFault(c, setting);
    if (fault) return fault;
    if (behaviour === 'malformed') return truncatedJson(c);
    const origin = new URL(c.req.url).origin;
    const auto = isAutoLead(body.data.data) || isAutoPlacement(body.data.placement_id);
    const carriers = auto ? AUTO_CARRIERS : CARRIERS;
    const ads =
      behaviour === 'no-ads'
        ? []
        : carriers.map((carrier, i) => {
            const ref = auto ? `sbx-auto-${i + 1}` : `sbx-${i + 1}`;
            const call = i === 2;
            return {
              type: call ? 'call' : 'click',
              click_url: `${origin}/mediaalpha/click?ref=${ref}`,
              logo_url: `${origin}/mediaalpha/logo/${ref}.svg`,
              ref,
              price: behaviour === 'low-bid' ? 2 + i / 4 : 14 - i * 2,
              pixels: [`${origin}/mediaalpha/pixel?ref=${ref}`],
              headline: carrier.headline,
              description: `${carrier.name}: licensed agents, no obligation.`,
              vertical: carrier.vertical,
              language: 'language' in carrier ? carrier.language : 'en',
              ...(call ? { phone_number: `+1833555${String(2000 + i)}` } : {}),
            };
          });
    // One malformed offer in every listing, as real marketplaces occasionally send: the
    // Worker must drop it and keep the rest.
    if (ads.length > 0)
      ads.push({
        ...ads[0],
        ref: 'sbx-bad',
        click_url: 'javascript:alert(1)',
        logo_url: 'not a url',
        type: 'banner',
      } as unknown as (typeof ads)[number]);
    return c.json({
      status: 'SUCCESS',
      errors: [],
      response: { ads },
      requestid: crypto.randomUUID(),
      wizsid: `wiz-${stableHash(body.data.ip) % 100000}`,
    });
  });

  app.get('/logo/:file', (c) => {
    const match = /sbx-(auto-)?(\d)/.exec(c.req.param('file'));
    const list = match?.[1] ? AUTO_CARRIERS : CARRIERS;
    const carrier = list[Number(match?.[2] ?? 1) - 1] ?? CARRIERS[0];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48"><rect width="160" height="48" rx="6" fill="${carrier?.colour}"/><text x="80" y="30" font-family="sans-serif" font-size="13" fill="#fff" text-anchor="middle">${carrier?.name}</text></svg>`;
    return c.body(svg, 200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' });
  });

  app.get('/pixel', (c) => {
    // The browser's agent: browser tests tell their own visitor's pixels and clicks by it.
    state.record('mediaalpha', '/pixel', { ref: c.req.query('ref') ?? null, ua: c.req.header('user-agent') ?? null });
    return c.body(null, 204, { 'access-control-allow-origin': '*' });
  });

  app.get('/click', (c) => {
    state.record('mediaalpha', '/click', { ref: c.req.query('ref') ?? null, ua: c.req.header('user-agent') ?? null });
    return c.html(
      `<!doctype html><title>Sandbox carrier</title><h1>Sandbox carrier landing page</h1><p>ref ${c.req.query('ref') ?? ''}</p>`,
    );
  });

  return app;
}
