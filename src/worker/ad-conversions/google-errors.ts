/**
 * A Data Manager API refusal read as Google documents it ("Understand API errors"): the REST body
 * is a google.rpc.Status (`{ error: { code, message, status, details } }`), the canonical code in
 * `error.status`, the cause in an ErrorInfo detail's `reason`, the offending fields in a
 * BadRequest detail, and when to come back in a RetryInfo detail's `retryDelay`. The request is
 * fast-fail (nothing of it was stored), so a retry is always safe. Retried: UNAVAILABLE,
 * RESOURCE_EXHAUSTED, DEADLINE_EXCEEDED and INTERNAL (the client library's retry policy names the
 * first and third), an expired token (UNAUTHENTICATED: a new one is minted), and a "too recent"
 * refusal (a click or conversion action Google has not finished processing), at the RetryInfo
 * delay or six hours. Anything else is final: the same body would be refused again.
 *
 * The summary kept keeps codes, reasons and field paths, never Google's message (it may quote a
 * value we sent).
 */
export const RETRYABLE_STATUSES = new Set(['UNAVAILABLE', 'RESOURCE_EXHAUSTED', 'DEADLINE_EXCEEDED', 'INTERNAL']);
/** Google's advice for a click or conversion action too new to accept: come back in six hours. */
export const TOO_RECENT_RETRY_SECONDS = 6 * 3600;

export interface GoogleFailure {
  permanent: boolean;
  /** e.g. "INVALID_ARGUMENT INVALID_CONVERSION_ACTION_ID destinations[0].productDestinationId". */
  reason: string;
  /** When Google says to come back, in seconds; null to back off by attempt. */
  retryAfterSeconds: number | null;
  /** The bearer token was refused: drop it. */
  tokenRefused: boolean;
}

const STATUS_BY_HTTP: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  408: 'DEADLINE_EXCEEDED',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function text(value: unknown, max = 80): string | null {
  return typeof value === 'string' && value !== '' ? value.replace(/[^\w.[\]:-]/g, '').slice(0, max) : null;
}

/** "21600s" or "1.5s" (a protobuf Duration in JSON) in whole seconds. */
export function durationSeconds(value: unknown): number | null {
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(value) : null;
  return match ? Math.ceil(Number(match[1])) : null;
}

export function classifyGoogleError(httpStatus: number, body: unknown): GoogleFailure {
  const error = record(record(body)?.error);
  const status = text(error?.status) ?? STATUS_BY_HTTP[httpStatus] ?? (httpStatus >= 500 ? 'UNAVAILABLE' : 'UNKNOWN');
  const details = Array.isArray(error?.details) ? error.details.map(record) : [];
  const typed = (name: string) => details.find((d) => typeof d?.['@type'] === 'string' && d['@type'].endsWith(name));
  const reason = text(typed('google.rpc.ErrorInfo')?.reason);
  const violations = typed('google.rpc.BadRequest')?.fieldViolations;
  const fields = Array.isArray(violations)
    ? violations
        .map((v) => text(record(v)?.field))
        .filter(Boolean)
        .slice(0, 3)
    : [];
  const retryDelay = durationSeconds(typed('google.rpc.RetryInfo')?.retryDelay);
  const tooRecent = /TOO_RECENT/.test(reason ?? '');
  const tokenRefused = httpStatus === 401 || status === 'UNAUTHENTICATED';
  const retryable = RETRYABLE_STATUSES.has(status) || tooRecent || tokenRefused;
  return {
    permanent: !retryable,
    reason: [status, reason, ...fields].filter(Boolean).join(' ').slice(0, 200),
    retryAfterSeconds: retryable ? (retryDelay ?? (tooRecent ? TOO_RECENT_RETRY_SECONDS : null)) : null,
    tokenRefused,
  };
}
