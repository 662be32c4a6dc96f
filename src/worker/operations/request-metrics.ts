import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { flushMetrics, metricsFlushDue, recordRequest } from './metrics';

/**
 * Every request's route, status and duration to Analytics Engine, and this isolate's counters to
 * D1 when a flush is due (after the response, in waitUntil, so no visitor waits for it; a request
 * with none due makes no waitUntil).
 */
export const requestMetrics = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  recordRequest(c.env, c.req.method, c.req.path, c.res.status, Date.now() - started);
  // Nothing due (most requests): no flush to wait for.
  if (!metricsFlushDue()) return;
  try {
    c.executionCtx.waitUntil(flushMetrics(c.env));
  } catch {
    // No execution context (the app called directly, as some tests do): the next request flushes.
  }
});
