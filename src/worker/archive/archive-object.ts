import { queuedEventSchema, type QueuedEvent } from '../../shared/tracking/event-schema';
import { toHex } from '../../shared/hex';

/**
 * One archive object: the events of one queue batch that fall in one hour of received_at, as
 * gzip newline-delimited JSON (one QueuedEvent a line, the shape the queue carries), at
 * `events/dt=YYYY-MM-DD/hour=HH/{batch-id}.ndjson.gz` (Hive-style partitions, which DuckDB and
 * R2 SQL read as columns). The batch id is a hash of the event ids, so a redelivered batch
 * rewrites the same key instead of adding a copy. Runs in workerd and in Node (the rebuild script).
 */
export const ARCHIVE_PREFIX = 'events/';

export interface Partition {
  day: string;
  hour: string;
}

export function partitionOf(receivedAt: string): Partition {
  const iso = new Date(receivedAt).toISOString();
  return { day: iso.slice(0, 10), hour: iso.slice(11, 13) };
}

export function archiveKey(p: Partition, batchId: string): string {
  return `${ARCHIVE_PREFIX}dt=${p.day}/hour=${p.hour}/${batchId}.ndjson.gz`;
}

/** Prefix of one day's objects (every hour). */
export function dayPrefix(day: string): string {
  return `${ARCHIVE_PREFIX}dt=${day}/`;
}

/** SHA-256 of the sorted event ids, 32 hex characters: the same events give the same id. */
export async function batchIdOf(eventIds: readonly string[]): Promise<string> {
  const text = [...eventIds].sort().join('\n');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(digest, 16);
}

export async function encodeEvents(events: readonly QueuedEvent[]): Promise<Uint8Array> {
  const text = events.map((e) => JSON.stringify(e)).join('\n') + '\n';
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The events of an archive object; a line that is not an event throws (the archive is ours, so that is corruption). */
export async function decodeEvents(body: ArrayBuffer): Promise<QueuedEvent[]> {
  const text = await new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => queuedEventSchema.parse(JSON.parse(line)));
}

/** The columns of an `events` row in the order eventRowValues gives them. */
export const EVENT_ROW_COLUMNS =
  'id, type, event, timestamp, received_at, session_id, anonymous_id, brand, page, step_name, step_number, paid, properties';

/** An event as the values of its `events` row (EVENT_ROW_COLUMNS). */
export function eventRowValues(e: QueuedEvent): unknown[] {
  return [
    e.id,
    e.type,
    e.event,
    e.timestamp,
    e.receivedAt,
    e.sessionId,
    e.anonymousId,
    e.brand,
    e.page,
    e.stepName,
    e.stepNumber,
    e.paid ? 1 : 0,
    JSON.stringify(e.properties),
  ];
}
