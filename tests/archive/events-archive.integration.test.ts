import { createExecutionContext, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { QueuedEvent } from '../../src/shared/tracking/event-schema';
import { handleEventBatch } from '../../src/worker/queue/consumer';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { recordingQueue } from '../support/recording-queue';
import { archiveObjects, batchOf, count, dayRollupsBothWays, pageRollupsBothWays, queuedAt } from './support';

const OBJECT_KEY = /^events\/dt=(\d{4}-\d{2}-\d{2})\/hour=(\d{2})\/([0-9a-f]{32})\.ndjson\.gz$/;

describe('raw event archive in R2', () => {
  it("a visitor's events land in D1 and in the archive object of their batch and hour", async () => {
    const v = visitor('bh', { urlParams: { utm_source: 'Newsletter' } });
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const [i, id] of ids.entries()) {
      const response = await v.fetch('/api/event/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'track',
          event: i === 2 ? 'ctcClicked' : 'pageView',
          timestamp: new Date().toISOString(),
          sessionId: v.sessionId,
          anonymousId: v.id,
          properties: {
            id,
            page: { name: 'get-yours-otc', step: { name: 'zip', number: 1, fallback: false } },
            session: { id: v.sessionId, paid: false, urlParams: {} },
          },
        }),
      });
      expect(response.status).toBe(202);
    }
    const rows = await pollUntil(
      async () =>
        (
          await env.DB.prepare(
            `SELECT id, received_at, archive_batch FROM events WHERE id IN (?, ?, ?) AND archive_batch IS NOT NULL`,
          )
            .bind(...ids)
            .all<{ id: string; received_at: string; archive_batch: string }>()
        ).results,
      (r) => r.length === 3,
      15_000,
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const key = `events/dt=${row.received_at.slice(0, 10)}/hour=${row.received_at.slice(11, 13)}/${row.archive_batch}.ndjson.gz`;
      expect(key).toMatch(OBJECT_KEY);
      const object = await env.ARCHIVE.get(key);
      expect(object, key).not.toBeNull();
      const [found] = (await archiveObjects(key)).map((o) => o.events.find((e) => e.id === row.id));
      expect(found?.sessionId).toBe(v.sessionId);
      expect(found?.brand).toBe('bh');
    }
    // The same rows are counted in today's rollups by the consumer's insert (source from the session).
    const day = rows[0]?.received_at.slice(0, 10) ?? '';
    expect(
      await count(
        `SELECT SUM(page_views) AS n FROM event_rollups WHERE day = ? AND brand = 'bh' AND traffic_source = 'newsletter'`,
        day,
      ),
    ).toBeGreaterThanOrEqual(2);
  });

  it('writes one object per hour a batch spans, named events/dt=/hour=/{batch}, with its events and count', async () => {
    const events = [
      queuedAt('2019-06-01T10:58:00.000Z'),
      queuedAt('2019-06-01T10:59:00.000Z', { event: 'formStepSubmitted' }),
      queuedAt('2019-06-01T10:59:59.999Z', { event: 'ctcClicked', stepName: null, stepNumber: null }),
      queuedAt('2019-06-01T11:00:00.000Z', { page: 'medicare-plans', stepNumber: 2, stepName: 'contact' }),
      queuedAt('2019-06-01T11:30:00.000Z', { event: 'lowBidResult' }),
    ];
    const batch = batchOf(events);
    const ctx = createExecutionContext();
    const outcome = await handleEventBatch(batch, { ...env, EVENTS_DLQ: recordingQueue().queue });
    expect(outcome.inserted).toBe(5);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(5);

    const objects = await archiveObjects('events/dt=2019-06-01/');
    expect(objects.map((o) => OBJECT_KEY.exec(o.key)?.slice(1, 3))).toEqual([
      ['2019-06-01', '10'],
      ['2019-06-01', '11'],
    ]);
    expect(objects.map((o) => o.events.length)).toEqual([3, 2]);
    expect(objects.map((o) => o.meta)).toEqual(['3', '2']);
    expect(objects.flatMap((o) => o.events.map((e) => e.id)).sort()).toEqual(events.map((e) => e.id).sort());
    expect(objects[0]?.events.find((e) => e.event === 'ctcClicked')).toEqual(events[2]);
    expect(
      await count(`SELECT COUNT(*) AS n FROM events WHERE archive_batch IS NULL AND received_at LIKE '2019-06-01%'`),
    ).toBe(0);
  });

  it('a redelivered batch rewrites the same objects: no duplicate object, row or rollup count', async () => {
    const events = [
      queuedAt('2019-06-02T08:00:00.000Z'),
      queuedAt('2019-06-02T08:01:00.000Z', { sessionId: 'sess-archive-0002' }),
      queuedAt('2019-06-02T09:00:00.000Z', { event: 'ctcClicked' }),
    ];
    for (const attempts of [1, 2, 3]) {
      await handleEventBatch(batchOf(events, attempts), { ...env, EVENTS_DLQ: recordingQueue().queue });
    }
    const objects = await archiveObjects('events/dt=2019-06-02/');
    expect(objects).toHaveLength(2);
    expect(objects.reduce((s, o) => s + o.events.length, 0)).toBe(3);
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE received_at LIKE '2019-06-02%'`)).toBe(3);
    expect(await count(`SELECT SUM(events) AS n FROM event_rollups WHERE day = '2019-06-02'`)).toBe(3);
    expect(await count(`SELECT SUM(visits) AS n FROM event_rollups WHERE day = '2019-06-02'`)).toBe(2);
  });

  it('rollups added batch by batch equal the rollup of the whole day, redeliveries included', async () => {
    const day = '2019-06-05';
    const at = (minute: number) => `${day}T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const props = (source: string, variant: string | null) => ({
      session: { urlParams: source ? { utm_source: source } : {} },
      ...(variant ? { experimentId: 'hero', variantId: variant } : {}),
    });
    const ev = (minute: number, sessionId: string, overrides: Partial<QueuedEvent> = {}) => {
      const e = queuedAt(at(minute), { sessionId, ...overrides });
      return { ...e, properties: { id: e.id, ...props(sessionId === 's-roll-b' ? 'Google' : '', null) }, ...overrides };
    };
    const a1 = ev(1, 's-roll-a');
    const a2 = ev(2, 's-roll-a', { event: 'formStepSubmitted' });
    const a3 = ev(3, 's-roll-a', { stepName: 'age', stepNumber: 2 });
    const a4 = ev(4, 's-roll-a');
    const a5 = ev(5, 's-roll-a', { event: 'formStepSubmitted' });
    const b1 = ev(1, 's-roll-b');
    const b2 = ev(6, 's-roll-b', { event: 'enteredExperiment', properties: props('google', 'b') });
    const b3 = ev(7, 's-roll-b', { page: 'get-yours-otc' });
    const b4 = ev(8, 's-roll-b', { event: 'leadCreated', page: null, stepName: null, stepNumber: null });
    const c1 = ev(9, 's-roll-c', { event: 'ctcClicked', paid: true });
    const c2 = ev(9, 's-roll-c', { paid: true });
    // Sessions spread over deliveries, a browser retry inside one and whole redeliveries.
    const deliveries = [
      [a1, b1, a2],
      [a3, a1, b2],
      [a4, b3, a4, c1],
      [a2, a5, b4, c2],
      [a3, b3],
    ];
    let inserted = 0;
    for (const [i, events] of deliveries.entries()) {
      const outcome = await handleEventBatch(batchOf(events, i === 4 ? 2 : 1), {
        ...env,
        EVENTS_DLQ: recordingQueue().queue,
      });
      inserted += outcome.inserted;
    }
    expect(inserted).toBe(11);
    const [stored, whole] = await dayRollupsBothWays(day);
    expect(stored).toEqual(whole);
    const [kept, summed] = await pageRollupsBothWays();
    expect(kept).toEqual(summed);
    expect(await count(`SELECT SUM(visits) AS n FROM event_rollups WHERE day = ?`, day)).toBe(5);
    expect(await count(`SELECT SUM(entries) AS n FROM event_rollups WHERE day = ?`, day)).toBe(3);
    expect(await count(`SELECT SUM(submitters) AS n FROM event_rollups WHERE day = ?`, day)).toBe(1);
    expect(await count(`SELECT SUM(events) AS n FROM event_rollups WHERE day = ?`, day)).toBe(11);
  });

  it('a replayed dead letter goes to D1 and to the archive', async () => {
    const event = queuedAt('2019-06-03T12:00:00.000Z');
    const deadLetter = {
      reason: 'd1-write-failed',
      detail: 'D1_ERROR: database unavailable',
      queue: 'quote-funnel-events',
      messageId: 'm-dead',
      attempts: 6,
      body: event,
    };
    const outcome = await handleEventBatch(batchOf([deadLetter]), { ...env, EVENTS_DLQ: recordingQueue().queue });
    expect(outcome.inserted).toBe(1);
    const objects = await archiveObjects('events/dt=2019-06-03/hour=12/');
    expect(objects.flatMap((o) => o.events)).toEqual([event]);
  });

  it('when the archive cannot be written, nothing goes to D1 and the batch is retried, then dead-lettered', async () => {
    const failingArchive = {
      ...env.ARCHIVE,
      put: () => Promise.reject(new Error('R2 unavailable')),
      list: env.ARCHIVE.list.bind(env.ARCHIVE),
      get: env.ARCHIVE.get.bind(env.ARCHIVE),
    } as unknown as R2Bucket;
    const event = queuedAt('2019-06-04T12:00:00.000Z');
    const retried = batchOf([event], 1);
    const ctx = createExecutionContext();
    const outcome = await handleEventBatch(retried, {
      ...env,
      ARCHIVE: failingArchive,
      EVENTS_DLQ: recordingQueue().queue,
    });
    expect(outcome.retried).toBe(true);
    expect((await getQueueResult(retried, ctx)).retryMessages).toHaveLength(1);
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE id = ?`, event.id)).toBe(0);

    const dlq = recordingQueue();
    await handleEventBatch(batchOf([event], 6), { ...env, ARCHIVE: failingArchive, EVENTS_DLQ: dlq.queue });
    expect(dlq.sent).toEqual([expect.objectContaining({ reason: 'archive-write-failed', body: event })]);
  });
});
