import type { Context } from 'hono';
import type { PhoneLeaseResult } from '../../partners/mediaalpha/phone-lease';
import { PartnerError } from '../../partners/partner-fetch';
import type { AppEnv } from '../env';
import { partnerBreakers, type BreakerPartner } from './breaker';
import { withheldVerdicts } from './delivery-policy';
import { recordMetric, timedPartnerCall } from '../operations/metrics';

/**
 * Partner calls through their circuit breaker (breaker.ts). A skipped call throws
 * PartnerError(partner, 'unavailable'-like 'network'), which every call site already turns
 * into its default (no bid, empty offers, the default number).
 */
export class PartnerUnavailable extends PartnerError {
  constructor(partner: string) {
    super(partner, 'network');
    this.name = 'PartnerUnavailable';
    this.message = `${partner}: circuit breaker open`;
  }
}

/** Whether an error is the partner's fault (counts toward opening its breaker). */
export function isPartnerFault(error: unknown): boolean {
  if (error instanceof PartnerUnavailable) return false;
  if (!(error instanceof PartnerError)) return false;
  if (error.failure !== 'http') return true;
  return error.status === undefined || error.status >= 500 || error.status === 429;
}

export async function throughBreaker<T>(
  c: Context<AppEnv>,
  partner: BreakerPartner,
  call: () => Promise<T>,
): Promise<T> {
  const breakers = partnerBreakers(c);
  if (!(await breakers.allows(partner))) throw new PartnerUnavailable(partner);
  try {
    const result = await timedPartnerCall(c.env, partner, call, isPartnerFault);
    c.executionCtx.waitUntil(breakers.record(partner, true));
    return result;
  } catch (error) {
    if (isPartnerFault(error)) c.executionCtx.waitUntil(breakers.record(partner, false));
    throw error;
  }
}

/**
 * get-phone: the call runs in the visitor's Durable Object, so the breaker is consulted here
 * (the request's location) and told the outcome the object reports. A `bot` lead's visitor is
 * withheld unless DELIVER_BOT_LEADS says otherwise, a `suspect` one only when DELIVER_SUSPECT_LEADS
 * is "false" (delivery-policy.ts).
 */
export async function phoneCallGuard(c: Context<AppEnv>) {
  const breakers = partnerBreakers(c);
  const mayCall = await breakers.allows('mediaalpha');
  return {
    args: { mayCall, withhold: withheldVerdicts(c.env) },
    settle(result: PhoneLeaseResult): void {
      if (result.partnerOk !== undefined) c.executionCtx.waitUntil(breakers.record('mediaalpha', result.partnerOk));
      if (result.partnerOk !== undefined)
        recordMetric(c.env, result.partnerOk ? 'partner.ok' : 'partner.error', 'mediaalpha');
    },
  };
}
