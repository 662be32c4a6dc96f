import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { routeByName } from '../../src/routes/registry';
import { ALLOCATION_PREFIX, pickVariant, DEFAULT_BANDIT } from '../../src/worker/experiments';
import { allocationMemo } from '../../src/worker/experiments/allocation-read';
import { chooseVariant } from '../../src/worker/experiments/edge-assignment';
import { visitorBuckets } from '../../src/worker/experiments/visitor-buckets';
import { ASSIGNMENT_COOKIE } from '../../src/worker/experiments/assignment-cookie';
import { recordLeadVisit } from '../../src/worker/revenue/lead-visit';
import { flushMetrics } from '../../src/worker/operations';
import { visitor, type Visitor } from '../support/funnel';
import { finishMedicare, leadOf } from '../support/consent';
import { pollUntil } from '../support/poll';

/**
 * An experiment in `optimise` mode, decided at the edge: /new-senior-benefits runs
 * new-senior-headline (control, zip-first, extra-benefits; equal fixed weights). Each test stores
 * the allocation it needs in KV (as the 15-minute recompute would) and sends fresh visitors; the
 * Worker picks by the allocation, renders the variant's headline in the HTML and keeps it for the
 * visitor. The isolate's own memo of the allocation is off here, so a new allocation is read at once.
 */
const PAGE = '/new-senior-benefits';
const EXPERIMENT = 'new-senior-headline';
const route = routeByName('new-senior-benefits');
const experiment = route?.experiment ?? expect.unreachable('the route data runs new-senior-headline');
const HEADLINES: Record<string, string> = {
  control: 'New to Medicare? See the benefits plans in your area offer',
  'zip-first': 'New to Medicare? Enter your ZIP code to see what plans near you offer',
  'extra-benefits': 'New to Medicare? Check which plans near you include dental, vision and hearing',
};

let memoMs = 0;
beforeAll(() => {
  memoMs = allocationMemo.ms;
  allocationMemo.ms = 0;
});
afterAll(() => {
  allocationMemo.ms = memoMs;
});

function storeAllocation(shares: Record<string, number>, winner: string | null = null) {
  return env.CACHE.put(
    `${ALLOCATION_PREFIX}${EXPERIMENT}`,
    JSON.stringify({ experimentId: EXPERIMENT, computedAt: new Date().toISOString(), shares, winner, posteriors: [] }),
  );
}

