import { PartnerError } from '../../partners/partner-fetch';

/** wrangler.toml `max_retries` of the LEAD_DELIVERY consumer; deliveries = retries + 1. */
export const LEAD_DELIVERY_MAX_RETRIES = 5;
/** A `sending` claim older than this belongs to a consumer that died mid-call. */
export const STALE_CLAIM_MS = 60_000;

export type DeliveryOutcome =
  | 'accepted'
  | 'rejected'
  | 'failed'
  | 'not_applicable'
  | 'disabled'
  | 'withheld'
  | 'already-final'
  | 'in-flight'
  | 'retry'
  | 'missing';

/** Retry delay by attempt: 10 s, 20 s, 40 s, 80 s, 160 s, capped at 5 minutes. */
export function deliveryRetryDelaySeconds(attempts: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));
}

/** Why a call failed, as stored on the row: timeout, network, http 503, malformed (never a body). */
export function failureText(error: unknown): string {
  if (error instanceof PartnerError)
    return error.failure === 'http' ? `http ${error.status ?? ''}`.trim() : error.failure;
  return error instanceof Error ? error.name : 'unknown';
}

/** The buyer said our request was wrong: retrying the same body cannot help. */
export function isPermanentPartnerRefusal(error: unknown): boolean {
  return (
    error instanceof PartnerError &&
    error.failure === 'http' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** The public address of a lead's certificate, on the host the lead came from (buyers fetch and verify it). */
export function certificateUrl(pageUrl: string | null, id: string): string {
  try {
    return new URL(`/certificates/${id}`, pageUrl ?? '').href;
  } catch {
    return `/certificates/${id}`;
  }
}
