/**
 * Metrics on Cloudflare's own services. Each measurement is written twice, both cheap:
 * - one Workers Analytics Engine data point (the METRICS binding; dashboards and SQL over every
 *   request, no sampling of ours; locally the binding drops writes);
 * - a per-isolate counter, added up in memory and flushed to D1 `ops_counters` per minute at
 *   most every 30 s, or at once after a breaker opened or a dead letter (flushMetrics, called from the request middleware and the queue handler),
 *   because the Worker cannot read Analytics Engine back without an API token and the health
 *   page and its alerts need the last minutes of partner errors, dead letters and refusals.
 *
 * Labels are route names, partner names, statuses and queue names: never a visitor, an ip, a
 * URL with its query or anything a visitor typed.
 */

export type MetricName =
  | 'request'
  | 'partner.ok'
  | 'partner.error'
  | 'breaker.open'
  | 'queue.batch'
  | 'queue.retry'
  | 'dlq.send'
  | 'lead'
  | 'event.accepted'
  | 'event.refused'
  | 'alert.sent'
  | 'alert.failed'
  /** An `optimise` experiment's allocation could not be read: a visitor assigned by the fixed weights. */
  | 'experiment.fallback';

interface MetricsEnv {
  METRICS?: AnalyticsEngineDataset;
  ENVIRONMENT?: string;
}

interface Pending {
  count: number;
  total: number;
}

/** `${minute}|${name}|${label}` → what this isolate counted since its last flush. */
const pending = new Map<string, Pending>();
let lastFlush = 0;
let urgent = false;
const FLUSH_INTERVAL_MS = 30_000;
/** Rare measurements an alert waits for: flushed on the next chance instead of within 30 s. */
const URGENT = new Set<MetricName>(['breaker.open', 'dlq.send', 'alert.failed']);
/** Metrics only the health page needs in D1; per-request counts stay in Analytics Engine. */
const KEPT_IN_D1 = new Set<MetricName>([
  'partner.ok',
  'partner.error',
  'breaker.open',
  'queue.batch',
  'queue.retry',
  'dlq.send',
  'lead',
  'event.accepted',
  'event.refused',
  'alert.sent',
  'alert.failed',
  'experiment.fallback',
]);

/** One measurement: `value` is a duration in ms or a size; counted once. Never throws. */
export function recordMetric(env: MetricsEnv, name: MetricName, label: string, value = 0, count = 1): void {
  const safeLabel = label.slice(0, 96);
  try {
    env.METRICS?.writeDataPoint({
      indexes: [name],
      blobs: [name, safeLabel, env.ENVIRONMENT ?? 'development'],
      doubles: [count, value],
    });
  } catch {
    // A metric must never fail the request it measures.
  }
  if (!KEPT_IN_D1.has(name)) return;
  const key = `${Math.floor(Date.now() / 60_000)}|${name}|${safeLabel}`;
  const entry = pending.get(key) ?? { count: 0, total: 0 };
  entry.count += count;
  entry.total += value;
  pending.set(key, entry);
  if (URGENT.has(name)) urgent = true;
}

/** A request's route (a bounded set: API and ops paths, or the kind of page) and its status. */
export function recordRequest(env: MetricsEnv, method: string, path: string, status: number, ms: number): void {
  recordMetric(env, 'request', `${method} ${routeLabel(path, status)} ${status}`, ms);
  if (path === '/api/event/create')
    recordMetric(env, status === 202 ? 'event.accepted' : 'event.refused', status === 202 ? '' : String(status));
}

export function routeLabel(path: string, status: number): string {
  if (status === 404) return 'unmatched';
  if (path.startsWith('/api/') || path.startsWith('/ops/')) return path.split('/').slice(0, 4).join('/');
  if (path.startsWith('/build/') || path.startsWith('/data/')) return 'asset';
  return 'page';
}

/** Times a partner call and records it as ok or failed (the error is rethrown untouched). */
export async function timedPartnerCall<T>(
  env: MetricsEnv,
  partner: string,
  call: () => Promise<T>,
  /** Whether an error is the partner's fault (a "no buyer" or our bad input is not). */
  isFault: (error: unknown) => boolean = () => true,
): Promise<T> {
  const started = Date.now();
  try {
    const result = await call();
    recordMetric(env, 'partner.ok', partner, Date.now() - started);
    return result;
  } catch (error) {
    recordMetric(env, isFault(error) ? 'partner.error' : 'partner.ok', partner, Date.now() - started);
    throw error;
  }
}

/**
 * Whether a flush (not forced) would write anything now: counters are pending and an urgent one
 * came or the interval has passed. Most requests find none due, and skip the flush's promise and
 * its waitUntil.
 */
export function metricsFlushDue(now = Date.now()): boolean {
  return pending.size > 0 && (urgent || now - lastFlush >= FLUSH_INTERVAL_MS);
}

/** Writes this isolate's counters to D1 when due (or when forced); a failure keeps them for the next flush. */
export async function flushMetrics(env: { DB: D1Database }, force = false): Promise<void> {
  const now = Date.now();
  if (pending.size === 0 || (!force && !metricsFlushDue(now))) return;
  lastFlush = now;
  urgent = false;
  const rows = [...pending.entries()];
  pending.clear();
  const upsert = env.DB.prepare(
    `INSERT INTO ops_counters (minute, name, label, count, total) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (minute, name, label) DO UPDATE SET count = count + excluded.count, total = total + excluded.total`,
  );
  try {
    await env.DB.batch(
      rows.map(([key, { count, total }]) => {
        const [minute, name, label] = key.split('|');
        return upsert.bind(Number(minute), name ?? '', label ?? '', count, total);
      }),
    );
  } catch {
    // Put them back: the next flush adds them (counts are sums, so nothing is counted twice).
    for (const [key, value] of rows) {
      const entry = pending.get(key) ?? { count: 0, total: 0 };
      entry.count += value.count;
      entry.total += value.total;
      pending.set(key, entry);
    }
  }
}

export interface CounterTotal {
  name: string;
  label: string;
  count: number;
  total: number;
}

/** Counter sums of the last `minutes` minutes, from D1. */
export async function recentCounters(db: D1Database, minutes: number, now = Date.now()): Promise<CounterTotal[]> {
  const since = Math.floor(now / 60_000) - minutes;
  const { results } = await db
    .prepare(
      `SELECT name, label, SUM(count) AS count, SUM(total) AS total FROM ops_counters WHERE minute > ? GROUP BY name, label`,
    )
    .bind(since)
    .all<CounterTotal>();
  return results;
}
