import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { trackFromServer } from '../tracking/enqueue';
import { recordMetric } from '../operations/metrics';

/**
 * A circuit breaker per partner and Cloudflare location. When a partner
 * fails (timeout, network, 5xx, garbage) BREAKER_FAILURES times within a 30 s window, and at
 * least as often as it succeeds, the breaker opens for BREAKER_OPEN_SECONDS: no call is made,
 * the visitor gets the default number or empty offers at once, and `partnerUnavailable` is
 * emitted. Then one trial call is let through: success closes it, failure opens it again.
 *
 * State: this isolate's memory first (so one isolate reacts at once), shared with the other
 * isolates of the location through the Cache API, which is per data center by nature (no
 * global coordination is wanted: a partner can fail from one location only). The Cache API
 * does nothing on workers.dev hosts; there each isolate keeps its own breaker.
 */
export type BreakerPartner = 'mediaalpha' | 'ipqs' | 'geo' | 'turnstile';

interface BreakerState {
  /** Start of the counting window (ms). */
  windowStart: number;
  failures: number;
  successes: number;
  /** 0 while closed; while open, when the trial call may go (ms). */
  openUntil: number;
}

export const BREAKER_WINDOW_MS = 30_000;
/** Memory is trusted this long before the location's shared state is read again. */
const SHARED_READ_INTERVAL_MS = 2_000;
const CACHE_ORIGIN = 'https://breaker.quote-funnel.internal';

export interface BreakerConfig {
  failures: number;
  openMs: number;
}

export function breakerConfig(env: Pick<Env, 'BREAKER_FAILURES' | 'BREAKER_OPEN_SECONDS'>): BreakerConfig {
  const failures = Number(env.BREAKER_FAILURES);
  const seconds = Number(env.BREAKER_OPEN_SECONDS);
  return {
    failures: Number.isInteger(failures) && failures > 0 ? failures : 5,
    openMs: (Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) : 30) * 1000,
  };
}

/** The Cloudflare location (colo) that served the request; `local` when there is none. */
export function breakerLocation(request: Request): string {
  const cf = (request as Request<unknown, IncomingRequestCfProperties | undefined>).cf;
  const colo = typeof cf?.colo === 'string' ? cf.colo : '';
  return /^[A-Za-z0-9-]{1,16}$/.test(colo) ? colo : 'local';
}

const closed = (now: number): BreakerState => ({ windowStart: now, failures: 0, successes: 0, openUntil: 0 });

/** The pure transition on one call's outcome: what the tests of the breaker table check. */
export function nextState(state: BreakerState, ok: boolean, now: number, config: BreakerConfig): BreakerState {
  const halfOpen = state.openUntil > 0 && now >= state.openUntil;
  if (ok) {
    // A trial call's success closes it (so does one that started before it opened).
    if (state.openUntil > 0) return closed(now);
    const current = inWindow(state, now);
    return { ...current, successes: current.successes + 1 };
  }
  if (halfOpen) return { ...closed(now), failures: 1, openUntil: now + config.openMs };
  const current = inWindow(state, now);
  const failures = current.failures + 1;
  const opens = current.openUntil === 0 && failures >= config.failures && failures >= current.successes;
  return { ...current, failures, openUntil: opens ? now + config.openMs : current.openUntil };
}

function inWindow(state: BreakerState, now: number): BreakerState {
  return state.openUntil === 0 && now - state.windowStart > BREAKER_WINDOW_MS ? closed(now) : state;
}

export type BreakerStatus = 'closed' | 'open' | 'half-open';

export function statusOf(state: BreakerState, now: number): BreakerStatus {
  if (state.openUntil === 0) return 'closed';
  return now >= state.openUntil ? 'half-open' : 'open';
}

const memory = new Map<string, { state: BreakerState; readAt: number }>();

function cacheKey(partner: BreakerPartner, location: string): string {
  return `${CACHE_ORIGIN}/${partner}/${location}`;
}

function isState(value: unknown): value is BreakerState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['windowStart', 'failures', 'successes', 'openUntil'].every((k) => typeof v[k] === 'number');
}

