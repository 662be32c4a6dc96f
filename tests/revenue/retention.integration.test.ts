import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { DAILY_CRON } from '../../src/worker/operations';
import { loadVariantStats } from '../../src/worker/experiments';
import {
  PHONE_LEASE_RETENTION_DAYS,
  pruneLeases,
  prunePeople,
  VISIT_VALUE_RETENTION_DAYS,
} from '../../src/worker/revenue/retention';
import { postback } from './support';

/**
 * The revenue tables' retention, run by the daily cron: lease history rows PHONE_LEASE_RETENTION_DAYS
 * (31) after the lease ended, visit value rows VISIT_VALUE_RETENTION_DAYS (45) after the visit's day. The report's money (revenue_rollups) and
 * the experiment figures (visits, revenue and its square per variant) are the same before and after.
 * The experiment and numbers are this file's own.
 */
const DAY_MS = 86_400_000;
const NOW = Date.now();
const daysAgo = (days: number) => new Date(NOW - days * DAY_MS);
const EXPERIMENT = `ret-${crypto.randomUUID().slice(0, 8)}`;

async function lease(number: string, expiredDaysAgo: number) {
  const expires = daysAgo(expiredDaysAgo);
  await env.LEASES_DB.prepare(
    'INSERT INTO phone_leases (number, leased_at, expires_at, session_id) VALUES (?, ?, ?, ?)',
  )
    .bind(number, new Date(expires.getTime() - 3_600_000).toISOString(), expires.toISOString(), crypto.randomUUID())
    .run();
}

/** A visit's value row on a day `age` days ago, in `variant`, expected $2, paid `paidCents` (0: unpaid). */
async function visit(age: number, variant: string, paidCents: number): Promise<{ session: string; ref: string }> {
  const session = crypto.randomUUID();
  const ref = `r${crypto.randomUUID().replace(/-/g, '').slice(0, 31)}`;
  const at = daysAgo(age).toISOString();
  await env.REVENUE_DB.prepare(
    `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant,
       expected_cents, realized_call_cents, payouts, created_at, updated_at)
     VALUES (?, ?, 'v', ?, 'bh', 'new-senior-benefits', 'google', '', 1, ?, 200, ?, ?, ?, ?)`,
  )
    .bind(session, ref, at.slice(0, 10), `${EXPERIMENT}:${variant}`, paidCents, paidCents > 0 ? 1 : 0, at, at)
    .run();
  return { session, ref };
}

/** The lease history is in its own D1 database (LEASES_DB). */
async function leaseCount(sql: string, bind: string): Promise<number> {
  return (await env.LEASES_DB.prepare(sql).bind(bind).first<{ n: number }>())?.n ?? 0;
}

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (
    (
      await env.REVENUE_DB.prepare(sql)
        .bind(...binds)
        .first<{ n: number }>()
    )?.n ?? 0
  );
}

async function money() {
  return env.REVENUE_DB.prepare(
    `SELECT SUM(visits) AS visits, SUM(expected_cents) AS expected, SUM(realized_cents) AS realized, SUM(blended_cents) AS blended
     FROM revenue_rollups WHERE variant LIKE ?`,
  )
    .bind(`${EXPERIMENT}:%`)
    .first();
}

async function experimentStats() {
  return (await loadVariantStats(env)).find((e) => e.experimentId === EXPERIMENT)?.variants;
}

