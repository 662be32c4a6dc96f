/**
 * The browser tracker (plain TypeScript, no React; loaded by every page through main.ts).
 * It builds the spec's event context around every event, sends it with keepalive to
 * POST /api/event/create, keeps what is unconfirmed for the next page, and emits the
 * automatic events: pageView, botCheckCompleted, anonLink, enteredExperiment and clicks.
 * Islands do not import this module (they are built with the server's types); they
 * dispatch a `quote:track` window event ({ event, properties }) that is forwarded here, a
 * pageView with a `step` through trackPageView, anything else through track().
 */
import { fetchWithRetry } from '../../../shared/fetch-client';
import { buildEventContext, type BotCheckResult } from '../../../shared/tracking/event-context';
import { isEventName, type EventName } from '../../../shared/tracking/event-names';
import { stripPersonal } from '../../../shared/tracking/strip-personal';
import { detectBot } from './bot-check';
import { startClickTracking } from './clicks';
import { linkAnonymousId, syncUser } from './identity';
import { checkIpQualityOnce, ipQualityFor } from './ip-quality';
import { beaconRemaining, flush, send } from './outbox';
import { readPageContext, type TrackerPage } from './page-context';
import { isObject, readJson, writeJson } from './storage';

/** The window event islands dispatch (src/ui/islands/quote-form/analytics.ts). */
export const ISLAND_TRACK_EVENT = 'quote:track';
const BOT_KEY = 'qf_bot';
const EXPERIMENTS_KEY = 'qf_experiments';

let page: TrackerPage | null = null;
let bot: BotCheckResult | null = null;
let lastPageView = '';
let reportedFailure = false;

function current(): TrackerPage {
  page ??= readPageContext();
  return page;
}

/**
 * Spec section 8: a failed event, location or ip-check call is reported (through the
 * Worker, which holds the error-reporting DSN), never shown to the visitor. Once per page
 * and kind is enough to see an outage without flooding the reporter.
 */
const reportedKinds = new Set<string>();
export function reportClientError(
  kind: 'event' | 'location' | 'ipCheck' | 'userSync' | 'navigation' | 'chunk',
  message: string,
  status?: number,
): void {
  if (reportedKinds.has(kind)) return;
  reportedKinds.add(kind);
  try {
    void fetchWithRetry('/api/event/client-error', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind, message: message.slice(0, 300), ...(status ? { status } : {}) }),
    }).catch(() => undefined);
  } catch {
    // Nothing more to do: the event itself stays in the outbox.
  }
}

function onSendFailure(status: number, message: string): void {
  if (reportedFailure) return;
  reportedFailure = true;
  reportClientError('event', message, status || undefined);
}

/** Sends one event with the full event context; per-event props never override the context. */
export function track(event: EventName, props: Record<string, unknown> = {}): void {
  if (started) initialise();
  try {
    const ctx = current();
    const id = crypto.randomUUID();
    const ipq = ipQualityFor(ctx.tracking.sessionId);
    const context = buildEventContext({
      id,
      now: new Date(),
      brand: ctx.brand,
      userId: ctx.tracking.anonymousId,
      session: { id: ctx.tracking.sessionId, paid: ctx.tracking.paid, urlParams: ctx.tracking.urlParams },
      page: ctx.page,
      href: location.href,
      cookieHeader: document.cookie,
      botDetection: bot,
      ipQuality: ipq,
      userAgent: navigator.userAgent,
    });
    const clean = stripPersonal(props);
    const body = JSON.stringify({
      type: 'track',
      event,
      timestamp: context.time,
      sessionId: ctx.tracking.sessionId,
      anonymousId: ctx.tracking.anonymousId,
      properties: { ...(isObject(clean) ? clean : {}), ...context },
    });
    void send(id, body, onSendFailure);
  } catch (err) {
    onSendFailure(0, err instanceof Error ? err.message : 'track failed');
  }
}

/**
 * pageView for the page or an in-page step change, also pushed to the tag manager's data
 * layer with a page name built from page, template and step. A repeat for the same page and
 * step (an island re-announcing the step it mounted on) is ignored.
 */
