import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { sessionCookieHeader, sessionToIssue, verifiedSession } from '../tracking/session';
import {
  anonymousIdFor,
  cookieSecret,
  VISITOR_COOKIE,
  visitorCookieHeader,
  visitorKeyFromCookies,
} from '../visitor/visitor-key';

export { VISITOR_COOKIE };

/**
 * The visitor key and the tracking session, both from cookies this Worker signed
 * (src/worker/visitor/visitor-key.ts). A missing, unsigned or forged key is replaced by a new
 * one, minted at the edge on the first response, so the very first page view, the form and
 * the phone lease already share one Durable Object. A session the Worker did not sign is
 * ignored. After the handler: the new key's cookie, and the session cookie of a page view.
 */
export const visitorMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const secret = cookieSecret(c.env, (message) => logJson('error', message, { where: 'middleware.visitor' }));
  const cookies = c.req.header('cookie');
  const [existing, session] = await Promise.all([
    visitorKeyFromCookies(cookies, secret),
    verifiedSession(cookies, secret),
  ]);
  const key = existing ?? crypto.randomUUID();
  c.set('visitorId', key);
  c.set('anonymousId', await anonymousIdFor(key, secret));
  c.set('newVisitor', existing === undefined);
  c.set('signedSession', session);
  await next();
  if (existing === undefined) c.res.headers.append('Set-Cookie', await visitorCookieHeader(key, secret));
  const issue = sessionToIssue(c);
  if (issue) c.res.headers.append('Set-Cookie', await sessionCookieHeader(issue, secret));
});
