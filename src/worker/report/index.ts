/**
 * Operator report at /ops/report: visits, paid share, funnel steps with drop-off, leads and
 * call clicks from D1, per brand and page over a date range; SVG charts drawn on the server
 * and the same numbers as CSV (?format=csv). Token-protected (REPORT_TOKEN), never indexed.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError, apiErrorResponse } from '../http-error';
import { attemptAllowed, loginPage, opsSessionCookie, requireReportToken, throttled, tokensMatch } from './auth';
import { reportCsv } from './csv';
import { loadReport, reportFiltersSchema } from './query';
import { renderReport } from './render';
import { loadTrustReport } from './lead-trust';
import { eventsOps } from './events-rebuild';
import { loadMoneyReport } from './revenue';
import { loadExperimentReport } from './experiments-section';

export const opsApp = new Hono<AppEnv>();

const NO_STORE = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store' };

opsApp.get('/login', (c) => c.html(loginPage(c.var.nonce, false), 200, NO_STORE));

/** The sign-in form's post (same origin only, like every write): a right token sets the HttpOnly session cookie. */
opsApp.post('/login', async (c) => {
  const form = await c.req.parseBody();
  const token = typeof form.token === 'string' ? form.token : '';
  const expected = c.env.REPORT_TOKEN ?? '';
  if (!(await attemptAllowed(c))) return throttled(c);
  if (!expected || !(await tokensMatch(token, expected))) return c.html(loginPage(c.var.nonce, true), 401, NO_STORE);
  c.header('Set-Cookie', await opsSessionCookie(c), { append: true });
  return c.redirect('/ops/report', 303);
});

// Rollups rebuilt from the R2 archive (npm run events:rebuild).
opsApp.route('/events', eventsOps);

opsApp.use('/report', requireReportToken);

opsApp.get('/report', async (c) => {
  const parsed = reportFiltersSchema.safeParse({
    from: c.req.query('from') || undefined,
    to: c.req.query('to') || undefined,
    brand: c.req.query('brand') ?? undefined,
    page: c.req.query('page') ?? undefined,
  });
  const headers = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store' };
  if (!parsed.success) {
    return apiErrorResponse(
      c,
      new ApiError(400, 'invalid_filters', 'The report filters are not valid', z.treeifyError(parsed.error), headers),
    );
  }
  const [data, trust, money, experiments] = await Promise.all([
    loadReport(c.env.DB, parsed.data),
    loadTrustReport(c.env.DB, parsed.data),
    loadMoneyReport(c.env, parsed.data),
    loadExperimentReport(c.env, parsed.data),
  ]);
  const query = new URLSearchParams({ from: data.filters.from, to: data.filters.to });
  if (data.filters.brand) query.set('brand', data.filters.brand);
  if (data.filters.page) query.set('page', data.filters.page);
  // The CSV link carries no token: the browser's session cookie (or a script's header) authorises it.
  if (c.req.query('format') === 'csv') {
    return c.body(reportCsv(data, trust, money, experiments), 200, {
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="funnel-${data.filters.from}-${data.filters.to}.csv"`,
    });
  }
  query.set('format', 'csv');
  return c.html(renderReport(data, c.var.nonce, `?${query.toString()}`, trust, money, experiments), 200, headers);
});
