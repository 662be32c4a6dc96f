import { createMiddleware } from 'hono/factory';
import { ApiError, apiErrorResponse } from '../http-error';
import { brandForHost } from '../../../brands';
import type { AppEnv } from '../env';
import { renderDevIndex } from '../dev-index';

/**
 * Resolves the brand once per request from the Host header into c.var.brand.
 * In development a host that is no brand (localhost, 127.0.0.1) gets the index of every
 * brand and page; elsewhere an unknown host is a plain 404.
 */
export const brandMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  const brand = brandForHost(host);
  if (!brand) {
    if (c.env.ENVIRONMENT === 'development' && !c.req.path.startsWith('/api/')) {
      return c.html(renderDevIndex(c.req.url), c.req.path === '/' ? 200 : 404);
    }
    return apiErrorResponse(
      c,
      new ApiError(404, 'unknown_host', `No brand is served at ${host.replace(/[^\w.:-]/g, '')}`),
    );
  }
  c.set('brand', brand);
  await next();
});
