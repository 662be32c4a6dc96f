/**
 * Every state-changing request passes here once, before the visitor cookie is read or set
 *:
 * - **same origin**: `Origin` must be the brand's own origin; without `Origin`,
 *   `Sec-Fetch-Site` must say `same-origin`; with neither (no browser sends a POST like that)
 *   it is refused. 403 JSON for the API, the error page for form posts. hono/csrf is not used:
 *   it checks only form content types and lets a JSON body through unchecked.
 * - **JSON APIs take JSON**: another content type on /api/* is 415 (text/plain is what a
 *   cross-site page can send without a CORS preflight).
 * - **body size while reading**: hono/body-limit counts a chunked body as it streams and
 *   stops at the limit; routes keep their own smaller limits.
 * - **clean text**: every body a handler may read (JSON, urlencoded and multipart form posts)
 *   must be valid UTF-8, and every string in it (JSON keys and values, form field names and
 *   values, a multipart part's file name) without control characters. One check for all three
 *   (formFieldsClean), refused with the same 400 `invalid_characters`, rather than stored as
 *   replacement characters or NULs: hono's parseBody reads multipart as readily as urlencoded,
 *   so a script posting the same fields as multipart must meet the same rule.
 * A refused request never reaches the visitor middleware, so it can neither create state nor
 * replace the visitor's cookies.
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';

/** Largest body any write may have; routes set smaller limits of their own. */
export const MAX_WRITE_BODY_BYTES = 64 * 1024;

/** Endpoints browsers post to on their own (CSP reports): no Origin guarantee, their own limits. */
const BROWSER_REPORT_PATHS = new Set(['/api/csp-report']);

/**
 * POSTs meant for other sites' servers: a buyer checking a lead certificate against the phone or
 * email it holds (src/worker/consent/certificate-match.ts), asking for the consent step as shown
 * with that lead's answers (src/worker/consent/snapshot-routes.ts), or claiming it with that proof
 * (src/worker/lead-log/claims.ts: it stores the claim, authenticated by the contact, not by an Origin).
 * No same-origin rule (a server sends no Origin); the body limit, JSON and clean-text rules stay.
 */
const CROSS_SITE_QUERY = /^\/certificates\/[^/]+\/(match|page|claim)$/;

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;
/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isJsonApi(c: Context<AppEnv>): boolean {
  return c.req.path.startsWith('/api/') || CROSS_SITE_QUERY.test(c.req.path);
}

function refuse(c: Context<AppEnv>, status: 400 | 403 | 413 | 415, code: string, message: string): never {
  if (isJsonApi(c)) throw new ApiError(status, code, message);
  throw new HTTPException(status, { message });
}

/** Whether the request comes from a page of the origin it is addressed to. */
export function isSameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header('origin');
  if (origin !== undefined) return origin === new URL(c.req.url).origin;
  return c.req.header('sec-fetch-site') === 'same-origin';
}

/** A string fit to store: well-formed UTF-16 and no control characters but tab and line breaks. */
export function isCleanText(text: string): boolean {
  return !CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

function everyStringClean(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isCleanText(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth > 32) return false;
  if (Array.isArray(value)) return value.every((item) => everyStringClean(item, depth + 1));
  return Object.entries(value).every(([key, item]) => isCleanText(key) && everyStringClean(item, depth + 1));
}

function decodeUtf8(bytes: ArrayBuffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The one rule for the fields of a form post, however it was encoded: names and values clean. */
function formFieldsClean(fields: Iterable<readonly [string, string]>): boolean {
  for (const [name, value] of fields) if (!isCleanText(name) || !isCleanText(value)) return false;
  return true;
}

/**
 * The fields of an urlencoded body, decoded; undefined when one does not decode as UTF-8
 * (decodeURIComponent throws; URLSearchParams would turn it into replacement characters).
 */
function urlencodedFields(body: string): Array<[string, string]> | undefined {
  const fields: Array<[string, string]> = [];
  for (const pair of body.split('&')) {
    const eq = pair.indexOf('=');
    const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    try {
      fields.push([decodeURIComponent(name.replace(/\+/g, ' ')), decodeURIComponent(value.replace(/\+/g, ' '))]);
    } catch {
      return undefined;
    }
  }
  return fields;
}

/** The fields of a multipart body as the handlers' parseBody will see them (a file part by its file name). */
async function multipartFields(request: Request): Promise<Array<[string, string]> | undefined> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return undefined; // not multipart after all: the handler's own parse refuses it
  }
  const fields: Array<[string, string]> = [];
  form.forEach((value, name) => fields.push([name, typeof value === 'string' ? value : value.name]));
  return fields;
}

const limit = bodyLimit({
  maxSize: MAX_WRITE_BODY_BYTES,
  onError: (c) =>
    refuse(c as Context<AppEnv>, 413, 'body_too_large', `Body is larger than ${MAX_WRITE_BODY_BYTES} bytes`),
});

async function checkText(c: Context<AppEnv>, type: string): Promise<void> {
  const json = JSON_TYPE.test(type);
  const multipart = MULTIPART_TYPE.test(type);
  if (!json && !multipart && !FORM_TYPE.test(type)) return;
  // Read once here; hono caches the body, so the handlers' json(), text() and parseBody() reuse it.
  const bytes = await c.req.arrayBuffer();
  // The body is read once here; later readers (a route's own body limit, the validators) get it
  // back from a buffered request with its length declared, never from the consumed stream.
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-length', String(bytes.byteLength));
  c.req.raw = new Request(c.req.raw, { body: bytes, headers });
  // A multipart body is text too here: no form of this site uploads a file.
  const text = decodeUtf8(bytes);
  if (text === undefined) refuse(c, 400, 'invalid_utf8', 'The body is not valid UTF-8');
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      return; // malformed JSON is the handler's 400 (invalid_json / invalid_request)
    }
    if (!everyStringClean(parsed))
      refuse(c, 400, 'invalid_characters', 'The body contains control characters or broken Unicode');
    return;
  }
  const fields = multipart
    ? await multipartFields(new Request(c.req.url, { method: 'POST', body: bytes, headers }))
    : urlencodedFields(text);
  if (multipart && fields === undefined) return;
  if (fields === undefined || !formFieldsClean(fields))
    refuse(c, 400, 'invalid_characters', 'The form contains control characters or broken Unicode');
}

export const writeGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHOD.test(c.req.method) || BROWSER_REPORT_PATHS.has(c.req.path)) return next();
  const crossSiteQuery = CROSS_SITE_QUERY.test(c.req.path);
  if (!crossSiteQuery && !isSameOrigin(c))
    refuse(c, 403, 'cross_origin', 'Writes are accepted only from pages of this site');
  const type = c.req.header('content-type') ?? '';
  if (isJsonApi(c) && !JSON_TYPE.test(type))
    refuse(c, 415, 'unsupported_media_type', 'The body must be application/json');
  return limit(c, async () => {
    await checkText(c, type);
    await next();
  });
});
