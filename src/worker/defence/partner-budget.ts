import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { trackFromServer } from '../tracking/enqueue';
import type { BudgetLimits, SpendOutcome } from './partner-budget-do';

/**
 * A spend budget per paid partner and brand: how many paid calls (MediaAlpha get-phone, ads,
 * demand check) the brand may make a minute and an hour, whoever asks. The rate limits bound
 * one client; this bounds them all together, so a flood from many networks, or a bug calling
 * in a loop, costs at most the budget. A spent budget answers as an open breaker does (the
 * default number, no offers, no demand figure) and emits one `partnerBudgetSpent` event per
 * spent window, for the whole deployment (the counter is one Durable Object per partner and
 * brand, partner-budget-do.ts).
 *
 * The budgets are data: the PARTNER_BUDGETS var (wrangler.toml), JSON of
 * `{ "*": { partner: { perMinute, perHour } }, brandCode: { partner: {...} } }`; a brand's own
 * entry for a partner replaces the default one. A partner without a budget (QuoteWizard: a
 * lead post, not a paid call) is never counted. A budget that does not parse falls back to
 * DEFAULT_BUDGETS and says so in the log: a typo must not turn the cap off.
 */
export type BudgetedPartner = 'mediaalpha' | 'ipqs';

const limitsSchema = z.strictObject({
  perMinute: z.number().int().min(0),
  perHour: z.number().int().min(0),
});
const partnerLimitsSchema = z.partialRecord(z.enum(['mediaalpha', 'ipqs']), limitsSchema);
export const partnerBudgetsSchema = z.record(z.string().regex(/^(\*|[a-z0-9]{1,16})$/), partnerLimitsSchema);
export type PartnerBudgets = z.infer<typeof partnerBudgetsSchema>;

/** What wrangler.toml ships: generous for real traffic, a hard stop for a runaway. */
export const DEFAULT_BUDGETS: PartnerBudgets = { '*': { mediaalpha: { perMinute: 600, perHour: 20_000 } } };

let parsedFor: { text: string; budgets: PartnerBudgets } | undefined;

export function partnerBudgets(env: Pick<Env, 'PARTNER_BUDGETS'>): PartnerBudgets {
  const text = env.PARTNER_BUDGETS ?? '';
  if (parsedFor?.text === text) return parsedFor.budgets;
  let budgets = DEFAULT_BUDGETS;
  try {
    const parsed = partnerBudgetsSchema.safeParse(JSON.parse(text));
    if (parsed.success) budgets = parsed.data;
    else
      logJson('error', 'PARTNER_BUDGETS does not match its schema; default budgets apply', { where: 'defence.budget' });
  } catch {
    logJson('error', 'PARTNER_BUDGETS is not JSON; default budgets apply', { where: 'defence.budget' });
  }
  parsedFor = { text, budgets };
  return budgets;
}

/** The budget of a partner for a brand, or null when its calls are not budgeted. */
export function budgetFor(budgets: PartnerBudgets, brand: string, partner: BudgetedPartner): BudgetLimits | null {
  return budgets[brand]?.[partner] ?? budgets['*']?.[partner] ?? null;
}

/** One counted call: `refund()` gives it back when no call was made after all. */
export interface BudgetSpend {
  allowed: boolean;
  refund(): void;
}

const NOTHING_TO_REFUND: BudgetSpend = { allowed: true, refund: () => undefined };

/**
 * Counts one paid call of `partner` for this request's brand. False when the budget is spent
 * (the caller answers with its default); a counter that cannot be reached lets the call
 * through, as a failing rate limiter does (our outage must not take the visitor's number).
 */
export async function spendBudget(c: Context<AppEnv>, partner: BudgetedPartner): Promise<BudgetSpend> {
  const brand = c.var.brand.id;
  const limits = budgetFor(partnerBudgets(c.env), brand, partner);
  if (!limits) return NOTHING_TO_REFUND;
  const stub = c.env.PARTNER_BUDGET.get(c.env.PARTNER_BUDGET.idFromName(`${partner}:${brand}`));
  let outcome: SpendOutcome;
  try {
    outcome = await stub.spend(limits);
  } catch (error) {
    logJson('error', 'partner budget unavailable; call let through', {
      where: 'defence.budget',
      partner,
      error: error instanceof Error ? error.message : 'unknown',
    });
    return NOTHING_TO_REFUND;
  }
  if (outcome.allowed) {
    const { at } = outcome;
    return { allowed: true, refund: () => c.executionCtx.waitUntil(stub.refund(at).catch(() => undefined)) };
  }
  if (outcome.firstRefusal) {
    logJson('warn', 'partner budget spent', { where: 'defence.budget', partner, brand, window: outcome.window });
    trackFromServer(c, 'partnerBudgetSpent', {
      partner,
      window: outcome.window,
      limit: outcome.limit,
      retryInMs: outcome.retryInMs,
    });
  }
  return { allowed: false, refund: () => undefined };
}
