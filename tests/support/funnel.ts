import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { freshIp } from './sandbox';
import { hmacSha256 } from './hmac-sync';
import type { UrlParams } from '../../src/shared/tracking/session-params';
import { encodeSession, SESSION_COOKIE } from '../../src/worker/tracking/session';
import { purposeSecret, VISITOR_COOKIE, type SigningPurpose } from '../../src/worker/visitor/visitor-key';
import { LIMIT_RULES } from '../../src/worker/defence/limit-rules';
import { untilNextWindow } from './rate-window';

/**
 * A value signed as hono/cookie signs it, for the Worker's test secret (src/worker/visitor/visitor-key.ts);
 * `site`: the hostname a visitor key is bound to.
 */
export function signedCookieValue(
  value: string,
  purpose: SigningPurpose,
  secret = env.VISITOR_COOKIE_SECRET,
  site?: string,
): string {
  const signature = btoa(String.fromCharCode(...hmacSha256(purposeSecret(secret, purpose, site), value)));
  return encodeURIComponent(`${value}.${signature}`);
}

/** The public anonymous id of a visitor key (what leads.visitor_id and events carry). */
export function anonymousIdOf(key: string, secret = env.VISITOR_COOKIE_SECRET): string {
  const bytes = hmacSha256(purposeSecret(secret, 'anonymous'), key).slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const h = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A Cookie header for a visitor key and (optionally) a tracking session, both signed as the
 * Worker signs them; the key for the site `http://{brand}.localhost`.
 */
export function visitorCookie(key: string, sessionId?: string, brand = 'bh'): string {
  const parts = [`${VISITOR_COOKIE}=${signedCookieValue(key, 'visitor', undefined, `${brand}.localhost`)}`];
  if (sessionId)
    parts.push(
      `${SESSION_COOKIE}=${signedCookieValue(encodeSession({ id: sessionId, paid: false, urlParams: {} }), 'session')}`,
    );
  return parts.join('; ');
}

/**
 * A person's browser, as a test visitor sends it by default: the Worker judges the user agent with
 * isbot (src/worker/defence/user-agent-check.ts), and a made-up agent such as `funnel-test/1.0` is
 * what an HTTP client sends, rightly judged a bot.
 */
export const PERSON_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Tuesday 10 June 2025, 11:00 AM Pacific: agents answer (src/shared/phone/working-hours.ts). */
export const STAFFED_CLOCK = { 'x-dev-clock': '2025-06-10T18:00:00.000Z' } as const;

/**
 * A visitor of brand `brand` with its own Durable Object (its own signed visitor key and
 * tracking session, as the Worker would have issued them) and its own client ip
 * (CF-Connecting-IP), so per-ip limits and sandbox scopes of one test never touch another's.
 * Build every request of a test visitor from `headers` (or these methods): how the cookies
 * are made is this helper's business. `id` is the public anonymous id (leads.visitor_id,
 * events' anonymous_id); `key` the secret visitor key (the Durable Object's name).
 * Requests through `fetch`, `get`, `post` and `api` keep the cookies the Worker sets, as a
 * browser does; non-GET requests carry the brand's Origin, as a browser's do.
 */
export function visitor(
  brand = 'bh',
  options: { ip?: string; userAgent?: string; urlParams?: UrlParams; colo?: string } = {},
) {
  const key = crypto.randomUUID();
  const id = anonymousIdOf(key);
  const sessionId = crypto.randomUUID();
  const origin = `http://${brand}.localhost`;
  const ip = options.ip ?? freshIp();
  // Partner circuit breakers are per Cloudflare location (src/worker/defence/breaker.ts): each
  // visitor comes from a location of its own, so a partner fault another test provokes (a slow
  // sandbox on purpose) never opens the breaker this visitor's calls go through.
  const cf = { colo: options.colo ?? `V${crypto.randomUUID().slice(0, 8)}` };
  const jar = new Map<string, string>([
    [VISITOR_COOKIE, signedCookieValue(key, 'visitor', undefined, `${brand}.localhost`)],
    [
      SESSION_COOKIE,
      signedCookieValue(encodeSession({ id: sessionId, paid: false, urlParams: options.urlParams ?? {} }), 'session'),
    ],
  ]);
  // Origin as a browser sends it on writes (the Worker refuses writes without it); harmless on reads.
  const headers: Record<string, string> = {
    cookie: '',
    origin,
    'cf-connecting-ip': ip,
    'user-agent': options.userAgent ?? PERSON_USER_AGENT,
  };
  const writeCookie = () => {
    headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  };
  writeCookie();
  /** Keeps what the Worker set (a new session after an ad click), as a browser's cookie jar does. */
  const keep = (response: Response): Response => {
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const maxAge = /;\s*max-age=(-?\d+)/i.exec(header)?.[1];
      if (maxAge !== undefined && Number(maxAge) <= 0) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    writeCookie();
    return response;
  };
  const send = async (path: string, init: RequestInit) => {
    const given = Object.fromEntries(new Headers(init.headers));
    const sent = { ...headers, ...given };
    return keep(await SELF.fetch(`${origin}${path}`, { redirect: 'manual', cf, ...init, headers: sent }));
  };
  return {
    id,
    key,
    sessionId,
    ip,
    origin,
    headers,
    /** Any request as this visitor, to a path of the brand's origin (non-GET ones with the brand's Origin). */
    fetch: (path: string, init: RequestInit = {}) => send(path, init),
    get: (path: string) => send(path, {}),
    /**
     * A plain form post, as a browser without JavaScript sends it. While agents are away the
     * Worker holds the last step for a call-back time (src/worker/hours/callback-form.ts): a
     * walk that is not about the call-back posts at a staffed hour (the Worker's clock pinned,
     * development only), as the browser walks do, so it never depends on the time it runs and
     * makes the same requests at any hour. A test about the call-back posts through `fetch`
     * with a clock of its own.
     */
    post: (path: string, fields: Record<string, string>) =>
      send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...STAFFED_CLOCK },
        body: new URLSearchParams(fields).toString(),
      }),
    api: (body: unknown) =>
      send('/api/form/submit', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        redirect: 'follow',
      }),
  };
}
export type Visitor = ReturnType<typeof visitor>;

