import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/** 128 random bits, base64 without padding (22 characters). */
function freshNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).slice(0, 22);
}

/** Where browsers send CSP violation reports (src/worker/api/csp-report.ts; Reporting-Endpoints names it `csp`). */
export const CSP_REPORT_PATH = '/api/csp-report';

/**
 * Content-Security-Policy with a per-request nonce. 'strict-dynamic' lets the nonced tag
 * manager load what it needs without allow-listing hosts; nothing without the nonce runs.
 * No `https: http:` fallback (issue 11): every browser in use understands nonces, and the
 * fallback let any script host run in an old one. Trusted Types are required for script
 * sinks: the boot script's `default` policy and the Turnstile loader's own are the only ones.
 * Violations are reported (report-to for current browsers, report-uri for the rest).
 */
export function contentSecurityPolicy(nonce: string, extraImageSources: readonly string[] = []): string {
  return [
    `default-src 'self'`,
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: https:${extraImageSources.map((s) => ` ${s}`).join('')}`,
    `font-src 'self'`,
    `connect-src 'self' https:`,
    `frame-src https:`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `require-trusted-types-for 'script'`,
    `trusted-types default quote-turnstile`,
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to csp`,
  ].join('; ');
}

const STATIC_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Reporting-Endpoints': `csp="${CSP_REPORT_PATH}"`,
};

/**
 * In local development the partner sandbox serves ad logos and pixels over plain http from
 * loopback; production partners are https, which img-src already allows.
 */
function localPartnerImages(env: Env): string[] {
  if (env.ENVIRONMENT !== 'development') return [];
  try {
    const url = new URL(env.MEDIAALPHA_BASE_URL);
    return url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

const STATIC_HEADER_ENTRIES = Object.entries(STATIC_HEADERS);
const NONCE_MARK = '\u0000nonce\u0000';

/**
 * The CSP of this environment split around its nonce, computed once per isolate (per
 * environment and partner origin): a request only joins the pieces with its own nonce.
 */
let cspParts: { for: string; parts: string[] } | undefined;
function cspWithNonce(env: Env, nonce: string): string {
  const key = `${env.ENVIRONMENT}|${env.MEDIAALPHA_BASE_URL}`;
  if (cspParts?.for !== key)
    cspParts = { for: key, parts: contentSecurityPolicy(NONCE_MARK, localPartnerImages(env)).split(NONCE_MARK) };
  return cspParts.parts.join(nonce);
}

/**
 * A page's headers that are the same for every response with its cache policy, as a Headers
 * object made once per isolate (issue 16). A Response given a Headers object copies it, which
 * measured about a tenth of building it from name-value pairs on every request (3 µs against
 * 30 for the page's headers): the conversion of the list of pairs is the cost (setting a header
 * on a built Response is under 1 µs).
 */
const pageHeaderTemplates = new Map<string, Headers>();
function pageHeaders(cacheControl: string): Headers {
  let headers = pageHeaderTemplates.get(cacheControl);
  if (headers === undefined) {
    headers = new Headers([
      ['content-type', 'text/html; charset=utf-8'],
      ['cache-control', cacheControl],
      ...STATIC_HEADER_ENTRIES,
    ]);
    pageHeaderTemplates.set(cacheControl, headers);
  }
  return headers;
}

/**
 * An HTML page response with every security header of this middleware, built once (issue 16:
 * a page's Response and its headers were a tenth of a first visit's CPU, most of it setting
 * headers one by one on a Response already built): the shared headers are copied from their
 * template; the nonce's CSP and the page's cookie are the only headers added per request.
 */
export function securedHtmlResponse(
  c: Context<AppEnv>,
  body: string | Uint8Array<ArrayBuffer>,
  page: { cacheControl: string; setCookie: string },
): Response {
  const response = new Response(body, { status: 200, headers: pageHeaders(page.cacheControl) });
  response.headers.append('Set-Cookie', page.setCookie);
  response.headers.append('Content-Security-Policy', cspWithNonce(c.env, c.get('nonce')));
  // The middleware leaves this response as it is. On the request's context, not in a WeakSet of
  // responses: a weak collection's entries cost every garbage collection under load (issue 16).
  c.set('securedResponse', response);
  return response;
}

/** Sets the nonce before the handler runs and the headers on every response after it. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const nonce = freshNonce();
  c.set('nonce', nonce);
  await next();
  if (c.get('securedResponse') === c.res) return;
  const headers = c.res.headers;
  for (const [name, value] of STATIC_HEADER_ENTRIES) headers.set(name, value);
  if (headers.get('content-type')?.startsWith('text/html'))
    headers.set('Content-Security-Policy', cspWithNonce(c.env, nonce));
});
