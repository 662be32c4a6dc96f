import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { QueuedEvent } from '../../src/shared/tracking/event-schema';
import { archiveEvents } from '../../src/worker/archive';
import { pollUntil } from '../support/poll';
import { freshIp } from '../support/sandbox';
import { archiveObjects, queuedAt } from '../archive/support';

/**
 * Long jobs on Cloudflare Workflows, through /ops/jobs: compaction merges an archived day's
 * objects into one per hour (every event kept once, duplicates dropped), a rebuild over the
 * compacted archive gives the rollups the raw objects gave, and each job's progress is on the
 * health page. Each test uses days of its own year, so they share nothing.
 */
const OPS = {
  authorization: 'Bearer test-report-token',
  origin: 'http://bh.localhost',
  'content-type': 'application/json',
};

type Job = { id: string; status: string; done: number; total: number; kind: string; subject: string };

async function ops(path: string, init: RequestInit = {}) {
  return SELF.fetch(`http://bh.localhost${path}`, {
    ...init,
    headers: { ...OPS, 'cf-connecting-ip': freshIp(), ...(init.headers as Record<string, string> | undefined) },
  });
}

async function runJob(body: unknown): Promise<Job> {
  const started = await ops('/ops/jobs', { method: 'POST', body: JSON.stringify(body) });
  expect(started.status).toBe(202);
  const { id } = await started.json<{ id: string }>();
  return pollUntil(
    async () => (await ops(`/ops/jobs/${id}`)).json<Job>(),
    (job) => job.status === 'complete' || job.status === 'failed',
    30_000,
    200,
  );
}

const rollups = (day: string) =>
  env.DB.prepare(
    `SELECT brand, page, step_number, paid, events, visits FROM event_rollups WHERE day = ? ORDER BY brand, page, step_number, paid`,
  )
    .bind(day)
    .all();

describe('long jobs on Workflows', () => {
  it('compacts a pruned day to one object per hour, and a rebuild from it gives the same rollups', async () => {
    const day = '2018-05-14';
    const at = (hour: string, minute: number) => `${day}T${hour}:${String(minute).padStart(2, '0')}:00.000Z`;
    // Three queue batches in hour 09, two in hour 10; one event delivered twice in two batches.
    const batches: QueuedEvent[][] = [
      [queuedAt(at('09', 1)), queuedAt(at('09', 2), { event: 'formStepSubmitted' })],
      [queuedAt(at('09', 10)), queuedAt(at('09', 11))],
      [queuedAt(at('09', 20))],
      [queuedAt(at('10', 5)), queuedAt(at('10', 6))],
    ];
    const twice = batches[0]?.[0];
    if (!twice) throw new Error('no event');
    batches.push([twice, queuedAt(at('10', 30))]);
    for (const batch of batches) await archiveEvents(env.ARCHIVE, batch);
    const before = await archiveObjects(`events/dt=${day}/`);
    expect(before).toHaveLength(6);
    const ids = new Set(batches.flat().map((e) => e.id));

    // Rollups from the raw objects, then the day marked pruned as the cron would.
    const first = await runJob({ kind: 'rebuild', from: day, to: day });
    expect(first).toMatchObject({ status: 'complete', done: 1, total: 1 });
    const fromRaw = (await rollups(day)).results;
    expect(fromRaw.length).toBeGreaterThan(0);

    // Not pruned yet: refused, and nothing is compacted.
    const early = await ops('/ops/jobs', { method: 'POST', body: JSON.stringify({ kind: 'compaction', day }) });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: { code: 'day_not_pruned' } });
    expect(await archiveObjects(`events/dt=${day}/`)).toHaveLength(6);

    await env.DB.prepare(
      `INSERT INTO event_days (day, pruned_at, pruned_events) VALUES (?, ?, ?)
       ON CONFLICT (day) DO UPDATE SET pruned_at = excluded.pruned_at`,
    )
      .bind(day, new Date().toISOString(), ids.size)
      .run();
    const compacted = await runJob({ kind: 'compaction', day });
    expect(compacted).toMatchObject({ status: 'complete', done: 24, total: 24 });
    const after = await archiveObjects(`events/dt=${day}/`);
    expect(after.map((o) => o.key.split('/')[2]).sort()).toEqual(['hour=09', 'hour=10']);
    const events = after.flatMap((o) => o.events.map((e) => e.id));
    expect(events).toHaveLength(ids.size);
    expect(new Set(events)).toEqual(ids);
    for (const object of after) expect(object.meta).toBe(String(object.events.length));

    // The rollups rebuilt from the compacted archive are the ones the raw objects gave.
    await env.DB.prepare(`DELETE FROM event_rollups WHERE day = ?`).bind(day).run();
    expect(await runJob({ kind: 'rebuild', from: day, to: day })).toMatchObject({ status: 'complete' });
    expect((await rollups(day)).results).toEqual(fromRaw);

    // Asking again for the same day's compaction joins the finished job instead of running twice.
    const again = await ops('/ops/jobs', { method: 'POST', body: JSON.stringify({ kind: 'compaction', day }) });
    expect(await again.json()).toEqual({ id: compacted.id, started: false });

    // The health page lists the jobs with their progress.
    const health = await ops('/ops/health', { headers: { accept: 'application/json' } });
    const { jobs } = await health.json<{ jobs: Job[] }>();
    expect(jobs.find((j) => j.id === compacted.id)).toMatchObject({ kind: 'compaction', subject: day, done: 24 });
  });

  it('refuses a bad job with a 400 naming the problem, and an erasure asked for here', async () => {
    const backwards = await ops('/ops/jobs', {
      method: 'POST',
      body: JSON.stringify({ kind: 'rebuild', from: '2018-02-02', to: '2018-02-01' }),
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({ error: { code: 'invalid_job' } });
    const erasure = await ops('/ops/jobs', { method: 'POST', body: JSON.stringify({ kind: 'erasure', erasure: 'x' }) });
    expect(erasure.status).toBe(400);
    const unknown = await ops('/ops/jobs/nope');
    expect(unknown.status).toBe(404);
    const anonymous = await SELF.fetch('http://bh.localhost/ops/jobs/nope', {
      headers: { accept: 'application/json' },
    });
    expect(anonymous.status).toBe(401);
  });
});
