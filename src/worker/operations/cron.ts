import { redactText } from '../../shared/redact';
import { maintainEvents } from '../archive';
import { startJob } from '../long-jobs/jobs';
import { purgeExpiredLeadValues } from '../consent';
import { sweepExpiredArchive } from '../consent/archive-retention';
import { forgetOldErasedMarks } from '../consent/erased-visitors';
import { fingerprintLeads, fingerprintPrivacyRequests } from '../consent/fingerprint-backfill';
import { sendPendingPartnerDeletions } from '../consent/partner-deletions';
import { clearStaleDedupeKeys, forgetSpentClaims } from '../consent/retention';
import { moveOldLeads, sweepExpiredPersonal } from '../lead-archive';
import { requeueUnsent } from '../lead-delivery';
import { logJson } from '../observability/log';
import { checkHealthAndAlert } from './alerts';
import type { DailyTask, FrequentTask } from './daily-tasks';
import { pingHeartbeat } from './heartbeat';
import { flushMetrics } from './metrics';
import { pruneRevenueTables } from '../revenue/retention';
import { pruneRetainedTables } from '../archive/table-prune';

/**
 * The Cron Triggers (wrangler.toml [triggers]). Each task's outcome is a row in D1 `cron_runs`
 * (the health page shows the last one per task), and a failed task fails the invocation: the
 * handler throws once every task has run, so Workers Logs and the dashboard mark the run as an
 * error and the health check that follows raises an alert. Before, every task sat in one
 * Promise.allSettled, so a failed night looked like a good one.
 */

/** Daily housekeeping; its tasks are independent, so one failing does not stop another. */
export const DAILY_CRON = '17 3 * * *';
/** Every five minutes: lead deliveries the queue refused are re-queued, then the health checks, their alerts and the heartbeat. */
export const HEALTH_CRON = '*/5 * * * *';
/** The `cron` column of a task an operator reran from /ops/cron/run. */
export const MANUAL_RUN = 'manual';

export type CronTask = DailyTask | FrequentTask | 'health';

interface TaskOutcome {
  task: CronTask;
  ok: boolean;
  detail: string;
}

const total = (ms: Partial<Record<string, number>>) => Object.values(ms).reduce<number>((s, v) => s + (v ?? 0), 0);

/** How long the health page keeps per-minute counters and finished cron rows. */
const KEEP_OPS_DAYS = 14;

