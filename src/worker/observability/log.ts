import { stripPersonal } from '../../shared/tracking/strip-personal';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * One JSON line per log record, read with `wrangler tail` (or Workers Logs). Fields pass
 * through the personal-field filter, so a careless caller cannot log a name or an email.
 */
export function logJson(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const record = { level, message, time: new Date().toISOString(), ...(stripPersonal(fields) as Record<string, unknown>) };
  const line = JSON.stringify(record);
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}