export function trackPageView(step?: { name: string; number: number; fallback: boolean }): void {
  const ctx = current();
  const shown = step ?? ctx.page.step ?? null;
  if (step) ctx.page = { ...ctx.page, step };
  const key = `${location.pathname}|${shown?.name ?? ''}`;
  if (key === lastPageView) return;
  lastPageView = key;
  const pageName = [ctx.page.name, ctx.page.template ?? '', shown?.name ?? ''].filter(Boolean).join(':');
  const props = shown
    ? { stepName: shown.name, stepNumber: shown.number, fallback: shown.fallback, pageName }
    : { pageName };
  track('pageView', props);
  // Global Privacy Control: no tag manager on the page, nothing into its data layer.
  if (ctx.tracking.gpc) return;
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({
    event: 'pageView',
    pageName,
    page: ctx.page.name,
    template: ctx.page.template ?? null,
    step: shown?.name ?? null,
    paid: ctx.tracking.paid,
  });
}

function forwardIslandEvent(e: Event): void {
  const detail: unknown = (e as CustomEvent<unknown>).detail;
  if (!isObject(detail) || typeof detail.event !== 'string' || !isEventName(detail.event)) return;
  const props = isObject(detail.properties) ? detail.properties : {};
  const step = isObject(props.step) ? props.step : null;
  if (detail.event === 'pageView' && step && typeof step.name === 'string' && typeof step.number === 'number') {
    trackPageView({ name: step.name, number: step.number, fallback: step.fallback === true });
    return;
  }
  track(detail.event, props);
}

let started = false;
let initialised = false;
let defer: (work: () => void) => void = (work) => work();

/**
 * The tracker's page-entry work: bot check, anonLink, pageView, enteredExperiment, then (a
 * task later) the outbox, the user sync and the ip check. Runs in a task after the page's
 * first one, or at once when an event comes first (a click, an island's step), so every
 * event carries the bot check.
 */
function initialise(): void {
  if (initialised) return;
  initialised = true;
  const ctx = current();

  // Bot detection once per tab session (sessionStorage), then botCheckCompleted.
  const stored = readJson('session', BOT_KEY);
  if (isObject(stored) && typeof stored.bot === 'boolean' && Array.isArray(stored.signals)) {
    bot = { bot: stored.bot, signals: stored.signals.filter((s): s is string => typeof s === 'string') };
  } else {
    bot = detectBot();
    writeJson('session', BOT_KEY, bot);
    track('botCheckCompleted', { bot: bot.bot, signals: bot.signals });
  }

  const previousId = linkAnonymousId(ctx.tracking.anonymousId);
  if (previousId) track('anonLink', { previousAnonymousId: previousId, userId: ctx.tracking.anonymousId });

  trackPageView();

  const experiment = ctx.tracking.experiment;
  if (experiment) {
    const entered = readJson('local', EXPERIMENTS_KEY);
    const list = Array.isArray(entered) ? entered.filter((x): x is string => typeof x === 'string') : [];
    if (!list.includes(experiment.experimentId)) {
      track('enteredExperiment', { experimentId: experiment.experimentId, variantId: experiment.variantId });
      writeJson('local', EXPERIMENTS_KEY, [...list, experiment.experimentId].slice(-50));
    }
  }

  defer(() => {
    flush(onSendFailure);
    syncUser(ctx.tracking.anonymousId, (message) => reportClientError('userSync', message));
    // Spec 7.6: once per session, as it starts; later events carry the result.
    void checkIpQualityOnce(ctx.tracking.anonymousId, ctx.tracking.sessionId, reportClientError);
  });
}

/**
 * Called once by main.ts on every page: the listeners at once, the page-entry work through
 * `later` (a task of its own; by default at once).
 */
export function startTracker(later: (work: () => void) => void = (work) => work()): void {
  if (started) return;
  started = true;
  defer = later;
  startClickTracking(track);
  addEventListener(ISLAND_TRACK_EVENT, forwardIslandEvent);
  addEventListener('pagehide', beaconRemaining);
  later(initialise);
}
