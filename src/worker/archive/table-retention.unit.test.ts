import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PHONE_LEASE_RETENTION_DAYS, VISIT_VALUE_RETENTION_DAYS } from '../revenue/retention';
import { retentionOf, TABLE_RETENTION } from './table-retention';

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
});
