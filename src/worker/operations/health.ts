import { leadMoveCutoff } from '../lead-archive/move';
import { secretProblems, type ConfigEnv } from './configuration';
import { recentCounters } from './metrics';

/**
 * The health of a deployment as far as the Worker itself can know it, as named checks: each
 * check is ok or failing with a one-line summary made of names and counts only (it goes to the
 * operator webhook, so it never carries personal data). The figures behind them are returned
 * too, for the /ops/health page.
 */

/** Where each check turns red. Chosen to page a person well before visitors notice. */
export const THRESHOLDS = {
  /** D1's per-database limit on the paid plan. */
  d1LimitBytes: 10 * 1000 ** 3,
  /**
   * Alert at 75 %: at full traffic (1M events, 100k leads a day) D1 peaks daily at ~6.7 GB and
   * holds flat (docs/operating.md, Capacity), so the alert sits above the normal peak and 2.5 GB
   * below the limit: more than a day's growth (~2.7 GB) if the nightly prune and lead move stopped,
   * which the missed-cron and lead-move-backlog checks report first.
   */
  d1AlertShare: 0.75,
  /** A partner failing on this share of its calls in the window, with at least `partnerMinCalls` calls. */
  partnerErrorRate: 0.2,
  partnerMinCalls: 20,
  windowMinutes: 15,
  /** Events accepted but not yet seen by the consumer in the window. */
  eventBacklog: 20_000,
  /** Lead deliveries waiting longer than this many minutes. */
  leadDeliveryWaitMinutes: 30,
  /** The daily cron should have run within this many hours. */
  dailyCronHours: 26,
  /** Rotate the lead-certificate signing key yearly. */
  signingKeyDays: 365,
} as const;

export interface HealthCheck {
  id: string;
  ok: boolean;
  summary: string;
}

export interface CronRunView {
  task: string;
  startedAt: string;
  finishedAt: string;
  ok: boolean;
  detail: string | null;
}

export interface PartnerView {
  partner: string;
  calls: number;
  errors: number;
  errorRate: number;
  meanMs: number;
  breakerOpened: number;
}

export interface HealthReport {
  environment: string;
  checkedAt: string;
  ok: boolean;
  checks: HealthCheck[];
  cron: CronRunView[];
  queues: {
    eventsAccepted: number;
    eventsConsumed: number;
    eventBacklog: number;
    eventsRefused: number;
    deadLettered: number;
    leadDeliveriesWaiting: number;
    leadDeliveriesFailed: number;
    note: string;
  };
  d1: { sizeBytes: number; limitBytes: number; share: number };
  partners: PartnerView[];
  signingKey: { kid: string | null; firstUsedAt: string | null; ageDays: number | null };
}

type HealthEnv = Pick<Env, 'DB'> & ConfigEnv & { LEADS_HOT_DAYS?: string };

const DAILY_TASKS = [
  'lead-retention',
  'lead-move',
  'events-hot-window',
  'archive-erasures',
  'archive-compaction',
  'ops-counters',
  'revenue-retention',
  'table-retention',
];

function kidOf(secret: string | undefined): string | null {
  try {
    const parsed: unknown = JSON.parse(secret ?? '');
    const kid = typeof parsed === 'object' && parsed !== null ? (parsed as { kid?: unknown }).kid : undefined;
    return typeof kid === 'string' ? kid : null;
  } catch {
    return null;
  }
}

