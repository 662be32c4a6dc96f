import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Spec section 5: a status code outside 100 to 999 falls back to 200. */
export function sanitizeStatusCode(code: unknown, fallback = 200): number {
  return typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 999 ? code : fallback;
}

/** An /api/* error: always JSON `{ error: { code, message, issues? } }`, never a stack trace. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: unknown,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(status, { message });
  }
}

/**
 * The one writer of an API error's JSON: `{ error: { code, message, issues? } }` with the
 * error's status and headers. onError answers a thrown ApiError with it; a handler or
 * middleware that returns its error instead of throwing calls it too.
 */
export function apiErrorResponse(c: Context, err: ApiError): Response {
  const error = { code: err.code, message: err.message, ...(err.issues === undefined ? {} : { issues: err.issues }) };
  return c.json({ error }, err.status, err.headers);
}

/** A page-level not-found with the spec's message ('Page Not Found: {path}'). */
export class PageNotFound extends HTTPException {
  constructor(
    readonly path: string,
    status = 404,
  ) {
    super(sanitizeStatusCode(status, 404) as ContentfulStatusCode, { message: `Page Not Found: ${path}` });
  }
}
