import type { Context } from 'hono';
import type { EventName } from '../../shared/tracking/event-names';
import { queuedEventSchema, type QueuedEvent } from '../../shared/tracking/event-schema';
import { isPaidTraffic } from '../../shared/tracking/paid-traffic';
import { stripPersonalProperties } from '../../shared/tracking/strip-personal';
import type { AppEnv } from '../env';
import { reportError } from '../observability/report-error';
import { experimentOfPage } from './experiments';
import { ipLookupFromRequest } from './ip-lookup';
import { sessionFromCookie } from './session';
import { withSessionIpQuality } from './session-ip-quality';
import { serverEventContext } from './server-context';

/**
 * Puts one event on the EVENTS queue. The queue, not D1, is the request path's only
 * dependency: the consumer writes batches to D1 later. Rejects if the queue refuses it, so a
 * caller that must not lose the event can tell (the event API answers 503 and the browser
 * keeps it for the next page).
 */
export async function enqueueEvent(env: Pick<Env, 'EVENTS'>, event: QueuedEvent): Promise<void> {
  const clean = queuedEventSchema.parse({ ...event, properties: stripPersonalProperties(event.properties) });
  await env.EVENTS.send(clean, { contentType: 'json' });
}

export interface ServerEventOptions {
  /** Page name, when the event belongs to one (the partner API knows it from the request). */
  page?: string | null;
  stepName?: string | null;
  stepNumber?: number | null;
}

/**
 * An event the Worker itself observed (e.g. lowBidResult from the demand check, leadCreated),
 * in the same shape as a browser event with the full event context (spec section 3): visitor
 * from the cookie, session from __Host-qf_sid, brand from the host, page from the route, url from the
 * page that made the request, analytics cookies, the Worker's bot check, url params and the
 * phone rule, ip and geo from the request.
 */
export function serverEvent(
  c: Context<AppEnv>,
  event: EventName,
  properties: Record<string, unknown>,
  options: ServerEventOptions = {},
): QueuedEvent {
  const session = sessionFromCookie(c);
  const brand = c.var.brand;
  const date = new Date();
  const now = date.toISOString();
  const id = crypto.randomUUID();
  const anonymousId = c.var.anonymousId;
  const step =
    options.stepName && options.stepNumber
      ? { name: options.stepName, number: options.stepNumber, fallback: false }
      : null;
  const context = serverEventContext(c, { id, now: date, page: options.page ?? null, step, ipQuality: null });
  return {
    id,
    type: 'track',
    event,
    timestamp: now,
    receivedAt: now,
    sessionId: session?.id ?? 'no-session',
    anonymousId,
    brand: brand.id,
    page: options.page ?? null,
    stepName: options.stepName ?? null,
    stepNumber: options.stepNumber ?? null,
    paid: session ? isPaidTraffic(session.urlParams) : false,
    properties: {
      ...properties,
      ...context,
      ...experimentOfPage(c, options.page),
      ipLookup: ipLookupFromRequest(c.req.raw),
      source: 'server',
    },
  };
}

/**
 * Fire-and-forget for server-side events inside a request: the response does not wait,
 * and a refused event is reported (never silently dropped).
 */
export function trackFromServer(
  c: Context<AppEnv>,
  event: EventName,
  properties: Record<string, unknown>,
  options: ServerEventOptions = {},
): void {
  const queued = serverEvent(c, event, properties, options);
  c.executionCtx.waitUntil(
    withSessionIpQuality(c, queued)
      .then((complete) => enqueueEvent(c.env, complete))
      .catch((err: unknown) => reportError(c.env, err, { where: 'event.enqueue-server', event, eventId: queued.id })),
  );
}
