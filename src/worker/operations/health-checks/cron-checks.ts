import { DAILY_TASKS } from '../daily-tasks';
import { CATALOG } from './catalog';
import { THRESHOLDS } from './thresholds';
import { defineCheck } from './types';

/** The last run of each task that ran: a failed one is red until its next good run. */
export const cronTaskChecks = defineCheck(CATALOG['cron:<task>'], async (ctx) =>
  (await ctx.cronRuns()).map((run): [string, boolean, string] => [
    `cron:${run.task}`,
    run.ok,
    run.ok ? `last run ${run.finishedAt} ok` : `last run ${run.startedAt} failed: ${run.detail ?? ''}`,
  ]),
);

/**
 * Every daily task ran within `dailyCronHours`. One that never ran counts once the deployment's
 * first cron run (recorded by cron.ts in `ops_markers`) is that old: an empty run list after the
 * first day means the daily trigger never fired, not that all is well.
 */
export const dailyMissingCheck = defineCheck(CATALOG['cron:daily-missing'], async (ctx) => {
  const limit = THRESHOLDS.dailyCronHours * 3_600_000;
  const first = await ctx.env.DB.prepare(`SELECT at FROM ops_markers WHERE name = 'first-cron'`).first<{
    at: string;
  }>();
  const deployedLongEnough = first !== null && ctx.now.getTime() - Date.parse(first.at) > limit;
  const last = new Map((await ctx.cronRuns()).map((r) => [r.task, r.startedAt]));
  const late: string[] = [];
  const never: string[] = [];
  for (const task of DAILY_TASKS) {
    const at = last.get(task);
    if (at === undefined) {
      if (deployedLongEnough) never.push(task);
    } else if (ctx.now.getTime() - Date.parse(at) > limit) late.push(`${task} (last ${at})`);
  }
  const ok = late.length === 0 && never.length === 0;
  const parts = [
    late.length ? `not run in ${THRESHOLDS.dailyCronHours} h: ${late.join(', ')}` : '',
    never.length ? `never ran since the first cron run ${first?.at ?? ''}: ${never.join(', ')}` : '',
  ].filter(Boolean);
  return [
    ['cron:daily-missing', ok, ok ? `every daily task ran within ${THRESHOLDS.dailyCronHours} h` : parts.join('; ')],
  ];
});
