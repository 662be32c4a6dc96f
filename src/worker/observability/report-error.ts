import { redactFields, redactText } from '../../shared/redact';
import { logJson } from './log';
import { parseDsn, sendToSentry } from './sentry';

/** Where an error happened and what it was about; never personal data (it is filtered anyway). */
export interface ErrorContext {
  /** Short name of the operation, e.g. 'event.enqueue', 'queue.d1-insert', 'client.location'. */
  where: string;
  [key: string]: unknown;
}

interface ReportEnv {
  SENTRY_DSN?: string;
  ENVIRONMENT?: string;
}

function describe(err: unknown): { type: string; message: string; stack?: string } {
  // Messages and stacks can quote input (a zod issue, a browser's report): redacted like every log line.
  if (err instanceof Error)
    return {
      type: err.name,
      message: redactText(err.message.slice(0, 500)),
      ...(err.stack ? { stack: redactText(err.stack) } : {}),
    };
  return { type: 'NonError', message: redactText(String(err).slice(0, 500)) };
}

/**
 * Error reporting (spec section 8: failed event, location or ip-check calls are reported,
 * with no message to the visitor). Always a structured JSON log line; also a Sentry envelope
 * when SENTRY_DSN is set. Never throws and never takes longer than the Sentry timeout, so
 * callers can hand it to waitUntil without a catch.
 */
export async function reportError(env: ReportEnv, err: unknown, context: ErrorContext): Promise<void> {
  const error = describe(err);
  const extra = redactFields(context);
  try {
    logJson('error', error.message, { errorType: error.type, ...extra });
  } catch {
    // A log line that cannot be serialized must not turn into a second error.
  }
  const dsn = env.SENTRY_DSN?.trim();
  if (!dsn) return;
  const target = parseDsn(dsn);
  if (!target) {
    logJson('warn', 'SENTRY_DSN is set but is not a valid DSN; errors go to logs only', { where: 'observability' });
    return;
  }
  await sendToSentry(target, {
    eventId: crypto.randomUUID().replace(/-/g, ''),
    message: error.message,
    errorType: error.type,
    ...(error.stack ? { stack: error.stack } : {}),
    level: 'error',
    environment: env.ENVIRONMENT ?? 'development',
    tags: { where: context.where },
    extra,
  });
}
