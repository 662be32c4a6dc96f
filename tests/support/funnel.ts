import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { freshIp } from './sandbox';

/**
 * A visitor of brand `brand` with its own Durable Object (its own visitor cookie) and its own
 * client ip (CF-Connecting-IP), so per-ip limits and sandbox scopes of one test never touch
 * another's. Build every request of a test visitor from `headers` (or these methods): how
 * the visitor cookie is made is this helper's business.
 */
export function visitor(brand = 'bh', options: { ip?: string; userAgent?: string } = {}) {
  const id = crypto.randomUUID();
  const origin = `http://${brand}.localhost`;
  const ip = options.ip ?? freshIp();
  const headers: Record<string, string> = { cookie: `qf_aid=${id}`, 'cf-connecting-ip': ip, 'user-agent': options.userAgent ?? 'funnel-test/1.0' };
  return {
    id,
    ip,
    origin,
    headers,
    /** Any request as this visitor, to a path of the brand's origin. */
    fetch: (path: string, init: RequestInit = {}) =>
      SELF.fetch(`${origin}${path}`, { redirect: 'manual', ...init, headers: { ...headers, ...Object.fromEntries(new Headers(init.headers)) } }),
    get: (path: string) => SELF.fetch(`${origin}${path}`, { headers, redirect: 'manual' }),
    post: (path: string, fields: Record<string, string>) =>
      SELF.fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { ...headers, origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      }),
    api: (body: unknown) =>
      SELF.fetch(`${origin}/api/form/submit`, { method: 'POST', headers: { ...headers, origin, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}
export type Visitor = ReturnType<typeof visitor>;

/** HTML text with the entities React escapes turned back. */
export function decode(html: string): string {
  return html.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The hidden submission id of the step form the page shows. */
export function submissionIdOf(html: string): string {
  const id = /name="submissionId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  expect(id, 'page has a step form with a submission id').toBeDefined();
  return id ?? '';
}

/** GET the step, POST its form with `fields`, expect a 303; returns the Location. */
export async function submitStep(v: Visitor, path: string, fields: Record<string, string>): Promise<string> {
  const page = await v.get(path);
  expect(page.status, `GET ${path}`).toBe(200);
  const html = await page.text();
  expect(html).toContain(`action="${path.split('?')[0]}`);
  const res = await v.post(path, { submissionId: submissionIdOf(html), ...fields });
  expect(res.status, `POST ${path}`).toBe(303);
  return res.headers.get('location') ?? '';
}

export interface LeadRow {
  brand: string;
  page: string;
  form: string;
  product: string;
  smid: string | null;
  values: string;
  consent_version: string | null;
  consent_sha256: string | null;
  consent_text_language: string | null;
  consent_at: string | null;
  ip: string | null;
  user_agent: string | null;
  page_url: string | null;
  submission_id: string;
}

export async function leadsOf(visitorId: string): Promise<LeadRow[]> {
  const rows = await env.DB.prepare('SELECT * FROM leads WHERE visitor_id = ? ORDER BY created_at').bind(visitorId).all<LeadRow>();
  return rows.results;
}
