import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { NONCE, secureHeaders } from 'hono/secure-headers';
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
 * hono's secure-headers with a per-request nonce. The CSP: 'strict-dynamic' lets the nonced tag
 * manager load what it needs without allow-listing hosts; nothing without the nonce runs. No
 * `https: http:` fallback: every browser in use understands nonces, and the fallback let any
 * script host run in an old one. Trusted Types are required for script sinks: the boot
 * script's `default` policy and the Turnstile loader's own are the only ones. Violations are
 * reported (report-to for current browsers, report-uri for the rest). A response that set a
 * header itself keeps it (`overwrite: false`): the brand icon's stricter CSP, for one.
 */
const secure = secureHeaders({
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
});

/**
 * Sets the nonce before the handler runs (as `c.var.nonce`, which every page and script tag
 * reads) and the security headers on every response after it.
 */
export const securityHeaders = createMiddleware<AppEnv>((c, next) =>
  secure(c, async () => {
    c.set('nonce', c.get('secureHeadersNonce') ?? '');
    await next();
  }),
);

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
