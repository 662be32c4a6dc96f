/**
 * A minimal client for Sentry's envelope endpoint (also spoken by GlitchTip and other
 * Sentry-compatible services): one HTTP POST per error, no SDK. The DSN comes from the
 * SENTRY_DSN secret; an empty one disables it.
 */

export interface SentryTarget {
  url: string;
  auth: string;
  dsn: string;
}

/** `https://<key>@<host>[/<path>]/<project>` → the envelope URL and auth header; undefined if malformed. */
export function parseDsn(dsn: string): SentryTarget | undefined {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return undefined;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  if (!url.username || !project || !/^\d+$/.test(project) || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return undefined;
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return {
    url: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`,
    auth: `Sentry sentry_version=7, sentry_key=${url.username}, sentry_client=quote-funnel/1`,
    dsn,
  };
}

export interface SentryEvent {
  eventId: string;
  message: string;
  errorType: string;
  stack?: string;
  level: 'error' | 'warning';
  environment: string;
  tags: Record<string, string>;
  extra: Record<string, unknown>;
}

export function buildEnvelope(target: SentryTarget, event: SentryEvent, now = new Date()): string {
  const header = { event_id: event.eventId, sent_at: now.toISOString(), dsn: target.dsn };
  const body = {
    event_id: event.eventId,
    timestamp: now.getTime() / 1000,
    platform: 'javascript',
    level: event.level,
    environment: event.environment,
    tags: event.tags,
    extra: event.extra,
    exception: {
      values: [
        {
          type: event.errorType,
          value: event.message,
          ...(event.stack ? { stacktrace: { frames: stackFrames(event.stack) } } : {}),
        },
      ],
    },
  };
  return `${JSON.stringify(header)}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(body)}\n`;
}

/** V8 stack lines into Sentry frames (oldest first, as Sentry expects). */
function stackFrames(stack: string): { function: string; filename: string; lineno?: number; colno?: number }[] {
  const frames = [];
  for (const line of stack.split('\n').slice(1, 30)) {
    const match = /at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line.trim());
    if (match)
      frames.push({
        function: match[1] ?? '?',
        filename: match[2] ?? '?',
        lineno: Number(match[3]),
        colno: Number(match[4]),
      });
  }
  return frames.reverse();
}

/** Posts the envelope; resolves false on any failure or after timeoutMs. Never throws. */
export async function sendToSentry(
  target: SentryTarget,
  event: SentryEvent,
  timeoutMs = 2000,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  try {
    const response = await fetcher(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': target.auth },
      body: buildEnvelope(target, event),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.ok;
  } catch {
    return false;
  }
}