export function dailyTasks(env: Env, now: Date): Record<DailyTask, () => Promise<string>> {
  return {
    // Leads get their fingerprints while their values are there, then retention clears the values
    // (and, after a day, the duplicate-lead key; past their windows, first-lead claims and token redemptions).
    'lead-retention': async () => {
      await fingerprintLeads(env);
      const cleared = await purgeExpiredLeadValues(env, now);
      await clearStaleDedupeKeys(env, now);
      await forgetSpentClaims(env, now);
      const personal = await sweepExpiredPersonal(env, now);
      return `${cleared} leads cleared, ${personal} moved leads' personal objects deleted`;
    },
    // Leads past their delivery window leave D1 for R2 (what does not fit goes to Workflows).
    'lead-move': async () => {
      const r = await moveOldLeads(env, now);
      return `${r.moved} leads moved from ${r.days} days (${r.written} objects written)${
        r.handedOver.length ? `, ${r.handedOver.join(' ')} handed to Workflows` : ''
      }`;
    },
    // Old raw rows rolled up, archived and pruned; then the archive's days past retention go
    // (a day is swept only once its rows are pruned).
    'events-hot-window': async () => {
      const days = await maintainEvents(env, now);
      const failed = days.filter((d) => d.failedAt);
      // maintainEvents never throws (each day says how far it got): a failed day fails the task.
      if (failed.length > 0)
        throw new Error(failed.map((d) => `${d.day} failed at ${d.failedAt}: ${d.error ?? ''}`).join('; '));
      await sweepExpiredArchive(env, now);
      // A day larger than a run's pruning budget goes on at the next run: a success, said here.
      const continues = days.filter((d) => d.continues).map((d) => d.day);
      // The slowest day's steps: how near a large day comes to D1's 30 s a statement.
      const slowest = days.reduce<(typeof days)[number] | undefined>(
        (a, d) => (a && total(a.ms) >= total(d.ms) ? a : d),
        undefined,
      );
      const steps = slowest
        ? `; slowest ${slowest.day}: ${Object.entries(slowest.ms)
            .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
            .join(', ')}`
        : '';
      return `${days.length - continues.length} days moved out, ${days.reduce((n, d) => n + d.pruned, 0)} rows pruned${
        continues.length ? `, ${continues.join(' ')} continued next run` : ''
      }${steps}`;
    },
    // Do-not-sell requests of older versions lose their raw contact for fingerprints.
    'privacy-requests': async () => {
      await fingerprintPrivacyRequests(env);
      return 'fingerprinted';
    },
    'erased-marks': async () => {
      await forgetOldErasedMarks(env.DB, now);
      return 'old marks forgotten';
    },
    // Deletion requests to partners whose queue message was lost or dead-lettered.
    'partner-deletions': async () => {
      await sendPendingPartnerDeletions(env, now);
      return 'pending requests sent';
    },
    // Erasures whose queue message was lost: each as its Workflow (joined if already started).
    'archive-erasures': async () => {
      const { results } = await env.DB.prepare(
        `SELECT id FROM privacy_archive_erasures WHERE done_at IS NULL ORDER BY requested_at`,
      ).all<{ id: string }>();
      let started = 0;
      for (const { id } of results) if ((await startJob(env, { kind: 'erasure', erasure: id })).started) started++;
      return `${results.length} erasures pending, ${started} started`;
    },
    // The archived days pruned from D1 in the last week and not yet compacted: one Workflow a day.
    'archive-compaction': async () => {
      const since = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
      const { results } = await env.DB.prepare(
        `SELECT day FROM event_days WHERE pruned_at IS NOT NULL AND day >= ?
           AND NOT EXISTS (SELECT 1 FROM archive_jobs WHERE id = 'compaction-' || event_days.day) ORDER BY day`,
      )
        .bind(since)
        .all<{ day: string }>();
      for (const { day } of results) await startJob(env, { kind: 'compaction', day });
      return `${results.length} days to compact`;
    },
    // Lease history and visit value rows past the postback windows (src/worker/revenue/retention.ts).
    'revenue-retention': async () => {
      const pruned = await pruneRevenueTables(env, now);
      return `${pruned.leases} leases, ${pruned.visits} visit values (${pruned.days.length} days) pruned`;
    },
    // The tables whose days rule (archive/table-retention.ts) no other task enforces.
    'table-retention': async () => {
      const pruned = await pruneRetainedTables(env, now);
      return pruned.map((p) => `${p.table} ${p.rows}${p.continues ? '+' : ''}`).join(', ');
    },
    'ops-counters': async () => {
      const cutoff = new Date(now.getTime() - KEEP_OPS_DAYS * 86_400_000);
      const [counters, runs] = await env.DB.batch([
        env.DB.prepare(`DELETE FROM ops_counters WHERE minute < ?`).bind(Math.floor(cutoff.getTime() / 60_000)),
        env.DB.prepare(
          `DELETE FROM cron_runs WHERE started_at < ? AND id NOT IN (SELECT MAX(id) FROM cron_runs GROUP BY task)`,
        ).bind(cutoff.toISOString()),
      ]);
      return `${counters?.meta.changes ?? 0} counter rows, ${runs?.meta.changes ?? 0} cron rows removed`;
    },
  };
}

/** Lead deliveries the queue refused, sent again; a refusal again fails the task (and so its check). */
async function requeueTask(env: Env): Promise<string> {
  const r = await requeueUnsent(env);
  if (r.refused > 0) throw new Error(`the queue refused ${r.refused} deliveries again (${r.requeued} re-queued)`);
  return `${r.requeued} deliveries re-queued`;
}

