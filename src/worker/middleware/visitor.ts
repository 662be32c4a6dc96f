import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import {
  SESSION_COOKIE,
  SESSION_IDLE_SECONDS,
  sessionCookieHeader,
  sessionToIssue,
  verifiedSession,
} from '../tracking/session';
import { VISIT_COOKIE } from '../visit';
import {
  anonymousIdFor,
  cookieSecret,
  HOST_PREFIX,
  legacyCookieName,
  legacyCookieUpdates,
  plainCookie,
  rawCookie,
  requestCookies,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE,
  visitorCookieHeader,
  visitorKeyFromCookies,
  type LegacyCookie,
} from '../visitor/visitor-key';

export { VISITOR_COOKIE };

/**
 * The "nothing stored" hint (docs/decisions/0041-visitor-state-on-the-page-path-the-nothing.md): set only on the response that
 * mints the visitor key, from a page render that wrote nothing to the visitor's Durable
 * Object, so it is true when issued (no other request can hold a key that did not exist).
 * Its value is the visitor's public anonymous id, so it speaks for that key only. While a
 * browser sends it, pages skip the Durable Object read. It is cleared before anything is
 * stored: a write that arrives with it is answered with a 307 to itself that deletes it, and
 * the browser repeats the write without it (see hintedWrite). A lost answer to the write
 * itself therefore cannot leave the hint behind.
 */
export const NOTHING_STORED_COOKIE = `${HOST_PREFIX}qf_new`;

/**
 * The cookies this middleware looks after under their names before the `__Host-` prefix: each
 * is expired, the session and visit record carried over to their new names (the visitor key is
 * re-signed for its site below); the hint is only expired (it must never outlive its key).
 */
const LEGACY_COOKIES: readonly LegacyCookie[] = [
  { name: VISITOR_COOKIE, maxAge: VISITOR_COOKIE_MAX_AGE, carryOver: false },
  { name: NOTHING_STORED_COOKIE, maxAge: VISITOR_COOKIE_MAX_AGE, carryOver: false },
  { name: SESSION_COOKIE, maxAge: SESSION_IDLE_SECONDS, carryOver: true },
  { name: VISIT_COOKIE, maxAge: VISITOR_COOKIE_MAX_AGE, carryOver: true },
];

/** The names of the cookies a response sets. */
function namesSet(response: Response): Set<string> {
  return new Set(response.headers.getSetCookie().map((header) => header.slice(0, header.indexOf('='))));
}

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;

/**
 * Writes that store nothing a page shows (events, the user record, error and CSP reports,
 * partner checks and listings, quote tokens): they keep the hint, so a page view's own
 * events do not cost the visitor it. Every other write (a step, a form post, a phone lease,
 * anything added later) clears it first.
 */
const STORES_NOTHING_SHOWN = new Set([
  '/api/event/create',
  '/api/user/set',
  '/api/event/client-error',
  '/api/csp-report',
  '/api/mediaalpha/demand-check',
  '/api/mediaalpha/ads',
  '/api/mediaalpha/finish-offers',
  '/api/ipqs/check-ip',
  '/api/quote-token',
]);

/**
 * The browser still holds the hint, and this request may store something: delete the hint
 * and have the browser repeat the request (307 keeps the method and the body), before any
 * state is written. Nothing is stored in this exchange, so losing its answer loses nothing.
 */
export function retryWithoutHint(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  return new Response(null, {
    status: 307,
    headers: {
      location: `${url.pathname}${url.search}`,
      'set-cookie': plainCookie(NOTHING_STORED_COOKIE, '', 0),
      'cache-control': 'no-store',
    },
  });
}

/**
 * The visitor key and the tracking session, both from cookies this Worker signed
 * (src/worker/visitor/visitor-key.ts). A missing, unsigned or forged key is replaced by a new
 * one, minted at the edge on the first response, so the very first page view, the form and
 * the phone lease already share one Durable Object. A session the Worker did not sign is
 * ignored. The key is signed for the request's hostname, so a key issued on one brand's site
 * is replaced on another's (their answers are not shared unless they share a host). After the
 * handler: the new key's cookie (with the nothing-stored hint when the page stored nothing), the
 * session cookie of a page view, and the cookies still held under their old names moved to
 * their `__Host-` names (a key under its old name is accepted this once and re-signed).
 */
export const visitorMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const secret = cookieSecret(c.env);
  const cookies = requestCookies(c.req.raw);
  const site = new URL(c.req.url).hostname;
  const [found, session] = await Promise.all([
    visitorKeyFromCookies(cookies, secret, site),
    verifiedSession(cookies, secret),
  ]);
  const existing = found?.key;
  const key = existing ?? crypto.randomUUID();
  // A key minted here, and its cookies, are signed without keeping the signatures
  // (most first visits never come back); they are kept once they do (visitor-key.ts).
  const anonymousId = await anonymousIdFor(key, secret, existing !== undefined);
  const hinted = existing !== undefined && rawCookie(cookies, NOTHING_STORED_COOKIE) === anonymousId;
  if (hinted && !SAFE_METHOD.test(c.req.method) && !STORES_NOTHING_SHOWN.has(c.req.path)) return retryWithoutHint(c);
  c.set('visitorId', key);
  c.set('anonymousId', anonymousId);
  c.set('newVisitor', existing === undefined);
  c.set('nothingStored', existing === undefined || hinted);
  c.set('hinted', hinted);
  c.set('hintNothingStored', false);
  c.set('signedSession', session);
  await next();
  if (existing === undefined) {
    c.res.headers.append('Set-Cookie', await visitorCookieHeader(key, secret, site, false));
    if (c.get('hintNothingStored'))
      c.res.headers.append('Set-Cookie', plainCookie(NOTHING_STORED_COOKIE, anonymousId, VISITOR_COOKIE_MAX_AGE));
  } else if (found?.legacy) {
    c.res.headers.append('Set-Cookie', await visitorCookieHeader(key, secret, site));
  }
  const issue = sessionToIssue(c);
  if (issue) c.res.headers.append('Set-Cookie', await sessionCookieHeader(issue, secret, existing !== undefined));
  // A cookie of ours under its name before the prefix: most requests have none, and skip the work.
  if (LEGACY_COOKIES.some(({ name }) => cookies.has(legacyCookieName(name))))
    for (const header of legacyCookieUpdates(cookies, LEGACY_COOKIES, namesSet(c.res)))
      c.res.headers.append('Set-Cookie', header);
});