/** HTML text with the entities React escapes turned back. */
export function decode(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The hidden submission id of the step form the page shows. */
export function submissionIdOf(html: string): string {
  const id = /name="submissionId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  expect(id, 'page has a step form with a submission id').toBeDefined();
  return id ?? '';
}

/** The hidden inputs of the page's forms (name to value), as a browser would post them. */
export function hiddenFieldsOf(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    if (match[1] !== undefined) fields[match[1]] = decode(match[2] ?? '');
  }
  return fields;
}

/** GET the step, POST its form as a browser would (its hidden fields, then `fields`), expect a 303; returns the Location. */
/**
 * Visitors of one sandbox scope share a client ip, which the step-submit limit counts (15 posts in
 * 10 s, a window of the wall clock). A person paces their steps; a test's walks of two or three
 * visitors in a row do not, and a limited post also counts against the lead's trust. So the walks
 * pace themselves as people would: at most 12 step posts of one ip in a window, then the next
 * post waits for the window to turn.
 */
const STEP_SUBMIT_PERIOD_SECONDS = LIMIT_RULES['step-submit'].periodSeconds;
const PACED_POSTS_A_WINDOW = 12;
const postsOfIp = new Map<string, { window: number; posts: number }>();

async function pacedPost(ip: string): Promise<void> {
  const windowOf = () => Math.floor(Date.now() / (STEP_SUBMIT_PERIOD_SECONDS * 1000));
  const seen = postsOfIp.get(ip);
  if (seen && seen.window === windowOf() && seen.posts >= PACED_POSTS_A_WINDOW)
    await untilNextWindow(STEP_SUBMIT_PERIOD_SECONDS);
  const now = windowOf();
  const current = postsOfIp.get(ip);
  postsOfIp.set(ip, current?.window === now ? { window: now, posts: current.posts + 1 } : { window: now, posts: 1 });
}

export async function submitStep(v: Visitor, path: string, fields: Record<string, string>): Promise<string> {
  const page = await v.get(path);
  expect(page.status, `GET ${path}`).toBe(200);
  const html = await page.text();
  expect(html).toContain(`action="${path.split('?')[0]}`);
  await pacedPost(v.ip);
  const res = await v.post(path, { ...hiddenFieldsOf(html), submissionId: submissionIdOf(html), ...fields });
  expect(res.status, `POST ${path}`).toBe(303);
  return res.headers.get('location') ?? '';
}

export interface LeadRow {
  brand: string;
  page: string;
  form: string;
  product: string;
  smid: string | null;
  values: string;
  consent_version: string | null;
  consent_sha256: string | null;
  consent_text_language: string | null;
  consent_at: string | null;
  ip: string | null;
  user_agent: string | null;
  page_url: string | null;
  submission_id: string;
  /** What the lead's trust was judged on (lead-trust.ts), JSON. */
  trust_signals: string | null;
}

export async function leadsOf(visitorId: string): Promise<LeadRow[]> {
  const rows = await env.DB.prepare('SELECT * FROM leads WHERE visitor_id = ? ORDER BY created_at')
    .bind(visitorId)
    .all<LeadRow>();
  return rows.results;
}
