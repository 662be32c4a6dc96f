import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError, apiErrorResponse } from '../http-error';
import { attemptAllowed, presentedToken, requireReportToken, throttled, tokensMatch } from '../report/auth';

/**
 * The outside monitor's token (MONITOR_TOKEN): read-only, for /ops/health alone, so an uptime
 * service that polls it never holds the REPORT_TOKEN, which also exports leads and files
 * privacy deletions. Presented on any other /ops route it is refused with 403 (JSON), even
 * where the route itself is public. The report token always wins: a MONITOR_TOKEN set to the
 * same value cannot lock the operator out.
 */
const HEALTH_PATH = /^\/ops\/health\/?$/;

async function isMonitorToken(c: Context<AppEnv>, given: string): Promise<boolean> {
  const monitor = c.env.MONITOR_TOKEN?.trim() ?? '';
  if (!monitor) return false;
  const report = c.env.REPORT_TOKEN ?? '';
  if (report && (await tokensMatch(given, report))) return false;
  return tokensMatch(given, monitor);
}

/** Every /ops route: the monitor token opens /ops/health and nothing else. */
export const monitorTokenScope = createMiddleware<AppEnv>(async (c, next) => {
  const given = presentedToken(c.req.header('authorization'));
  if (given === undefined || HEALTH_PATH.test(c.req.path) || !(await isMonitorToken(c, given))) return next();
  return apiErrorResponse(
    c,
    new ApiError(403, 'monitor_token_read_only', 'The monitor token reads /ops/health only', [{ path: c.req.path }], {
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    }),
  );
});

/** /ops/health: the monitor token, or whatever opens the other operator pages. */
export const requireHealthReader = createMiddleware<AppEnv>(async (c, next) => {
  const given = presentedToken(c.req.header('authorization'));
  if (given !== undefined && c.env.MONITOR_TOKEN?.trim()) {
    if (!(await attemptAllowed(c))) return throttled(c);
    if (await isMonitorToken(c, given)) return next();
  }
  return requireReportToken(c, next);
});
