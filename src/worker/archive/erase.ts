import { z } from 'zod';
import type { QueuedEvent } from '../../shared/tracking/event-schema';
import { archiveKey, dayPrefix, decodeEvents, encodeEvents, partitionOf } from './archive-object';
import { listKeys, type ArchiveBucket } from './write';

/**
 * A privacy deletion reaching the R2 archive: the operator's delete
 * plans an erasure (planArchiveErasure, in the same D1 transaction that deletes the rows) and
 * sends its id on the EVENTS queue; the consumer (or the daily cron, for one whose message was
 * lost) runs it: every archive object that may hold the visitors' events is read and rewritten
 * without them (deleted when nothing else is left), under the same key. Running it again finds
 * nothing to remove, so retries are safe. When done, the visitors' ids are dropped from the row.
 *
 * Which objects: the ones named by the visitors' rows still in D1 (archive_batch), then every
 * object of every pruned day up to the delete (their rows, and so which objects hold the
 * visitor, are gone; a visitor id can live for months under a refreshed cookie, so no shorter
 * range is safe). The pruned days go in order, a few thousand objects an invocation, with the
 * last day done kept in the row: a long archive takes several queue messages, not one long run.
 * Rollups hold no personal data and stay.
 */

export type ErasureBucket = ArchiveBucket & Pick<R2Bucket, 'delete'>;

/** The EVENTS queue message that runs an erasure. */
export const erasureMessageSchema = z.strictObject({ kind: z.literal('archive-erasure'), erasure: z.string() });
export type ErasureMessage = z.infer<typeof erasureMessageSchema>;

/** Objects an invocation reads before it hands the rest of the pruned days to the next message. */
const OBJECTS_PER_RUN = 2_000;

const plannedRowSchema = z.object({ received_at: z.string(), archive_batch: z.string().nullable() });

/**
 * The erasure of these visitors' archived events, as a statement to run with the deletion of
 * their rows (it must be planned before the rows go: they name the recent objects).
 */
export async function planArchiveErasure(
  db: D1Database,
  anonymousIds: readonly string[],
  now: Date,
): Promise<{ id: string; statement: D1PreparedStatement; objects: number }> {
  const rows = z.array(plannedRowSchema).parse(
    (
      await db
        .prepare(
          `SELECT DISTINCT received_at, archive_batch FROM events
           WHERE anonymous_id IN (SELECT value FROM json_each(?)) AND archive_batch IS NOT NULL`,
        )
        .bind(JSON.stringify(anonymousIds))
        .all()
    ).results,
  );
  const keys = [...new Set(rows.map((r) => archiveKey(partitionOf(r.received_at), r.archive_batch ?? '')))];
  const id = crypto.randomUUID();
  const statement = db
    .prepare(
      `INSERT INTO privacy_archive_erasures (id, requested_at, anonymous_ids, object_keys, scan_to) VALUES (?, ?, ?, ?, ?)`,
    )
    .bind(id, now.toISOString(), JSON.stringify(anonymousIds), JSON.stringify(keys), now.toISOString().slice(0, 10));
  return { id, statement, objects: keys.length };
}

const erasureRowSchema = z.object({
  anonymous_ids: z.string().nullable(),
  object_keys: z.string(),
  keys_done: z.number(),
  scanned_through: z.string(),
  scan_to: z.string(),
  done_at: z.string().nullable(),
});

export interface ErasureOutcome {
  objectsRead: number;
  objectsRewritten: number;
  eventsRemoved: number;
  /** Pruned days remain to scan: the caller queues the erasure again. */
  more: boolean;
}

/** Rewrites one object without the visitors' events; answers how many it removed. */
async function eraseFrom(bucket: ErasureBucket, key: string, visitors: ReadonlySet<string>): Promise<number> {
  const object = await bucket.get(key);
  if (!object) return 0;
  const events = await decodeEvents(await object.arrayBuffer());
  const kept = events.filter((e: QueuedEvent) => !visitors.has(e.anonymousId));
  if (kept.length === events.length) return 0;
  if (kept.length === 0) await bucket.delete(key);
  else
    await bucket.put(key, await encodeEvents(kept), {
      httpMetadata: { contentType: 'application/gzip' },
      customMetadata: { events: String(kept.length) },
    });
  return events.length - kept.length;
}

/**
 * Runs an erasure, or its next part (idempotent); a failure throws and leaves it pending for a
 * retry. Answers null when it was already done.
 */
export async function runArchiveErasure(
  env: { DB: D1Database; ARCHIVE: ErasureBucket },
  id: string,
  now = new Date(),
): Promise<ErasureOutcome | null> {
  const row = erasureRowSchema.parse(
    (await env.DB.prepare(`SELECT * FROM privacy_archive_erasures WHERE id = ?`).bind(id).first()) ?? undefined,
  );
  if (row.done_at || row.anonymous_ids === null) return null;
  const visitors = new Set(z.array(z.string()).parse(JSON.parse(row.anonymous_ids)));
  const outcome: ErasureOutcome = { objectsRead: 0, objectsRewritten: 0, eventsRemoved: 0, more: false };
  const erase = async (keys: Iterable<string>) => {
    for (const key of keys) {
      outcome.objectsRead += 1;
      const removed = await eraseFrom(env.ARCHIVE, key, visitors);
      if (removed > 0) {
        outcome.objectsRewritten += 1;
        outcome.eventsRemoved += removed;
      }
    }
  };
  const progress = (set: string, ...binds: unknown[]) =>
    env.DB.prepare(
      `UPDATE privacy_archive_erasures SET ${set}, objects_read = objects_read + ?, objects_rewritten = objects_rewritten + ?,
         events_removed = events_removed + ? WHERE id = ?`,
    )
      .bind(...binds, outcome.objectsRead, outcome.objectsRewritten, outcome.eventsRemoved, id)
      .run()
      .then(() => {
        outcome.objectsRead = outcome.objectsRewritten = outcome.eventsRemoved = 0;
      });
  if (!row.keys_done) {
    await erase(z.array(z.string()).parse(JSON.parse(row.object_keys)));
    await progress('keys_done = 1');
  }
  let read = 0;
  let after = row.scanned_through;
  for (;;) {
    const next = await env.DB.prepare(
      `SELECT MIN(day) AS day FROM event_days WHERE pruned_at IS NOT NULL AND day > ? AND day <= ?`,
    )
      .bind(after, row.scan_to)
      .first<{ day: string | null }>();
    if (!next?.day) break;
    if (read >= OBJECTS_PER_RUN) return { ...outcome, more: true };
    const keys = await listKeys(env.ARCHIVE, dayPrefix(next.day));
    read += keys.length;
    await erase(keys);
    await progress('scanned_through = ?', next.day);
    after = next.day;
  }
  // Done: the visitors' ids are no longer needed, and are not kept.
  await progress('done_at = ?, anonymous_ids = NULL', now.toISOString());
  return outcome;
}

/** The daily cron's pass over erasures still pending (their queue message lost or dead-lettered). */
export async function runPendingErasures(env: { DB: D1Database; ARCHIVE: ErasureBucket }, now: Date): Promise<void> {
  const pending = z
    .array(z.object({ id: z.string() }))
    .parse(
      (
        await env.DB.prepare(
          `SELECT id FROM privacy_archive_erasures WHERE done_at IS NULL ORDER BY requested_at`,
        ).all()
      ).results,
    );
  for (const { id } of pending) while ((await runArchiveErasure(env, id, now))?.more);
}
