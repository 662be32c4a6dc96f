import { clientNetwork } from '../defence/client-network';
import type { Context } from 'hono';
import { generateSignedCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { html } from 'hono/html';
import type { AppEnv } from '../env';
import { ApiError, apiErrorResponse } from '../http-error';
import { logJson } from '../observability/log';
import { cookieSecret, purposeSecret, rawCookie, requestCookies, verifySignedValue } from '../visitor/visitor-key';
import { toHex } from '../../shared/hex';

/**
 * Operator report access: the REPORT_TOKEN secret, presented either as
 * `Authorization: Bearer <token>` (scripts) or once on the sign-in form, which sets an
 * HttpOnly, Secure, SameSite=Strict cookie scoped to /ops for 8 hours (browsers). Never in
 * the query string (it would sit in history, logs and Referer headers). Every token attempt
 * counts against the RATE_LIMIT_REPORT binding per client ip, right or wrong, so guessing is
 * throttled (429) and a throttled guesser cannot tell a right guess either. Tokens are
 * compared in constant time over their SHA-256 digests. An empty secret refuses everyone.
 */
export const OPS_COOKIE = 'qf_ops';
const OPS_SESSION_SECONDS = 8 * 60 * 60;

async function digest(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
}

/** Constant time (crypto.subtle.timingSafeEqual over equal-length digests: the length leaks nothing either). */
export async function tokensMatch(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  // workerd's extension of SubtleCrypto (typed in worker-configuration.d.ts, not in the DOM lib the tests compile with).
  return (crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean }).timingSafeEqual(
    a,
    b,
  );
}

/** The token of `Authorization: Bearer <token>`. */
export function presentedToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

type OpsContext = Context<AppEnv>;

/**
 * Counts one token attempt of this client's network (an IPv6 client by its /64, so guessing
 * cannot rotate addresses); false when it is over the limit. A failing limiter lets it through.
 */
export async function attemptAllowed(c: OpsContext): Promise<boolean> {
  const ip = clientNetwork(c.req.header('cf-connecting-ip') ?? '') || 'unknown';
  try {
    return (await c.env.RATE_LIMIT_REPORT.limit({ key: `report:${ip}` })).success;
  } catch (error) {
    logJson('error', 'report rate limiter unavailable', {
      where: 'report.auth',
      error: error instanceof Error ? error.message : 'unknown',
    });
    return true;
  }
}

/** The token's fingerprint in the session cookie: a new REPORT_TOKEN signs every operator out. */
async function tokenTag(token: string): Promise<string> {
  return toHex(await digest(`ops:${token}`), 8);
}

export async function opsSessionCookie(c: OpsContext): Promise<string> {
  const expires = Date.now() + OPS_SESSION_SECONDS * 1000;
  return generateSignedCookie(
    OPS_COOKIE,
    `${expires}.${await tokenTag(c.env.REPORT_TOKEN ?? '')}`,
    purposeSecret(cookieSecret(c.env), 'ops'),
    {
      path: '/ops',
      maxAge: OPS_SESSION_SECONDS,
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    },
  );
}

async function hasOpsSession(c: OpsContext, expected: string): Promise<boolean> {
  // Without the cookie secret there are no sessions; a bearer token still works (the health page).
  if (!c.env.VISITOR_COOKIE_SECRET?.trim()) return false;
  const value = await verifySignedValue(rawCookie(requestCookies(c.req.raw), OPS_COOKIE), cookieSecret(c.env), 'ops');
  if (!value) return false;
  const [expires, tag] = value.split('.');
  return Number(expires) > Date.now() && tag === (await tokenTag(expected));
}

const NO_STORE = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store' };

export function throttled(c: OpsContext) {
  return apiErrorResponse(
    c,
    new ApiError(429, 'too_many_attempts', 'Too many sign-in attempts; wait a minute', undefined, {
      ...NO_STORE,
      'Retry-After': '60',
    }),
  );
}

function unauthorized(c: OpsContext) {
  const accept = c.req.header('accept') ?? '';
  if (accept.includes('text/html')) return c.redirect('/ops/login', 303);
  return apiErrorResponse(
    c,
    new ApiError(
      401,
      'unauthorized',
      'A valid report token is required (Authorization: Bearer, or sign in at /ops/login)',
      undefined,
      {
        ...NO_STORE,
        'WWW-Authenticate': 'Bearer realm="operator report"',
      },
    ),
  );
}

export const requireReportToken = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.env.REPORT_TOKEN ?? '';
  if (!expected) return unauthorized(c);
  if (await hasOpsSession(c, expected)) return next();
  const given = presentedToken(c.req.header('authorization'));
  if (given === undefined) return unauthorized(c);
  if (!(await attemptAllowed(c))) return throttled(c);
  if (!(await tokensMatch(given, expected))) return unauthorized(c);
  await next();
});

/** The sign-in form (a browser's way in; the token is posted once, never put in an address). */
export function loginPage(nonce: string, failed: boolean) {
  return html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Operator report: sign in</title>
<style nonce="${nonce}">body{font:16px system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}input,button{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;margin:.25rem 0}</style></head>
<body><h1>Operator report</h1>${failed ? html`<p role="alert">That token is not valid.</p>` : ''}
<form method="post" action="/ops/login"><label for="token">Report token</label><input id="token" name="token" type="password" autocomplete="current-password" required><button type="submit">Sign in</button></form>
</body></html>`;
}
