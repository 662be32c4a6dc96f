/**
 * CSP violation reports: `report-to csp` (Reporting API, a JSON array of
 * reports) and `report-uri` (older browsers, `{ "csp-report": {...} }`) both land here. A
 * sample (1 in CSP_REPORT_SAMPLE) is stored in KV for a week under `csp-report:{day}:{id}`,
 * reduced to the directive, the blocked and document addresses without query strings, and
 * the source position, redacted like a log line. Browsers send these on their own (no
 * cookies), so the write guard lets this path through and its rules are kept here: a report
 * from another site (its Origin, or Sec-Fetch-Site, says so; a report names our own page, so
 * a browser sends it from our origin) is dropped with 204, stored nowhere and counted nowhere
 * (a browser ignores the answer either way, and a forger learns nothing); reports are limited
 * per client like other writes (limit-rules.ts, `csp-report`), 429 over it; the body limit is
 * set here.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { redactFields } from '../../shared/redact';
import { enforceLimit } from '../defence/rate-limit';
import type { AppEnv } from '../env';
import { isSameOrigin } from '../middleware/write-guard';
import { ApiError } from '../http-error';

export const cspReportApi = new Hono<AppEnv>();

/** One report in this many is kept. */
export const CSP_REPORT_SAMPLE = 10;
const REPORT_TTL_SECONDS = 7 * 24 * 60 * 60;
const MAX_REPORT_BYTES = 16 * 1024;

const text = z.string().max(2048).optional();
const legacyReport = z.object({
  'csp-report': z.looseObject({
    'document-uri': text,
    'violated-directive': text,
    'effective-directive': text,
    'blocked-uri': text,
    'source-file': text,
    'line-number': z.number().optional(),
    'column-number': z.number().optional(),
    disposition: text,
  }),
});
const reportingApiReports = z
  .array(
    z.looseObject({
      type: z.string().max(64),
      body: z
        .looseObject({
          documentURL: text,
          effectiveDirective: text,
          blockedURL: text,
          sourceFile: text,
          lineNumber: z.number().optional(),
          columnNumber: z.number().optional(),
          disposition: text,
        })
        .optional(),
    }),
  )
  .max(20);

/** An address without query or fragment (they may carry personal fields); keywords like 'inline' stay. */
function withoutQuery(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`;
  } catch {
    return value.slice(0, 64);
  }
}

interface StoredReport {
  directive: string | null;
  blocked: string | null;
  document: string | null;
  source: string | null;
  line: number | null;
  column: number | null;
  disposition: string | null;
}

function fromBody(body: unknown): StoredReport[] {
  const legacy = legacyReport.safeParse(body);
  if (legacy.success) {
    const r = legacy.data['csp-report'];
    return [
      {
        directive: r['effective-directive'] ?? r['violated-directive'] ?? null,
        blocked: withoutQuery(r['blocked-uri']),
        document: withoutQuery(r['document-uri']),
        source: withoutQuery(r['source-file']),
        line: r['line-number'] ?? null,
        column: r['column-number'] ?? null,
        disposition: r.disposition ?? null,
      },
    ];
  }
  const modern = reportingApiReports.safeParse(body);
  if (!modern.success) throw new ApiError(400, 'invalid_report', 'Not a CSP report');
  return modern.data
    .filter((r) => r.type === 'csp-violation' && r.body)
    .map(({ body: b }) => ({
      directive: b?.effectiveDirective ?? null,
      blocked: withoutQuery(b?.blockedURL),
      document: withoutQuery(b?.documentURL),
      source: withoutQuery(b?.sourceFile),
      line: b?.lineNumber ?? null,
      column: b?.columnNumber ?? null,
      disposition: b?.disposition ?? null,
    }));
}

cspReportApi.post(
  '/csp-report',
  async (c, next) => {
    if (!isSameOrigin(c)) return c.body(null, 204);
    await enforceLimit(c, 'csp-report');
    return next();
  },
  bodyLimit({
    maxSize: MAX_REPORT_BYTES,
    onError: () => {
      throw new ApiError(413, 'body_too_large', `Body is larger than ${MAX_REPORT_BYTES} bytes`);
    },
  }),
  async (c) => {
    let body: unknown;
    try {
      // Bytes, then UTF-8: the body's type is application/csp-report or reports+json, not text/*.
      body = JSON.parse(new TextDecoder().decode(await c.req.arrayBuffer())) as unknown;
    } catch {
      throw new ApiError(400, 'invalid_json', 'Body is not JSON');
    }
    const reports = fromBody(body);
    const day = new Date().toISOString().slice(0, 10);
    const kept = reports.filter(() => Math.floor(Math.random() * CSP_REPORT_SAMPLE) === 0);
    c.executionCtx.waitUntil(
      Promise.all(
        kept.map((report) =>
          c.env.CACHE.put(
            `csp-report:${day}:${crypto.randomUUID()}`,
            JSON.stringify({ brand: c.var.brand.id, at: new Date().toISOString(), ...redactFields({ ...report }) }),
            {
              expirationTtl: REPORT_TTL_SECONDS,
            },
          ),
        ),
      ).catch(() => undefined),
    );
    return c.body(null, 204);
  },
);
