import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { ALLOCATION_PREFIX, loadVariantStats } from '../../src/worker/experiments';
import { visitRef } from '../../src/worker/revenue';
import { visitor, type Visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { loopbackIp } from '../support/sandbox';
import { postback } from './support';

/**
 * The bandit of an `optimise` experiment (new-senior-headline on /new-senior-benefits) counts
 * people and money partners paid, so scripted visits cannot pick its winner: a bot's user agent
 * is never counted, a demand check's expected value is never revenue, a visitor counts once. Real
 * payouts on one variant's visitors still move its traffic. The recompute is the scheduled one
 * (every 15 minutes in production), run here by its cron.
 */
const PAGE = '/new-senior-benefits';
const EXPERIMENT = 'new-senior-headline';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOTS = [
  'curl/8.5.0',
  'python-requests/2.32.3',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];

interface Stored {
  shares: Record<string, number>;
  winner: string | null;
  posteriors: { id: string; visits: number; probabilityBest: number }[];
}

async function recompute(): Promise<Stored> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: '*/15 * * * *', scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
  const stored = await env.CACHE.get<Stored>(`${ALLOCATION_PREFIX}${EXPERIMENT}`, 'json');
  return stored ?? expect.unreachable('the recompute stores the optimise experiment');
}

/** A page view: the variant the edge gave (the page context's assignment). */
async function view(v: Visitor): Promise<string> {
  const response = await v.get(PAGE);
  expect(response.status).toBe(200);
  const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(await response.text())?.[1] ?? 'null';
  const context = JSON.parse(json) as { tracking: { experiment: { variantId: string } | null } };
  return context.tracking.experiment?.variantId ?? expect.unreachable('the page runs the experiment');
}

/** The demand check a visitor's page makes: it prices the visit (expected value), earning nothing yet. */
async function priced(v: Visitor): Promise<void> {
  const check = await v.fetch('/api/mediaalpha/demand-check', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 'new-senior-benefits' }),
  });
  expect((await check.json<{ parsed: { ctc: { ev: number } } | null }>()).parsed?.ctc.ev).toBeGreaterThan(0);
  await pollUntil(
    () =>
      env.REVENUE_DB.prepare('SELECT expected_cents FROM visit_values WHERE session_id = ?').bind(v.sessionId).first(),
    (row) => row !== null,
    10_000,
  );
}

