import type { Context } from 'hono';
import type { PhoneLeaseResult } from '../../partners/mediaalpha/phone-lease';
import { PartnerError } from '../../partners/partner-fetch';
import type { AppEnv } from '../env';
import { partnerBreakers, type BreakerPartner } from './breaker';
import { withheldVerdicts } from './delivery-policy';
import { spendBudget, type BudgetedPartner } from './partner-budget';
import { recordMetric, timedPartnerCall } from '../operations/metrics';

/**
 * Partner calls through their circuit breaker (breaker.ts) and, for a paid partner, its spend
 * budget (partner-budget.ts): every paid call passes here. A skipped call throws
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

/** A call skipped because the partner's spend budget is spent; not the partner's fault. */
export class PartnerBudgetSpent extends PartnerUnavailable {
  constructor(partner: string) {
    super(partner);
    this.name = 'PartnerBudgetSpent';
    this.message = `${partner}: spend budget spent`;
  }
}

const isBudgeted = (partner: BreakerPartner): partner is BudgetedPartner =>
  partner === 'mediaalpha' || partner === 'ipqs';

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
  // Counted only once the breaker lets the call go: a skipped call costs nothing.
  if (isBudgeted(partner) && !(await spendBudget(c, partner)).allowed) throw new PartnerBudgetSpent(partner);
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
 * get-phone: the call runs in the visitor's Durable Object, so the breaker and the budget are
 * consulted here (the request's location) and told the outcome the object reports. The budget
 * counts the call before the object decides; when the object made none (it showed the
 * visitor's stored lease, or had no placement) the count is given back. A `bot` lead's visitor
 * gets the default number with no partner call; any other withheld lead's visitor still gets a
 * leased number (the call is the conversion), its request carrying nothing personal (delivery-policy.ts).
 */
export async function phoneCallGuard(c: Context<AppEnv>) {
  const breakers = partnerBreakers(c);
  const breakerAllows = await breakers.allows('mediaalpha');
  const budget = breakerAllows ? await spendBudget(c, 'mediaalpha') : null;
  return {
    args: { mayCall: breakerAllows && budget?.allowed === true, withhold: withheldVerdicts() },
    settle(result: PhoneLeaseResult): void {
      if (result.partnerOk !== undefined) c.executionCtx.waitUntil(breakers.record('mediaalpha', result.partnerOk));
      else if (budget?.allowed) budget.refund();
      if (result.partnerOk !== undefined)
        recordMetric(c.env, result.partnerOk ? 'partner.ok' : 'partner.error', 'mediaalpha');
    },
  };
}