export async function healthReport(env: HealthEnv, now = new Date()): Promise<HealthReport> {
  const environment = env.ENVIRONMENT ?? 'development';
  const checks: HealthCheck[] = [];
  const add = (id: string, ok: boolean, summary: string) => checks.push({ id, ok, summary });

  const problems = secretProblems(env);
  add(
    'configuration',
    problems.length === 0,
    problems.length === 0
      ? 'every secret is set'
      : problems.map((p) => `${p.secret} ${p.problem} (refusing ${p.areas.join(', ')})`).join('; '),
  );

  const kid = kidOf(env.LEAD_CERTIFICATE_KEY);
  const waitCutoff = new Date(now.getTime() - THRESHOLDS.leadDeliveryWaitMinutes * 60_000).toISOString();
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const [cronRows, sizeProbe, waiting, failed, keyRow, counters, failedJobs] = await Promise.all([
    env.DB.prepare(
      `SELECT task, started_at AS startedAt, finished_at AS finishedAt, ok, detail FROM cron_runs
       WHERE id IN (SELECT MAX(id) FROM cron_runs GROUP BY task) ORDER BY task`,
    ).all<{ task: string; startedAt: string; finishedAt: string; ok: number; detail: string | null }>(),
    env.DB.prepare(`SELECT 1`).run(),
    env.DB.prepare(
      `SELECT COUNT(*) AS n FROM leads WHERE quotewizard_status IN ('queued', 'retrying') AND created_at < ?`,
    )
      .bind(waitCutoff)
      .first<{ n: number }>(),
    env.DB.prepare(`SELECT COUNT(*) AS n FROM leads WHERE quotewizard_status = 'failed' AND updated_at > ?`)
      .bind(dayAgo)
      .first<{ n: number }>(),
    kid
      ? env.DB.prepare(`SELECT first_used_at AS firstUsedAt FROM certificate_keys WHERE kid = ?`)
          .bind(kid)
          .first<{ firstUsedAt: string }>()
      : Promise.resolve(null),
    recentCounters(env.DB, THRESHOLDS.windowMinutes, now.getTime()),
    env.DB.prepare(`SELECT kind, subject FROM archive_jobs WHERE status = 'failed' AND updated_at > ?`)
      .bind(dayAgo)
      .all<{ kind: string; subject: string }>(),
  ]);
  add(
    'jobs:failed',
    failedJobs.results.length === 0,
    failedJobs.results.length === 0
      ? 'no long job failed in 24 h'
      : `failed in 24 h: ${failedJobs.results.map((j) => `${j.kind} ${j.subject}`).join(', ')}`,
  );

  // Leads a day past the move's cutoff: yesterday's move (or its Workflows) did not finish, and D1 grows.
  const overdueBefore = new Date(Date.parse(leadMoveCutoff(env, now)) - 86_400_000).toISOString();
  const overdue = await env.DB.prepare(`SELECT COUNT(*) AS n FROM leads WHERE created_at < ?`)
    .bind(overdueBefore)
    .first<{ n: number }>();
  add(
    'leads:move-backlog',
    (overdue?.n ?? 0) === 0,
    (overdue?.n ?? 0) === 0
      ? 'no lead waits past its day to leave D1'
      : `${overdue?.n ?? 0} leads created before ${overdueBefore} are still in D1`,
  );

  const cron = cronRows.results.map((r) => ({ ...r, ok: r.ok === 1 }));
  for (const run of cron) {
    add(
      `cron:${run.task}`,
      run.ok,
      run.ok ? `last run ${run.finishedAt} ok` : `last run ${run.startedAt} failed: ${run.detail ?? ''}`,
    );
  }
  const lastDaily = cron
    .filter((r) => DAILY_TASKS.includes(r.task))
    .map((r) => r.startedAt)
    .sort()
    .at(-1);
  if (lastDaily && now.getTime() - Date.parse(lastDaily) > THRESHOLDS.dailyCronHours * 3_600_000)
    add('cron:daily-missing', false, `the daily cron last ran ${lastDaily}`);

  const sum = (name: string, label?: string) =>
    counters
      .filter((c) => c.name === name && (label === undefined || c.label === label))
      .reduce((n, c) => n + c.count, 0);
  const eventsAccepted = sum('event.accepted');
  const eventsConsumed = counters
    .filter((c) => c.name === 'queue.batch' && c.label === 'events')
    .reduce((n, c) => n + c.total, 0);
  const eventBacklog = Math.max(0, eventsAccepted - eventsConsumed);
  const deadLettered = sum('dlq.send');
  const queues = {
    eventsAccepted,
    eventsConsumed,
    eventBacklog,
    eventsRefused: sum('event.refused'),
    deadLettered,
    leadDeliveriesWaiting: waiting?.n ?? 0,
    leadDeliveriesFailed: failed?.n ?? 0,
    note: `Counted by this Worker over the last ${THRESHOLDS.windowMinutes} minutes (the Queues dashboard has the platform's own backlog); lead deliveries from D1.`,
  };
  add(
    'queue:events-backlog',
    eventBacklog < THRESHOLDS.eventBacklog,
    `${eventBacklog} events accepted and not yet consumed in ${THRESHOLDS.windowMinutes} min`,
  );
  add(
    'queue:dead-letters',
    deadLettered === 0,
    `${deadLettered} messages sent to a dead-letter queue in ${THRESHOLDS.windowMinutes} min`,
  );
  add(
    'queue:lead-delivery',
    queues.leadDeliveriesWaiting === 0,
    `${queues.leadDeliveriesWaiting} lead deliveries waiting over ${THRESHOLDS.leadDeliveryWaitMinutes} min, ${queues.leadDeliveriesFailed} failed in 24 h`,
  );

  const sizeBytes = sizeProbe.meta.size_after;
  const limitBytes = THRESHOLDS.d1LimitBytes;
  const share = sizeBytes / limitBytes;
  add(
    'd1:size',
    share < THRESHOLDS.d1AlertShare,
    `D1 holds ${(sizeBytes / 1e6).toFixed(1)} MB of ${limitBytes / 1e9} GB (${(share * 100).toFixed(1)} %, alert at ${THRESHOLDS.d1AlertShare * 100} %)`,
  );

  const partnerNames = [
    ...new Set(counters.filter((c) => c.name.startsWith('partner.') || c.name === 'breaker.open').map((c) => c.label)),
  ];
  const partners = partnerNames.sort().map((partner): PartnerView => {
    const ok = sum('partner.ok', partner);
    const errors = sum('partner.error', partner);
    const calls = ok + errors;
    const ms = counters
      .filter((c) => c.label === partner && c.name.startsWith('partner.'))
      .reduce((n, c) => n + c.total, 0);
    return {
      partner,
      calls,
      errors,
      errorRate: calls ? errors / calls : 0,
      meanMs: calls ? Math.round(ms / calls) : 0,
      breakerOpened: sum('breaker.open', partner),
    };
  });
  for (const p of partners) {
    const failing = p.calls >= THRESHOLDS.partnerMinCalls && p.errorRate >= THRESHOLDS.partnerErrorRate;
    add(`partner:${p.partner}`, !failing, `${p.errors} of ${p.calls} calls failed in ${THRESHOLDS.windowMinutes} min`);
    add(
      `breaker:${p.partner}`,
      p.breakerOpened === 0,
      `circuit breaker opened ${p.breakerOpened} times in ${THRESHOLDS.windowMinutes} min`,
    );
  }

  const firstUsedAt = keyRow?.firstUsedAt ?? null;
  const ageDays = firstUsedAt ? Math.floor((now.getTime() - Date.parse(firstUsedAt)) / 86_400_000) : null;
  add(
    'signing-key:age',
    ageDays === null || ageDays < THRESHOLDS.signingKeyDays,
    ageDays === null
      ? `key ${kid ?? 'none'} has signed nothing yet`
      : `key ${kid ?? ''} first used ${ageDays} days ago`,
  );

  return {
    environment,
    checkedAt: now.toISOString(),
    ok: checks.every((c) => c.ok),
    checks,
    cron,
    queues,
    d1: { sizeBytes, limitBytes, share },
    partners,
    signingKey: { kid, firstUsedAt, ageDays },
  };
}
