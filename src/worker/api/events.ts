import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  jsonDepth,
  MAX_EVENT_BODY_BYTES,
  MAX_PROPERTIES_BYTES,
  MAX_PROPERTIES_DEPTH,
  trackRequestSchema,
  type QueuedEvent,
} from '../../shared/tracking/event-schema';
import { isSpecEventName } from '../../shared/tracking/event-names';
import { isPaidTraffic } from '../../shared/tracking/paid-traffic';
import { stripPersonalProperties } from '../../shared/tracking/strip-personal';
import type { AppEnv } from '../env';
import { ApiError, apiErrorResponse } from '../http-error';
import { reportError } from '../observability/report-error';
import { cspReportApi } from './csp-report';
import { enqueueEvent } from '../tracking/enqueue';
import { rememberBotCheck } from '../defence/bot-check';
import { ipLookupFromRequest } from '../tracking/ip-lookup';
import { experimentOfPage } from '../tracking/experiments';
import { eventNameProblem } from '../tracking/event-names-check';

/**
 * Tracking calls of the browser (spec section 7, calls 3 and 4): events into the queue and
 * the user record into the visitor's Durable Object. Mounted at /api.
 */
export const eventApi = new Hono<AppEnv>();

// CSP violation reports (src/worker/api/csp-report.ts).
eventApi.route('/', cspReportApi);

type ApiContext = Context<AppEnv>;

function badRequest(c: ApiContext, code: string, message: string, issues?: unknown) {
  return apiErrorResponse(c, new ApiError(400, code, message, issues));
}

function tooLarge(c: ApiContext, message: string) {
  return apiErrorResponse(c, new ApiError(413, 'body_too_large', message));
}

/** The body as JSON, refusing oversized bodies before reading them whole. */
async function readJson(
  c: ApiContext,
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > maxBytes) {
    return { ok: false, response: tooLarge(c, `Body is larger than ${maxBytes} bytes`) };
  }
  const text = await c.req.text();
  if (new TextEncoder().encode(text).length > maxBytes) {
    return { ok: false, response: tooLarge(c, `Body is larger than ${maxBytes} bytes`) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: badRequest(c, 'invalid_json', 'Body is not JSON') };
  }
}

function forbidden(c: ApiContext, code: string, message: string) {
  return apiErrorResponse(c, new ApiError(403, code, message));
}

/**
 * An event counts only for a session this Worker issued (the signed __Host-qf_sid
 * cookie a page view set) and names that session; the visitor is the cookie's, whatever the
 * body says; properties are capped in size and depth; the paid flag comes from the signed
 * session's parameters only.
 */
