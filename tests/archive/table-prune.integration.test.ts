import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { pruneRetainedTables } from '../../src/worker/archive/table-prune';
import {
  AD_CONVERSION_RETENTION_DAYS,
  GOOGLE_ADJUSTABLE_DAYS,
  PAYOUT_RETENTION_DAYS,
  TURNSTILE_REDEMPTION_DAYS,
  databaseOf,
  retentionOf,
  type D1Binding,
} from '../../src/worker/archive/table-retention';

const now = new Date('2026-11-28T03:17:00.000Z');
const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 + extraMs).toISOString();

/** Each table in the D1 database its rule names (ad_conversions in ADS_DB, the payouts in REVENUE_DB). */
const dbOf = (table: string) => env[databaseOf(retentionOf(table) ?? { table, rule: 'bounded', why: '' }) as D1Binding];

async function count(table: string): Promise<number> {
  const row = await dbOf(table).prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

/** `old` rows a minute past the table's retention and `young` rows a minute inside it. */
async function seed(old: number, young: number) {
  const statements: D1PreparedStatement[] = [];
  const revenue: D1PreparedStatement[] = [];
  const ads: D1PreparedStatement[] = [];
  for (let i = 0; i < old + young; i++) {
    const ageMs = i < old ? -60_000 : 60_000;
    statements.push(
      env.DB.prepare(`INSERT INTO turnstile_redemptions (token_sha256, lead_key, at) VALUES (?, 'k', ?)`).bind(
        `t${i}`,
        daysAgo(TURNSTILE_REDEMPTION_DAYS, ageMs),
      ),
    );
    revenue.push(
      env.REVENUE_DB.prepare(
        `INSERT INTO payout_adjustments (partner, conversion_id, received_at, previous_cents, payout_cents) VALUES ('mediaalpha', ?, ?, 1, 2)`,
      ).bind(`c${i}`, daysAgo(PAYOUT_RETENTION_DAYS, ageMs)),
    );
    ads.push(
      env.ADS_DB.prepare(
        `INSERT INTO ad_conversions (id, platform, kind, session_id, value_cents, status, created_at) VALUES (?, 'meta-capi', 'lead', 's', 1, 'sent', ?)`,
      ).bind(`a${i}`, daysAgo(AD_CONVERSION_RETENTION_DAYS, ageMs)),
    );
  }
  await env.DB.batch(statements);
  await env.REVENUE_DB.batch(revenue);
  await env.ADS_DB.batch(ads);
}

describe('the daily prune of tables with a days rule', () => {
  beforeEach(async () => {
    await env.DB.prepare(`DELETE FROM turnstile_redemptions`).run();
    await env.REVENUE_DB.batch(
      ['payout_adjustments', 'payouts'].map((t) => env.REVENUE_DB.prepare(`DELETE FROM ${t}`)),
    );
    await env.ADS_DB.prepare(`DELETE FROM ad_conversions`).run();
  });

  it('deletes the rows past their days in chunks and keeps the younger ones', async () => {
    await seed(7, 3);
    const pruned = await pruneRetainedTables(env, now, { chunk: 2 });
    expect(pruned.filter((p) => p.table !== 'payouts')).toEqual([
      { table: 'turnstile_redemptions', rows: 7, continues: false },
      { table: 'payout_adjustments', rows: 7, continues: false },
      { table: 'ad_conversions', rows: 7, continues: false },
    ]);
    for (const table of ['turnstile_redemptions', 'payout_adjustments', 'ad_conversions'])
      expect(await count(table), table).toBe(3);
  });

  it('stops at the run budget and goes on at the next run', async () => {
    await seed(5, 1);
    const first = await pruneRetainedTables(env, now, { chunk: 2, rowsPerRun: 3 });
    expect(first.find((p) => p.table === 'ad_conversions')).toEqual({
      table: 'ad_conversions',
      rows: 3,
      continues: true,
    });
    expect(await count('ad_conversions')).toBe(3);
    await pruneRetainedTables(env, now, { chunk: 2, rowsPerRun: 3 });
    expect(await count('ad_conversions')).toBe(1);
  });

  it('keeps a Google conversion sent while its adjustment can be built, and every other ad row 14 days', async () => {
    // A partner restates or refunds a lead's payout weeks later: the adjustment needs the Google
    // conversion it restates (queue-conversions.ts finds it, google-send.ts sends its transactionId).
    const insert = (id: string, platform: string, kind: string, status: string, days: number, ageMs: number) =>
      env.ADS_DB.prepare(
        `INSERT INTO ad_conversions (id, platform, kind, session_id, value_cents, status, created_at) VALUES (?, ?, ?, 's', 1, ?, ?)`,
      ).bind(id, platform, kind, status, daysAgo(days, ageMs));
    const past = -60_000;
    const inside = 60_000;
    await env.ADS_DB.batch([
      insert('google-lead-20d', 'google-ads', 'lead', 'sent', 20, 0),
      insert('google-call-20d', 'google-ads', 'call', 'sent', 20, 0),
      insert('google-lead-kept', 'google-ads', 'lead', 'sent', GOOGLE_ADJUSTABLE_DAYS, inside),
      insert('google-lead-gone', 'google-ads', 'lead', 'sent', GOOGLE_ADJUSTABLE_DAYS, past),
      insert('google-adjustment-20d', 'google-ads', 'adjustment', 'sent', 20, 0),
      insert('google-failed-20d', 'google-ads', 'lead', 'failed', 20, 0),
      insert('meta-lead-20d', 'meta-capi', 'lead', 'sent', 20, 0),
      insert('meta-lead-young', 'meta-capi', 'lead', 'sent', AD_CONVERSION_RETENTION_DAYS, inside),
    ]);
    await pruneRetainedTables(env, now);
    const { results } = await env.ADS_DB.prepare(`SELECT id FROM ad_conversions ORDER BY id`).all<{ id: string }>();
    expect(results.map((r) => r.id)).toEqual([
      'google-call-20d',
      'google-lead-20d',
      'google-lead-kept',
      'meta-lead-young',
    ]);
  });

  it('leaves the report money alone when a payout goes', async () => {
    await env.REVENUE_DB.prepare(
      `INSERT INTO payouts (partner, conversion_id, type, payout_cents, at, adjustments, received_at, updated_at)
       VALUES ('mediaalpha', 'p-old', 'click', 500, ?1, 0, ?1, ?1)`,
    )
      .bind(daysAgo(PAYOUT_RETENTION_DAYS + 1))
      .run();
    const before = await env.REVENUE_DB.prepare(
      `SELECT COALESCE(SUM(realized_cents), 0) AS n FROM revenue_rollups`,
    ).first();
    await pruneRetainedTables(env, now);
    expect(await count('payouts')).toBe(0);
    expect(
      await env.REVENUE_DB.prepare(`SELECT COALESCE(SUM(realized_cents), 0) AS n FROM revenue_rollups`).first(),
    ).toEqual(before);
  });
});
