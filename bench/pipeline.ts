/**
 * The event pipeline end to end: a bounded burst to POST /api/event/create at fixed
 * concurrency, then the queue consumer drains into D1; the count in D1 (read through the
 * D1 binding) must equal the count the Worker accepted (202).
 */
import { eventLoad } from './event-body';
import { countEvents, type Harness } from './harness';
import type { LoadResult } from './load';

export interface PipelineResult {
  load: LoadResult;
  sessionId: string;
  accepted: number;
  stored: number;
  drainSeconds: number;
}

/** Every event of a run shares one session id, so D1 can be counted per run. */
export function runSessionId(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}`;
}

export async function waitForDrain(h: Harness, sessionId: string, expected: number, timeoutMs = 180_000): Promise<{ stored: number; seconds: number }> {
  const start = Date.now();
  let stored = await countEvents(h.mf, 'session_id = ?', sessionId);
  while (stored < expected && Date.now() - start < timeoutMs) {
    await new Promise((r) => setTimeout(r, 500));
    stored = await countEvents(h.mf, 'session_id = ?', sessionId);
  }
  // A little longer, to see that nothing beyond what was accepted arrives either.
  await new Promise((r) => setTimeout(r, 1500));
  stored = await countEvents(h.mf, 'session_id = ?', sessionId);
  return { stored, seconds: (Date.now() - start) / 1000 };
}

export async function eventBurst(h: Harness, amount: number): Promise<PipelineResult> {
  const sessionId = runSessionId('burst');
  const load = await eventLoad(h, sessionId, { amount });
  const accepted = load.statuses['202'] ?? 0;
  const drained = await waitForDrain(h, sessionId, accepted);
  return { load, sessionId, accepted, stored: drained.stored, drainSeconds: drained.seconds };
}
