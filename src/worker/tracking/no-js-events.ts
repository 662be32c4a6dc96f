import { Hono, type Context } from 'hono';
import { findRoute, isServedFor } from '../../routes/registry';
import type { PageConfig, RouteRecord } from '../../routes/schema';
import { stepNamesFor, type FormDef, type StepDef } from '../../shared/forms';
import { parseStepInput } from '../../shared/forms/parse-step';
import type { EventName } from '../../shared/tracking/event-names';
import type { QueuedEvent } from '../../shared/tracking/event-schema';
import { NOSCRIPT_VIEW_PATH } from '../../shared/tracking/noscript-view';
import { isPaidTraffic } from '../../shared/tracking/paid-traffic';
import { stripPersonalProperties } from '../../shared/tracking/strip-personal';
import type { StepInfo } from '../../ui/page-props';
import type { AppEnv } from '../env';
import { checkLimit } from '../defence/rate-limit';
import { ApiError } from '../http-error';
import { reportError } from '../observability/report-error';
import { resolveStep } from '../step';
import { visitorStub } from '../visitor';
import { enqueueEvent } from './enqueue';
import { applyExperiment, experimentOfPage } from './experiments';
import { ipLookupFromRequest } from './ip-lookup';
import { sessionFromCookie } from './session';
import { serverEventContext } from './server-context';
import { toHex } from '../../shared/hex';

/**
 * The facts a page with JavaScript reports, for a visitor without it (
 * docs/decisions/0029-quotewizard-delivery-the-same-facts-without.md, "Without JavaScript, the same facts"):
 * - a step posted as a plain form writes the `formStepSubmitted` the island would have sent,
 *   with the same event context, built on the server from the Worker's own record (route,
 *   session, request) — the JSON path writes none, the island reports it there;
 * - the page view comes from a `<noscript>` image (GET /api/event/noscript-view.gif): a
 *   browser running JavaScript never loads it (the tracker reports the view), one without it
 *   always does, so each page view is counted once either way.
 * Event ids are derived from what identifies the fact (visitor and submission id), so a
 * reposted form is stored once (the consumer inserts OR IGNOREs on the id).
 */

