/**
 * What follows once a partner's payout was stored or changed (a new payout or an adjustment that
 * won): the one place other effects of realized money hang from, so the postback route stays a
 * sequence of checks and adding an effect (a call payout told to the ad platforms) is one call
 * here. A repeat or a stale report changed nothing and reaches none of it. Runs after the answer
 * (waitUntil); each effect never throws.
 */
import type { Postback } from './postback-schema';
import type { PostbackResult } from './postback';
import { queuePayoutAdjustment } from '../ad-conversions/queue-conversions';

export interface AcceptedPayout {
  partner: string;
  postback: Postback;
  result: PostbackResult;
}

export function payoutChanged(result: PostbackResult): boolean {
  return result.outcome === 'recorded' || result.outcome === 'adjusted';
}

export async function onPayoutAccepted(env: Env, payout: AcceptedPayout): Promise<void> {
  const { result, partner, postback } = payout;
  if (!payoutChanged(result) || !result.sessionId) return;
  // The ad platforms learn the realized value of a converted visit.
  await queuePayoutAdjustment(env, result.sessionId, partner, postback.conversion_id);
}
