import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { runArchiveErasure } from '../../src/worker/archive';
import { handleEventBatch } from '../../src/worker/queue/consumer';
import { finishMedicare } from '../support/consent';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { recordingQueue } from '../support/recording-queue';
import { archiveObjects, batchOf, count, dayRollupsBothWays, pageRollupsBothWays, queuedAt } from './support';

const OPS = { authorization: 'Bearer test-report-token', 'content-type': 'application/json' };

describe('privacy deletion reaches the R2 archive', () => {
  it("the operator's delete rewrites every archive object holding the visitor's events, recent and pruned, keeping the other visitors' lines, and the hot days' rollups without them", async () => {
    const v = visitor('bh');
    const phone = `(305) 555-${String(1000 + Math.floor(Math.random() * 8999))}`;
    await finishMedicare(v, [], { phone, email: `${crypto.randomUUID()}@example.com` });
    // The funnel's own events (the last one is the server's leadCreated) are stored and archived.
    await pollUntil(
      () => count(`SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ? AND event = 'leadCreated'`, v.id),
      (n) => n === 1,
      15_000,
    );

    // An old day of both visitors, in shared objects, rolled up and pruned by the daily cron: past
    // the hot window, inside the archive's retention (the cron deletes older days).
    const other = 'anon-erasure-other';
    const oldDay = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
    const old = [`${oldDay}T09:00:00.000Z`, `${oldDay}T09:05:00.000Z`, `${oldDay}T09:10:00.000Z`];
    const oldMine = [queuedAt(old[0] ?? '', { anonymousId: v.id }), queuedAt(old[2] ?? '', { anonymousId: v.id })];
    const oldTheirs = [queuedAt(old[1] ?? '', { anonymousId: other, sessionId: 'sess-erasure-other' })];
    // And a recent batch shared with the other visitor, still hot in D1.
    const now = new Date().toISOString();
    const page = 'erasure-hot-page';
    const hotMine = [queuedAt(now, { anonymousId: v.id, brand: 'bh', page })];
    const hotTheirs = [queuedAt(now, { anonymousId: other, sessionId: 'sess-erasure-other', brand: 'bh', page })];
    for (const events of [
      [...oldMine, ...oldTheirs],
      [...hotMine, ...hotTheirs],
    ])
      expect((await handleEventBatch(batchOf(events), { ...env, EVENTS_DLQ: recordingQueue().queue })).inserted).toBe(
        events.length,
      );
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await count(`SELECT COUNT(*) AS n FROM event_days WHERE day = ? AND pruned_at IS NOT NULL`, oldDay)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE received_at LIKE ?`, `${oldDay}%`)).toBe(0);

    const holding = async () =>
      (await archiveObjects('events/')).filter((o) => o.events.some((e) => e.anonymousId === v.id));
    const before = await holding();
    expect(before.some((o) => o.key.startsWith(`events/dt=${oldDay}/`))).toBe(true);
    expect(before.some((o) => o.key.startsWith(`events/dt=${now.slice(0, 10)}/`))).toBe(true);

    // The report reads rollups only: the hot day's must drop the visitor with their rows.
    const today = now.slice(0, 10);
    const hotRollup = () =>
      env.DB.prepare(
        `SELECT SUM(events) AS events, SUM(visits) AS visits FROM event_rollups WHERE day = ? AND page = ?`,
      )
        .bind(today, page)
        .first<{ events: number; visits: number }>();
    expect(await hotRollup()).toEqual({ events: 2, visits: 2 });

    // The operator previews what the phone matches, then deletes that lead.
    const preview = await v.fetch('/ops/privacy/delete', {
      method: 'POST',
      headers: OPS,
      body: JSON.stringify({ phone }),
    });
    const { matched } = await preview.json<{ matched: { id: string }[] }>();
    const deleted = await v.fetch('/ops/privacy/delete', {
      method: 'POST',
      headers: OPS,
      body: JSON.stringify({ phone, leads: matched.map((m) => m.id) }),
    });
    expect(deleted.status).toBe(200);
    const { archiveErasure } = await deleted.json<{ archiveErasure: { id: string; objects: number } }>();
    expect(archiveErasure.objects).toBeGreaterThanOrEqual(2);
    expect(await hotRollup()).toEqual({ events: 1, visits: 1 });
    const [stored, fromRows] = await dayRollupsBothWays(today);
    expect(stored).toEqual(fromRows);
    const [kept, summed] = await pageRollupsBothWays();
    expect(kept).toEqual(summed);
    // The pruned day keeps its counts (no visitor in them): its raw rows are gone.
    expect(await count(`SELECT SUM(events) AS n FROM event_rollups WHERE day = ?`, oldDay)).toBe(3);
    const done = await pollUntil(
      () =>
        env.DB.prepare(`SELECT * FROM privacy_archive_erasures WHERE id = ?`)
          .bind(archiveErasure.id)
          .first<{ done_at: string | null; anonymous_ids: string | null; events_removed: number }>(),
      (row) => Boolean(row?.done_at),
      20_000,
    );
    // Every line of the visitor went, and their id is not kept by the erasure either.
    expect(await holding()).toEqual([]);
    expect(done?.anonymous_ids).toBeNull();
    expect(done?.events_removed).toBeGreaterThanOrEqual(
      before.flatMap((o) => o.events).filter((e) => e.anonymousId === v.id).length,
    );
    // The other visitor's lines in the same objects remain, and the objects count them.
    const after = await archiveObjects('events/');
    for (const theirs of [...oldTheirs, ...hotTheirs]) {
      const object = after.find((o) => o.events.some((e) => e.id === theirs.id));
      expect(object, theirs.id).toBeDefined();
      expect(object?.meta).toBe(String(object?.events.length));
    }
    // Done is done: running it again changes nothing.
    expect(await runArchiveErasure(env, archiveErasure.id)).toBeNull();
  });
});
