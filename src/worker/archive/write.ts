import type { QueuedEvent } from '../../shared/tracking/event-schema';
import { archiveKey, batchIdOf, encodeEvents, partitionOf } from './archive-object';

/** What the archive needs of R2: put (tests hand in a failing one). */
export type ArchiveBucket = Pick<R2Bucket, 'put' | 'list' | 'get'>;

/**
 * Writes a batch of events to the archive, one object per hour of received_at they fall in,
 * and answers each event's batch id (its object's name) for the D1 row. All objects are
 * written before this resolves; any failure rejects, and the caller retries the whole batch.
 */
export async function archiveEvents(
  bucket: ArchiveBucket,
  events: readonly QueuedEvent[],
): Promise<Map<string, string>> {
  const groups = new Map<string, QueuedEvent[]>();
  for (const event of events) {
    const p = partitionOf(event.receivedAt);
    const key = `${p.day}|${p.hour}`;
    const group = groups.get(key);
    if (group) group.push(event);
    else groups.set(key, [event]);
  }
  const batchIds = new Map<string, string>();
  await Promise.all(
    [...groups.values()].map(async (group) => {
      // Duplicates inside one delivery (a browser retry in the same batch) are written once.
      const unique = [...new Map(group.map((e) => [e.id, e])).values()].sort((a, b) => (a.id < b.id ? -1 : 1));
      const first = unique[0];
      if (!first) return;
      const batchId = await batchIdOf(unique.map((e) => e.id));
      await bucket.put(archiveKey(partitionOf(first.receivedAt), batchId), await encodeEvents(unique), {
        httpMetadata: { contentType: 'application/gzip' },
        customMetadata: { events: String(unique.length) },
      });
      for (const e of unique) batchIds.set(e.id, batchId);
    }),
  );
  return batchIds;
}

/** Every key under a prefix (R2 lists 1,000 at a time). */
export async function listKeys(bucket: ArchiveBucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, limit: 1000, ...(cursor ? { cursor } : {}) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}
