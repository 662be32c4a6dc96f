import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { sha256Hex } from '../../shared/consent';
import { displayPhone } from '../../shared/phone/lease';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { logJson } from '../observability/log';
import { trackFromServer } from '../tracking/enqueue';
import { clientNetwork } from './client-network';
import { LIMIT_RULES, limitedApiRoute, type LimitedRoute } from './limit-rules';

/**
 * Rate limits with the Workers Rate Limiting API. A request is counted under two
 * keys of its rule's binding: the client's network (CF-Connecting-IP: an IPv4 address, an IPv6
 * address's /64, client-network.ts) and the visitor (a hash of the
 * visitor key; skipped when this request minted the key, since a fresh key is unique and a
 * cookie-less client gets one every time: the ip key is what bounds it). Over either, the
 * request is refused before any partner call or write, a `rateLimited` server event is
 * emitted (route and key kind only) and the hit is noted for the lead's trust verdict. A
 * limiter that fails lets the request through: our own outage must not block visitors.
 */
export type LimitOutcome = { limited: false } | { limited: true; by: 'ip' | 'visitor'; retryAfterSeconds: number };

type DefenceContext = Context<AppEnv>;

/** The client's network as every limit counts it (an IPv6 client by its /64); '' when unknown. */
function clientIp(c: DefenceContext): string {
  const ip = c.req.header('cf-connecting-ip')?.trim() ?? '';
  return ip === '' ? '' : clientNetwork(ip);
}

export async function visitorHash(visitorId: string): Promise<string> {
  return (await sha256Hex(`visitor:${visitorId}`)).slice(0, 32);
}

/** The hash of a client's network (an IPv6 address stands for its /64). */
export async function ipHash(ip: string): Promise<string> {
  return (await sha256Hex(`ip:${clientNetwork(ip)}`)).slice(0, 32);
}

export async function checkLimit(c: DefenceContext, route: LimitedRoute): Promise<LimitOutcome> {
  const rule = LIMIT_RULES[route];
  const limiter = c.env[rule.binding];
  const ip = clientIp(c);
  const keys: Array<{ by: 'ip' | 'visitor'; key: string }> = [];
  if (ip !== '') keys.push({ by: 'ip', key: `${route}:ip:${ip}` });
  if (!c.var.newVisitor) keys.push({ by: 'visitor', key: `${route}:v:${await visitorHash(c.var.visitorId)}` });
  if (keys.length === 0) return { limited: false };
  let results: Array<{ success: boolean }>;
  try {
    results = await Promise.all(keys.map(({ key }) => limiter.limit({ key })));
  } catch (error) {
    logJson('error', 'rate limiter unavailable; request let through', {
      where: 'defence.rate-limit',
      route,
      error: error instanceof Error ? error.message : 'unknown',
    });
    return { limited: false };
  }
  const over = keys.find((_, i) => results[i]?.success === false);
  if (!over) return { limited: false };
  onLimited(c, route, over.by);
  return { limited: true, by: over.by, retryAfterSeconds: rule.periodSeconds };
}

/**
 * One `rateLimited` event per route, key kind and client per limiter period in this isolate
 * (with the number of refusals it stands for), so a flood does not become a flood of events.
 */
const lastEvent = new Map<string, { at: number; suppressed: number }>();
/** Hits are noted in KV at most once a minute per client and isolate. */
const lastNote = new Map<string, number>();
export const HIT_MEMORY_SECONDS = 60 * 60;

function onLimited(c: DefenceContext, route: LimitedRoute, by: 'ip' | 'visitor'): void {
  const rule = LIMIT_RULES[route];
  const now = Date.now();
  const who = by === 'ip' ? clientIp(c) : c.var.visitorId;
  const eventKey = `${route}|${by}|${who}`;
  const seen = lastEvent.get(eventKey);
  if (!seen || now - seen.at >= rule.periodSeconds * 1000) {
    lastEvent.set(eventKey, { at: now, suppressed: 0 });
    trackFromServer(c, 'rateLimited', {
      route,
      by,
      binding: rule.binding,
      periodSeconds: rule.periodSeconds,
      refusedSinceLastEvent: seen?.suppressed ?? 0,
    });
  } else {
    seen.suppressed += 1;
  }
  if (lastEvent.size > 10_000) lastEvent.clear();
  c.executionCtx.waitUntil(noteHit(c.env, clientIp(c), c.var.visitorId, now));
}

