/**
 * The history of leased numbers (D1 `phone_leases`). The visitor's Durable Object keeps only
 * the current lease and replaces it when it expires; a call payout can arrive days later, so
 * each new lease is also written here with its visit, and a payout for number N at time T finds
 * the visit whose lease of N covered T.
 */
import type { Context } from 'hono';
import type { PhoneLease } from '../../shared/phone/lease';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { noteVisitValue, visitDimensions } from './visit-value';

/** Records a lease the partner just made for this request's visit (waitUntil; never throws). */
export function noteLeaseMade(c: Context<AppEnv>, page: string | null | undefined, lease: PhoneLease): void {
  const visit = visitDimensions(c, page);
  if (!visit) return;
  const leasedAt = new Date().toISOString();
  c.executionCtx.waitUntil(
    c.env.LEASES_DB.prepare('INSERT INTO phone_leases (number, leased_at, expires_at, session_id) VALUES (?, ?, ?, ?)')
      .bind(lease.value, leasedAt, new Date(lease.expirationDate).toISOString(), visit.sessionId)
      .run()
      .catch((error: unknown) =>
        logJson('warn', 'lease history not recorded', {
          where: 'revenue.lease-history',
          error: error instanceof Error ? error.message : 'unknown',
        }),
      ),
  );
  // The visit needs its value row for a call payout to land on.
  void noteVisitValue(c, page, null);
}
