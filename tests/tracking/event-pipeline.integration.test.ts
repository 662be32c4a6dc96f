import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../src/worker/index';
import { queuedEventSchema, type QueuedEvent } from '../../src/shared/tracking/event-schema';
import { EVENTS_MAX_RETRIES, handleEventBatch, retryDelaySeconds } from '../../src/worker/queue/consumer';
import wranglerToml from '../../wrangler.toml?raw';
import { visitor, type Visitor } from '../support/funnel';
import { recordingQueue } from '../support/recording-queue';

const ORIGIN = 'http://bh.localhost';

function queued(overrides: Partial<QueuedEvent> = {}): QueuedEvent {
  const id = crypto.randomUUID();
  return {
    id,
    type: 'track',
    event: 'pageView',
    timestamp: new Date().toISOString(),
    receivedAt: new Date().toISOString(),
    sessionId: 'sess-0000000001',
    anonymousId: crypto.randomUUID(),
    brand: 'bh',
    page: 'get-yours-otc',
    stepName: 'zip',
    stepNumber: 1,
    paid: false,
    properties: { id },
    ...overrides,
  };
}

function batchOf(bodies: unknown[], attempts = 1) {
  return createMessageBatch(
    'quote-funnel-events',
    bodies.map((body, i) => ({ id: `m${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body })),
  );
}

async function countEvents(where = '1 = 1', ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM events WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

/** A D1 stand-in whose writes fail, as when the database is unavailable. */
const brokenDb = new Proxy(env.DB, {
  get(target, prop) {
    if (prop === 'batch') return () => Promise.reject(new Error('D1_ERROR: database unavailable'));
    const value: unknown = Reflect.get(target, prop);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
});

describe('queue consumer into D1', () => {
  it('stores each event once even when the same batch is delivered twice', async () => {
    const events = [
      queued(),
      queued({ event: 'formStepSubmitted' }),
      queued({ event: 'ctcClicked', stepName: null, stepNumber: null }),
    ];
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const batch = batchOf(events, delivery + 1);
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks).toHaveLength(3);
      expect(result.retryMessages).toHaveLength(0);
    }
    const ids = events.map((e) => e.id);
    expect(await countEvents(`id IN (?, ?, ?)`, ...ids)).toBe(3);
    const row = await env.DB.prepare(
      'SELECT event, brand, page, step_name, step_number, paid, properties FROM events WHERE id = ?',
    )
      .bind(ids[0])
      .first();
    expect(row).toMatchObject({
      event: 'pageView',
      brand: 'bh',
      page: 'get-yours-otc',
      step_name: 'zip',
      step_number: 1,
      paid: 0,
    });
  });

  it('sends unparseable messages to the dead-letter queue at once and still stores the good ones', async () => {
    const good = queued();
    const dlq = recordingQueue();
    const batch = batchOf([good, { not: 'an event' }, 'garbage']);
    const ctx = createExecutionContext();
    const outcome = await handleEventBatch(batch, { ...env, EVENTS_DLQ: dlq.queue });
    const result = await getQueueResult(batch, ctx);
    expect(outcome).toMatchObject({ inserted: 1, deadLettered: 2, retried: false });
    expect(result.explicitAcks).toHaveLength(3);
    expect(dlq.sent).toEqual([
      expect.objectContaining({ reason: 'unparseable', body: { not: 'an event' } }),
      expect.objectContaining({ reason: 'unparseable', body: 'garbage' }),
    ]);
    expect(await countEvents('id = ?', good.id)).toBe(1);
  });

  it('retries a failed D1 write with growing backoff and dead-letters it after the limit', async () => {
    const event = queued();
    const dlq = recordingQueue();
    const delays: number[] = [];
    // The platform delivers a message max_retries + 1 times; this plays every delivery.
    for (let attempts = 1; attempts <= EVENTS_MAX_RETRIES + 1; attempts += 1) {
      const batch = batchOf([event], attempts);
      const message = batch.messages[0];
      if (!message) throw new Error('batch without message');
      // getQueueResult does not report retry delays; the spy reads them.
      const retry = vi.spyOn(message, 'retry');
      const ctx = createExecutionContext();
      await handleEventBatch(batch, { ...env, DB: brokenDb, EVENTS_DLQ: dlq.queue });
      const result = await getQueueResult(batch, ctx);
      if (attempts <= EVENTS_MAX_RETRIES) {
        expect(result.explicitAcks, `attempt ${attempts}`).toHaveLength(0);
        expect(result.retryMessages).toHaveLength(1);
        delays.push(retry.mock.calls[0]?.[0]?.delaySeconds ?? 0);
        expect(dlq.sent).toHaveLength(0);
      } else {
        // Last delivery: into the dead-letter queue with the reason, then acknowledged.
        expect(result.retryMessages).toHaveLength(0);
        expect(result.explicitAcks).toHaveLength(1);
      }
    }
    expect(delays).toEqual([1, 2, 3, 4, 5].map(retryDelaySeconds));
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(delays[0]).toBeLessThan(delays[4] ?? 0);
    expect(dlq.sent).toEqual([
      expect.objectContaining({ reason: 'd1-write-failed', attempts: EVENTS_MAX_RETRIES + 1, body: event }),
    ]);
    expect(queuedEventSchema.parse((dlq.sent[0] as { body: unknown }).body)).toEqual(event);
    expect(await countEvents('id = ?', event.id)).toBe(0);
  });

  it('leaves the message to the platform dead-letter queue when the dead-letter send itself fails', async () => {
    const failingDlq = {
      sendBatch: () => Promise.reject(new Error('queue down')),
      send: () => Promise.reject(new Error('queue down')),
    } as unknown as Queue;
    const batch = batchOf([queued()], EVENTS_MAX_RETRIES + 1);
    const ctx = createExecutionContext();
    await handleEventBatch(batch, { ...env, DB: brokenDb, EVENTS_DLQ: failingDlq });
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages).toHaveLength(1);
    expect(result.explicitAcks).toHaveLength(0);
  });

  it('matches wrangler.toml: max_retries and a dead_letter_queue on every EVENTS consumer', () => {
    const consumers = wranglerToml
      .split('\n')
      .filter((line: string) => /queue = "quote-funnel-events[^"]*"/.test(line) && /max_retries/.test(line));
    const blockRetries = /\[\[queues\.consumers\]\][^[]*max_retries = (\d+)[^[]*dead_letter_queue = "([^"]+)"/.exec(
      wranglerToml,
    );
    expect(Number(blockRetries?.[1])).toBe(EVENTS_MAX_RETRIES);
    expect(blockRetries?.[2]).toBe('quote-funnel-events-dlq');
    for (const line of consumers) {
      expect(line).toContain(`max_retries = ${EVENTS_MAX_RETRIES}`);
      expect(line).toMatch(/dead_letter_queue = "quote-funnel-events-[a-z]+-dlq"/);
    }
    expect(consumers).toHaveLength(2);
  });
});

/** Which visitor (with its signed, paid session) posts each body. */
const posters = new WeakMap<object, Visitor>();

/** An event of a fresh visitor whose signed session came from a paid click. */
function trackBody(overrides: Record<string, unknown> = {}, properties: Record<string, unknown> = {}) {
  const v = visitor('bh', { urlParams: { gclid: 'x'.repeat(20), utm_campaign: 'spring' } });
  const body = {
    type: 'track',
    event: 'pageView',
    timestamp: new Date().toISOString(),
    sessionId: v.sessionId,
    anonymousId: v.id,
    properties: {
      id: crypto.randomUUID(),
      page: { name: 'get-yours-otc', step: { name: 'zip', number: 1, fallback: false } },
      session: { id: v.sessionId, paid: false, urlParams: {} },
      ...properties,
    },
    ...overrides,
  };
  posters.set(body, v);
  return body;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const v = (typeof body === 'object' && body !== null ? posters.get(body) : undefined) ?? visitor();
  return v.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/event/create', () => {
  it.each([
    ['not JSON', '{"type":'],
    ['a wrong type', trackBody({ type: 'identify' })],
    ['an unknown event', trackBody({ event: 'pageViewed' })],
    ['a missing event id', trackBody({}, { id: undefined })],
    ['a non-uuid event id', trackBody({}, { id: 'abc' })],
    ['a bad timestamp', trackBody({ timestamp: 'yesterday' })],
    ['an extra top-level field', trackBody({ extra: 1 })],
    ['an oversized session id', trackBody({ sessionId: 's'.repeat(65) })],
  ])('answers 400 JSON to %s and stores nothing', async (_label, body) => {
    const sent: unknown[] = [];
    const original = env.EVENTS.send.bind(env.EVENTS);
    env.EVENTS.send = (message: unknown, options?: QueueSendOptions) => {
      sent.push(message);
      return original(message, options);
    };
    try {
      const response = await post('/api/event/create', body);
      expect(response.status).toBe(400);
      const json = await response.json<{ error: { code: string; message: string } }>();
      expect(json.error.code).toMatch(/^invalid_/);
      expect(sent).toHaveLength(0);
    } finally {
      env.EVENTS.send = original;
    }
  });

  it('refuses an oversized body with 413', async () => {
    const response = await post('/api/event/create', trackBody({}, { filler: 'x'.repeat(40_000) }));
    expect(response.status).toBe(413);
  });

  it('queues a valid event with the brand from the host, ip from Cloudflare and no personal fields', async () => {
    const sent: unknown[] = [];
    const original = env.EVENTS.send.bind(env.EVENTS);
    env.EVENTS.send = (message: unknown, options?: QueueSendOptions) => {
      sent.push(message);
      return original(message, options);
    };
    try {
      const body = trackBody(
        {},
        {
          brand: { id: 'wc', name: 'Spoofed' },
          ipLookup: {
            value: '6.6.6.6',
            geo: { cityName: 'Nowhere', stateCode: 'XX', postalCode: '00000', isp: 'spoof' },
          },
          url: {
            href: `${ORIGIN}/get-yours-otc?email=a%40b.co&gclid=x`,
            search: '?email=a%40b.co&gclid=x',
            pathname: '/get-yours-otc',
          },
          data: { zipcode: '33101', firstName: 'Ada', email: 'ada@example.com' },
        },
      );
      const response = await post('/api/event/create', body, { 'cf-connecting-ip': '203.0.113.7' });
      expect(response.status).toBe(202);
      expect(sent).toHaveLength(1);
      const event = queuedEventSchema.parse(sent[0]);
      expect(event).toMatchObject({
        id: body.properties.id,
        brand: 'bh',
        page: 'get-yours-otc',
        stepName: 'zip',
        stepNumber: 1,
        paid: true,
      });
      expect(event.properties.brand).toEqual({ id: 'bh', name: expect.not.stringMatching('Spoofed') });
      expect(event.properties.ipLookup).toMatchObject({ value: '203.0.113.7' });
      expect(JSON.stringify(event.properties)).not.toMatch(/Ada|ada@example|a%40b|Nowhere|6\.6\.6\.6/);
      expect(event.properties.data).toEqual({ zipcode: '33101' });
      // The real queue consumer (wrangler.toml, max_batch_timeout 2 s) writes it to D1.
      await expect.poll(() => countEvents('id = ? AND paid = 1', event.id), { timeout: 10_000, interval: 250 }).toBe(1);
    } finally {
      env.EVENTS.send = original;
    }
  });

  it('answers 503 (so the browser keeps the event) when the queue refuses it', async () => {
    const original = env.EVENTS.send.bind(env.EVENTS);
    env.EVENTS.send = () => Promise.reject(new Error('queue unavailable'));
    try {
      const response = await post('/api/event/create', trackBody());
      expect(response.status).toBe(503);
    } finally {
      env.EVENTS.send = original;
    }
  });
});
