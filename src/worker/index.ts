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
import { consentApp, privacyOps, purgeExpiredLeadValues } from './consent';
import { maintainEvents, runPendingErasures } from './archive';

export { VisitorDO } from './visitor';

const app = new Hono<AppEnv>();

app.use('*', securityHeaders);
app.get('/healthz', (c) => c.json({ ok: true }));
app.use('*', brandMiddleware);
// The brand's favicon, before anything that reads or writes visitor state.
app.route('/', brandAssets);
// Same-origin writes, JSON-only APIs, body limits and clean text, before any cookie is read or set.
app.use('*', writeGuard);
app.use('*', visitorMiddleware);
// Rate limits on what costs money or writes (src/worker/defence/limit-rules.ts); pages never consult them.
app.use('/api/*', apiRateLimits);
// A POST-only route, so page views do not pass through it (issue 16: one dispatch less a page).
app.post('*', formPostRateLimits);
app.route('/api', eventApi);
app.route('/ops/privacy', privacyOps);
app.route('/ops', opsApp);
// Consent catalog, certificates and their keys, /partners and do-not-sell (issue 19).
app.route('/', consentApp);
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
    if (isLeadDeliveryQueue(batch.queue)) await handleLeadDeliveryBatch(batch, env);
    else await handleEventBatch(batch, env);
  },
  // Daily Cron Trigger: lead retention (issue 19, src/worker/consent/retention.ts) and the events
  // hot window (issue 17, src/worker/archive/maintain.ts) and privacy erasures of the archive
  // whose queue message was lost (src/worker/archive/erase.ts); one failing does not stop another.
  scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    const now = new Date(controller.scheduledTime);
    ctx.waitUntil(
      Promise.allSettled([purgeExpiredLeadValues(env, now), maintainEvents(env, now), runPendingErasures(env, now)]),
    );
  },
} satisfies ExportedHandler<Env>;
