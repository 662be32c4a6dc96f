/**
 * Events still in flight when a visitor's data is erased (in the EVENTS queue, waiting for a
 * retry, or in the dead-letter queue) would otherwise be stored after the deletion and bring the
 * visit back. The erasure records the visitor's public id and its time in `erased_visitors`;
 * the queue consumer drops that visitor's events received up to that time before it archives or
 * stores anything. Events received later are a new visit and are kept. The marks are kept 30
 * days (a dead-letter replay later than that is an operator action that checks them first).
 */
import type { QueuedEvent } from '../../shared/tracking/event-schema';

const DAY_MS = 86_400_000;
export const ERASED_MARK_DAYS = 30;

export function markErased(db: D1Database, anonymousIds: readonly string[], now: Date): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO erased_visitors (anonymous_id, erased_at) SELECT value, ? FROM json_each(?) WHERE true
       ON CONFLICT (anonymous_id) DO UPDATE SET erased_at = excluded.erased_at`,
    )
    .bind(now.toISOString(), JSON.stringify(anonymousIds));
}

/** Splits a batch's events into those to store and those of an erasure they predate. */
export async function withoutErased<T extends { event: QueuedEvent }>(
  db: D1Database,
  items: readonly T[],
): Promise<{ kept: T[]; dropped: T[] }> {
  const ids = [...new Set(items.map((i) => i.event.anonymousId))];
  if (ids.length === 0) return { kept: [...items], dropped: [] };
  const marks = await db
    .prepare(
      'SELECT anonymous_id, erased_at FROM erased_visitors WHERE anonymous_id IN (SELECT value FROM json_each(?))',
    )
    .bind(JSON.stringify(ids))
    .all<{ anonymous_id: string; erased_at: string }>();
  if (marks.results.length === 0) return { kept: [...items], dropped: [] };
  const erasedAt = new Map(marks.results.map((m) => [m.anonymous_id, Date.parse(m.erased_at)]));
  const kept: T[] = [];
  const dropped: T[] = [];
  for (const item of items) {
    const at = erasedAt.get(item.event.anonymousId);
    if (at !== undefined && Date.parse(item.event.receivedAt) <= at) dropped.push(item);
    else kept.push(item);
  }
  return { kept, dropped };
}

export async function forgetOldErasedMarks(db: D1Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ERASED_MARK_DAYS * DAY_MS).toISOString();
  return (await db.prepare('DELETE FROM erased_visitors WHERE erased_at < ?').bind(cutoff).run()).meta.changes ?? 0;
}
