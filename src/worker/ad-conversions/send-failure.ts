/** A row of D1 `ad_conversions` as the consumer reads it. */
export interface ConversionRow {
  id: string;
  platform: string;
  kind: string;
  session_id: string;
  lead_id: string | null;
  value_cents: number;
  status: string;
  created_at: string;
  transaction_id: string | null;
  event_at: string | null;
  adjusts: string | null;
}

/**
 * Why a conversion was not sent: final (`permanent`, the row says `failed` with the reason) or
 * worth another try, at `retryAfterSeconds` when the platform named a time, else by backoff.
 */
export class SendFailure extends Error {
  constructor(
    readonly permanent: boolean,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** What one send did when it threw nothing: told the platform, or sent nothing and why. */
export type Sent = { outcome: 'sent' } | { outcome: 'skipped'; why: string };
