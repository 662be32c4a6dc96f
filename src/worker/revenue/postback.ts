/**
 * Accepting one payout (the path both a partner's postback and the daily report pull take):
 * idempotent by (partner, conversion_id), an adjustment replaces the payout and is recorded
 * when it is newer than the value stored (its `version`: the body's adjusted_at, else the signed
 * time), so a late or re-sent older report never undoes a newer one; and the payout is attributed to a visit: a call through the lease history (the visit that
 * held that number at `at`), a click or lead through the ref the product issued. A payout that
 * finds no visit is kept with no session and reported as unattributed.
 */
import { toCents } from './money';
import type { Postback } from './postback-schema';

/** `stale`: an older (or same-time, different) report of a payout already stored; nothing changed. */
export type PostbackOutcome = 'recorded' | 'duplicate' | 'adjusted' | 'stale';

export interface PostbackResult {
  outcome: PostbackOutcome;
  attributed: boolean;
  /** The attributed visit (session id), for the ad platforms' value adjustment. */
  sessionId: string | null;
  payoutCents: number;
  /** The payout stored after this postback (for `stale`, the newer one that stays). */
  storedCents: number;
}

/**
 * The visit whose lease of the number covered the call's time. The lease history is in a D1
 * database of its own (LEASES_DB), so it is read before the payout's insert, which takes the
 * session found (docs/decisions/0341-the-revenue-store-in-a-database-of-its-own.md).
 */
async function leaseSessionOf(leases: D1Database, postback: Postback, at: string): Promise<string | null> {
  if (postback.type !== 'call' || !postback.phone) return null;
  const row = await leases
    .prepare(
      'SELECT session_id FROM phone_leases WHERE number = ?1 AND leased_at <= ?2 AND expires_at > ?2 ORDER BY leased_at DESC LIMIT 1',
    )
    .bind(postback.phone.slice(1), at)
    .first<{ session_id: string }>();
  return row?.session_id ?? null;
}

/**
 * The insert of a new payout with its attribution worked out in the same statement (one round
 * trip to the revenue store for the common case, a new conversion): a call by the lease that
 * covered `at` for that number (?2, read from LEASES_DB), else (any type) by the ref. Nothing is
 * returned when the conversion is already stored.
 */
const INSERT_ATTRIBUTED = `
WITH lease AS (
  SELECT ?2 AS session_id WHERE ?2 IS NOT NULL
), by_ref AS (
  SELECT session_id FROM visit_values WHERE ref = ?4
)
INSERT INTO payouts (partner, conversion_id, type, payout_cents, at, phone, ref, session_id, attributed_by, received_at, updated_at, version_at)
SELECT ?5, ?6, ?1, ?7, ?3, ?8, ?4,
  COALESCE((SELECT session_id FROM lease), (SELECT session_id FROM by_ref)),
  CASE WHEN (SELECT session_id FROM lease) IS NOT NULL THEN 'lease' WHEN (SELECT session_id FROM by_ref) IS NOT NULL THEN 'ref' END,
  ?9, ?9, ?10
WHERE true
ON CONFLICT (partner, conversion_id) DO NOTHING
RETURNING session_id`;

export async function acceptPostback(
  { REVENUE_DB: db, LEASES_DB: leases }: Pick<Env, 'REVENUE_DB' | 'LEASES_DB'>,
  partner: string,
  postback: Postback,
  /** The time of this report's payout value: the body's adjusted_at, else the signed time. */
  version: Date,
  now = new Date(),
): Promise<PostbackResult> {
  const cents = toCents(postback.payout);
  const at = new Date(postback.at).toISOString();
  const received = now.toISOString();
  const versionAt = version.toISOString();
  // RETURNING, not meta.changes: the changes count includes what the triggers wrote.
  const inserted = await db
    .prepare(INSERT_ATTRIBUTED)
    .bind(
      postback.type,
      await leaseSessionOf(leases, postback, at),
      at,
      postback.ref ?? null,
      partner,
      postback.conversion_id,
      cents,
      postback.phone ?? null,
      received,
      versionAt,
    )
    .all<{ session_id: string | null }>();
  const row = inserted.results[0];
  if (row)
    return {
      outcome: 'recorded',
      attributed: row.session_id !== null,
      sessionId: row.session_id,
      payoutCents: cents,
      storedCents: cents,
    };
  // Stored before. A newer report with another payout is an adjustment: its row and the new payout
  // in one transaction. A newer report with the same payout only moves the version forward (an
  // older report in between must still lose to it). An older one changes nothing.
  const [adjustment, , stored] = await db.batch<{
    session_id?: string | null;
    payout_cents?: number;
    version_at?: string;
  }>([
    db
      .prepare(
        `INSERT INTO payout_adjustments (partner, conversion_id, received_at, previous_cents, payout_cents)
         SELECT partner, conversion_id, ?, payout_cents, ? FROM payouts
         WHERE partner = ? AND conversion_id = ? AND payout_cents <> ? AND version_at < ?
         ON CONFLICT DO NOTHING`,
      )
      .bind(received, cents, partner, postback.conversion_id, cents, versionAt),
    db
      .prepare(
        `UPDATE payouts SET adjustments = adjustments + (payout_cents <> ?1), payout_cents = ?1, version_at = ?2, updated_at = ?3
         WHERE partner = ?4 AND conversion_id = ?5 AND version_at < ?2`,
      )
      .bind(cents, versionAt, received, partner, postback.conversion_id),
    db
      .prepare('SELECT session_id, payout_cents, version_at FROM payouts WHERE partner = ? AND conversion_id = ?')
      .bind(partner, postback.conversion_id),
  ]);
  const adjusted = (adjustment?.meta.changes ?? 0) > 0;
  const current = stored?.results[0];
  const sessionId = current?.session_id ?? null;
  const storedCents = current?.payout_cents ?? cents;
  return {
    outcome: adjusted ? 'adjusted' : storedCents === cents ? 'duplicate' : 'stale',
    attributed: sessionId !== null,
    sessionId,
    payoutCents: cents,
    storedCents,
  };
}
