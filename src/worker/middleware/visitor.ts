import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { sessionCookieHeader, sessionToIssue, verifiedSession } from '../tracking/session';
import {
  anonymousIdFor,
  cookieSecret,
  plainCookie,
  rawCookie,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE,
  visitorCookieHeader,
  visitorKeyFromCookies,
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
export const NOTHING_STORED_COOKIE = 'qf_new';

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
 * ignored. After the handler: the new key's cookie (with the nothing-stored hint when the page
 * stored nothing), and the session cookie of a page view.
 */
export const visitorMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const secret = cookieSecret(c.env, (message) => logJson('error', message, { where: 'middleware.visitor' }));
  const cookies = c.req.header('cookie');
  const [existing, session] = await Promise.all([
    visitorKeyFromCookies(cookies, secret),
    verifiedSession(cookies, secret),
  ]);
  const key = existing ?? crypto.randomUUID();
  // Issue 16: a key minted here, and its cookies, are signed without keeping the signatures
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
    c.res.headers.append('Set-Cookie', await visitorCookieHeader(key, secret, false));
    if (c.get('hintNothingStored'))
      c.res.headers.append('Set-Cookie', plainCookie(NOTHING_STORED_COOKIE, anonymousId, VISITOR_COOKIE_MAX_AGE));
  }
  const issue = sessionToIssue(c);
  if (issue) c.res.headers.append('Set-Cookie', await sessionCookieHeader(issue, secret, existing !== undefined));
});
