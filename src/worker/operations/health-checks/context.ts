import { recentCounters } from '../metrics';
import { THRESHOLDS } from './thresholds';
import type { CronRunView, HealthContext, HealthEnv } from './types';

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

/** The context of one health run: shared figures are read once, when the first check asks. */
export function healthContext(env: HealthEnv, now: Date): HealthContext {
  return {
    env,
    now,
    counters: once(() => recentCounters(env.DB, THRESHOLDS.windowMinutes, now.getTime())),
    cronRuns: once(async () => {
      const { results } = await env.DB.prepare(
        `SELECT task, started_at AS startedAt, finished_at AS finishedAt, ok, detail FROM cron_runs
         WHERE id IN (SELECT MAX(id) FROM cron_runs GROUP BY task) ORDER BY task`,
      ).all<{ task: string; startedAt: string; finishedAt: string; ok: number; detail: string | null }>();
      return results.map((r): CronRunView => ({ ...r, ok: r.ok === 1 }));
    }),
  };
}
