import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

async function digest(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
}

/** Constant-time comparison (hashing first gives equal lengths, so the length leaks nothing either). */
export async function tokensMatch(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)].map(async (d) => new Uint8Array(await d)));
  // Every byte is compared whatever the earlier ones were (no early exit).
  let difference = 0;
  for (let i = 0; i < 32; i += 1) difference |= (a?.[i] ?? 0) ^ (b?.[i] ?? 0);
  return difference === 0;
}

/** The token of `Authorization: Bearer <token>` or of `?token=` (for a bookmarked report or a CSV link). */
export function presentedToken(authorization: string | undefined, query: string | undefined): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return bearer ?? (query || undefined);
}

/**
 * The operator report is refused (401) without the REPORT_TOKEN secret. An empty secret
 * refuses everyone: a deployment that forgot `wrangler secret put REPORT_TOKEN` stays closed.
 */
export const requireReportToken = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.env.REPORT_TOKEN ?? '';
  const given = presentedToken(c.req.header('authorization'), c.req.query('token'));
  if (!expected || given === undefined || !(await tokensMatch(given, expected))) {
    return c.json({ error: { code: 'unauthorized', message: 'A valid report token is required' } }, 401, {
      'WWW-Authenticate': 'Bearer realm="operator report"',
      'X-Robots-Tag': 'noindex, nofollow',
      'Cache-Control': 'no-store',
    });
  }
  await next();
});
