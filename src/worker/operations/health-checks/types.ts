import type { D1Binding } from '../../archive/table-retention';
import type { ConfigEnv } from '../secret-rules';
import type { CounterTotal } from '../metrics';
import type { CheckEntry } from './catalog';

/** One check's state: ok or failing, with a one-line summary of names and counts only (it goes to the webhook). */
export interface HealthCheck {
  id: string;
  ok: boolean;
  summary: string;
  /** The catalog entry (docs/on-call.md section) that says what to do. */
  runbook: string;
}

export interface CronRunView {
  task: string;
  startedAt: string;
  finishedAt: string;
  ok: boolean;
  detail: string | null;
}

/** Every D1 database of the Worker (the size check reads each), and what the other checks read. */
export type HealthEnv = Pick<Env, D1Binding> & ConfigEnv & { LEADS_HOT_DAYS?: string };

/** What a check reads: the environment, the clock, and the figures several checks share (loaded once a run). */
export interface HealthContext {
  env: HealthEnv;
  now: Date;
  counters(): Promise<CounterTotal[]>;
  cronRuns(): Promise<CronRunView[]>;
}

/** One row of the health table: its catalog entry and the function that judges it. */
export interface HealthCheckDefinition {
  entry: CheckEntry;
  run(ctx: HealthContext): Promise<HealthCheck[]>;
}

/** A check of the table: `run` returns [id, ok, summary] triples; the runbook is filled in from the entry. */
export function defineCheck(
  entry: CheckEntry,
  run: (ctx: HealthContext) => Promise<[id: string, ok: boolean, summary: string][]>,
): HealthCheckDefinition {
  return {
    entry,
    run: async (ctx) => (await run(ctx)).map(([id, ok, summary]) => ({ id, ok, summary, runbook: entry.id })),
  };
}

export const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
export const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