async function noteHit(env: Env, ip: string, visitorId: string, now: number): Promise<void> {
  const writes: Promise<void>[] = [];
  for (const key of [ip ? `defence:rl:ip:${await ipHash(ip)}` : null, `defence:rl:v:${await visitorHash(visitorId)}`]) {
    if (!key) continue;
    const last = lastNote.get(key);
    if (last !== undefined && now - last < 60_000) continue;
    lastNote.set(key, now);
    writes.push(env.CACHE.put(key, String(now), { expirationTtl: HIT_MEMORY_SECONDS }).catch(() => undefined));
  }
  if (lastNote.size > 10_000) lastNote.clear();
  await Promise.all(writes);
}

/** Whether the ip or the visitor was refused by a limit in the last hour (a trust signal). */
export async function recentLimitHits(
  env: Pick<Env, 'CACHE'>,
  ip: string,
  visitorId: string,
): Promise<{ ip: boolean; visitor: boolean }> {
  try {
    const [byIp, byVisitor] = await Promise.all([
      ip ? env.CACHE.get(`defence:rl:ip:${await ipHash(ip)}`) : Promise.resolve(null),
      env.CACHE.get(`defence:rl:v:${await visitorHash(visitorId)}`),
    ]);
    return { ip: byIp !== null, visitor: byVisitor !== null };
  } catch {
    return { ip: false, visitor: false };
  }
}

/** The answer of a limited API request: get-phone's default number, else 429 JSON with Retry-After. */
export function limitedResponse(
  c: DefenceContext,
  route: LimitedRoute,
  outcome: Extract<LimitOutcome, { limited: true }>,
): Response {
  if (LIMIT_RULES[route].answer === 'default-phone') {
    return c.json({ phone: displayPhone(null, c.var.brand.defaultPhone), lease: null, source: 'limited' }, 200, {
      'cache-control': 'no-store',
    });
  }
  throw limitError(c, outcome.retryAfterSeconds);
}

/** Limits the API requests of LIMIT_RULES by method and path (mounted on /api/*). */
export const apiRateLimits = createMiddleware<AppEnv>(async (c, next) => {
  const route = limitedApiRoute(c.req.method, c.req.path);
  if (!route) return next();
  const outcome = await checkLimit(c, route);
  if (outcome.limited) return limitedResponse(c, route, outcome);
  return next();
});

/**
 * A form posted without JavaScript is a step submit too. Over the limit it gets the branded
 * error page with 429 and Retry-After; the visitor's stored answers are untouched.
 */
export const formPostRateLimits = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'POST' || c.req.path.startsWith('/api/') || c.req.path.startsWith('/ops/')) return next();
  const outcome = await checkLimit(c, 'step-submit');
  if (outcome.limited) throw tooManyRequests(outcome.retryAfterSeconds);
  return next();
});

/** A 429 for the error handler: JSON on /api, the branded page elsewhere; both keep Retry-After. */
export function tooManyRequests(retryAfterSeconds: number): HTTPException {
  return new HTTPException(429, {
    message: 'Too many requests',
    res: new Response(null, { status: 429, headers: { 'retry-after': String(retryAfterSeconds) } }),
  });
}

/** The 429 of a limit checked inside a handler: ApiError (JSON) on /api, the error page elsewhere. */
export function limitError(c: DefenceContext, retryAfterSeconds: number): HTTPException {
  if (!c.req.path.startsWith('/api/')) return tooManyRequests(retryAfterSeconds);
  return new ApiError(429, 'rate_limited', `Too many requests; retry after ${retryAfterSeconds} s`, undefined, {
    'Retry-After': String(retryAfterSeconds),
    'cache-control': 'no-store',
  });
}

/** Throws the 429 when `route` is over its limit for this client. */
export async function enforceLimit(c: DefenceContext, route: LimitedRoute): Promise<void> {
  const outcome = await checkLimit(c, route);
  if (outcome.limited) throw limitError(c, outcome.retryAfterSeconds);
}
