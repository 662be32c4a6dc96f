/**
 * The event pipeline end to end: a bounded burst to POST /api/event/create at fixed
 * concurrency, then the queue consumer drains into D1; the count in D1 (read through the
 * D1 binding) must equal the count the Worker accepted (202).
 */
import { eventLoad } from './event-body';
import { countEvents, type Harness } from './harness';
import type { LoadResult } from './load';
import { visitorPool } from './visitors';

export interface PipelineResult {
  load: LoadResult;
  /** The sessions of the burst's visitors (one per visitor of the pool). */
  sessionIds: string[];
  accepted: number;
  stored: number;
  drainSeconds: number;
  drainPolls: number;
}

/** Every event of a run shares one session id, so D1 can be counted per run. */
export function runSessionId(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Events in D1 of these sessions (counted in chunks: D1 binds at most 100 values a statement). */
async function countSessions(h: Harness, sessionIds: readonly string[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < sessionIds.length; i += 90) {
    const chunk = sessionIds.slice(i, i + 90);
    total += await countEvents(h.mf, `session_id IN (${chunk.map(() => '?').join(', ')})`, ...chunk);
  }
  return total;
}

/**
 * Polls D1 (every 100 ms) until `expected` events of the run are there, or the deadline; the
 * time is when the last one was seen, not a fixed wait. Rows are unique by event id, so the
 * count cannot pass the number of distinct events sent.
 */
export async function waitForDrain(
  h: Harness,
  sessionIds: string | readonly string[],
  expected: number,
  timeoutMs = 180_000,
): Promise<{ stored: number; seconds: number; polls: number }> {
  const ids = typeof sessionIds === 'string' ? [sessionIds] : sessionIds;
  const start = Date.now();
  let polls = 1;
  let stored = await countSessions(h, ids);
  while (stored < expected && Date.now() - start < timeoutMs) {
    await new Promise((r) => setTimeout(r, 100));
    stored = await countSessions(h, ids);
    polls += 1;
  }
  return { stored, seconds: (Date.now() - start) / 1000, polls };
}

/** Visitors in the burst: enough that none passes RATE_LIMIT_EVENTS (100 per 10 s) at the bench's rate. */
const BURST_VISITORS = 400;

export async function eventBurst(h: Harness, amount: number): Promise<PipelineResult> {
  const pool = await visitorPool(h.port, BURST_VISITORS);
  const sessionIds = pool.map((v) => v.sessionId);
  const load = await eventLoad(h, pool, { amount });
  const accepted = load.statuses['202'] ?? 0;
  const drained = await waitForDrain(h, sessionIds, accepted);
  return {
    load,
    sessionIds,
    accepted,
    stored: drained.stored,
    drainSeconds: drained.seconds,
    drainPolls: drained.polls,
  };
}
