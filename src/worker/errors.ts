import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { renderErrorPage } from '../ui/render';
import type { AppEnv } from './env';
import { ApiError, apiErrorResponse, PageNotFound, sanitizeStatusCode } from './http-error';
import { shellOptions } from './shell';
import { logJson } from './observability/log';
import { findRoute } from '../routes/registry';
import { pageLanguage } from '../routes/brand-language';
import type { Language } from '../routes/schema';
import type { Brand } from '../../brands';
import { t } from '../ui/i18n';

function isApi(c: Context<AppEnv>): boolean {
  return c.req.path.startsWith('/api/');
}

/**
 * The status of the error page (spec sections 2, 5 and 8): the status the error carries
 * (an HTTPException's, or the `statusCode` of a server-error object), so a 400 stays
 * 400; 500 when none is given (spec 2: the status code defaults to 500). A status given
 * outside 100-999 falls back to 200 (spec 5 and 9: default status 200, valid range 100 to
 * 999). One inside the range that cannot be an error response (below 400, or above 599, which
 * HTTP responses cannot carry) is served as 500.
 */
export function errorStatus(err: unknown): number {
  let given: unknown;
  if (err instanceof HTTPException) given = err.status;
  else if (err && typeof err === 'object' && 'statusCode' in err) given = err.statusCode;
  if (given === undefined || given === null) return 500;
  const status = sanitizeStatusCode(given, 200);
  if (status === 200 && given !== 200) return 200;
  return status >= 400 && status <= 599 ? status : 500;
}

/**
 * The error page speaks the page's language: a known page's own (an -es page on an
 * English brand), otherwise the brand's (m10es: Spanish).
 */
function errorLanguage(brand: Brand, path: string): Language {
  const match = findRoute(path);
  return match ? pageLanguage(match.route, brand.defaultLanguage) : brand.defaultLanguage;
}

async function errorPage(c: Context<AppEnv>, status: number, message?: string): Promise<Response> {
  const brand = c.get('brand');
  if (!brand)
    return c.text(status === 404 ? 'Page Not Found' : 'Internal Server Error', status as ContentfulStatusCode);
  const language = errorLanguage(brand, c.req.path);
  // The spec's English message ('Page not found: {path}') in the page's language.
  const shown =
    message && status === 404 && language !== 'english' ? `${t(language).pageNotFound}: ${c.req.path}` : message;
  const body = await renderErrorPage({
    brand,
    language,
    status,
    message: shown,
    shell: shellOptions(c, false),
  });
  return c.body(body, status as ContentfulStatusCode, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
}

/** Spec section 8, "No route matches": 404 with 'Page not found' plus the path. */
export const notFound: NotFoundHandler<AppEnv> = (c) => {
  if (isApi(c)) return apiErrorResponse(c, new ApiError(404, 'not_found', `Page not found: ${c.req.path}`));
  return errorPage(c, 404, `Page not found: ${c.req.path}`);
};

/**
 * Everything thrown ends here. API callers get JSON, visitors get the branded error page;
 * nobody gets a stack trace. Unexpected errors are logged as one JSON line without the
 * query string (it may carry personal fields).
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) {
    return apiErrorResponse(c, err);
  }
  if (err instanceof PageNotFound) {
    if (isApi(c)) return apiErrorResponse(c, new ApiError(404, 'not_found', err.message));
    return errorPage(c, errorStatus(err), err.message);
  }
  if (err instanceof HTTPException && err.status < 500) {
    if (isApi(c)) return apiErrorResponse(c, new ApiError(err.status, 'http_error', err.message || 'Request failed'));
    // The status it was given stays (a 400 is not a 500); only a 404 page shows its message.
    const status = errorStatus(err);
    if (err.res)
      for (const name of ['allow', 'retry-after']) {
        const value = err.res.headers.get(name);
        if (value) c.header(name, value);
      }
    return errorPage(c, status, status === 404 ? err.message : undefined);
  }
  // A server-error object may carry its own status (spec section 3: statusCode); none means 500.
  const status = errorStatus(err);
  if (status >= 500) {
    logJson('error', 'unhandled error', { path: c.req.path, method: c.req.method, name: err.name, error: err.message });
  }
  if (isApi(c)) {
    const api =
      status >= 500
        ? new ApiError(status as ContentfulStatusCode, 'internal_error', 'Internal Server Error')
        : new ApiError(status as ContentfulStatusCode, 'http_error', 'Request failed');
    return apiErrorResponse(c, api);
  }
  return errorPage(c, status);
};
