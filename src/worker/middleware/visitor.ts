import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

export const VISITOR_COOKIE = 'qf_aid';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * The anonymous visitor id: minted at the edge on the first response as a first-party
 * cookie, so the very first page view, the form and the phone lease already share one
 * Durable Object. Anything that is not a v4 UUID is replaced, never trusted.
 */
export const visitorMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const existing = getCookie(c, VISITOR_COOKIE);
  const valid = existing !== undefined && UUID.test(existing);
  const id = valid ? existing : crypto.randomUUID();
  c.set('visitorId', id);
  c.set('newVisitor', !valid);
  await next();
  if (!valid) {
    setCookie(c, VISITOR_COOKIE, id, { path: '/', maxAge: ONE_YEAR, secure: true, sameSite: 'Lax', httpOnly: false });
  }
});