/** A name-based uuid (version 8 layout) from SHA-256, so the same fact always gets the same event id. */
export async function derivedEventId(...parts: string[]): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\u001f'))));
  const bytes = digest.slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function storedIpQuality(c: Context<AppEnv>): Promise<Record<string, unknown> | null> {
  try {
    const text = await visitorStub(c.env, c.var.visitorId).recallPartnerResult('ip-quality');
    const value: unknown = text === null ? null : JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

interface NoJsEventInput {
  id: string;
  event: EventName;
  route: RouteRecord;
  config: PageConfig;
  step: StepInfo | null;
  /** The page address the visitor saw (personal query fields are removed by the context). */
  href: string;
  properties: Record<string, unknown>;
}

/** The event as the tracker would build it: same context fields, the Worker's values. */
async function noJsEvent(c: Context<AppEnv>, input: NoJsEventInput): Promise<QueuedEvent> {
  const brand = c.var.brand;
  const session = sessionFromCookie(c) ?? { id: 'no-session', paid: false, urlParams: {} };
  const anonymousId = c.var.anonymousId;
  const now = new Date();
  // No script ran, so the page's bot check did not either: the Worker's own check stands for it.
  const context = serverEventContext(c, {
    id: input.id,
    now,
    page: input.route.name,
    step: input.step,
    href: input.href,
    ipQuality: await storedIpQuality(c),
  });
  return {
    id: input.id,
    type: 'track',
    event: input.event,
    timestamp: context.time,
    receivedAt: now.toISOString(),
    sessionId: session.id,
    anonymousId,
    brand: brand.id,
    page: input.route.name,
    stepName: input.step?.name ?? null,
    stepNumber: input.step?.number ?? null,
    paid: isPaidTraffic(session.urlParams),
    properties: {
      ...stripPersonalProperties(input.properties),
      ...context,
      ...experimentOfPage(c, input.route.name),
      ipLookup: ipLookupFromRequest(c.req.raw),
      source: 'no-js',
    },
  };
}

function send(c: Context<AppEnv>, event: Promise<QueuedEvent>): void {
  c.executionCtx.waitUntil(
    event
      .then((queued) => enqueueEvent(c.env, queued))
      .catch((err: unknown) => reportError(c.env, err, { where: 'event.enqueue-no-js' })),
  );
}

export interface FormPostFact {
  route: RouteRecord;
  config: PageConfig;
  form: FormDef;
  step: StepDef;
  /** A plain submit or a skip; adding or removing a driver or vehicle slot is no submit (the island sends none either). */
  action: 'submit' | 'skip';
  submissionId: string;
  /** The posted fields; parsed by the lead schema here, personal fields stripped. */
  raw: Readonly<Record<string, unknown>>;
  href: string;
}

/** formStepSubmitted for a step posted without JavaScript (after the response). */
export function trackFormPost(c: Context<AppEnv>, fact: FormPostFact): void {
  const step = resolveStep(stepNamesFor(fact.config.form), fact.step.name);
  // As the island: the step's parsed values, nothing for a skip.
  const data = fact.action === 'skip' ? {} : parseStepInput(fact.form, fact.step, fact.raw);
  send(
    c,
    derivedEventId('formStepSubmitted', c.var.anonymousId, fact.submissionId).then((id) =>
      noJsEvent(c, {
        id,
        event: 'formStepSubmitted',
        route: fact.route,
        config: fact.config,
        step,
        href: fact.href,
        properties: {
          formVersion: fact.form.version,
          stepName: step.name,
          stepNumber: step.number,
          data: stripPersonalProperties(data),
        },
      }),
    ),
  );
}

/** 1x1 transparent GIF. */
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (ch) =>
  ch.charCodeAt(0),
);

/**
 * GET /api/event/noscript-view.gif?path=: the pageView of a page shown without JavaScript.
 * Mounted at the root. Limited like every other write (limit-rules.ts, `page-view`): over it,
 * 429 and no event. A path that is no page of this brand is refused with 400 and no event, as
 * the JSON tracker's unknown page names are, so the report names only real pages.
 */
export const noscriptViewApi = new Hono<AppEnv>();

noscriptViewApi.get(NOSCRIPT_VIEW_PATH, async (c) => {
  const headers = { 'content-type': 'image/gif', 'cache-control': 'no-store' };
  const path = c.req.query('path') ?? '';
  const match = path.startsWith('/') && path.length <= 512 ? findRoute(path) : undefined;
  if (!match || !isServedFor(match.route, c.var.brand.id))
    throw new ApiError(400, 'unknown_page', 'path names no page of this site', [{ path: ['path'] }]);
  const limited = await checkLimit(c, 'page-view');
  if (limited.limited)
    return c.body(null, 429, { 'retry-after': String(limited.retryAfterSeconds), 'cache-control': 'no-store' });
  const { config } = applyExperiment(
    { config: match.route.config, experiment: match.route.experiment },
    c.var.anonymousId,
    c.var.experimentAssignments,
  );
  const resolved = config.form ? resolveStep(stepNamesFor(config.form), match.step) : null;
  const step = resolved && c.req.query('fallback') === '1' ? { ...resolved, fallback: true } : resolved;
  const origin = new URL(c.req.url).origin;
  // The image's Referer is the page itself (same origin); otherwise the path stands for it.
  const referer = c.req.header('referer');
  const href = referer?.startsWith(`${origin}/`) && new URL(referer).pathname === path ? referer : `${origin}${path}`;
  const pageName = [match.route.name, config.template ?? '', step?.name ?? ''].filter(Boolean).join(':');
  const properties = step
    ? { stepName: step.name, stepNumber: step.number, fallback: step.fallback, pageName }
    : { pageName };
  send(
    c,
    noJsEvent(c, { id: crypto.randomUUID(), event: 'pageView', route: match.route, config, step, href, properties }),
  );
  return c.body(PIXEL, 200, headers);
});
