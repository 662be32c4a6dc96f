/**
 * Observability: structured JSON logs (read with `wrangler tail`) and optional
 * Sentry-compatible error reports when the SENTRY_DSN secret is set. No personal data.
 */
export { logJson, type LogLevel } from './log';
export { reportError, type ErrorContext } from './report-error';
export { parseDsn } from './sentry';