/** How many rows the bandit counts for these visitors (one per person). */
async function people(visitorIds: string[]): Promise<number> {
  const row = await env.REVENUE_DB.prepare(
    `SELECT COUNT(*) AS n FROM experiment_people WHERE experiment_id = ? AND visitor_id IN (SELECT value FROM json_each(?))`,
  )
    .bind(EXPERIMENT, JSON.stringify(visitorIds))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

function expectUnmoved(before: Stored, after: Stored) {
  expect(after.winner).toBeNull();
  for (const [id, share] of Object.entries(before.shares))
    expect(Math.abs((after.shares[id] ?? 0) - share)).toBeLessThan(0.15);
  for (const p of after.posteriors) expect(p.probabilityBest).toBeLessThan(0.6);
}

describe('the revenue bandit counts people and realized money', () => {
  it(
    '30 scripted visits (bot user agents, or priced but never paid) do not move the allocation; paid visits do',
    { timeout: 120_000 },
    async () => {
      const before = await recompute();
      const ids = Object.keys(before.shares);
      expect(ids.sort()).toEqual(['control', 'extra-benefits', 'zip-first']);

      // The script's chosen variant: the one its first browser-looking visit landed on. It prices
      // every visit that lands there (a demand check for a ZIP it chose), as the attack did.
      let target: string | null = null;
      const browsers: string[] = [];
      const bots: string[] = [];
      for (let i = 0; i < 30; i += 1) {
        const bot = i % 3 === 0;
        const v = visitor('bh', { ip: loopbackIp(), userAgent: bot ? (BOTS[i % BOTS.length] ?? 'curl/8') : BROWSER });
        const variant = await view(v);
        // Reloads with the same cookie: the same person.
        if (!bot && i % 5 === 1) for (let again = 0; again < 3; again += 1) expect(await view(v)).toBe(variant);
        target ??= bot ? null : variant;
        if (variant === target) await priced(v);
        (bot ? bots : browsers).push(v.id);
      }
      // Bots never counted; each browser once however often it reloaded. Counted among this test's
      // own visitors: other files' visitors of the same page may be counted at the same time.
      await pollUntil(
        () => people(browsers),
        (n) => n >= browsers.length,
        20_000,
      );
      expect(await people(browsers)).toBe(browsers.length);
      expect(await people(bots)).toBe(0);
      const scripted = await recompute();
      expectUnmoved(before, scripted);

      // Real people of one variant (not the script's), eight of them paid by the partner for a click
      // each: enough that the variant leads whichever visitors the random ids put in each arm (with
      // four, probability best ranged about 0.75 to 0.95 between runs).
      const paidVariant = ids.find((id) => id !== target) ?? 'control';
      let paid = 0;
      for (let tries = 0; paid < 8 && tries < 120; tries += 1) {
        const v = visitor('bh', { ip: loopbackIp(), userAgent: BROWSER });
        if ((await view(v)) !== paidVariant) continue;
        await priced(v);
        const answer = await postback('mediaalpha', {
          conversion_id: `conv-${crypto.randomUUID()}`,
          type: 'click',
          payout: 60,
          at: new Date().toISOString(),
          ref: await visitRef(env, v.sessionId),
        });
        expect(await answer.json()).toEqual({ status: 'recorded', attributed: true });
        paid += 1;
      }
      expect(paid).toBe(8);
      const after = await recompute();
      expect(after.shares[paidVariant]).toBeGreaterThan((scripted.shares[paidVariant] ?? 0) + 0.3);
      const best = after.posteriors.find((p) => p.id === paidVariant);
      expect(best?.probabilityBest).toBeGreaterThan(0.8);
    },
  );

  it('counts a visitor once however many paid visits, and not at all once a lead of theirs was judged a bot', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const experiment = `people-${crypto.randomUUID().slice(0, 8)}`;
    const visitorRow = (visitorId: string, variant: string) =>
      env.REVENUE_DB.prepare(
        'INSERT INTO experiment_people (experiment_id, visitor_id, variant, day) VALUES (?, ?, ?, ?)',
      ).bind(experiment, visitorId, variant, day);
    const paidVisit = (visitorId: string, variant: string, cents: number, expected = 0) =>
      env.REVENUE_DB.prepare(
        `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant,
           expected_cents, realized_click_cents, payouts, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'bh', 'new-senior-benefits', 'google', '', 1, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        crypto.randomUUID(),
        `r${crypto.randomUUID().replace(/-/g, '').slice(0, 31)}`,
        visitorId,
        day,
        `${experiment}:${variant}`,
        expected,
        cents,
        cents > 0 ? 1 : 0,
        `${day}T10:00:00.000Z`,
        `${day}T10:00:00.000Z`,
      );
    const [one, two, botLead, unpaid] = [
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
    ];
    // The people and visits are in the revenue store's database, the lead in DB: a batch on each.
    await env.REVENUE_DB.batch([
      visitorRow(one, 'a'),
      // One visitor, five paid visits: counts once, worth their best one.
      ...[4000, 2500, 4000, 1000, 3000].map((cents) => paidVisit(one, 'a', cents)),
      visitorRow(two, 'b'),
      paidVisit(two, 'b', 1500),
      // A visitor whose lead was judged a bot: not a person, whatever partners paid.
      visitorRow(botLead, 'b'),
      paidVisit(botLead, 'b', 50_000),
      // Priced at $90 by a demand check, never paid: a person worth nothing.
      visitorRow(unpaid, 'a'),
      paidVisit(unpaid, 'a', 0, 9000),
    ]);
    await env.DB.prepare(
      `INSERT INTO leads (id, created_at, brand, page, form, product, visitor_id, submission_id, "values", trust_verdict)
       VALUES (?, ?, 'bh', 'new-senior-benefits', 'medicare', 'medicare', ?, ?, '{}', 'bot')`,
    )
      .bind(crypto.randomUUID(), `${day}T10:00:00.000Z`, botLead, crypto.randomUUID())
      .run();
    const stats = (await loadVariantStats(env)).find((e) => e.experimentId === experiment);
    expect(stats?.variants).toEqual([
      { id: 'a', visits: 2, revenue: 40, revenueSquared: 1600 },
      { id: 'b', visits: 1, revenue: 15, revenueSquared: 225 },
    ]);
  });
});