eventApi.post('/event/create', async (c) => {
  const body = await readJson(c, MAX_EVENT_BODY_BYTES);
  if (!body.ok) return body.response;
  const parsed = trackRequestSchema.safeParse(body.value);
  if (!parsed.success)
    return badRequest(c, 'invalid_event', 'The event does not match the schema', z.treeifyError(parsed.error));
  const request = parsed.data;
  // A page may post the spec's events only (section 7); the Worker's own names (rateLimited,
  // partnerUnavailable, leadCreated) come from the Worker alone.
  if (!isSpecEventName(request.event))
    return badRequest(c, 'invalid_event', `${request.event} is recorded by the server only`);
  const session = c.var.signedSession;
  if (!session) return forbidden(c, 'unknown_session', 'Events are accepted only for a session this site started');
  if (request.sessionId !== session.id)
    return forbidden(c, 'session_mismatch', 'The event names another session than this visit');
  if (jsonDepth(request.properties) > MAX_PROPERTIES_DEPTH) {
    return badRequest(c, 'invalid_event', `Properties nest deeper than ${MAX_PROPERTIES_DEPTH} levels`);
  }
  const brand = c.var.brand;
  const props = request.properties;
  // The report counts by page and variant: only ones that exist may be named.
  const problem = eventNameProblem(props, brand.id);
  if (problem) return badRequest(c, problem.code, problem.message, problem.issues);
  const properties = stripPersonalProperties({
    ...props,
    // The visitor's variant of the page's experiment on every event of that page (page views,
    // submits, clicks), computed as the page was rendered, so the rollups split them by variant.
    ...experimentOfPage(c, props.page?.name),
    // What the browser must not decide: the brand comes from the host, ip and geo from
    // Cloudflare, visitor and session from the signed cookies.
    brand: { id: brand.id, name: brand.name },
    userId: c.var.anonymousId,
    session: { id: session.id, paid: session.paid, urlParams: session.urlParams },
    ipLookup: ipLookupFromRequest(c.req.raw),
  });
  if (JSON.stringify(properties).length > MAX_PROPERTIES_BYTES) {
    return tooLarge(c, `Properties are larger than ${MAX_PROPERTIES_BYTES} bytes`);
  }
  const event: QueuedEvent = {
    id: props.id,
    type: 'track',
    event: request.event,
    timestamp: request.timestamp,
    receivedAt: new Date().toISOString(),
    sessionId: session.id,
    anonymousId: c.var.anonymousId,
    brand: brand.id,
    page: props.page?.name ?? null,
    stepName: props.stepName ?? props.page?.step?.name ?? null,
    stepNumber: props.stepNumber ?? props.page?.step?.number ?? null,
    paid: isPaidTraffic(session.urlParams),
    properties,
  };
  try {
    // Awaited (a queue send takes milliseconds and never touches D1): a 202 means the event
    // is durable, so the browser may drop it from its outbox; a failure keeps it there.
    await enqueueEvent(c.env, event);
  } catch (err) {
    c.executionCtx.waitUntil(
      reportError(c.env, err, { where: 'event.enqueue', event: event.event, eventId: event.id }),
    );
    return apiErrorResponse(c, new ApiError(503, 'queue_unavailable', 'The event could not be queued; retry later'));
  }
  // The page's bot check is a signal of the visitor's lead verdict (src/worker/defence/).
  if (event.event === 'botCheckCompleted')
    c.executionCtx.waitUntil(rememberBotCheck(c.env, c.var.visitorId, event.properties).catch(() => undefined));
  return c.json({ ok: true, id: event.id }, 202);
});

/** Spec section 3: the user record (its id), synced across tabs; updatedAt orders concurrent writes. */
export const userRecordSchema = z.strictObject({
  id: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  updatedAt: z.number().int().positive(),
});

eventApi.post('/user/set', async (c) => {
  const body = await readJson(c, 2048);
  if (!body.ok) return body.response;
  const parsed = userRecordSchema.safeParse(body.value);
  if (!parsed.success)
    return badRequest(c, 'invalid_user', 'The user record does not match the schema', z.treeifyError(parsed.error));
  const visitor = c.env.VISITOR.get(c.env.VISITOR.idFromName(c.var.visitorId));
  const stored = await visitor.setUserRecord(parsed.data);
  return c.json({ ok: true, user: stored });
});

const clientErrorSchema = z.strictObject({
  // navigation: a refused client navigation (spec 8 messages); chunk: 'Chunk Error'.
  kind: z.enum(['event', 'location', 'ipCheck', 'userSync', 'navigation', 'chunk']),
  message: z.string().max(300),
  status: z.number().int().min(0).max(999).optional(),
});

/**
 * Spec section 8: a failed event, location or ip-check call in the browser is reported to
 * error reporting with no message to the visitor. The browser has no Sentry client (no
 * third-party requests), so it tells the Worker, which reports it.
 */
eventApi.post('/event/client-error', async (c) => {
  const body = await readJson(c, 2048);
  if (!body.ok) return body.response;
  const parsed = clientErrorSchema.safeParse(body.value);
  if (!parsed.success)
    return badRequest(c, 'invalid_client_error', 'The report does not match the schema', z.treeifyError(parsed.error));
  const { kind, message, status } = parsed.data;
  c.executionCtx.waitUntil(
    reportError(c.env, new Error(message), { where: `client.${kind}`, status, brand: c.var.brand.id }),
  );
  return c.body(null, 204);
});
