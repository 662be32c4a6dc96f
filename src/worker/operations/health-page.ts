import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../env';
import { requireHealthReader } from './monitor-token';
import { runbookAnchor } from './health-checks/catalog';
import { openIncidents, type IncidentView } from './alerts';
import { healthReport, THRESHOLDS, type HealthReport } from './health';
import { recentJobs, type JobView } from '../long-jobs/jobs';

/**
 * GET /ops/health: the operator's view of the deployment (the REPORT_TOKEN as a bearer token, the
 * signed-in session, or the read-only MONITOR_TOKEN of an outside monitor, which opens this page
 * and nothing else: monitor-token.ts). HTML for a browser, JSON for a
 * monitor (`Accept: application/json` or `?format=json`). Answers 503 while any check fails, so
 * an uptime monitor pointed at it pages too. Mounted before the visitor middleware: it must work
 * when the visitor cookie secret is the thing that is missing.
 */
export const healthApp = new Hono<AppEnv>();

const HEADERS = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store' };

healthApp.use('*', requireHealthReader);

healthApp.get('/', async (c) => {
  const [report, incidents, jobs] = await Promise.all([
    healthReport(c.env),
    openIncidents(c.env.DB),
    recentJobs(c.env.DB),
  ]);
  const status = report.ok ? 200 : 503;
  const wantsJson = c.req.query('format') === 'json' || (c.req.header('accept') ?? '').includes('application/json');
  if (wantsJson) return c.json({ ...report, incidents, jobs }, status, HEADERS);
  return c.html(renderHealth(report, incidents, jobs, c.var.nonce), status, HEADERS);
});

function renderHealth(report: HealthReport, incidents: IncidentView[], jobs: JobView[], nonce: string) {
  const mark = (ok: boolean) => (ok ? html`<td class="ok">ok</td>` : html`<td class="bad">FAILING</td>`);
  return html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Health: ${report.environment}</title>
<style nonce="${nonce}">body{font:15px system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}.ok{color:#05610f}.bad{color:#a30000;font-weight:700}</style></head>
<body><h1>Health of ${report.environment}: ${report.ok ? 'ok' : 'FAILING'}</h1><p>Checked ${report.checkedAt}.</p>
<h2>Today so far (${report.money.day}, UTC)</h2><table>
<tr><td>revenue (payouts received)</td><td>$${(report.money.revenueCents / 100).toFixed(2)}${report.money.payouts.map((p) => ` · ${p.partner} ${p.conversions} for $${(p.cents / 100).toFixed(2)}`)}</td></tr>
<tr><td>leads delivered</td><td>${report.money.delivered.length ? report.money.delivered.map((d) => `${d.buyer} ${d.leads}`).join(' · ') : 'none yet'}</td></tr>
</table>
<h2>Checks</h2><table><tr><th>check</th><th>state</th><th>summary</th><th>runbook</th></tr>
${report.checks.map((ch) => html`<tr><td>${ch.id}</td>${mark(ch.ok)}<td>${ch.summary}</td><td>docs/on-call.md#${runbookAnchor(ch.runbook)}</td></tr>`)}</table>
<h2>Last cron run per task</h2><table><tr><th>task</th><th>state</th><th>started</th><th>finished</th><th>detail</th></tr>
${report.cron.map((r) => html`<tr><td>${r.task}</td>${mark(r.ok)}<td>${r.startedAt}</td><td>${r.finishedAt}</td><td>${r.detail ?? ''}</td></tr>`)}</table>
<h2>Queues</h2><table>
<tr><td>events accepted / consumed / backlog</td><td>${report.queues.eventsAccepted} / ${report.queues.eventsConsumed} / ${report.queues.eventBacklog}</td></tr>
<tr><td>events refused</td><td>${report.queues.eventsRefused}</td></tr>
<tr><td>sent to a dead-letter queue</td><td>${report.queues.deadLettered}</td></tr>
<tr><td>ad conversions failed in ${THRESHOLDS.failedLookbackHours} h (platform, reason)</td><td>${report.queues.adConversionsFailed.length === 0 ? '0' : report.queues.adConversionsFailed.map((r) => `${r.platform} ${r.reason}: ${r.count}`).join('; ')}</td></tr>
</table><p>${report.queues.note}</p>
<h2>Lead deliveries by buyer</h2><table><tr><th>buyer</th><th>failed (24 h)</th><th>waiting</th><th>refused / answered (1 h)</th></tr>
${report.deliveries.buyers.map((b) => html`<tr><td>${b.buyer}</td><td class="${b.failed ? 'bad' : ''}">${b.failed}</td><td>${b.waiting}</td><td>${b.rejected} / ${b.answered}</td></tr>`)}</table>
<p>Refused by the queue, waiting for the five-minute re-queue: QuoteWizard ${report.deliveries.unsent.quotewizard}, Medicare companies ${report.deliveries.unsent.sellers}.</p>
<h2>D1</h2><p>${report.d1.databases.map((d) => `${d.binding}: ${(d.sizeBytes / 1e6).toFixed(1)} MB of ${report.d1.limitBytes / 1e9} GB (${(d.share * 100).toFixed(2)} %)`).join('; ')}.</p>
<h2>Partners</h2><table><tr><th>partner</th><th>calls</th><th>errors</th><th>error rate</th><th>mean ms</th><th>breaker opened</th></tr>
${report.partners.map((p) => html`<tr><td>${p.partner}</td><td>${p.calls}</td><td>${p.errors}</td><td>${(p.errorRate * 100).toFixed(1)} %</td><td>${p.meanMs}</td><td>${p.breakerOpened}</td></tr>`)}</table>
<h2>Signing key</h2><p>${report.signingKey.kid ?? 'none'}: ${report.signingKey.ageDays === null ? 'not used yet' : `${report.signingKey.ageDays} days since first use`}.</p>
<h2>Long jobs (Workflows)</h2><table><tr><th>job</th><th>for</th><th>state</th><th>progress</th><th>updated</th><th>detail</th></tr>
${jobs.map((j) => html`<tr><td>${j.kind}</td><td>${j.subject}</td><td class="${j.status === 'failed' ? 'bad' : ''}">${j.status}</td><td>${j.done} / ${j.total || '?'}</td><td>${j.updatedAt}</td><td>${j.detail ?? ''}</td></tr>`)}</table>
<h2>Incidents and alerts</h2><table><tr><th>check</th><th>opened</th><th>resolved</th><th>alert sent</th><th>attempts</th><th>alert error</th></tr>
${incidents.map((i) => html`<tr><td>${i.checkId}</td><td>${i.openedAt}</td><td>${i.resolvedAt ?? ''}</td><td>${i.alertSentAt ?? ''}</td><td>${i.alertAttempts}</td><td class="${i.alertError ? 'bad' : ''}">${i.alertError ?? ''}</td></tr>`)}</table>
</body></html>`;
}
