import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { renderErrorPage } from '../ui/render';
import type { AppEnv } from './env';
import { ApiError, PageNotFound, sanitizeStatusCode } from './http-error';
import { shellOptions } from './shell';

function isApi(c: Context<AppEnv>): boolean {
  return c.req.path.startsWith('/api/');
}

async function errorPage(c: Context<AppEnv>, status: number, message?: string): Promise<Response> {
  const brand = c.get('brand');
  if (!brand) return c.text(status === 404 ? 'Page Not Found' : 'Internal Server Error', status === 404 ? 404 : 500);
  const body = await renderErrorPage({ brand, language: brand.defaultLanguage, status, message, shell: shellOptions(c, false) });
  return c.body(body, status as 404 | 500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
}

/** Spec section 8, "No route matches": 404 with 'Page not found' plus the path. */
export const notFound: NotFoundHandler<AppEnv> = (c) => {
  if (isApi(c)) return c.json({ error: { code: 'not_found', message: `Page not found: ${c.req.path}` } }, 404);
  return errorPage(c, 404, `Page not found: ${c.req.path}`);
};

/**
 * Everything thrown ends here. API callers get JSON, visitors get the branded error page;
 * nobody gets a stack trace. Unexpected errors are logged as one JSON line without the
 * query string (it may carry personal fields).
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) {
    return c.json({ error: { code: err.code, message: err.message, ...(err.issues ? { issues: err.issues } : {}) } }, err.status);
  }
  if (err instanceof PageNotFound) {
    if (isApi(c)) return c.json({ error: { code: 'not_found', message: err.message } }, 404);
    return errorPage(c, 404, err.message);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const status = sanitizeStatusCode(err.status, 500);
    if (isApi(c)) return c.json({ error: { code: 'http_error', message: err.message || 'Request failed' } }, err.status);
    return errorPage(c, status === 404 ? 404 : 500);
  }
  console.error(
    JSON.stringify({ level: 'error', msg: 'unhandled error', path: c.req.path, method: c.req.method, name: err.name, error: err.message }),
  );
  if (isApi(c)) return c.json({ error: { code: 'internal_error', message: 'Internal Server Error' } }, 500);
  return errorPage(c, 500);
};
