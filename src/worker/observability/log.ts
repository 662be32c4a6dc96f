import { redactFields, redactText } from '../../shared/redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * One JSON line per log record, read with `wrangler tail` (or Workers Logs). The message and
 * every field pass through the one redaction (src/shared/redact.ts), so a careless caller
 * cannot log a name, an email or a phone number, not even inside an error message.
 */
export function logJson(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const record = { level, message: redactText(message), time: new Date().toISOString(), ...redactFields(fields) };
  const line = JSON.stringify(record);
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}
