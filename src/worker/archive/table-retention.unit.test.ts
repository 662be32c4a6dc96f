import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  PARTNER_PAYOUT_WINDOW_DAYS,
  PHONE_LEASE_RETENTION_DAYS,
  VISIT_VALUE_RETENTION_DAYS,
} from '../revenue/retention';
import { PAYOUT_RETENTION_DAYS, retentionOf, TABLE_RETENTION } from './table-retention';

/** Every table the migrations leave in D1 (the test setup applied all of migrations/), less SQLite's and D1's own. */
async function migratedTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       AND name <> 'd1_migrations' ORDER BY name`,
  ).all<{ name: string }>();
  return results.map((r) => r.name);
}

describe('every D1 table has a retention rule', () => {
  it('names a rule in src/worker/archive/table-retention.ts for each table a migration creates', async () => {
    const tables = await migratedTables();
    expect(tables.length).toBeGreaterThan(30);
    const missing = tables.filter((t) => !retentionOf(t));
    // A new table needs its row in TABLE_RETENTION (src/worker/archive/table-retention.ts): how long
    // its rows stay, or why it cannot grow, so the capacity plan (npm run capacity) counts it.
    expect(missing, `tables without a rule in src/worker/archive/table-retention.ts: ${missing.join(', ')}`).toEqual(
      [],
    );
  });

  it('has no rule for a table that no migration creates, and one rule a table', async () => {
    const tables = new Set(await migratedTables());
    expect(TABLE_RETENTION.filter((r) => !tables.has(r.table)).map((r) => r.table)).toEqual([]);
    const names = TABLE_RETENTION.map((r) => r.table);
    expect(names.length).toBe(new Set(names).size);
  });

  it('gives each days rule a positive number of days and a column of its table', async () => {
    for (const rule of TABLE_RETENTION) {
      if (rule.rule !== 'days') continue;
      expect(rule.days, rule.table).toBeGreaterThan(0);
      const { results } = await env.DB.prepare(`SELECT name FROM pragma_table_info(?)`)
        .bind(rule.table)
        .all<{ name: string }>();
      expect(
        results.map((c) => c.name),
        rule.table,
      ).toContain(rule.column);
    }
  });

  it('states the days the revenue prune enforces', () => {
    expect(retentionOf('visit_values')).toMatchObject({ rule: 'days', days: VISIT_VALUE_RETENTION_DAYS });
    expect(retentionOf('phone_leases')).toMatchObject({ rule: 'days', days: PHONE_LEASE_RETENTION_DAYS });
  });

  it('keeps each revenue row as long as its readers need it, and no longer than the capacity plan counts', () => {
    // A call's first payout comes within the partners' window after the lease ended.
    expect(PHONE_LEASE_RETENTION_DAYS).toBeGreaterThan(PARTNER_PAYOUT_WINDOW_DAYS);
    // A payout attributed through a lease, and a restatement of any kept payout, finds its visit row
    // (its click ids for Google, its realized money): the visit outlives both.
    expect(VISIT_VALUE_RETENTION_DAYS).toBeGreaterThan(PHONE_LEASE_RETENTION_DAYS);
    expect(VISIT_VALUE_RETENTION_DAYS).toBeGreaterThanOrEqual(PAYOUT_RETENTION_DAYS);
    // The capacity plan (docs/decisions/0280-the-capacity-plan-fits.md) holds visits 45 days, leases 31.
    expect(VISIT_VALUE_RETENTION_DAYS).toBeLessThanOrEqual(45);
    expect(PHONE_LEASE_RETENTION_DAYS).toBeLessThanOrEqual(31);
    // The bandit counts people only over the days whose visit values are kept.
    expect(retentionOf('experiment_people')).toMatchObject({ rule: 'days', days: VISIT_VALUE_RETENTION_DAYS });
  });
});
