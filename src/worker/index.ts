/**
 * The Worker: one Hono app for every brand. It only assembles: middleware, the API
 * sub-apps, the pages, error handling, the Durable Object classes and the queue consumer.
 */
import { Hono } from 'hono';
import type { AppEnv } from './env';
import { notFound, onError } from './errors';
import { brandMiddleware } from './middleware/brand';
import { securityHeaders } from './middleware/security-headers';
import { visitorMiddleware } from './middleware/visitor';
import { apiRateLimits, formPostRateLimits } from './defence';
import { writeGuard } from './middleware/write-guard';
import { pages } from './pages';
import { brandAssets } from './brand-assets';
import { formSubmit } from './funnel';
import { eventApi } from './api/events';
import { partnerApi } from './api/partners';
import { callbackApi } from './hours/callback-api';
import { handleEventBatch } from './queue/consumer';
import { noscriptViewApi } from './tracking/no-js-events';
import { handleLeadDeliveryBatch, isLeadDeliveryQueue } from './lead-delivery';
import { opsApp } from './report';
import { releaseStatements, reviewOps } from './review';
import { jobsApp } from './long-jobs';
import { consentApp, privacyOps } from './consent';
import { leadLogApp } from './lead-log';
import { rememberOptOut } from './consent/opt-out';
import {
  configurationProblems,
  cronOps,
  flushMetrics,
  monitorTokenScope,
  healthApp,
  recordMetric,
  requestMetrics,
  requireConfiguration,
  runScheduled,
} from './operations';
import { postbackApi } from './revenue';
import { handleAdConversionBatch, isAdConversionQueue } from './ad-conversions';
import { experimentAssignments, recomputeAllocations } from './experiments';

/** wrangler.toml's third cron: the revenue bandit's allocations. */
const BANDIT_CRON = '*/15 * * * *';

export { VisitorDO } from './visitor';
export { PartnerBudgetDO } from './defence/partner-budget-do';
export { LeadLogDO } from './lead-log';
export { ArchiveJobWorkflow } from './long-jobs';

const app = new Hono<AppEnv>();

app.use('*', requestMetrics);
app.use('*', securityHeaders);
// Public liveness for the deploy's smoke test and uptime monitors: 503 while a secret is missing
// or a development value (which ones: /ops/health, behind the operator token).
app.get('/healthz', (c) =>
  configurationProblems(c.env).length === 0 ? c.json({ ok: true }) : c.json({ ok: false }, 503),
);
// Partners' signed payout postbacks: server to server, any hostname, before the browser write guard and cookies.
app.use('/api/postback/*', requireConfiguration);
app.route('/api/postback', postbackApi);
app.use('*', brandMiddleware);
// The outside monitor's read-only token opens /ops/health and is refused (403) on every other /ops route.
app.use('/ops/*', monitorTokenScope);
// The operator's health page, before anything that needs a secret it may be reporting missing.
app.route('/ops/health', healthApp);
// The brand's favicon, before anything that reads or writes visitor state.
app.route('/', brandAssets);
// Same-origin writes, JSON-only APIs, body limits and clean text, before any cookie is read or set.
app.use('*', writeGuard);
// Missing or development secrets: 503 for the routes they guard, before any cookie is read.
app.use('*', requireConfiguration);
app.use('*', visitorMiddleware);
// The visitor's variants of `optimise` experiments (a signed cookie), for pages and every event's tagging.
app.use('*', experimentAssignments);
// Global Privacy Control seen once is kept for the rest of the visit and later ones (a cookie).
app.use('*', rememberOptOut);
// Rate limits on what costs money or writes (src/worker/defence/limit-rules.ts); pages never consult them.
app.use('/api/*', apiRateLimits);
// A POST-only route, so page views do not pass through it (one dispatch less a page).
app.post('*', formPostRateLimits);
app.route('/api', eventApi);
app.route('/ops/privacy', privacyOps);
// Withheld leads: the operator's release or rejection (src/worker/review/).
app.route('/ops/review', reviewOps);
// Long jobs on Workflows (rebuild, compaction) and their progress.
app.route('/ops/jobs', jobsApp);
// One daily cron task rerun now (operations/cron-ops.ts).
app.route('/ops/cron', cronOps);
app.route('/ops', opsApp);
// Consent catalog, certificates and their keys, /partners and do-not-sell.
app.route('/', consentApp);
app.route('/', leadLogApp);
// The signed statement of an operator's release, beside the certificate it follows.
app.route('/', releaseStatements);
app.route('/api', partnerApi);
app.route('/api', callbackApi);
// The page view of a page shown without JavaScript (its <noscript> image).
app.route('/', noscriptViewApi);
// Step submits (JSON and plain form posts) before the pages, which only answer GET.
app.route('/', formSubmit);
app.route('/', pages);
app.notFound(notFound);
app.onError(onError);

export { app };

export default {
  fetch: app.fetch,
  // LEAD_DELIVERY queue: completed leads to QuoteWizard (src/worker/lead-delivery/);
  // EVENTS queue: tracked events into D1 (src/worker/queue/consumer.ts).
  async queue(batch: MessageBatch<unknown>, env: Env) {
    if (isLeadDeliveryQueue(batch.queue)) {
      await handleLeadDeliveryBatch(batch, env);
      recordMetric(env, 'queue.batch', 'leads', batch.messages.length);
    } else if (isAdConversionQueue(batch.queue)) {
      await handleAdConversionBatch(batch, env);
      recordMetric(env, 'queue.batch', 'ad-conversions', batch.messages.length);
    } else {
      const outcome = await handleEventBatch(batch, env);
      recordMetric(env, outcome.retried ? 'queue.retry' : 'queue.batch', 'events', batch.messages.length);
      if (outcome.deadLettered > 0) recordMetric(env, 'dlq.send', 'events', 0, outcome.deadLettered);
    }
    // At most one D1 write per isolate every 30 s (metrics.ts).
    await flushMetrics(env);
  },
  // Cron Triggers (src/worker/operations/cron.ts): the daily housekeeping (lead and archive retention,
  // the events hot window, fingerprints, pending erasures and partner deletions) and the five-minute
  // health checks and alerts, each task's outcome recorded in D1, a failed task failing the invocation;
  // every fifteen minutes, the experiments' Thompson allocations from the revenue rollups.
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    if (controller.cron === BANDIT_CRON) {
      const allocations = recomputeAllocations(env, new Date(controller.scheduledTime));
      ctx.waitUntil(allocations.catch(() => undefined));
      await allocations;
      return;
    }
    const run = runScheduled(env, controller.cron, new Date(controller.scheduledTime));
    // Awaited, so a failure fails the invocation; also held by waitUntil for callers that wait on the context.
    ctx.waitUntil(run.catch(() => undefined));
    await run;
  },
} satisfies ExportedHandler<Env>;
