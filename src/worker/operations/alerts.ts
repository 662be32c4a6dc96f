import { redactText } from '../../shared/redact';
import { logJson } from '../observability/log';
import { healthReport, type HealthCheck, type HealthReport } from './health';
import { entryOf, runbookAnchor } from './health-checks/catalog';
import { recordMetric } from './metrics';

/**
 * Alerts: a failing health check opens an incident (one D1 `ops_incidents` row per check while
 * it fails) and the operator webhook (OPERATOR_ALERT_WEBHOOK_URL, a secret URL: Slack, a pager's
 * inbound hook, anything that takes a JSON POST) is told once, when it opens. A delivery that
 * fails is retried a few times at once and then on every health run until it lands; its last
 * error is on the health page. A check that passes again resolves its incident (and says so,
 * once). The body carries the check's id and summary only: names and counts, no personal data.
 */

export interface IncidentView {
  id: number;
  checkId: string;
  summary: string;
  openedAt: string;
  lastSeenAt: string;
  resolvedAt: string | null;
  alertSentAt: string | null;
  alertAttempts: number;
  alertError: string | null;
}

const ATTEMPTS = 3;
const TIMEOUT_MS = 5_000;

type AlertEnv = Parameters<typeof healthReport>[0] & { OPERATOR_ALERT_WEBHOOK_URL?: string };

/** Posts one alert, with quick retries; the error of the last attempt, or null when it landed. */
async function deliver(url: string, body: unknown): Promise<{ error: string | null; attempts: number }> {
  let error = 'not attempted';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.ok) return { error: null, attempts: attempt };
      error = `HTTP ${response.status}`;
      // A 4xx other than 429 will not change on a retry now; the next health run tries again.
      if (response.status < 500 && response.status !== 429) return { error, attempts: attempt };
    } catch (err) {
      error = redactText(err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 200);
    }
    if (attempt < ATTEMPTS) await scheduler.wait(250 * 2 ** attempt);
  }
  return { error, attempts: ATTEMPTS };
}

function alertBody(
  environment: string,
  check: Pick<HealthCheck, 'id' | 'summary'>,
  state: 'open' | 'resolved',
  openedAt: string,
) {
  const headline = state === 'open' ? 'FAILING' : 'resolved';
  // What to do, where the person paged will look first: the check's section of docs/on-call.md.
  const entry = entryOf(check.id);
  const runbook = entry ? `docs/on-call.md#${runbookAnchor(entry.id)}` : 'docs/on-call.md';
  return {
    text: `[quote-funnel ${environment}] ${headline}: ${check.id}: ${check.summary} (runbook: ${runbook})`,
    environment,
    check: check.id,
    state,
    summary: check.summary,
    runbook,
    openedAt,
  };
}

export async function openIncidents(db: D1Database, limit = 50): Promise<IncidentView[]> {
  const { results } = await db
    .prepare(
      `SELECT id, check_id AS checkId, summary, opened_at AS openedAt, last_seen_at AS lastSeenAt, resolved_at AS resolvedAt,
              alert_sent_at AS alertSentAt, alert_attempts AS alertAttempts, alert_error AS alertError
       FROM ops_incidents ORDER BY resolved_at IS NOT NULL, opened_at DESC LIMIT ?`,
    )
    .bind(limit)
    .all<IncidentView>();
  return results;
}

/** Opens, refreshes and resolves incidents from a report, then delivers every alert still owed. */
export async function syncIncidents(env: AlertEnv, report: HealthReport, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const failing = report.checks.filter((c) => !c.ok);
  const failingIds = new Set(failing.map((c) => c.id));
  const statements = failing.map((c) =>
    env.DB.prepare(
      `INSERT INTO ops_incidents (check_id, summary, opened_at, last_seen_at) VALUES (?1, ?2, ?3, ?3)
       ON CONFLICT (check_id) WHERE resolved_at IS NULL DO UPDATE SET last_seen_at = ?3, summary = ?2`,
    ).bind(c.id, c.summary.slice(0, 500), at),
  );
  if (statements.length) await env.DB.batch(statements);

  const open = (
    await env.DB.prepare(
      `SELECT id, check_id AS checkId, summary, opened_at AS openedAt, alert_sent_at AS alertSentAt FROM ops_incidents WHERE resolved_at IS NULL`,
    ).all<{ id: number; checkId: string; summary: string; openedAt: string; alertSentAt: string | null }>()
  ).results;

  const url = env.OPERATOR_ALERT_WEBHOOK_URL?.trim();
  for (const incident of open) {
    const resolved = !failingIds.has(incident.checkId);
    if (resolved) {
      await env.DB.prepare(`UPDATE ops_incidents SET resolved_at = ? WHERE id = ?`).bind(at, incident.id).run();
      // Only an incident the operator heard about needs its all-clear.
      if (url && incident.alertSentAt)
        await deliver(
          url,
          alertBody(
            report.environment,
            { id: incident.checkId, summary: incident.summary },
            'resolved',
            incident.openedAt,
          ),
        );
      continue;
    }
    if (incident.alertSentAt) continue;
    if (!url) {
      await env.DB.prepare(`UPDATE ops_incidents SET alert_error = ? WHERE id = ?`)
        .bind('OPERATOR_ALERT_WEBHOOK_URL is not set', incident.id)
        .run();
      continue;
    }
    const result = await deliver(
      url,
      alertBody(report.environment, { id: incident.checkId, summary: incident.summary }, 'open', incident.openedAt),
    );
    recordMetric(env, result.error ? 'alert.failed' : 'alert.sent', incident.checkId);
    if (result.error)
      logJson('error', 'operator alert could not be delivered', {
        where: 'alerts',
        check: incident.checkId,
        error: result.error,
      });
    await env.DB.prepare(
      `UPDATE ops_incidents SET alert_attempts = alert_attempts + ?, alert_error = ?, alert_sent_at = ? WHERE id = ?`,
    )
      .bind(result.attempts, result.error, result.error ? null : at, incident.id)
      .run();
  }
}

/** The health run of the cron: checks, incidents, alerts. */
export async function checkHealthAndAlert(env: AlertEnv, now = new Date()): Promise<HealthReport> {
  const report = await healthReport(env, now);
  await syncIncidents(env, report, now);
  return report;
}
