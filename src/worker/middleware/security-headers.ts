import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { NONCE, type secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env';

/** Where browsers send CSP violation reports (src/worker/api/csp-report.ts; Reporting-Endpoints names it `csp`). */
const CSP_REPORT_PATH = '/api/csp-report';

/**
 * In local development the partner sandbox serves ad logos and pixels over plain http from
 * loopback; production partners are https, which img-src already allows.
 */
function localPartnerImages(c: Context): string {
  const env = c.env as Env;
  if (env.ENVIRONMENT !== 'development') return '';
  try {
    const url = new URL(env.MEDIAALPHA_BASE_URL);
    return url.protocol === 'http:' ? url.origin : '';
  } catch {
    return '';
  }
}

/**
 * The security options, as hono's secure-headers takes them (tests compare this middleware with
 * hono's given the same). The CSP: 'strict-dynamic' lets the nonced tag manager load what it
 * needs without allow-listing hosts; nothing without the nonce runs. No `https: http:`
 * fallback: every browser in use understands nonces, and the fallback let any script host run in
 * an old one. Trusted Types are required for script sinks: the boot script's `default` policy and
 * the Turnstile loader's own are the only ones. Violations are reported (report-to for current
 * browsers, report-uri for the rest). A response that set a header itself keeps it
 * (`overwrite: false`): the brand icon's stricter CSP, for one.
 */
export const SECURITY_OPTIONS = {
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: [NONCE, "'strict-dynamic'"],
    styleSrc: ["'self'", NONCE],
    imgSrc: ["'self'", 'data:', 'https:', localPartnerImages],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", 'https:'],
    frameSrc: ['https:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    requireTrustedTypesFor: ["'script'"],
    trustedTypes: ['default', 'quote-turnstile'],
    reportUri: CSP_REPORT_PATH,
    reportTo: 'csp',
  },
  reportingEndpoints: [{ name: 'csp', url: CSP_REPORT_PATH }],
  strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
  // The referrer a partner sees is the origin only, never a page's query.
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  permissionsPolicy: {
    camera: [],
    microphone: [],
    geolocation: [],
    payment: [],
    usb: [],
  },
  overwrite: false,
} satisfies NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * The headers that are the same on every response (all but the CSP), as hono's secure-headers
 * sets them for SECURITY_OPTIONS, in its order (src/worker/middleware/security-headers.unit.test.ts
 * compares them with hono's own).
 */
export const FIXED_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', SECURITY_OPTIONS.referrerPolicy],
  ['Strict-Transport-Security', SECURITY_OPTIONS.strictTransportSecurity],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', SECURITY_OPTIONS.xFrameOptions],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ['Reporting-Endpoints', `csp="${CSP_REPORT_PATH}"`],
];

/**
 * The CSP around its two nonces, joined as hono writes it (directive names in kebab case, each
 * value after a space, "; " between directives), for one environment: the one value that is a
 * function (local partner images) depends on the environment only. Kept per env object.
 */
type CspParts = readonly [string, string, string];
const cspByEnv = new WeakMap<object, CspParts>();
const NONCE_MARK = '\u0000nonce\u0000';

function cspParts(c: Context): CspParts {
  const env = c.env as object;
  let parts = cspByEnv.get(env);
  if (parts === undefined) {
    const text = Object.entries(SECURITY_OPTIONS.contentSecurityPolicy)
      .map(([directive, value]) => {
        const values = Array.isArray(value) ? value : [value];
        const name = directive.replace(/[A-Z]+(?![a-z])|[A-Z]/g, (m, offset: number) =>
          offset ? `-${m.toLowerCase()}` : m.toLowerCase(),
        );
        const written = values.map((v) => {
          if (v === NONCE) return `'nonce-${NONCE_MARK}'`;
          return typeof v === 'function' ? localPartnerImages(c) : v;
        });
        return `${name}${written.map((v) => ` ${v}`).join('')}`;
      })
      .join('; ');
    const [head = '', middle = '', tail = '', ...rest] = text.split(NONCE_MARK);
    if (rest.length > 0) throw new Error('the CSP carries the nonce twice, no more');
    parts = [head, middle, tail];
    cspByEnv.set(env, parts);
  }
  return parts;
}

/** 16 random bytes in standard base64, as hono's secure-headers makes its nonce. */
function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * hono's secure-headers for SECURITY_OPTIONS, with the work done once that is the same on every
 * request: the nonce is set before the handler runs (as `c.var.nonce`, which every page and script
 * tag reads), the headers after it, none over one the response set itself, and `X-Powered-By`
 * removed; the CSP is joined from parts kept per environment around this request's nonce (hono
 * cloned and joined its parts on every request). The same headers as hono's, tested against it.
 * The fixed headers are not put in a page's Headers template: Response's copy of a longer
 * template cost more than these calls (docs/performance.md, 2026-11-29, decision 0345).
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const nonce = newNonce();
  c.set('nonce', nonce);
  await next();
  const headers = c.res.headers;
  for (const [name, value] of FIXED_SECURITY_HEADERS) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has('Content-Security-Policy')) {
    const [head, middle, tail] = cspParts(c);
    headers.set('Content-Security-Policy', `${head}${nonce}${middle}${nonce}${tail}`);
  }
  headers.delete('X-Powered-By');
});

/**
 * A page's content-type and cache-control, as a Headers object made once per isolate per cache
 * policy. A Response given a Headers object copies it, which measured about a tenth of building
 * it from name-value pairs on every request; the security headers are added by the middleware.
 */
const pageHeaderTemplates = new Map<string, Headers>();
function pageHeaders(cacheControl: string): Headers {
  let headers = pageHeaderTemplates.get(cacheControl);
  if (headers === undefined) {
    headers = new Headers([
      ['content-type', 'text/html; charset=utf-8'],
      ['cache-control', cacheControl],
    ]);
    pageHeaderTemplates.set(cacheControl, headers);
  }
  return headers;
}

/** An HTML page response with its cache policy and its own cookie; the middleware adds the security headers. */
export function htmlPageResponse(
  body: string | Uint8Array<ArrayBuffer>,
  page: { cacheControl: string; setCookie: string },
): Response {
  const response = new Response(body, { status: 200, headers: pageHeaders(page.cacheControl) });
  response.headers.append('Set-Cookie', page.setCookie);
  return response;
}