async function runTask(task: CronTask, cron: string, run: () => Promise<string>): Promise<TaskOutcome> {
  try {
    return { task, ok: true, detail: (await run()).slice(0, 500) };
  } catch (error) {
    const detail = redactText(error instanceof Error ? error.message : String(error)).slice(0, 500);
    logJson('error', `cron task ${task} failed`, { where: 'cron', task, cron, error: detail });
    return { task, ok: false, detail };
  }
}

async function recordRun(db: D1Database, cron: string, outcome: TaskOutcome, started: string): Promise<void> {
  await db
    .prepare(`INSERT INTO cron_runs (task, cron, started_at, finished_at, ok, detail) VALUES (?, ?, ?, ?, ?, ?)`)
    .bind(outcome.task, cron, started, new Date().toISOString(), outcome.ok ? 1 : 0, outcome.detail)
    .run();
}

/**
 * One daily task now, on an operator's request (POST /ops/cron/run): recorded like a cron run,
 * so the health check of that task turns green when it succeeds. A task deletes only what it has
 * confirmed written elsewhere, so a rerun (or a failed one) loses nothing.
 */
export async function rerunDailyTask(env: Env, task: DailyTask | FrequentTask, now = new Date()): Promise<TaskOutcome> {
  const started = now.toISOString();
  const run = task === 'lead-requeue' ? () => requeueTask(env) : dailyTasks(env, now)[task];
  const outcome = await runTask(task, MANUAL_RUN, run);
  await recordRun(env.DB, MANUAL_RUN, outcome, started);
  await flushMetrics(env, true);
  return outcome;
}

/**
 * One scheduled invocation: the daily tasks (on the daily cron), then the re-queue of refused
 * lead deliveries, the health checks and alerts, and the heartbeat ping (on every cron). Throws
 * when any task failed, after recording every outcome.
 */
export async function runScheduled(env: Env, cron: string, now: Date): Promise<TaskOutcome[]> {
  const outcomes: TaskOutcome[] = [];
  // The deployment's first cron run: after a day, a daily task that never ran is missing, not fine.
  await env.DB.prepare(`INSERT OR IGNORE INTO ops_markers (name, at) VALUES ('first-cron', ?)`)
    .bind(now.toISOString())
    .run();
  if (cron === DAILY_CRON) {
    const started = now.toISOString();
    const tasks = Object.entries(dailyTasks(env, now)) as [CronTask, () => Promise<string>][];
    const done = await Promise.all(tasks.map(([task, run]) => runTask(task, cron, run)));
    for (const outcome of done) {
      await recordRun(env.DB, cron, outcome, started);
      outcomes.push(outcome);
    }
  }
  // Before the checks, so `delivery:unsent` reports only what the queue refused again.
  const requeueStarted = new Date().toISOString();
  const requeue = await runTask('lead-requeue', cron, () => requeueTask(env));
  await recordRun(env.DB, cron, requeue, requeueStarted);
  outcomes.push(requeue);
  const started = new Date().toISOString();
  const health = await runTask('health', cron, async () => {
    const report = await checkHealthAndAlert(env, new Date());
    const failing = report.checks.filter((c) => !c.ok).map((c) => c.id);
    // Every run, failing or not: the outside monitor pages when the pings stop, not when checks fail.
    const beat = await pingHeartbeat(env);
    return `${failing.length ? `failing: ${failing.join(', ')}` : 'all checks pass'}; ${beat}`;
  });
  await recordRun(env.DB, cron, health, started);
  outcomes.push(health);
  await flushMetrics(env, true);
  const failed = outcomes.filter((o) => !o.ok);
  if (failed.length > 0)
    throw new Error(`cron ${cron}: ${failed.map((o) => `${o.task} failed (${o.detail})`).join('; ')}`);
  return outcomes;
}