/** The variant a page view rendered: the page context's assignment, checked against the headline in the HTML. */
async function viewOf(v: Visitor, path = PAGE): Promise<string> {
  const response = await v.get(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
  const context = JSON.parse(json) as { tracking: { experiment: { experimentId: string; variantId: string } | null } };
  const variant = context.tracking.experiment?.variantId ?? 'none';
  expect(context.tracking.experiment?.experimentId).toBe(EXPERIMENT);
  // No flicker: the variant's copy is in the served HTML, and only that variant's.
  for (const [id, headline] of Object.entries(HEADLINES)) expect(html.includes(headline), id).toBe(id === variant);
  return variant;
}

/** `n` fresh visitors' first page views, a few at a time: their anonymous ids and variants. */
async function freshVisitors(n: number): Promise<{ v: Visitor; variant: string }[]> {
  const out: { v: Visitor; variant: string }[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = Array.from({ length: Math.min(10, n - i) }, () => visitor('bh'));
    out.push(...(await Promise.all(batch.map(async (v) => ({ v, variant: await viewOf(v) })))));
  }
  return out;
}

/** Mean ± 5 standard deviations of a binomial count: outside it by chance about once in 1.7 million runs. */
function binomialBound(n: number, p: number): [number, number] {
  const sd = Math.sqrt(n * p * (1 - p));
  return [n * p - 5 * sd, n * p + 5 * sd];
}

/** A visitor given `variant` by the allocation (not by the holdout), found among fresh ones. */
async function assignedOutsideHoldout(variant: string): Promise<Visitor> {
  for (let tries = 0; tries < 60; tries += 1) {
    const v = visitor('bh');
    if (visitorBuckets(EXPERIMENT, v.id).holdout < DEFAULT_BANDIT.holdout) continue;
    expect(await viewOf(v)).toBe(variant);
    return v;
  }
  return expect.unreachable('nine in ten visitors are outside the holdout');
}

describe('an optimise experiment at the edge', () => {
  it('gives fresh visitors the variant the allocation favours, at its share (90% of the optimised traffic to extra-benefits)', async () => {
    const shares = { control: 0.05, 'zip-first': 0.05, 'extra-benefits': 0.9 };
    await storeAllocation(shares);
    const seen = await freshVisitors(300);
    // Each visitor exactly as the allocation and their two stable numbers say.
    for (const { v, variant } of seen) expect(variant).toBe(chooseVariant(experiment, v.id, shares));
    // And the share: 90% of the 90% outside the holdout, plus a third of the 10% holdout.
    const p = (1 - DEFAULT_BANDIT.holdout) * 0.9 + DEFAULT_BANDIT.holdout / 3;
    const [low, high] = binomialBound(seen.length, p);
    const favoured = seen.filter((s) => s.variant === 'extra-benefits').length;
    expect(favoured).toBeGreaterThanOrEqual(low);
    expect(favoured).toBeLessThanOrEqual(high);
  }, 120_000);

  it('keeps the holdout on the fixed weights whatever the allocation says', async () => {
    await storeAllocation({ control: 0, 'zip-first': 0, 'extra-benefits': 1 }, 'extra-benefits');
    const seen = await freshVisitors(200);
    let heldOut = 0;
    for (const { v, variant } of seen) {
      const buckets = visitorBuckets(EXPERIMENT, v.id);
      if (buckets.holdout < DEFAULT_BANDIT.holdout) {
        heldOut += 1;
        expect(variant).toBe(pickVariant(experiment.variants, null, 0, buckets.bucket, 0));
      } else expect(variant).toBe('extra-benefits');
    }
    const [low, high] = binomialBound(seen.length, DEFAULT_BANDIT.holdout);
    expect(heldOut).toBeGreaterThanOrEqual(Math.max(1, low));
    expect(heldOut).toBeLessThanOrEqual(high);
    // The holdout saw the other variants too (two thirds of it by the equal weights).
    expect(seen.some((s) => s.variant !== 'extra-benefits')).toBe(true);
  }, 90_000);

  it(
    'keeps a visitor on the variant first given after the allocation moves: pages and events',
    { timeout: 60_000 },
    async () => {
      await storeAllocation({ control: 0, 'zip-first': 1, 'extra-benefits': 0 }, 'zip-first');
      const v = await assignedOutsideHoldout('zip-first');
      expect(v.headers.cookie).toContain(`${ASSIGNMENT_COOKIE}=`);
      await storeAllocation({ control: 0, 'zip-first': 0, 'extra-benefits': 1 }, 'extra-benefits');
      // A new visitor outside the holdout now gets the new winner; the first keeps theirs, on every step.
      await assignedOutsideHoldout('extra-benefits');
      expect(await viewOf(v)).toBe('zip-first');
      expect(await viewOf(v, `${PAGE}/medicare`)).toBe('zip-first');
      // Their events: one the browser posts, and a page view without JavaScript.
      const id = crypto.randomUUID();
      const posted = await v.fetch('/api/event/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'track',
          event: 'pageView',
          timestamp: new Date().toISOString(),
          sessionId: v.sessionId,
          anonymousId: v.id,
          properties: { id, page: { name: 'new-senior-benefits', step: { name: 'zip', number: 1, fallback: false } } },
        }),
      });
      expect(posted.status).toBe(202);
      expect((await v.fetch(`/api/event/noscript-view.gif?path=${PAGE}`)).status).toBe(200);
      const rows = await pollUntil(
        async () =>
          (
            await env.DB.prepare(
              `SELECT id, json_extract(properties, '$.source') AS source, json_extract(properties, '$.variantId') AS variant
             FROM events WHERE anonymous_id = ? AND page = 'new-senior-benefits'`,
            )
              .bind(v.id)
              .all<{ id: string; source: string | null; variant: string | null }>()
          ).results,
        (r) => r.some((row) => row.id === id) && r.some((row) => row.source === 'no-js'),
        15_000,
      );
      for (const row of rows) expect(row.variant, row.source ?? row.id).toBe('zip-first');
    },
  );

  it(
    "a lead of that visitor carries the stored variant: the Worker's lead event and the visit's money row",
    { timeout: 60_000 },
    async () => {
      await storeAllocation({ control: 0, 'zip-first': 1, 'extra-benefits': 0 }, 'zip-first');
      const v = await assignedOutsideHoldout('zip-first');
      await storeAllocation({ control: 0, 'zip-first': 0, 'extra-benefits': 1 }, 'extra-benefits');
      await finishMedicare(v, [], undefined, { base: PAGE });
      const lead = await leadOf(v.id);
      const created = await pollUntil(
        () =>
          env.DB.prepare(
            `SELECT json_extract(properties, '$.variantId') AS variant FROM events
           WHERE anonymous_id = ? AND event = 'leadCreated'`,
          )
            .bind(v.id)
            .first<{ variant: string | null }>(),
        (row) => row !== null,
        15_000,
      );
      expect(created?.variant).toBe('zip-first');
      // The visit's money row (what a payout for this lead lands on) is the variant the visitor saw.
      await recordLeadVisit(env, lead.id);
      const value = await env.REVENUE_DB.prepare(`SELECT variant FROM visit_values WHERE visitor_id = ?`)
        .bind(v.id)
        .first<{ variant: string }>();
      expect(value?.variant).toBe(`${EXPERIMENT}:zip-first`);
    },
  );

  it(
    'falls back to the fixed weights when the allocation cannot be read, and counts it',
    { timeout: 60_000 },
    async () => {
      // Not JSON: KV's json read throws, as an outage would.
      await env.CACHE.put(`${ALLOCATION_PREFIX}${EXPERIMENT}`, '{ not an allocation');
      const seen = await freshVisitors(30);
      for (const { v, variant } of seen) expect(variant).toBe(chooseVariant(experiment, v.id, null));
      await flushMetrics(env, true);
      const counted = await env.DB.prepare(
        `SELECT SUM(count) AS n FROM ops_counters WHERE name = 'experiment.fallback' AND label = ?`,
      )
        .bind(EXPERIMENT)
        .first<{ n: number | null }>();
      expect(counted?.n).toBeGreaterThanOrEqual(30);
      // A fallback visitor keeps their variant once the allocation is back.
      await storeAllocation({ control: 0, 'zip-first': 0, 'extra-benefits': 1 }, 'extra-benefits');
      for (const { v, variant } of seen.slice(0, 5)) expect(await viewOf(v)).toBe(variant);
    },
  );

  it('the scheduled recompute moves new visitors to the variant that earns the most', { timeout: 60_000 }, async () => {
    const day = new Date().toISOString().slice(0, 10);
    // 1,500 people a variant; extra-benefits earns $40 on 150 of them (RPV $4), the others on 30
    // ($0.80). An optimise experiment's bandit counts its people (experiment_people) and what
    // partners paid for their visits (docs/decisions/0256-bandit-on-realized-money-from-people.md).
    const run = crypto.randomUUID().slice(0, 8);
    for (const [variant, paid] of [
      ['control', 30],
      ['zip-first', 30],
      ['extra-benefits', 150],
    ] as const) {
      const key = `${EXPERIMENT}:${variant}`;
      await env.REVENUE_DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500)
         INSERT INTO experiment_people (experiment_id, visitor_id, variant, day)
         SELECT ?1, ?2 || '-' || i, ?3, ?4 FROM n`,
      )
        .bind(EXPERIMENT, `${run}-${variant}`, variant, day)
        .run();
      const rows = Array.from({ length: paid }, (_, i) =>
        env.REVENUE_DB.prepare(
          `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant, realized_call_cents, payouts, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'bh', 'new-senior-benefits', 'google', '', 1, ?, 4000, 1, ?, ?)`,
        ).bind(
          crypto.randomUUID(),
          `r${crypto.randomUUID().replace(/-/g, '').slice(0, 31)}`,
          `${run}-${variant}-${i + 1}`,
          day,
          key,
          `${day}T10:00:00.000Z`,
          `${day}T10:00:00.000Z`,
        ),
      );
      for (let i = 0; i < rows.length; i += 50) await env.REVENUE_DB.batch(rows.slice(i, i + 50));
    }
    await env.CACHE.delete(`${ALLOCATION_PREFIX}${EXPERIMENT}`);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/15 * * * *', scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const stored = await env.CACHE.get<{ winner: string | null }>(`${ALLOCATION_PREFIX}${EXPERIMENT}`, 'json');
    expect(stored?.winner).toBe('extra-benefits');
    const seen = await freshVisitors(40);
    for (const { v, variant } of seen)
      if (visitorBuckets(EXPERIMENT, v.id).holdout >= DEFAULT_BANDIT.holdout) expect(variant).toBe('extra-benefits');
  });
});
