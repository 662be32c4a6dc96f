import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  PARTNER_PAYOUT_WINDOW_DAYS,
  PHONE_LEASE_RETENTION_DAYS,
  VISIT_VALUE_RETENTION_DAYS,
} from '../revenue/retention';
import {
  AD_CONVERSION_RETENTION_DAYS,
  D1_DATABASES,
  databaseOf,
  GOOGLE_ADJUSTABLE_DAYS,
  GOOGLE_ADJUSTABLE_ROWS,
  GOOGLE_ADJUSTMENT_LIMIT_DAYS,
  LEFT_BEHIND,
  MIGRATION_ORDER,
  PAYOUT_RETENTION_DAYS,
  retentionOf,
  TABLE_RETENTION,
} from './table-retention';
import wranglerToml from '../../../wrangler.toml?raw';
import startScript from '../../../scripts/start.mjs?raw';
import deployScript from '../../../scripts/deploy.ts?raw';

/** The Worker's source (not its tests), as text: the SQL each statement names. */
const SOURCES = import.meta.glob(['../**/*.ts', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The Worker's D1 bindings: every binding of the test env that is a D1 database. */
function d1Bindings(): string[] {
  return (
    Object.entries(env as unknown as Record<string, unknown>)
      // A D1 binding is an instance of workerd's D1Database class (service and RPC stubs answer any name).
      .filter(([, value]) => typeof value === 'object' && value !== null && value.constructor.name === 'D1Database')
      .map(([name]) => name)
      .sort()
  );
}

/** Every table the migrations leave in D1 (the test setup applied all of migrations/), less SQLite's and D1's own. */
async function migratedTables(binding = 'DB'): Promise<string[]> {
  const left = LEFT_BEHIND.filter((t) => t.database === binding).map((t) => t.table);
  const db = (env as unknown as Record<string, D1Database>)[binding];
  if (!db) throw new Error(`no D1 binding ${binding}`);
  const { results } = await db
    .prepare(
      `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       AND name <> 'd1_migrations' ORDER BY name`,
    )
    .all<{ name: string }>();
  // A table left behind by a move (LEFT_BEHIND) is the old copy, not the one its rule counts.
  return results.map((r) => r.name).filter((name) => !left.includes(name));
}

describe('every D1 table has a retention rule', () => {
  it('names a rule in src/worker/archive/table-retention.ts for each table a migration creates', async () => {
    const tables = (await Promise.all(D1_DATABASES.map((b) => migratedTables(b)))).flat();
    expect(tables.length).toBeGreaterThan(30);
    const missing = tables.filter((t) => !retentionOf(t));
    // A new table needs its row in TABLE_RETENTION (src/worker/archive/table-retention.ts): how long
    // its rows stay, or why it cannot grow, so the capacity plan (npm run capacity) counts it.
    expect(missing, `tables without a rule in src/worker/archive/table-retention.ts: ${missing.join(', ')}`).toEqual(
      [],
    );
  });

  it('has no rule for a table that no migration creates, and one rule a table', async () => {
    // Every database's migrations (a moved table is created in its own database only).
    const tables = new Set((await Promise.all(D1_DATABASES.map((b) => migratedTables(b)))).flat());
    expect(TABLE_RETENTION.filter((r) => !tables.has(r.table)).map((r) => r.table)).toEqual([]);
    const names = TABLE_RETENTION.map((r) => r.table);
    expect(names.length).toBe(new Set(names).size);
  });

  it("adds up each D1 database on its own: every D1 binding is listed, and each rule's table is in the database it names", async () => {
    // D1's 10 GB and the size alert are per database (docs/decisions/0315-...): a binding the plan
    // does not list would fill up uncounted, and a rule naming the wrong database counts a table twice or never.
    expect(d1Bindings()).toEqual([...D1_DATABASES].sort());
    for (const binding of D1_DATABASES) {
      const tables = await migratedTables(binding);
      const named = TABLE_RETENTION.filter((r) => databaseOf(r) === binding).map((r) => r.table);
      expect(
        named.filter((t) => !tables.includes(t)),
        `rules naming ${binding} for a table it lacks`,
      ).toEqual([]);
      expect(
        tables.filter((t) => !named.includes(t)),
        `tables of ${binding} whose rule names another database`,
      ).toEqual([]);
    }
    const unknown = TABLE_RETENTION.filter((r) => !(D1_DATABASES as readonly string[]).includes(databaseOf(r)));
    expect(
      unknown.map((r) => `${r.table}: ${databaseOf(r)}`),
      'rules naming a database the Worker has no binding for',
    ).toEqual([]);
  });

  it('binds every D1 database in every environment of wrangler.toml, each with its own migrations, and migrates each', () => {
    // A database missing from staging or production would leave its tables nowhere there; one
    // without migrations_dir would start empty; one missing from a migration step would fall behind.
    for (const binding of D1_DATABASES) {
      const bound = wranglerToml.match(new RegExp(`binding = "${binding}",?\\s*database_name = "[^"]+"`, 'g')) ?? [];
      expect(bound.length, `${binding} in wrangler.toml: top level, staging, production`).toBe(3);
      expect(MIGRATION_ORDER, binding).toContain(binding);
      expect(startScript, `${binding} migrated by npm start`).toContain(`'${binding}'`);
    }
    expect(wranglerToml).toContain('migrations_dir = "migrations-ads"');
    expect(wranglerToml).toContain('migrations_dir = "migrations-revenue"');
    expect(wranglerToml).toContain('migrations_dir = "migrations-leases"');
    // The deploy applies each database's migrations, in MIGRATION_ORDER.
    expect(deployScript).toMatch(
      /for \(const binding of MIGRATION_ORDER\)[\s\S]{0,400}'migrations', 'apply', binding, '--remote'/,
    );
  });

  it('leaves behind only a table whose rule moved it, for a rollback, and nothing else', () => {
    for (const left of LEFT_BEHIND) {
      expect(retentionOf(left.table), left.table).toMatchObject({ database: left.movedTo });
      expect(left.database).not.toBe(left.movedTo);
    }
  });

  it('gives each days rule a positive number of days and a column of its table', async () => {
    for (const rule of TABLE_RETENTION) {
      if (rule.rule !== 'days') continue;
      expect(rule.days, rule.table).toBeGreaterThan(0);
      const db = (env as unknown as Record<string, D1Database>)[databaseOf(rule)];
      if (!db) throw new Error(`no D1 binding ${databaseOf(rule)} for ${rule.table}`);
      const { results } = await db
        .prepare(`SELECT name FROM pragma_table_info(?)`)
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

  it("keeps a Google conversion sent while its adjustment can be built, inside Google's limit, and the rest 14 days", () => {
    // A partner's restatement or refund arrives while its payout row is kept, and the adjustment
    // carries the visit's click id (visit_values): the Google conversion it restates stays as long.
    expect(retentionOf('ad_conversions')).toMatchObject({
      rule: 'days',
      days: GOOGLE_ADJUSTABLE_DAYS,
      sooner: { days: AD_CONVERSION_RETENTION_DAYS, unless: GOOGLE_ADJUSTABLE_ROWS },
    });
    expect(GOOGLE_ADJUSTABLE_DAYS).toBeGreaterThanOrEqual(PAYOUT_RETENTION_DAYS);
    expect(GOOGLE_ADJUSTABLE_DAYS).toBeGreaterThanOrEqual(VISIT_VALUE_RETENTION_DAYS);
    // Google refuses an adjustment to a conversion more than 54 days old: a longer window pays for nothing.
    expect(GOOGLE_ADJUSTABLE_DAYS).toBeLessThanOrEqual(GOOGLE_ADJUSTMENT_LIMIT_DAYS);
    // A queue message lives 14 days at most: every row dedupes its redelivery that long.
    expect(AD_CONVERSION_RETENTION_DAYS).toBeGreaterThanOrEqual(14);
  });

  it('names tables of one D1 database only in each SQL statement of the Worker (no statement can reach two)', () => {
    const files = Object.entries(SOURCES);
    expect(files.length).toBeGreaterThan(100);
    const databaseOfTable = new Map(TABLE_RETENTION.map((r) => [r.table, databaseOf(r)]));
    const crossing: string[] = [];
    for (const [file, text] of files) {
      // Each string or template literal of the file: a statement is written in one.
      for (const literal of text.match(/`[^`]*`|'[^'\n]*'|"[^"\n]*"/g) ?? []) {
        const tables = [...literal.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+([a-z_]+)/gi)]
          .map((m) => m[1] ?? '')
          .filter((t) => databaseOfTable.has(t));
        const databases = new Set(tables.map((t) => databaseOfTable.get(t)));
        if (databases.size > 1) crossing.push(`${file}: ${[...new Set(tables)].join(', ')}`);
      }
    }
    // A statement over tables in two databases fails at run time: read each database on its own.
    expect(crossing).toEqual([]);
  });

  it('uses the binding of the database its rule names for each statement on a moved table', () => {
    // A table in a database of its own is read and written through that binding: a statement
    // naming it on another binding fails at run time ("no such table").
    const moved = TABLE_RETENTION.filter((r) => databaseOf(r) !== 'DB');
    expect(moved.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const [file, text] of Object.entries(SOURCES)) {
      for (const rule of moved) {
        const statement = new RegExp(
          `(?:env|ctx\\.env|c\\.env)\\.(\\w+)\\.prepare\\(\\s*[\`'"][^\`'"]*\\b(?:FROM|JOIN|INTO|UPDATE)\\s+${rule.table}\\b`,
          'g',
        );
        for (const m of text.matchAll(statement))
          if (m[1] !== databaseOf(rule)) wrong.push(`${file}: ${rule.table} through ${m[1]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
