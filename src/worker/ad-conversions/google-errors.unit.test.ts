import { describe, expect, it } from 'vitest';
import { classifyGoogleError, durationSeconds, TOO_RECENT_RETRY_SECONDS } from './google-errors';
import { retryDelaySeconds } from './consumer';

/** Google's error model as the consumer reads it: what is retried, when, and what is final. */
const status = (code: number, name: string, details: unknown[] = []) => ({
  error: { code, message: 'a message that may quote a value', status: name, details },
});
const info = (reason: string) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'datamanager.googleapis.com',
});

describe('classifyGoogleError', () => {
  it('retries the transient codes by backoff', () => {
    for (const [http, name] of [
      [503, 'UNAVAILABLE'],
      [429, 'RESOURCE_EXHAUSTED'],
      [504, 'DEADLINE_EXCEEDED'],
      [500, 'INTERNAL'],
    ] as const)
      expect(classifyGoogleError(http, status(http, name))).toEqual({
        permanent: false,
        reason: name,
        retryAfterSeconds: null,
        tokenRefused: false,
      });
    // A gateway that answers without Google's body is read by its HTTP status.
    expect(classifyGoogleError(502, null)).toMatchObject({ permanent: false, reason: 'UNAVAILABLE' });
  });

  it('retries at the time Google names, and a "too recent" refusal after six hours without one', () => {
    const named = status(429, 'RESOURCE_EXHAUSTED', [
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '30s' },
    ]);
    expect(classifyGoogleError(429, named)).toMatchObject({ permanent: false, retryAfterSeconds: 30 });
    expect(
      classifyGoogleError(400, status(400, 'FAILED_PRECONDITION', [info('TOO_RECENT_CONVERSION_ACTION')])),
    ).toMatchObject({
      permanent: false,
      reason: 'FAILED_PRECONDITION TOO_RECENT_CONVERSION_ACTION',
      retryAfterSeconds: TOO_RECENT_RETRY_SECONDS,
    });
    expect(durationSeconds('1.5s')).toBe(2);
    expect(durationSeconds('soon')).toBeNull();
  });

  it('drops a refused token and tries again with a new one', () => {
    expect(classifyGoogleError(401, status(401, 'UNAUTHENTICATED'))).toMatchObject({
      permanent: false,
      tokenRefused: true,
    });
  });

  it("keeps a refusal final, with Google's code, reason and fields but never its message", () => {
    const refused = status(400, 'INVALID_ARGUMENT', [
      info('INVALID_CONVERSION_ACTION_ID'),
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: [{ field: 'destinations[0].productDestinationId', description: 'x' }],
      },
    ]);
    const failure = classifyGoogleError(400, refused);
    expect(failure).toEqual({
      permanent: true,
      reason: 'INVALID_ARGUMENT INVALID_CONVERSION_ACTION_ID destinations[0].productDestinationId',
      retryAfterSeconds: null,
      tokenRefused: false,
    });
    expect(failure.reason).not.toContain('message');
    expect(classifyGoogleError(403, status(403, 'PERMISSION_DENIED'))).toMatchObject({ permanent: true });
  });

  it('delays a queue retry by what Google named, within the 12 hours Queues allow', () => {
    expect(retryDelaySeconds(1, 21_600)).toBe(21_600);
    expect(retryDelaySeconds(1, 86_400)).toBe(43_200);
    expect(retryDelaySeconds(3, null)).toBe(40);
  });
});
