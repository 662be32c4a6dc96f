/**
 * Accepting one payout (the path both a partner's postback and the daily report pull take):
 * idempotent by (partner, conversion_id), an adjustment replaces the payout and is recorded,
 * and the payout is attributed to a visit: a call through the lease history (the visit that
 * held that number at `at`), a click or lead through the ref the product issued. A payout that
 * finds no visit is kept with no session and reported as unattributed.
 */
import { visitHoldingNumber } from './lease-history';
import { toCents } from './money';
import type { Postback } from './postback-schema';

export type PostbackOutcome = 'recorded' | 'duplicate' | 'adjusted';

export interface PostbackResult {
  outcome: PostbackOutcome;
  attributed: boolean;
  /** The attributed visit (session id), for the ad platforms' value adjustment. */
  sessionId: string | null;
  payoutCents: number;
}

async function attribute(
  db: D1Database,
  postback: Postback,
  at: string,
): Promise<{ sessionId: string | null; by: 'lease' | 'ref' | null }> {
  if (postback.type === 'call' && postback.phone) {
    const session = await visitHoldingNumber(db, postback.phone.slice(1), at);
    if (session) return { sessionId: session, by: 'lease' };
  }
  if (postback.ref) {
    const row = await db
      .prepare('SELECT session_id FROM visit_values WHERE ref = ?')
      .bind(postback.ref)
      .first<{ session_id: string }>();
    if (row) return { sessionId: row.session_id, by: 'ref' };
  }
  return { sessionId: null, by: null };
}

export async function acceptPostback(
  db: D1Database,
  partner: string,
  postback: Postback,
  now = new Date(),
): Promise<PostbackResult> {
  const cents = toCents(postback.payout);
  const at = new Date(postback.at).toISOString();
  const received = now.toISOString();
  const existing = await db
    .prepare('SELECT payout_cents, session_id FROM payouts WHERE partner = ? AND conversion_id = ?')
    .bind(partner, postback.conversion_id)
    .first<{ payout_cents: number; session_id: string | null }>();
  if (!existing) {
    const { sessionId, by } = await attribute(db, postback, at);
    const inserted = await db
      .prepare(
        `INSERT INTO payouts (partner, conversion_id, type, payout_cents, at, phone, ref, session_id, attributed_by, received_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (partner, conversion_id) DO NOTHING RETURNING conversion_id`,
      )
      .bind(
        partner,
        postback.conversion_id,
        postback.type,
        cents,
        at,
        postback.phone ?? null,
        postback.ref ?? null,
        sessionId,
        by,
        received,
        received,
      )
      .all();
    // RETURNING, not meta.changes: the changes count includes what the triggers wrote.
    if (inserted.results.length === 1)
      return { outcome: 'recorded', attributed: sessionId !== null, sessionId, payoutCents: cents };
    // A concurrent delivery of the same conversion won the insert: this one is an adjustment or a repeat.
    return acceptPostback(db, partner, postback, now);
  }
  // The adjustment row and the new payout in one transaction; a repeat (same payout) changes nothing.
  const [, updated] = await db.batch([
    db
      .prepare(
        `INSERT INTO payout_adjustments (partner, conversion_id, received_at, previous_cents, payout_cents)
         SELECT partner, conversion_id, ?, payout_cents, ? FROM payouts
         WHERE partner = ? AND conversion_id = ? AND payout_cents <> ?
         ON CONFLICT DO NOTHING`,
      )
      .bind(received, cents, partner, postback.conversion_id, cents),
    db
      .prepare(
        `UPDATE payouts SET payout_cents = ?, adjustments = adjustments + 1, updated_at = ?
         WHERE partner = ? AND conversion_id = ? AND payout_cents <> ? RETURNING conversion_id`,
      )
      .bind(cents, received, partner, postback.conversion_id, cents),
  ]);
  const adjusted = (updated?.results.length ?? 0) === 1;
  return {
    outcome: adjusted ? 'adjusted' : 'duplicate',
    attributed: existing.session_id !== null,
    sessionId: existing.session_id,
    payoutCents: cents,
  };
}
