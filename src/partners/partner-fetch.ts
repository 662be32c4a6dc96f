import type { z } from 'zod';
import { redactFields } from '../shared/redact';

/**
 * Every partner call goes through here: a hard timeout (AbortSignal.timeout), the reply
 * read as text and parsed with zod, and one error type whose message names the partner and
 * what went wrong but never carries the request or reply body (they hold personal data).
 */
export type PartnerFailure = 'timeout' | 'network' | 'http' | 'malformed';

export class PartnerError extends Error {
  constructor(
    readonly partner: string,
    readonly failure: PartnerFailure,
    readonly status?: number,
  ) {
    super(`${partner}: ${failure}${status === undefined ? '' : ` ${status}`}`);
    this.name = 'PartnerError';
  }
}

export interface PartnerRequest {
  partner: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  timeoutMs: number;
}

/** PARTNER_TIMEOUT_MS from wrangler.toml, bounded so a typo cannot hang a visitor. */
export function partnerTimeoutMs(env: Pick<Env, 'PARTNER_TIMEOUT_MS'>): number {
  const ms = Number(env.PARTNER_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 10_000) : 1200;
}

export async function partnerJson<S extends z.ZodType>(request: PartnerRequest, schema: S): Promise<z.infer<S>> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let text: string;
  let status: number;
  try {
    const response = await fetch(request.url, {
      method: request.method ?? (request.json === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      signal,
    });
    status = response.status;
    // The body read shares the timeout: a partner that sends headers then stalls is as slow as one that never answers.
    text = await response.text();
  } catch (error) {
    throw new PartnerError(request.partner, signal.aborted || isTimeout(error) ? 'timeout' : 'network');
  }
  if (status < 200 || status > 299) throw new PartnerError(request.partner, 'http', status);
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch {
    throw new PartnerError(request.partner, 'malformed', status);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new PartnerError(request.partner, 'malformed', status);
  return parsed.data;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Logs a partner failure without personal data: partner, failure kind, status, a context label. */
export function logPartnerFailure(context: string, error: unknown): void {
  const detail =
    error instanceof PartnerError
      ? { partner: error.partner, failure: error.failure, status: error.status }
      : { failure: error instanceof Error ? error.name : 'unknown' };
  console.warn(JSON.stringify({ level: 'warn', msg: 'partner call failed', context, ...redactFields(detail) }));
}
