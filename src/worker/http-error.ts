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

/** A page-level not-found with the spec's message ('Page Not Found: {path}'). */
export class PageNotFound extends HTTPException {
  constructor(readonly path: string, status = 404) {
    super(sanitizeStatusCode(status, 404) as ContentfulStatusCode, { message: `Page Not Found: ${path}` });
  }
}
