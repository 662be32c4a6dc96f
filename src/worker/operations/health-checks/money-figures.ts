import type { HealthContext } from './types';

/**
 * The day so far (UTC): payouts received by partner, and leads each buyer accepted. Not a check
 * (a quiet Sunday is not an incident), but the first thing to look at when one is red: money
 * still coming in, or not.
 */
export interface MoneyToday {
  day: string;
  revenueCents: number;
  payouts: { partner: string; conversions: number; cents: number }[];
  delivered: { buyer: string; leads: number }[];
}

export async function moneyToday({ env, now }: HealthContext): Promise<MoneyToday> {
  const day = now.toISOString().slice(0, 10);
  const [payouts, delivered] = await Promise.all([
    // Payouts are in the revenue store's own database (REVENUE_DB).
    env.REVENUE_DB.prepare(
      `SELECT partner, COUNT(*) AS conversions, SUM(payout_cents) AS cents FROM payouts WHERE at >= ? GROUP BY partner ORDER BY partner`,
    )
      .bind(`${day}T00:00:00.000Z`)
      .all<{ partner: string; conversions: number; cents: number }>(),
    env.DB.prepare(
      `SELECT CASE WHEN kind = 'seller' THEN 'seller:' || recipient ELSE recipient END AS buyer, COUNT(*) AS leads
       FROM lead_deliveries WHERE status = 'accepted' AND sent_at >= ? AND kind IN ('seller', 'quotewizard')
       GROUP BY buyer ORDER BY buyer`,
    )
      .bind(`${day}T00:00:00.000Z`)
      .all<{ buyer: string; leads: number }>(),
  ]);
  return {
    day,
    revenueCents: payouts.results.reduce((n, p) => n + p.cents, 0),
    payouts: payouts.results,
    delivered: delivered.results,
  };
}
