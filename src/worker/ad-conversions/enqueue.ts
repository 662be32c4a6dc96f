import type { AdPlatform } from './message';

/** DB for the leads and REVENUE_DB for the visits read to queue a conversion; ADS_DB holds `ad_conversions` (its own D1 database). */
export type QueueEnv = Pick<Env, 'DB' | 'ADS_DB' | 'REVENUE_DB' | 'AD_CONVERSIONS' | 'LEAD_HASH_SALT'> & {
  VISITOR_COOKIE_SECRET?: string;
};

/**
 * Writes one `ad_conversions` row and sends its id on the AD_CONVERSIONS queue, once: a row id
 * already stored (a redelivered lead, a repeated postback) queues nothing. True when queued.
 */
export async function enqueue(
  env: QueueEnv,
  row: {
    id: string;
    platform: AdPlatform;
    kind: 'lead' | 'call' | 'adjustment';
    sessionId: string;
    leadId: string | null;
    valueCents: number;
    /** The id the platform dedupes on, and when the conversion happened (lead and call rows). */
    transactionId?: string;
    eventAt?: string;
    /** An adjustment: the row whose value it restates. */
    adjusts?: string;
  },
): Promise<boolean> {
  const now = new Date().toISOString();
  const inserted = await env.ADS_DB.prepare(
    `INSERT INTO ad_conversions (id, platform, kind, session_id, lead_id, value_cents, status, created_at, updated_at, transaction_id, event_at, adjusts)
     VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
  )
    .bind(
      row.id,
      row.platform,
      row.kind,
      row.sessionId,
      row.leadId,
      row.valueCents,
      now,
      now,
      row.transactionId ?? null,
      row.eventAt ?? null,
      row.adjusts ?? null,
    )
    .run();
  if ((inserted.meta.changes ?? 0) !== 1) return false;
  // JSON, not the default v8 serialisation: a dead letter must be readable by the HTTP pull API (npm run dlq:replay, on main).
  await env.AD_CONVERSIONS.send({ v: 1, id: row.id }, { contentType: 'json' });
  return true;
}