function sharedCache(): Cache | null {
  try {
    // Workers' CacheStorage has `default`; the DOM lib this tsconfig also loads does not say so.
    return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default;
  } catch {
    return null;
  }
}

async function readShared(key: string): Promise<BreakerState | null> {
  const cache = sharedCache();
  if (!cache) return null;
  try {
    const hit = await cache.match(key);
    const value: unknown = hit ? await hit.json() : null;
    return isState(value) ? value : null;
  } catch {
    return null;
  }
}

async function writeShared(key: string, state: BreakerState): Promise<void> {
  const cache = sharedCache();
  if (!cache) return;
  try {
    await cache.put(
      key,
      new Response(JSON.stringify(state), {
        headers: { 'content-type': 'application/json', 'cache-control': 'max-age=3600' },
      }),
    );
  } catch {
    // The shared copy is an optimisation: this isolate's memory still holds the state.
  }
}

async function currentState(partner: BreakerPartner, location: string, now: number): Promise<BreakerState> {
  const key = cacheKey(partner, location);
  const known = memory.get(key);
  if (known && now - known.readAt < SHARED_READ_INTERVAL_MS) return known.state;
  const shared = await readShared(key);
  // The later news wins: an open breaker seen anywhere in the location counts here too.
  const state =
    shared && (!known || shared.openUntil > known.state.openUntil || shared.windowStart > known.state.windowStart)
      ? shared
      : (known?.state ?? closed(now));
  memory.set(key, { state, readAt: now });
  return state;
}

/** Breakers of one request: whether a partner may be called, and what became of the call. */
export class PartnerBreakers {
  private readonly config: BreakerConfig;
  readonly location: string;

  constructor(
    private readonly c: Context<AppEnv>,
    private readonly now: () => number = Date.now,
  ) {
    this.config = breakerConfig(c.env);
    this.location = breakerLocation(c.req.raw);
  }

  /** False while the partner's breaker is open here (a `partnerUnavailable` event is emitted). */
  async allows(partner: BreakerPartner): Promise<boolean> {
    const now = this.now();
    const state = await currentState(partner, this.location, now);
    if (statusOf(state, now) !== 'open') return true;
    this.unavailable(partner, 'open', state, now);
    return false;
  }

  /** Records a call's outcome: ok, or a failure of the partner (not "no buyer", not bad input). */
  async record(partner: BreakerPartner, ok: boolean): Promise<void> {
    const now = this.now();
    const key = cacheKey(partner, this.location);
    const before = await currentState(partner, this.location, now);
    const after = nextState(before, ok, now, this.config);
    memory.set(key, { state: after, readAt: now });
    if (statusOf(before, now) !== 'open' && statusOf(after, now) === 'open') {
      logJson('warn', 'partner circuit breaker opened', {
        partner,
        location: this.location,
        failures: after.failures,
        openForMs: after.openUntil - now,
      });
      this.unavailable(partner, 'opened', after, now);
      recordMetric(this.c.env, 'breaker.open', partner);
    }
    const changed =
      before.failures !== after.failures ||
      before.openUntil !== after.openUntil ||
      (before.openUntil > 0 && after.openUntil === 0);
    if (changed) await writeShared(key, after);
  }

  private unavailable(partner: BreakerPartner, reason: 'open' | 'opened', state: BreakerState, now: number): void {
    const key = `${partner}|${this.location}`;
    const last = lastEvent.get(key);
    if (reason === 'open' && last !== undefined && now - last < EVENT_INTERVAL_MS) return;
    lastEvent.set(key, now);
    trackFromServer(this.c, 'partnerUnavailable', {
      partner,
      location: this.location,
      reason,
      retryInMs: Math.max(0, state.openUntil - now),
    });
  }
}

/** While a breaker stays open, one `partnerUnavailable` per partner and location every 10 s per isolate. */
const EVENT_INTERVAL_MS = 10_000;
const lastEvent = new Map<string, number>();

export function partnerBreakers(c: Context<AppEnv>): PartnerBreakers {
  return new PartnerBreakers(c);
}
