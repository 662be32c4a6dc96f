/**
 * Operator report at /ops/report: visits, paid share, funnel steps with drop-off, leads and
 * call clicks from D1, per brand and page over a date range; SVG charts drawn on the server
 * and the same numbers as CSV (?format=csv). Token-protected (REPORT_TOKEN), never indexed.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireReportToken } from './auth';
import { reportCsv } from './csv';
import { loadReport, reportFiltersSchema } from './query';
import { renderReport } from './render';

export const opsApp = new Hono<AppEnv>();

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
    return c.json({ error: { code: 'invalid_filters', message: 'The report filters are not valid', issues: z.treeifyError(parsed.error) } }, 400, headers);
  }
  const data = await loadReport(c.env.DB, parsed.data);
  const query = new URLSearchParams({ from: data.filters.from, to: data.filters.to });
  if (data.filters.brand) query.set('brand', data.filters.brand);
  if (data.filters.page) query.set('page', data.filters.page);
  // A bookmarked link keeps working for the CSV download; a header-only client sends its header again.
  const token = c.req.query('token');
  if (token) query.set('token', token);
  if (c.req.query('format') === 'csv') {
    return c.body(reportCsv(data), 200, {
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="funnel-${data.filters.from}-${data.filters.to}.csv"`,
    });
  }
  query.set('format', 'csv');
  return c.html(renderReport(data, c.var.nonce, `?${query.toString()}`), 200, headers);
});
