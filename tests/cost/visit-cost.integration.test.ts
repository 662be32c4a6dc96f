import { createExecutionContext, createMessageBatch, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { handleLeadDeliveryBatch } from '../../src/worker/lead-delivery';
import { handleEventBatch } from '../../src/worker/queue/consumer';
import { finishAuto } from '../support/auto-funnel';
import { finishMedicare } from '../support/consent';
import { STAFFED_CLOCK, visitor, type Visitor } from '../support/funnel';
import { countingEnv, emptyTally, type Tally } from '../support/counting-env';

/**
 * What a visit costs, counted on the Worker's own bindings (counting-env.ts): a Medicare walk to a
 * lead, an auto walk to a lead (delivered to QuoteWizard), and a bot that only loads pages. Each
 * request goes through the Worker's fetch with the counted bindings; a browser's tracker is
 * played too (a page view after each page, a step event after each step, an ip check and a phone
 * lookup a visit); the queued events and lead deliveries are then consumed by the Worker's own
 * consumers, counted the same way, in batches of 100 as the platform delivers them. `npm run cost`
 * runs this file and prices the counts (bench/cost.ts); here the counts must stay plausible.
 */
const VISITS = 3;

function countedVisitor(
  brand: string,
  counted: Env,
  tally: Tally,
  options: { userAgent?: string; tracker?: boolean; cookies?: boolean } = {},
): Visitor {
  const base = visitor(brand, options.userAgent ? { userAgent: options.userAgent } : {});
  // A crawler keeps no cookies: every page is a first visit.
  if (options.cookies === false) base.headers.cookie = '';
  const jar = new Map(
    (base.headers.cookie ?? '')
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as [string, string]),
  );
  const cf = { colo: `C${crypto.randomUUID().slice(0, 6)}` };
  const raw = async (path: string, init: RequestInit): Promise<Response> => {
    tally.requests += 1;
    const given = Object.fromEntries(new Headers(init.headers));
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`${base.origin}${path}`, { redirect: 'manual', ...init, headers: { ...base.headers, ...given }, cf }),
      counted,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    for (const header of options.cookies === false ? [] : response.headers.getSetCookie()) {
      const pair = header.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      if (/;\s*max-age=0/i.test(header)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    if (options.cookies !== false) base.headers.cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
    return response;
  };
  const track = async (event: string, path: string) => {
    const page = path.split('/')[1] ?? '';
    await raw('/api/event/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'track',
        event,
        timestamp: new Date().toISOString(),
        sessionId: base.sessionId,
        anonymousId: base.id,
        properties: {
          id: crypto.randomUUID(),
          time: new Date().toISOString(),
          page: { name: page, step: { name: path.split('/')[2] ?? 'start', number: 1, fallback: false } },
          url: { href: `${base.origin}${path}`, search: '', pathname: path },
        },
      }),
    });
  };
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await raw(path, init);
    if (options.tracker !== false) {
      const method = (init.method ?? 'GET').toUpperCase();
      if (method === 'GET' && response.status === 200) await track('pageView', path);
      if (method === 'POST' && response.status === 303) await track('formStepSubmitted', path);
    }
    return response;
  };
  return {
    ...base,
    fetch: send,
    get: (path: string) => send(path),
    // At a staffed hour, as every walk not about the call-back posts (tests/support/funnel.ts).
    post: (path: string, fields: Record<string, string>) =>
      send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...STAFFED_CLOCK },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}

/** The island's calls a visit makes once: the ip check and the phone number. */
async function islandCalls(v: Visitor, page: string) {
  const json = { 'content-type': 'application/json' };
  expect((await v.fetch('/api/ipqs/check-ip', { method: 'POST', headers: json, body: '{}' })).status).toBe(200);
  expect(
    (await v.fetch('/api/mediaalpha/get-phone', { method: 'POST', headers: json, body: JSON.stringify({ page }) }))
      .status,
  ).toBe(200);
}

/** Consumes what the walks queued, in batches of 100, counted into `tally`. */
async function consume(counted: Env, captured: Map<string, unknown[]>) {
  const events = captured.get('events') ?? [];
  for (let i = 0; i < events.length; i += 100) {
    const batch = createMessageBatch(
      'quote-funnel-events',
      events.slice(i, i + 100).map((body, n) => ({ id: `e${i + n}`, timestamp: new Date(), attempts: 1, body })),
    );
    await handleEventBatch(batch, counted);
  }
  const leads = captured.get('leads') ?? [];
  if (leads.length)
    await handleLeadDeliveryBatch(
      createMessageBatch(
        'quote-funnel-leads',
        leads.map((body, n) => ({ id: `l${n}`, timestamp: new Date(), attempts: 1, body })),
      ),
      counted,
    );
  captured.clear();
}

async function measure(kind: string, walk: (counted: Env, tally: Tally) => Promise<void>) {
  const visit = emptyTally();
  const consumer = emptyTally();
  const captured = new Map<string, unknown[]>();
  for (let i = 0; i < VISITS; i++) await walk(countingEnv(env, visit, captured), visit);
  await consume(countingEnv(env, consumer, new Map()), captured);
  const perVisit = Object.fromEntries(
    (Object.keys(visit) as (keyof Tally)[]).map((k) => [k, (visit[k] + consumer[k]) / VISITS]),
  ) as unknown as Tally;
  return { kind, visits: VISITS, perVisit, requestPath: visit, consumer };
}

describe('the cost of a visit', () => {
  it('counts the Medicare and auto walks to a lead and a page-only bot', { timeout: 120_000 }, async () => {
    const medicare = await measure('medicare', async (counted, tally) => {
      const v = countedVisitor('bh', counted, tally);
      await v.get('/get-yours-otc');
      await islandCalls(v, 'get-yours-otc');
      await finishMedicare(v);
    });
    const auto = await measure('auto', async (counted, tally) => {
      const v = countedVisitor('ps', counted, tally);
      await v.get('/save-auto');
      await islandCalls(v, 'save-auto');
      await finishAuto(v);
    });
    const bot = await measure('bot', async (counted, tally) => {
      const v = countedVisitor('bh', counted, tally, {
        tracker: false,
        cookies: false,
        userAgent: 'Mozilla/5.0 (compatible; SiteAuditBot/1.0)',
      });
      for (const path of ['/get-yours-otc', '/privacy', '/tos']) await v.get(path);
    });
    for (const walk of [medicare, auto]) {
      expect(walk.perVisit.requests).toBeGreaterThan(8);
      expect(walk.perVisit.d1RowsWritten).toBeGreaterThan(5);
      expect(walk.perVisit.queueMessages).toBeGreaterThan(5);
      expect(walk.perVisit.doRequests).toBeGreaterThan(3);
    }
    // A lead delivery to QuoteWizard per auto lead.
    expect(auto.perVisit.queueMessages).toBeGreaterThan(medicare.perVisit.queueMessages - 20);
    expect(bot.perVisit.requests).toBe(3);
    expect(bot.perVisit.queueMessages).toBeLessThan(medicare.perVisit.queueMessages);
    console.log(`VISIT_COST_JSON ${JSON.stringify({ medicare, auto, bot })}`);
  });
});
