/**
 * Where an `optimise` experiment keeps a visitor's variant: a cookie the Worker signs (its own
 * signing purpose), `__Host-qf_xp`, holding the visitor's anonymous id and their variants
 * (`<anonymous id>~<experiment>.<variant>~...`). Not the visitor's Durable Object: a first visit
 * from an ad costs no Durable Object today, and every event's tagging reads the assignment
 * synchronously, so it must arrive with the request. The anonymous id in the signed value binds
 * it to one visitor: a cookie copied from another browser, or kept after the visitor key was
 * replaced, assigns nothing. Signed, so a browser cannot pick its own variant and skew the
 * bandit's figures; it can only drop the cookie (and be assigned afresh, as a new visitor is).
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv, StoredAssignments } from '../env';
import {
  cookieSecret,
  HOST_PREFIX,
  rawCookie,
  signedCookie,
  verifySignedValue,
  VISITOR_COOKIE_MAX_AGE,
  requestCookies,
} from '../visitor/visitor-key';

export const ASSIGNMENT_COOKIE = `${HOST_PREFIX}qf_xp`;
/** A visitor in more experiments than this keeps the most recent ones (the cookie stays small). */
const MAX_ASSIGNMENTS = 12;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

export function encodeAssignments(anonymousId: string, assignments: StoredAssignments): string {
  const pairs = [...assignments].slice(-MAX_ASSIGNMENTS).map(([experiment, variant]) => `${experiment}.${variant}`);
  return [anonymousId, ...pairs].join('~');
}

/** The assignments of a verified value, when it was issued to this visitor; anything malformed is none. */
export function decodeAssignments(value: string, anonymousId: string): StoredAssignments | undefined {
  const [owner, ...pairs] = value.split('~');
  if (owner !== anonymousId) return undefined;
  const assignments = new Map<string, string>();
  for (const pair of pairs) {
    const dot = pair.indexOf('.');
    const experiment = pair.slice(0, dot);
    const variant = pair.slice(dot + 1);
    if (dot > 0 && SLUG.test(experiment) && SLUG.test(variant)) assignments.set(experiment, variant);
  }
  return assignments.size > 0 ? assignments : undefined;
}

/**
 * Reads the visitor's stored assignments into `experimentAssignments` and, when the request gave
 * them a new one (a page render, edge-assignment.ts), stores the set on the way out. A request
 * without the cookie (every visitor who never saw an `optimise` page) costs one scan of the
 * Cookie header.
 */
export const experimentAssignments = createMiddleware<AppEnv>(async (c, next) => {
  const raw = rawCookie(requestCookies(c.req.raw), ASSIGNMENT_COOKIE);
  let read: StoredAssignments | undefined;
  if (raw !== undefined) {
    const value = await verifySignedValue(raw, cookieSecret(c.env), 'experiment');
    read = value === undefined ? undefined : decodeAssignments(value, c.get('anonymousId'));
    if (read) c.set('experimentAssignments', read);
  }
  await next();
  const now = c.get('experimentAssignments');
  if (now !== undefined && now !== read)
    c.res.headers.append('Set-Cookie', await assignmentCookieHeader(c.env, c.get('anonymousId'), now));
});

/** The Set-Cookie value that stores `assignments` for this visitor (30 days, as the visitor key). */
export function assignmentCookieHeader(
  env: { VISITOR_COOKIE_SECRET?: string },
  anonymousId: string,
  assignments: StoredAssignments,
): Promise<string> {
  return signedCookie(
    ASSIGNMENT_COOKIE,
    encodeAssignments(anonymousId, assignments),
    cookieSecret(env),
    'experiment',
    VISITOR_COOKIE_MAX_AGE,
  );
}
