import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { flushMetrics, recordRequest } from './metrics';

/**
 * Every request's route, status and duration to Analytics Engine, and this isolate's counters to
 * D1 when a flush is due (after the response, in waitUntil, so no visitor waits for it).
 */
export const requestMetrics = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  recordRequest(c.env, c.req.method, c.req.path, c.res.status, Date.now() - started);
  c.executionCtx.waitUntil(flushMetrics(c.env));
});
