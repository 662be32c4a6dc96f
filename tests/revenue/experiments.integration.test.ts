import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { ALLOCATION_PREFIX } from '../../src/worker/experiments';
import { report } from './support';

/**
 * The bandit on real rollups: an experiment's variants with known visitors and revenue per visit;
 * the 15-minute cron stores each experiment's allocation in KV, and the report shows each variant's
 * visitors, RPV with an interval and the probability of being best. The experiment id is this
 * test's own, so other tests' variants never mix in.
 */
async function seedVariant(
  experiment: string,
  variant: string,
  day: string,
  visits: number,
  paidVisits: number,
  cents: number,
) {
  const key = `${experiment}:${variant}`;
  await env.DB.prepare(
    `INSERT INTO event_rollups (day, brand, page, step_number, step_name, traffic_source, paid, variant, events, visits, entries, page_views)
     VALUES (?, 'bh', 'find-benefits', -1, '', 'google', 1, ?, ?, ?, ?, ?)`,
  )
    .bind(day, key, visits, visits, visits, visits)
    .run();
  const statements = Array.from({ length: paidVisits }, (_, i) =>
    env.REVENUE_DB.prepare(
      `INSERT INTO visit_values (session_id, ref, visitor_id, day, brand, page, traffic_source, campaign, paid, variant, realized_call_cents, payouts, created_at, updated_at)
       VALUES (?, ?, 'v', ?, 'bh', 'find-benefits', 'google', '', 1, ?, ?, 1, ?, ?)`,
    ).bind(
      `${key}-${i}-${crypto.randomUUID()}`,
      `r${crypto.randomUUID().replace(/-/g, '').slice(0, 31)}`,
      day,
      key,
      cents,
      `${day}T10:00:00.000Z`,
      `${day}T10:00:00.000Z`,
    ),
  );
  for (let i = 0; i < statements.length; i += 50) await env.REVENUE_DB.batch(statements.slice(i, i + 50));
}

describe('experiments on revenue per visitor', () => {
  it('the scheduled recompute stores the allocation and the report shows RPV, interval and probability best', async () => {
    const experiment = `exp-${crypto.randomUUID().slice(0, 8)}`;
    const day = new Date().toISOString().slice(0, 10);
    // 2,000 visitors each; control earns $40 on 40 of them (RPV $0.80), challenger on 100 ($2.00).
    await seedVariant(experiment, 'control', day, 2000, 40, 4000);
    await seedVariant(experiment, 'challenger', day, 2000, 100, 4000);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/15 * * * *', scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const stored = await env.CACHE.get<{ shares: Record<string, number>; winner: string | null }>(
      `${ALLOCATION_PREFIX}${experiment}`,
      'json',
    );
    expect(stored?.winner).toBe('challenger');
    expect(stored?.shares).toEqual({ challenger: 1, control: 0 });

    const csv = await (await report(`from=${day}&to=${day}&format=csv`)).text();
    const lines = csv
      .split('\r\n')
      .filter((line) => line.startsWith('experiment,') && line.includes(`,${experiment},`));
    const header = csv.split('\r\n')[0]?.split(',') ?? [];
    const rows = lines.map((line) =>
      Object.fromEntries(line.split(',').map((value, i) => [header[i] ?? `${i}`, value])),
    );
    const challenger = rows.find((r) => r.money_key === 'challenger');
    const control = rows.find((r) => r.money_key === 'control');
    expect(challenger?.visits).toBe('2000');
    expect(Number(challenger?.rpv)).toBe(2);
    expect(control?.visits).toBe('2000');
    expect(Number(control?.rpv)).toBe(0.8);
    expect(Number(challenger?.probability_best)).toBeGreaterThan(0.99);
    expect(Number(challenger?.rpv_low)).toBeLessThan(2);
    expect(Number(challenger?.rpv_high)).toBeGreaterThan(2);
    const html = await (await report(`from=${day}&to=${day}`)).text();
    expect(html).toContain('id="money-experiments"');
    expect(html).toMatch(
      new RegExp(
        `<td class="text">${experiment}</td><th scope="row" class="text">challenger \\(winner\\)</th><td>2000</td><td>\\$2\\.00</td>`,
      ),
    );
  });
});
