import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { D1_DATABASES } from '../../src/worker/archive/table-retention';
import worker from '../../src/worker/index';
import { DAILY_CRON, flushMetrics, HEALTH_CRON } from '../../src/worker/operations';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { freshIp, sandboxScope, type SandboxScope } from '../support/sandbox';

/**
 * The cron records every task's outcome and fails loudly; the health page shows the last run per
 * task; a failing check opens one incident and sends the operator webhook one alert (the sandbox
 * records it), however many health runs see it; a webhook that fails is retried and its failure
 * is on the health page. Incidents are per check, so each test breaks a check of its own.
 */
type Health = {
  ok: boolean;
  checks: { id: string; ok: boolean; summary: string }[];
  cron: { task: string; ok: boolean; detail: string | null }[];
  partners: { partner: string; breakerOpened: number }[];
  queues: { eventsAccepted: number; eventsRefused: number };
  d1: { sizeBytes: number; limitBytes: number; databases: { binding: string }[] };
  incidents: { checkId: string; alertSentAt: string | null; alertAttempts: number; alertError: string | null }[];
};

async function runCron(cron: string, overrides: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const run = worker.scheduled(
    createScheduledController({ scheduledTime: Date.now(), cron }),
    { ...env, ...overrides },
    ctx,
  );
  const outcome = await Promise.resolve(run).then(
    () => null,
    (error: unknown) => error,
  );
  await waitOnExecutionContext(ctx);
  return outcome;
}

async function health(): Promise<Health> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request('http://bh.localhost/ops/health', {
      headers: { authorization: 'Bearer test-report-token', accept: 'application/json', 'cf-connecting-ip': freshIp() },
    }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect([200, 503]).toContain(response.status);
  return response.json<Health>();
}

/** A D1 binding whose statements matching `failing` throw, as a broken database would. */
function failingDb(failing: RegExp): D1Database {
  const db = env.DB;
  return {
    prepare: (sql: string) => {
      if (failing.test(sql)) throw new Error('D1_ERROR: database is locked (simulated)');
      return db.prepare(sql);
    },
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
    exec: (sql: string) => db.exec(sql),
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  };
}

function webhook(scope: SandboxScope) {
  return `${scope.origin}/alerts/${scope.ip}`;
}

async function alertsFor(scope: SandboxScope, check: string) {
  const calls = await scope.calls('alerts');
  return calls.filter((c) => (c.body as { check?: string } | null)?.check === check);
}

describe('cron outcomes', () => {
  it('records each daily task, and a failed task fails the run, shows on the health page and alerts once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const scope = sandboxScope();
    const hook = { OPERATOR_ALERT_WEBHOOK_URL: webhook(scope) };

    expect(await runCron(DAILY_CRON, hook)).toBeNull();
    let report = await health();
    for (const task of [
      'lead-retention',
      'events-hot-window',
      'archive-erasures',
      'archive-compaction',
      'ops-counters',
      'health',
    ])
      expect(report.cron.find((r) => r.task === task)).toMatchObject({ ok: true });
    expect(report.d1.sizeBytes).toBeGreaterThan(0);
    expect(report.d1.limitBytes).toBe(10e9);
    // Each D1 database of the Worker, read on its own (D1's limit is per database).
    expect(report.d1.databases.map((d) => d.binding)).toEqual([...D1_DATABASES]);

    // Lead retention's statement fails: the others still run, the invocation throws.
    const broken = { ...hook, DB: failingDb(/UPDATE leads SET "values"/) };
    const error = await runCron(DAILY_CRON, broken);
    expect(String(error)).toMatch(/lead-retention failed/);
    report = await health();
    expect(report.cron.find((r) => r.task === 'lead-retention')).toMatchObject({ ok: false });
    expect(report.cron.find((r) => r.task === 'lead-retention')?.detail).toContain('database is locked');
    expect(report.cron.find((r) => r.task === 'events-hot-window')).toMatchObject({ ok: true });
    expect(report.checks.find((c) => c.id === 'cron:lead-retention')).toMatchObject({ ok: false });
    expect(report.ok).toBe(false);
    // The operator's browser view says the same, with no stack and no personal data.
    const ctx = createExecutionContext();
    const page = await worker.fetch(
      new Request('http://bh.localhost/ops/health', {
        headers: { authorization: 'Bearer test-report-token', accept: 'text/html', 'cf-connecting-ip': freshIp() },
      }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain('cron:lead-retention');
    expect(html).toContain('FAILING');
    // Each D1 database's size, by its binding.
    for (const binding of D1_DATABASES) expect(html).toContain(`${binding}: `);
    expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);

    // The health run after the failure opens the incident and alerts; later runs do not repeat it.
    expect(await runCron(HEALTH_CRON, hook)).toBeNull();
    expect(await runCron(HEALTH_CRON, hook)).toBeNull();
    const alerts = await alertsFor(scope, 'cron:lead-retention');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.body).toMatchObject({ state: 'open', check: 'cron:lead-retention', environment: 'development' });

    // A good night resolves it, with one all-clear.
    expect(await runCron(DAILY_CRON, hook)).toBeNull();
    const cleared = await alertsFor(scope, 'cron:lead-retention');
    expect(cleared.map((a) => (a.body as { state: string }).state)).toEqual(['open', 'resolved']);
    report = await health();
    expect(report.checks.find((c) => c.id === 'cron:lead-retention')).toMatchObject({ ok: true });
  });
});

