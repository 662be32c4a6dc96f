import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../src/worker/index';
import { HEALTH_CRON, rerunDailyTask } from '../../src/worker/operations';
import { freshIp, sandboxScope } from '../support/sandbox';

/**
 * The watcher outside the Worker: a read-only monitor token that opens /ops/health and is refused
 * (403 JSON) everywhere else under /ops, and a heartbeat ping on every health run. And the
 * on-call's rerun of one daily task from /ops.
 */
const MONITOR = 'test-monitor-token-0123';
const withMonitor = { ...env, MONITOR_TOKEN: MONITOR };

async function call(path: string, init: RequestInit & { token?: string } = {}, over: Partial<Env> = withMonitor) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  headers.set('cf-connecting-ip', freshIp());
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://bh.localhost${path}`, { ...init, headers }),
    { ...env, ...over },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const post = (body: unknown, token: string, origin = 'http://bh.localhost') => ({
  method: 'POST',
  token,
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify(body),
});

async function runHealthCron(over: Partial<Env>) {
  const ctx = createExecutionContext();
  const run = worker.scheduled(
    createScheduledController({ scheduledTime: Date.now(), cron: HEALTH_CRON }),
    { ...env, ...over },
    ctx,
  );
  await Promise.resolve(run).catch(() => undefined);
  await waitOnExecutionContext(ctx);
}

describe('the monitor token', () => {
  it('reads /ops/health (JSON, 200 or 503) and nothing else: every other /ops route answers 403 JSON', async () => {
    const healthRes = await call('/ops/health', { token: MONITOR });
    expect([200, 503]).toContain(healthRes.status);
    expect(await healthRes.json()).toMatchObject({ checks: expect.any(Array) });

    for (const [path, init] of [
      ['/ops/report', {}],
      ['/ops/report?format=csv', {}],
      ['/ops/jobs/some-job', {}],
      ['/ops/privacy/export?email=a@example.com', {}],
      ['/ops/login', {}],
      ['/ops/cron/run', post({ task: 'ops-counters' }, MONITOR)],
      ['/ops/privacy/delete', post({ email: 'a@example.com' }, MONITOR)],
    ] as const) {
      const res = await call(path, { ...init, token: MONITOR });
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toMatchObject({ error: { code: 'monitor_token_read_only' } });
    }
  });

  it('does not lock out the report token, and a wrong token is still a 401', async () => {
    expect((await call('/ops/report', { token: 'test-report-token' })).status).toBe(200);
    expect([200, 503]).toContain((await call('/ops/health', { token: 'test-report-token' })).status);
    expect((await call('/ops/health', { token: 'not-the-monitor-token' })).status).toBe(401);
    // Without a MONITOR_TOKEN configured, no token opens /ops/health but the report's.
    expect((await call('/ops/health', { token: MONITOR }, { MONITOR_TOKEN: '' })).status).toBe(401);
  });
});

describe('the heartbeat', () => {
  it('every health run pings HEALTH_HEARTBEAT_URL, whatever the checks say', async () => {
    const sb = sandboxScope();
    const url = `${sb.origin}/alerts/heartbeat/${sb.ip}`;
    await runHealthCron({ HEALTH_HEARTBEAT_URL: url });
    await runHealthCron({ HEALTH_HEARTBEAT_URL: url });
    expect(await sb.calls('alerts', `/heartbeat/${sb.ip}`)).toHaveLength(2);
    // The first cron run of this database is recorded: the never-ran rule counts from it.
    expect(await env.DB.prepare(`SELECT at FROM ops_markers WHERE name = 'first-cron'`).first()).not.toBeNull();
  });
});

describe('rerunning one daily task from /ops', () => {
  it('runs it now and records it; an unknown task is a 400 naming the known ones; it is a same-origin write', async () => {
    const ok = await call('/ops/cron/run', post({ task: 'ops-counters' }, 'test-report-token'));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ task: 'ops-counters', ok: true });
    const row = await env.DB.prepare(
      `SELECT cron, ok FROM cron_runs WHERE task = 'ops-counters' ORDER BY id DESC`,
    ).first();
    expect(row).toMatchObject({ cron: 'manual', ok: 1 });

    const unknown = await call('/ops/cron/run', post({ task: 'drop-everything' }, 'test-report-token'));
    expect(unknown.status).toBe(400);
    const body = await unknown.json<{ error: { code: string; message: string; issues: unknown } }>();
    expect(body.error.code).toBe('unknown_task');
    expect(body.error.message).toContain('lead-move');
    expect(body.error.issues).toBeTruthy();

    expect((await call('/ops/cron/run', post({ task: 'ops-counters' }, 'wrong-token-123'))).status).toBe(401);
    expect(
      (await call('/ops/cron/run', post({ task: 'ops-counters' }, 'test-report-token', 'https://evil.example'))).status,
    ).toBe(403);
  });

  it('a rerun that fails says so, is recorded as failed, and deletes nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await env.DB.prepare(
      `INSERT INTO leads (id, created_at, brand, page, form, product, visitor_id, submission_id, "values") VALUES ('rerun-lead', ?, 'bh', 'p', 'f', 'medicare', 'v-rerun', 's-rerun', '{"phone":"3055550100"}')`,
    )
      .bind(new Date(Date.now() - 200 * 86_400_000).toISOString())
      .run();
    const db = env.DB;
    const broken = {
      ...db,
      prepare: (sql: string) => {
        if (/UPDATE leads SET "values"/.test(sql)) throw new Error('D1_ERROR: database is locked (simulated)');
        return db.prepare(sql);
      },
      batch: db.batch.bind(db),
    } as D1Database;
    const outcome = await rerunDailyTask({ ...env, DB: broken }, 'lead-retention');
    expect(outcome).toMatchObject({ task: 'lead-retention', ok: false });
    expect(outcome.detail).toContain('database is locked');
    const lead = await env.DB.prepare(`SELECT "values" FROM leads WHERE id = 'rerun-lead'`).first<{ values: string }>();
    expect(lead?.values).toContain('3055550100');
    const run = await env.DB.prepare(
      `SELECT cron, ok FROM cron_runs WHERE task = 'lead-retention' ORDER BY id DESC`,
    ).first();
    expect(run).toMatchObject({ cron: 'manual', ok: 0 });
  });
});