describe('revenue tables retention', () => {
  it('prunes leases and visit values past their retention in the daily cron, and the money and experiment figures stay', async () => {
    const tag = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    await lease(`1866${tag}1`, PHONE_LEASE_RETENTION_DAYS + 1);
    await lease(`1866${tag}2`, PHONE_LEASE_RETENTION_DAYS - 1);
    await lease(`1866${tag}3`, -1);
    const old = [
      await visit(VISIT_VALUE_RETENTION_DAYS + 2, 'a', 4000),
      await visit(VISIT_VALUE_RETENTION_DAYS + 2, 'a', 0),
      await visit(VISIT_VALUE_RETENTION_DAYS + 1, 'b', 2500),
    ];
    const kept = [await visit(VISIT_VALUE_RETENTION_DAYS - 1, 'a', 0), await visit(0, 'b', 1000)];
    const moneyBefore = await money();
    const statsBefore = await experimentStats();

    const ctx = createExecutionContext();
    const run = worker.scheduled(createScheduledController({ cron: DAILY_CRON, scheduledTime: NOW }), env, ctx);
    await Promise.resolve(run).catch(() => undefined);
    await waitOnExecutionContext(ctx);
    const outcome = await env.DB.prepare(
      `SELECT ok, detail FROM cron_runs WHERE task = 'revenue-retention' ORDER BY id DESC LIMIT 1`,
    ).first<{ ok: number; detail: string }>();
    expect(outcome?.ok).toBe(1);
    expect(outcome?.detail).toMatch(/^\d+ leases, \d+ visit values \(\d+ days\) pruned$/);

    // Where it lands: the old rows are gone, the recent ones stay.
    expect(await leaseCount(`SELECT COUNT(*) AS n FROM phone_leases WHERE number LIKE ?`, `1866${tag}%`)).toBe(2);
    expect(await leaseCount(`SELECT COUNT(*) AS n FROM phone_leases WHERE number = ?`, `1866${tag}1`)).toBe(0);
    for (const { session } of old)
      expect(await count(`SELECT COUNT(*) AS n FROM visit_values WHERE session_id = ?`, session)).toBe(0);
    for (const { session } of kept)
      expect(await count(`SELECT COUNT(*) AS n FROM visit_values WHERE session_id = ?`, session)).toBe(1);
    // The report's money and the bandit's figures are unchanged.
    expect(await money()).toEqual(moneyBefore);
    const statsAfter = await experimentStats();
    expect(statsAfter?.map((s) => s.id)).toEqual(statsBefore?.map((s) => s.id));
    statsAfter?.forEach((s, i) => {
      const before = statsBefore?.[i];
      expect(s.visits).toBe(before?.visits);
      expect(s.revenue).toBeCloseTo(before?.revenue ?? NaN, 9);
      expect(s.revenueSquared).toBeCloseTo(before?.revenueSquared ?? NaN, 9);
    });
    // Pruning twice changes nothing (the days' sums are not added again).
    const ctx2 = createExecutionContext();
    const again = worker.scheduled(createScheduledController({ cron: DAILY_CRON, scheduledTime: NOW }), env, ctx2);
    await Promise.resolve(again).catch(() => undefined);
    await waitOnExecutionContext(ctx2);
    expect((await experimentStats())?.map((s) => s.visits)).toEqual(statsBefore?.map((s) => s.visits));

    // A payout that names a pruned visit's ref arrives too late to be attributed: kept as unattributed.
    const late = await postback('quotewizard', {
      conversion_id: `late-${crypto.randomUUID()}`,
      type: 'lead',
      payout: 12,
      at: new Date().toISOString(),
      ref: old[0]?.ref,
    });
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ status: 'recorded', attributed: false });
  });
  it('walks the lease history from the oldest in chunks: passes over a long lease, stops where none has ended', async () => {
    // This test's rows alone (the walk starts at the oldest rowid of the table).
    await env.LEASES_DB.prepare('DELETE FROM phone_leases').run();
    const tag = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const rows: [number: string, leasedDaysAgo: number, endsDaysAgo: number][] = [
      // A lease made 40 days ago that has not ended yet: kept, and the walk goes on past it.
      [`1877${tag}0`, 40, -1],
      [`1877${tag}1`, 40, 39],
      [`1877${tag}2`, 40, 39],
      [`1877${tag}3`, 39, 38],
      [`1877${tag}4`, 33, 32],
      [`1877${tag}5`, 33, 32],
      // Inside the window: kept, and their chunk has none ended, so the walk stops there.
      [`1877${tag}6`, 2, 1],
      [`1877${tag}7`, 1, 0],
      // Ended long ago but made after the ones in the window (out of order): left for a later night.
      [`1877${tag}8`, 1, 40],
    ];
    for (const [number, leased, ends] of rows)
      await env.LEASES_DB.prepare(
        'INSERT INTO phone_leases (number, leased_at, expires_at, session_id) VALUES (?, ?, ?, ?)',
      )
        .bind(number, daysAgo(leased).toISOString(), daysAgo(ends).toISOString(), crypto.randomUUID())
        .run();
    const cutoff = daysAgo(PHONE_LEASE_RETENTION_DAYS).toISOString();
    expect(await pruneLeases(env.LEASES_DB, cutoff, 2)).toBe(5);
    const { results } = await env.LEASES_DB.prepare('SELECT number FROM phone_leases ORDER BY rowid').all<{
      number: string;
    }>();
    expect(results.map((r) => r.number)).toEqual([`1877${tag}0`, `1877${tag}6`, `1877${tag}7`, `1877${tag}8`]);
  });
  it("prunes the bandit's people assigned before the kept days, walking every chunk to the end of the table", async () => {
    await env.REVENUE_DB.prepare('DELETE FROM experiment_people').run();
    const cutoff = daysAgo(VISIT_VALUE_RETENTION_DAYS).toISOString().slice(0, 10);
    const day = (age: number) => daysAgo(age).toISOString().slice(0, 10);
    // Two experiments, old and kept people mixed in key order, so every chunk of 2 has both kinds or neither.
    const rows: [experiment: string, visitor: string, age: number][] = [
      ['exp-a', 'v1', VISIT_VALUE_RETENTION_DAYS + 2],
      ['exp-a', 'v2', 1],
      ['exp-a', 'v3', 2],
      ['exp-a', 'v4', 3],
      ['exp-a', 'v5', VISIT_VALUE_RETENTION_DAYS + 1],
      ['exp-b', 'v1', 1],
      ['exp-b', 'v2', VISIT_VALUE_RETENTION_DAYS + 5],
    ];
    await env.REVENUE_DB.batch(
      rows.map(([experiment, visitor, age]) =>
        env.REVENUE_DB.prepare(
          `INSERT INTO experiment_people (experiment_id, visitor_id, variant, day) VALUES (?, ?, 'a', ?)`,
        ).bind(experiment, visitor, day(age)),
      ),
    );
    expect(await prunePeople(env.REVENUE_DB, cutoff, 2)).toBe(3);
    const { results } = await env.REVENUE_DB.prepare(
      `SELECT experiment_id || ':' || visitor_id AS person FROM experiment_people ORDER BY experiment_id, visitor_id`,
    ).all<{ person: string }>();
    expect(results.map((r) => r.person)).toEqual(['exp-a:v2', 'exp-a:v3', 'exp-a:v4', 'exp-b:v1']);
  });
});