describe('alert thresholds', () => {
  it('an open partner breaker makes health fail and alerts once; a failing webhook is retried and shown', async () => {
    const scope = sandboxScope();
    const hook = { OPERATOR_ALERT_WEBHOOK_URL: webhook(scope) };
    await scope.set('alerts', 'error');

    // Five MediaAlpha failures in a location of this test's own open the breaker there.
    const colo = `H${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    for (let i = 0; i < 6; i++) {
      const partner = sandboxScope();
      await partner.set('mediaalpha', 'error');
      const res = await visitor('bh', { ip: partner.ip }).fetch('/api/mediaalpha/get-phone', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: 'get-yours-otc' }),
        cf: { colo },
      });
      expect(res.status).toBe(200);
    }
    // The opening is counted after the answers (waitUntil) and flushed by the next request.
    const report = await pollUntil(
      async () => {
        await visitor('bh', { ip: freshIp() }).fetch('/healthz');
        return health();
      },
      (r) => (r.partners.find((p) => p.partner === 'mediaalpha')?.breakerOpened ?? 0) > 0,
      10_000,
      200,
    );
    expect(report.checks.find((c) => c.id === 'breaker:mediaalpha')).toMatchObject({ ok: false });

    // The webhook answers 503: three attempts, the error on the health page, no alert marked sent.
    expect(await runCron(HEALTH_CRON, hook)).toBeNull();
    let incident = (await health()).incidents.find((i) => i.checkId === 'breaker:mediaalpha');
    expect(incident).toMatchObject({ alertSentAt: null, alertAttempts: 3, alertError: 'HTTP 503' });
    expect(await alertsFor(scope, 'breaker:mediaalpha')).toHaveLength(3);

    // The webhook recovers: the next run delivers the alert once, and the one after sends nothing.
    await scope.set('alerts', 'normal');
    expect(await runCron(HEALTH_CRON, hook)).toBeNull();
    expect(await runCron(HEALTH_CRON, hook)).toBeNull();
    incident = (await health()).incidents.find((i) => i.checkId === 'breaker:mediaalpha');
    expect(incident?.alertSentAt).not.toBeNull();
    expect(incident?.alertError).toBeNull();
    const alerts = await alertsFor(scope, 'breaker:mediaalpha');
    expect(alerts).toHaveLength(4);
    // Names and counts only: nothing a visitor typed, no ip.
    const text = JSON.stringify(alerts.map((a) => a.body));
    expect(text).not.toMatch(/\d+\.\d+\.\d+\.\d+/);
    expect(text).toContain('circuit breaker opened');
  });
});

describe('metrics behind the health page', () => {
  it('counts events accepted and refused by the event API', async () => {
    const before = (await health()).queues;
    const v = visitor('bh');
    const post = async (body: unknown) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request('http://bh.localhost/api/event/create', {
          method: 'POST',
          headers: { ...v.headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res.status;
    };
    expect(await post({ type: 'track', event: 'pageView' })).toBe(400);
    expect(await post({ nonsense: true })).toBe(400);
    await flushMetrics(env, true);
    const after = (await health()).queues;
    expect(after.eventsRefused - before.eventsRefused).toBe(2);
  });
});
