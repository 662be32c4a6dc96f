import { archiveKey, batchIdOf, decodeEvents, encodeEvents } from '../archive/archive-object';
import { listKeys, type ArchiveBucket } from '../archive/write';
import type { QueuedEvent } from '../../shared/tracking/event-schema';

/**
 * Archive compaction: the objects of one hour (one per queue batch, ~57k small objects a day at a
 * million events) merged into one, under the same Hive-style prefix and in the same format, so
 * the rebuild, the privacy erasure and DuckDB read it like any other. The merged object is named
 * by its event ids (as a batch is), so running it again after a crash between the write and the
 * deletes writes the same key and deletes the rest: idempotent. Only days already pruned from D1
 * are compacted (their rows, which name batch objects, are gone), and never while a privacy
 * erasure is pending (it could rewrite an object this run already read).
 */
export type CompactionBucket = ArchiveBucket & Pick<R2Bucket, 'delete'>;

export interface CompactedHour {
  hour: string;
  objectsBefore: number;
  events: number;
}

export async function compactHour(bucket: CompactionBucket, day: string, hour: string): Promise<CompactedHour> {
  const prefix = `events/dt=${day}/hour=${hour}/`;
  const keys = await listKeys(bucket, prefix);
  if (keys.length <= 1) return { hour, objectsBefore: keys.length, events: -1 };
  const byId = new Map<string, QueuedEvent>();
  for (const key of keys) {
    const object = await bucket.get(key);
    if (!object) throw new Error(`archive object ${key} was listed but cannot be read`);
    // An event redelivered in another grouping sits in two objects: kept once.
    for (const event of await decodeEvents(await object.arrayBuffer())) byId.set(event.id, event);
  }
  const events = [...byId.values()].sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : a.id < b.id ? -1 : 1));
  const key = archiveKey({ day, hour }, `hour-${await batchIdOf(events.map((e) => e.id))}`);
  await bucket.put(key, await encodeEvents(events), {
    httpMetadata: { contentType: 'application/gzip' },
    customMetadata: { events: String(events.length), compactedFrom: String(keys.length) },
  });
  const stale = keys.filter((k) => k !== key);
  // R2 deletes up to 1,000 keys a call.
  for (let i = 0; i < stale.length; i += 1000) await bucket.delete(stale.slice(i, i + 1000));
  return { hour, objectsBefore: keys.length, events: events.length };
}

export const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
