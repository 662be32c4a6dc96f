import type { WithheldBecause } from '../../shared/forms/finish';
import type { DeliveryDecision } from './delivery-decision';

/**
 * What the finish tells a visitor whose lead was kept: their own opt-out first (it is their
 * choice, and it would keep the lead whatever else happened), then a lead that only lacked the
 * check a page without JavaScript cannot run. Undefined for a delivered lead and for reasons the
 * visitor cannot act on.
 */
export function withheldBecauseOf(
  decision: Pick<DeliveryDecision, 'deliver' | 'withheld'>,
  trustReasons: readonly string[],
): WithheldBecause | undefined {
  if (decision.deliver) return undefined;
  if (decision.withheld.includes('opted_out')) return 'opted-out';
  if (decision.withheld.includes('verdict') && trustReasons.includes('turnstile-unverified')) return 'unverified';
  return undefined;
}
