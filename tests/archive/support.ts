import { createMessageBatch } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { QueuedEvent } from '../../src/shared/tracking/event-schema';
import { decodeEvents } from '../../src/worker/archive';
import { dayBounds, ROLLUP_COLUMNS, rollupSelect } from '../../src/worker/archive/rollup-query';

/** An event as the Worker queues it, received at `receivedAt` (the partition and day it belongs to). */
export function queuedAt(receivedAt: string, overrides: Partial<QueuedEvent> = {}): QueuedEvent {
  const id = crypto.randomUUID();
  return {
    id,
    type: 'track',
    event: 'pageView',
    timestamp: receivedAt,
    receivedAt,
    sessionId: 'sess-archive-0001',
    anonymousId: 'anon-archive-01',
    brand: 'wc',
    page: 'find-benefits',
    stepName: 'zip',
    stepNumber: 1,
    paid: false,
    properties: { id },
    ...overrides,
  };
}

export function batchOf(bodies: unknown[], attempts = 1) {
  return createMessageBatch(
    'quote-funnel-events',
    bodies.map((body, i) => ({ id: `m${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body })),
  );
}

/** Every archive object under a prefix, with its events. */
export async function archiveObjects(prefix: string): Promise<{ key: string; events: QueuedEvent[]; meta: string }[]> {
  const listed = await env.ARCHIVE.list({ prefix, include: ['customMetadata'] });
  return Promise.all(
    listed.objects.map(async (o) => {
      const object = await env.ARCHIVE.get(o.key);
      if (!object) throw new Error(`${o.key} listed but missing`);
      return {
        key: o.key,
        events: await decodeEvents(await object.arrayBuffer()),
        meta: o.customMetadata?.events ?? '',
      };
    }),
  );
}

export async function count(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number | null }>();
  return row?.n ?? 0;
}

/**
 * event_page_rollups (what the report reads, migration 0011) as event_rollups summed over source
 * and variant, and as the table holds it: the two lists must be equal after every change.
 */
export async function pageRollupsBothWays(): Promise<[unknown[], unknown[]]> {
  const key = 'day, brand, page, step_number, step_name, paid';
  const measures = 'events, visits, entries, submitters, call_clicks';
  const summed = await env.DB.prepare(
    `SELECT ${key}, SUM(events) AS events, SUM(visits) AS visits, SUM(entries) AS entries,
       SUM(submitters) AS submitters, SUM(call_clicks) AS call_clicks
     FROM event_rollups GROUP BY ${key} HAVING SUM(events) > 0 ORDER BY ${key}`,
  ).all();
  const kept = await env.DB.prepare(`SELECT ${key}, ${measures} FROM event_page_rollups ORDER BY ${key}`).all();
  return [kept.results, summed.results];
}

/** A day's stored rollups, and the rollup of its raw rows computed at once: equal while its rows are in D1. */
export async function dayRollupsBothWays(day: string): Promise<[unknown[], unknown[]]> {
  const [start, end] = dayBounds(day);
  const order = `ORDER BY ${ROLLUP_COLUMNS}`;
  const stored = await env.DB.prepare(`SELECT ${ROLLUP_COLUMNS} FROM event_rollups WHERE day = ? ${order}`)
    .bind(day)
    .all();
  const fromRows = await env.DB.prepare(
    `SELECT * FROM (${rollupSelect('events', 'received_at >= ? AND received_at < ?')}) ${order}`,
  )
    .bind(start, end)
    .all();
  return [stored.results, fromRows.results];
}
