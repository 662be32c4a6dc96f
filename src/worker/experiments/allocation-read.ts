/**
 * The latest allocation of an `optimise` experiment, as the scheduled recompute stored it in KV.
 * Read on the page path, so it is cheap: KV's own edge cache (`cacheTtl`) keeps the value near the
 * isolate for a minute, and the isolate keeps what it read for a few seconds more, so a busy
 * isolate reads it about once per `memoMs` whatever its traffic. A recompute lands within about a
 * minute; the bandit moves every 15, so nothing is lost by the delay. Never throws: a KV error or
 * a value that is not an allocation is `failed`, and the caller falls back to the fixed weights.
 */
import { z } from 'zod';
import { logJson } from '../observability/log';
import { ALLOCATION_PREFIX } from './allocations';

const storedAllocationSchema = z.object({
  shares: z.record(z.string(), z.number().min(0).max(1)),
  winner: z.string().nullable(),
  computedAt: z.string(),
});
export type AllocationShares = z.infer<typeof storedAllocationSchema>;

export type AllocationRead =
  | { status: 'ok'; allocation: AllocationShares }
  /** No recompute stored one yet (a new experiment): the fixed weights, as designed. */
  | { status: 'none' }
  /** KV failed or held something else: the fixed weights, counted as a fallback. */
  | { status: 'failed'; error: string };

/** KV's edge cache for the value, in seconds (KV's minimum is 30). */
const KV_CACHE_TTL_SECONDS = 60;

/**
 * How long an isolate keeps what it read. Tests set 0 to see a new allocation at once (they
 * change it within a run); production keeps 10 s.
 */
export const allocationMemo = { ms: 10_000 };

const memo = new Map<string, { until: number; read: Promise<AllocationRead> }>();

async function readOnce(kv: KVNamespace, experimentId: string): Promise<AllocationRead> {
  const read = await readFromKv(kv, experimentId);
  // Logged once a read (the isolate keeps a failed read as long as a good one), not once a visitor.
  if (read.status === 'failed')
    logJson('warn', 'experiment allocation unreadable; fixed weights', {
      where: 'experiments.allocation-read',
      experiment: experimentId,
      error: read.error.slice(0, 200),
    });
  return read;
}

async function readFromKv(kv: KVNamespace, experimentId: string): Promise<AllocationRead> {
  try {
    const value = await kv.get<unknown>(`${ALLOCATION_PREFIX}${experimentId}`, {
      type: 'json',
      cacheTtl: KV_CACHE_TTL_SECONDS,
    });
    if (value === null) return { status: 'none' };
    const parsed = storedAllocationSchema.safeParse(value);
    return parsed.success
      ? { status: 'ok', allocation: parsed.data }
      : { status: 'failed', error: 'the stored value is not an allocation' };
  } catch (error) {
    return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}

export function latestAllocation(kv: KVNamespace, experimentId: string, now = Date.now()): Promise<AllocationRead> {
  if (allocationMemo.ms <= 0) return readOnce(kv, experimentId);
  const kept = memo.get(experimentId);
  if (kept && kept.until > now) return kept.read;
  const read = readOnce(kv, experimentId);
  memo.set(experimentId, { until: now + allocationMemo.ms, read });
  return read;
}
