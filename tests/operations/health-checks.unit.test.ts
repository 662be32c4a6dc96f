import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import onCallDoc from '../../docs/on-call.md?raw';
import { CATALOG, entryOf } from '../../src/worker/operations/health-checks/catalog';
import { healthContext } from '../../src/worker/operations/health-checks/context';
import { onCallMarkdown } from '../../src/worker/operations/health-checks/on-call-doc';
import { HEALTH_CHECKS } from '../../src/worker/operations/health-checks/table';
import { D1_DATABASES } from '../../src/worker/archive/table-retention';
import { d1Figures, d1SizeResult } from '../../src/worker/operations/health-checks/d1-check';
import { THRESHOLDS } from '../../src/worker/operations/health-checks/thresholds';
import type { HealthEnv } from '../../src/worker/operations/health-checks/types';
import { healthReport } from '../../src/worker/operations/health';

/**
 * Each check of the health table, run on rows seeded for it, turns red at its threshold and
 * stays green just under it. The tables are emptied before each test (this file's own D1), so
 * the tests do not depend on each other or on their order.
 */
const NOW = new Date('2026-11-20T12:00:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

async function run(checkId: string, over: Partial<HealthEnv> = {}, now = NOW) {
  const check = HEALTH_CHECKS.find((c) => c.entry.id === checkId);
  if (!check) throw new Error(`no check ${checkId}`);
  return check.run(healthContext({ ...env, ...over }, now));
}

async function state(checkId: string, resultId = checkId, over: Partial<HealthEnv> = {}, now = NOW) {
  const results = await run(checkId, over, now);
  const found = results.find((r) => r.id === resultId);
  return found ? { ok: found.ok, summary: found.summary } : undefined;
}

let n = 0;
async function lead(fields: Record<string, string | number | null>) {
  n += 1;
  const row: Record<string, string | number | null> = {
    id: `lead-${n}-${crypto.randomUUID()}`,
    created_at: ago(1),
    brand: 'ps',
    page: 'save-auto',
    form: 'auto',
    product: 'auto',
    visitor_id: `v-${n}`,
    submission_id: `s-${n}`,
    values: '{}',
    ...fields,
  };
  const names = Object.keys(row);
  await env.DB.prepare(
    `INSERT INTO leads (${names.map((k) => `"${k}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
  )
    .bind(...Object.values(row))
    .run();
  return String(row.id);
}

async function delivery(recipient: string, status: string, at: string, queuedAt = at) {
  n += 1;
  await env.DB.prepare(
    `INSERT INTO lead_deliveries (lead_id, recipient, kind, status, queued_at, updated_at) VALUES (?, ?, 'seller', ?, ?, ?)`,
  )
    .bind(`lead-${n}`, recipient, status, queuedAt, at)
    .run();
}

async function counter(name: string, label: string, count: number, total = 0) {
  await env.DB.prepare(`INSERT INTO ops_counters (minute, name, label, count, total) VALUES (?, ?, ?, ?, ?)`)
    .bind(Math.floor(NOW.getTime() / 60_000) - 1, name, label, count, total)
    .run();
}

beforeEach(async () => {
  await env.DB.batch(
    ['leads', 'lead_deliveries', 'archive_jobs', 'cron_runs', 'ops_counters', 'ops_markers', 'certificate_keys'].map(
      (t) => env.DB.prepare(`DELETE FROM ${t}`),
    ),
  );
  // In the D1 database of its own.
  await env.ADS_DB.prepare(`DELETE FROM ad_conversions`).run();
});

describe('the health table', () => {
  it('has one check per catalog entry, and every result names an entry of the catalog', async () => {
    expect(HEALTH_CHECKS.map((c) => c.entry.id).sort()).toEqual(Object.keys(CATALOG).sort());
    await lead({ quotewizard_status: 'failed', quotewizard_updated_at: ago(5) });
    const report = await healthReport(env, NOW);
    for (const check of report.checks) expect(entryOf(check.id)?.id, check.id).toBe(check.runbook);
  });

  it('docs/on-call.md is what npm run health:docs makes from the catalog (one section per check id)', () => {
    expect(onCallDoc, 'stale: run npm run health:docs').toBe(onCallMarkdown());
    for (const entry of Object.values(CATALOG)) expect(onCallDoc).toContain(`### \`${entry.id}\``);
  });

  it('a check that cannot read its figures is failing, not skipped', async () => {
    const db = env.ADS_DB;
    const broken = {
      ...db,
      prepare: (sql: string) => {
        if (sql.includes('ad_conversions')) throw new Error('D1_ERROR: no such table (simulated)');
        return db.prepare(sql);
      },
      batch: db.batch.bind(db),
    } as D1Database;
    const report = await healthReport({ ...env, ADS_DB: broken }, NOW);
    expect(report.checks.find((c) => c.id === 'ad-conversions:failed')).toMatchObject({ ok: false });
    expect(report.ok).toBe(false);
  });
});

describe('each check turns red at its threshold', () => {
  it('configuration: a secret missing in production', async () => {
    expect(await state('configuration')).toMatchObject({ ok: true });
    const red = await state('configuration', 'configuration', { ENVIRONMENT: 'production', MONITOR_TOKEN: '' });
    expect(red).toMatchObject({ ok: false });
    expect(red?.summary).toContain('MONITOR_TOKEN missing');
  });

  it('delivery:quotewizard: a lead failed after its retries', async () => {
    await lead({ quotewizard_status: 'accepted', quotewizard_updated_at: ago(5) });
    expect(await state('delivery:quotewizard')).toMatchObject({ ok: true });
    await lead({ quotewizard_status: 'failed', quotewizard_updated_at: ago(60 * 23) });
    expect(await state('delivery:quotewizard')).toMatchObject({
      ok: false,
      summary: expect.stringContaining('1 failed'),
    });
  });

  it('delivery:quotewizard: a lead waiting past the limit', async () => {
    await lead({ quotewizard_status: 'queued', created_at: ago(THRESHOLDS.leadDeliveryWaitMinutes - 1) });
    expect(await state('delivery:quotewizard')).toMatchObject({ ok: true });
    await lead({ quotewizard_status: 'retrying', created_at: ago(THRESHOLDS.leadDeliveryWaitMinutes + 1) });
    expect(await state('delivery:quotewizard')).toMatchObject({
      ok: false,
      summary: expect.stringContaining('1 waiting'),
    });
  });

  it('delivery:quotewizard: refusing nearly every lead', async () => {
    const answers = THRESHOLDS.rejectMinAnswers;
    const refusedUnder = Math.ceil(answers * THRESHOLDS.rejectShare) - 1;
    for (let i = 0; i < answers; i++)
      await lead({ quotewizard_status: i < refusedUnder ? 'rejected' : 'accepted', quotewizard_updated_at: ago(10) });
    expect(await state('delivery:quotewizard')).toMatchObject({ ok: true });
    // One more refusal reaches the share exactly: red.
    await env.DB.prepare(
      `UPDATE leads SET quotewizard_status = 'rejected' WHERE id = (SELECT id FROM leads WHERE quotewizard_status = 'accepted' LIMIT 1)`,
    ).run();
    expect(await state('delivery:quotewizard')).toMatchObject({
      ok: false,
      summary: expect.stringContaining(`${refusedUnder + 1} of ${answers} refused`),
    });
  });

  it('delivery:seller:<company>: a company whose router failed, waits, or refuses', async () => {
    await delivery('acme-health', 'accepted', ago(5));
    expect(await state('delivery:seller:<company>', 'delivery:seller:acme-health')).toMatchObject({ ok: true });
    await delivery('acme-health', 'failed', ago(5));
    expect(await state('delivery:seller:<company>', 'delivery:seller:acme-health')).toMatchObject({ ok: false });
    await delivery('bravo-health', 'queued', ago(THRESHOLDS.leadDeliveryWaitMinutes + 1));
    expect(await state('delivery:seller:<company>', 'delivery:seller:bravo-health')).toMatchObject({ ok: false });
    for (let i = 0; i < THRESHOLDS.rejectMinAnswers; i++) await delivery('carol-health', 'rejected', ago(5));
    expect(await state('delivery:seller:<company>', 'delivery:seller:carol-health')).toMatchObject({ ok: false });
  });

  it('delivery:unsent: a delivery the queue refused', async () => {
    expect(await state('delivery:unsent')).toMatchObject({ ok: true });
    await delivery('acme-health', 'unsent', ago(1));
    expect(await state('delivery:unsent')).toMatchObject({ ok: false });
    await env.DB.prepare(`DELETE FROM lead_deliveries`).run();
    await lead({ quotewizard_status: 'unsent' });
    expect(await state('delivery:unsent')).toMatchObject({
      ok: false,
      summary: expect.stringContaining('1 QuoteWizard'),
    });
  });

  it('ad-conversions:failed: a conversion the platform refused', async () => {
    const conversion = (id: string, status: string) =>
      env.ADS_DB.prepare(
        `INSERT INTO ad_conversions (id, platform, kind, session_id, value_cents, status, created_at) VALUES (?, 'meta-capi', 'lead', 's', 100, ?, ?)`,
      )
        .bind(id, status, ago(30))
        .run();
    await conversion('c1', 'sent');
    expect(await state('ad-conversions:failed')).toMatchObject({ ok: true });
    await conversion('c2', 'failed');
    expect(await state('ad-conversions:failed')).toMatchObject({
      ok: false,
      summary: expect.stringContaining('meta-capi 1'),
    });
  });

  it('jobs:failed: a long job failed', async () => {
    const job = (id: string, status: string) =>
      env.DB.prepare(
        `INSERT INTO archive_jobs (id, kind, subject, status, created_at, updated_at) VALUES (?, 'compaction', '2026-11-19', ?, ?, ?)`,
      )
        .bind(id, status, ago(60), ago(30))
        .run();
    await job('j1', 'done');
    expect(await state('jobs:failed')).toMatchObject({ ok: true });
    await job('j2', 'failed');
    expect(await state('jobs:failed')).toMatchObject({ ok: false });
  });

  it('leads:move-backlog: a lead a day past its move', async () => {
    await lead({ created_at: ago(60 * 24) });
    expect(await state('leads:move-backlog')).toMatchObject({ ok: true });
    await lead({ created_at: ago(60 * 24 * 6) });
    expect(await state('leads:move-backlog')).toMatchObject({ ok: false });
  });

  it('cron:<task>: the last run of a task failed', async () => {
    const runRow = (ok: number) =>
      env.DB.prepare(
        `INSERT INTO cron_runs (task, cron, started_at, finished_at, ok, detail) VALUES ('lead-move', '17 3 * * *', ?, ?, ?, 'x')`,
      )
        .bind(ago(10), ago(9), ok)
        .run();
    await runRow(1);
    expect(await state('cron:<task>', 'cron:lead-move')).toMatchObject({ ok: true });
    await runRow(0);
    expect(await state('cron:<task>', 'cron:lead-move')).toMatchObject({ ok: false });
  });

  it('cron:daily-missing: a daily cron that never ran, a day after the first cron run', async () => {
    // No run at all, and no first run recorded: nothing to judge by yet.
    expect(await state('cron:daily-missing')).toMatchObject({ ok: true });
    await env.DB.prepare(`INSERT INTO ops_markers (name, at) VALUES ('first-cron', ?)`).bind(ago(60)).run();
    expect(await state('cron:daily-missing')).toMatchObject({ ok: true });
    await env.DB.prepare(`UPDATE ops_markers SET at = ?`)
      .bind(ago(60 * (THRESHOLDS.dailyCronHours + 1)))
      .run();
    const red = await state('cron:daily-missing');
    expect(red).toMatchObject({ ok: false });
    expect(red?.summary).toContain('never ran');
    expect(red?.summary).toContain('lead-move');
  });

  it('cron:daily-missing: a daily task last run over the limit ago', async () => {
    await env.DB.prepare(`INSERT INTO ops_markers (name, at) VALUES ('first-cron', ?)`)
      .bind(ago(60 * 24 * 9))
      .run();
    const runAll = (at: string) =>
      env.DB.batch(
        [
          'lead-retention',
          'lead-move',
          'events-hot-window',
          'privacy-requests',
          'erased-marks',
          'partner-deletions',
          'archive-erasures',
          'archive-compaction',
          'revenue-retention',
          'table-retention',
          'ops-counters',
        ].map((task) =>
          env.DB.prepare(
            `INSERT INTO cron_runs (task, cron, started_at, finished_at, ok) VALUES (?, '17 3 * * *', ?, ?, 1)`,
          ).bind(task, at, at),
        ),
      );
    await runAll(ago(60 * 20));
    expect(await state('cron:daily-missing')).toMatchObject({ ok: true });
    await runAll(ago(60 * (THRESHOLDS.dailyCronHours + 1)));
    // The newest row per task is the later insert, now past the limit.
    const red = await state('cron:daily-missing');
    expect(red).toMatchObject({ ok: false, summary: expect.stringContaining('not run in') });
  });

  it('queue:events-backlog: events accepted and not consumed', async () => {
    await counter('event.accepted', '', THRESHOLDS.eventBacklog);
    await counter('queue.batch', 'events', 1, 1);
    expect(await state('queue:events-backlog')).toMatchObject({ ok: true });
    await env.DB.prepare(`DELETE FROM ops_counters WHERE name = 'queue.batch'`).run();
    expect(await state('queue:events-backlog')).toMatchObject({ ok: false });
  });

  it('queue:dead-letters: one message dead-lettered', async () => {
    expect(await state('queue:dead-letters')).toMatchObject({ ok: true });
    await counter('dlq.send', 'events', 1);
    expect(await state('queue:dead-letters')).toMatchObject({ ok: false });
  });

  it('d1:size: D1 past the alert share', async () => {
    expect(await state('d1:size')).toMatchObject({ ok: true });
    const db = env.DB;
    const sized = (bytes: number) =>
      ({
        ...db,
        prepare: (sql: string) => {
          const statement = db.prepare(sql);
          if (sql !== 'SELECT 1') return statement;
          return {
            run: async () => {
              const result = await statement.run();
              return { ...result, meta: { ...result.meta, size_after: bytes } };
            },
          };
        },
      }) as unknown as D1Database;
    const limit = THRESHOLDS.d1LimitBytes * THRESHOLDS.d1AlertShare;
    expect(await state('d1:size', 'd1:size', { DB: sized(limit - 1) })).toMatchObject({ ok: true });
    expect(await state('d1:size', 'd1:size', { DB: sized(limit) })).toMatchObject({ ok: false });
  });

  it('d1:size: reads every D1 database of the Worker, each against its own alert', async () => {
    // D1's 10 GB is per database (docs/decisions/0335-...): a second database near its limit fails
    // its writes however empty DB is, so the check must read each binding D1_DATABASES lists.
    const db = env.DB;
    const sized = (bytes: number) =>
      ({
        prepare: (sql: string) => ({
          run: async () => {
            const result = await db.prepare(sql).run();
            return { ...result, meta: { ...result.meta, size_after: bytes } };
          },
        }),
      }) as unknown as D1Database;
    const limit = THRESHOLDS.d1LimitBytes * THRESHOLDS.d1AlertShare;
    // Every binding of the Worker's list: each one alone over its alert turns the check red.
    for (const over of D1_DATABASES) {
      const bindings = Object.fromEntries(D1_DATABASES.map((b) => [b, sized(b === over ? limit : limit - 1)]));
      const result = await state('d1:size', 'd1:size', bindings);
      expect(result, over).toMatchObject({ ok: false });
      expect(result?.summary, over).toContain(`over the alert: ${over}`);
    }
    // And a list longer than today's: the check reads each binding it is given, not DB alone.
    const two = { ...env, DB: sized(limit - 1), SECOND_DB: sized(limit) } as unknown as HealthEnv;
    const [, ok, summary] = await d1SizeResult({ env: two }, ['DB', 'SECOND_DB']);
    expect(ok).toBe(false);
    expect(summary).toContain('over the alert: SECOND_DB');
    const figures = await d1Figures({ env: two }, ['DB', 'SECOND_DB']);
    expect(figures.databases.map((d) => d.binding)).toEqual(['DB', 'SECOND_DB']);
    expect(figures).toMatchObject({ binding: 'SECOND_DB', sizeBytes: limit });
  });

  it('partner:<name>: a buyer failing a fifth of its calls', async () => {
    const calls = THRESHOLDS.partnerMinCalls;
    const failing = Math.ceil(calls * THRESHOLDS.partnerErrorRate);
    await counter('partner.ok', 'quotewizard', calls - failing + 1);
    await counter('partner.error', 'quotewizard', failing - 1);
    expect(await state('partner:<name>', 'partner:quotewizard')).toMatchObject({ ok: true });
    await env.DB.prepare(`UPDATE ops_counters SET count = count + 1 WHERE name = 'partner.error'`).run();
    await env.DB.prepare(`UPDATE ops_counters SET count = count - 1 WHERE name = 'partner.ok'`).run();
    expect(await state('partner:<name>', 'partner:quotewizard')).toMatchObject({ ok: false });
  });

  it('breaker:<name>: a breaker opened', async () => {
    await counter('partner.ok', 'seller:acme-health', 3);
    expect(await state('breaker:<name>', 'breaker:seller:acme-health')).toMatchObject({ ok: true });
    await counter('breaker.open', 'seller:acme-health', 1);
    expect(await state('breaker:<name>', 'breaker:seller:acme-health')).toMatchObject({ ok: false });
  });

  it('signing-key:age: a key first used over a year ago', async () => {
    const kid = (JSON.parse(env.LEAD_CERTIFICATE_KEY) as { kid: string }).kid;
    const used = (days: number) =>
      env.DB.prepare(`INSERT OR REPLACE INTO certificate_keys (kid, public_jwk, first_used_at) VALUES (?, '{}', ?)`)
        .bind(kid, ago(60 * 24 * days))
        .run();
    await used(THRESHOLDS.signingKeyDays - 1);
    expect(await state('signing-key:age')).toMatchObject({ ok: true });
    await used(THRESHOLDS.signingKeyDays + 1);
    expect(await state('signing-key:age')).toMatchObject({ ok: false });
  });
});
