import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';
import { trackFromServer } from '../tracking/enqueue';
import { budgetNetworks } from './client-network';
import type { BudgetScope, SpendOutcome } from './partner-budget-do';

/**
 * A spend budget per paid partner: how many paid calls (MediaAlpha get-phone, ads, demand
 * check) may be made a minute and an hour, counted for the brand, across all brands, and for
 * the network the client calls from. The rate limits bound one client; the brand budget bounds
 * them all together, so a flood from many networks, or a bug calling in a loop, costs at most
 * the budget; the network budget (each of the client's IPv6 /64, /56 and /48, or its IPv4 /24,
 * counted across every brand) keeps one network from spending a brand's whole budget, and the
 * brand's reserve keeps a share of it for quiet networks, so honest visitors still get numbers
 * while someone spends. A spent budget answers as an open breaker does (the default number, no
 * offers, no demand figure) and emits one `partnerBudgetSpent` event per spent window, for the
 * whole deployment (the counter is one Durable Object per partner, partner-budget-do.ts).
 *
 * The budgets are data: the PARTNER_BUDGETS var (wrangler.toml), JSON of
 * `{ "*": { partner: { perMinute, perHour, network?, reserve? } }, brandCode: { partner: {...} },
 *    "@all": { partner: { perMinute, perHour } } }`; a brand's own entry for a partner replaces
 * the default one. A partner without a budget (QuoteWizard: a lead post, not a paid call) is
 * never counted. A budget that does not parse falls back to DEFAULT_BUDGETS and says so in the
 * log: a typo must not turn the cap off.
 */
export type BudgetedPartner = 'mediaalpha' | 'ipqs';

const limitsSchema = z.strictObject({
  perMinute: z.number().int().min(0),
  perHour: z.number().int().min(0),
});
const brandLimitsSchema = limitsSchema.extend({
  /** What any one network (IPv6 /64, /56, /48; IPv4 /24) may spend, counted across every brand. */
  network: limitsSchema.optional(),
  /** The share of the brand's budget only quiet networks may use (0 to 0.9). */
  reserve: z.number().min(0).max(0.9).optional(),
});
const partnerLimitsSchema = z.partialRecord(z.enum(['mediaalpha', 'ipqs']), brandLimitsSchema);
export const partnerBudgetsSchema = z.record(z.string().regex(/^(\*|@all|[a-z0-9]{1,16})$/), partnerLimitsSchema);
export type PartnerBudgets = z.infer<typeof partnerBudgetsSchema>;
export type BrandBudget = z.infer<typeof brandLimitsSchema>;

/**
 * What wrangler.toml ships: generous for real traffic, a hard stop for a runaway. A network gets
 * 30 calls a minute (a busy office or a carrier's NAT, not one person); a fifth of a brand's
 * budget is kept for quiet networks; all brands together get what five brands' budgets would.
 */
export const DEFAULT_BUDGETS: PartnerBudgets = {
  '*': {
    mediaalpha: { perMinute: 600, perHour: 20_000, network: { perMinute: 30, perHour: 300 }, reserve: 0.2 },
  },
  '@all': { mediaalpha: { perMinute: 3_000, perHour: 100_000 } },
};

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
export function budgetFor(budgets: PartnerBudgets, brand: string, partner: BudgetedPartner): BrandBudget | null {
  return budgets[brand]?.[partner] ?? budgets['*']?.[partner] ?? null;
}

/** Every scope one paid call of the brand, from this client ip, is counted in. */
export function budgetScopes(
  budgets: PartnerBudgets,
  brand: string,
  partner: BudgetedPartner,
  ip: string,
): BudgetScope[] {
  const own = budgetFor(budgets, brand, partner);
  if (!own) return [];
  const scopes: BudgetScope[] = [
    { key: `brand:${brand}`, kind: 'brand', limits: own, ...(own.reserve ? { reserve: own.reserve } : {}) },
  ];
  const all = budgets['@all']?.[partner];
  if (all) scopes.push({ key: 'all', kind: 'all', limits: all, ...(all.reserve ? { reserve: all.reserve } : {}) });
  if (own.network)
    for (const net of budgetNetworks(ip)) scopes.push({ key: `net:${net}`, kind: 'network', limits: own.network });
  return scopes;
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
  const ip = c.req.header('cf-connecting-ip') ?? '';
  const scopes = budgetScopes(partnerBudgets(c.env), brand, partner, ip);
  if (scopes.length === 0) return NOTHING_TO_REFUND;
  const stub = c.env.PARTNER_BUDGET.get(c.env.PARTNER_BUDGET.idFromName(partner));
  let outcome: SpendOutcome;
  try {
    outcome = await stub.spend(scopes);
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
    const keys = scopes.map((s) => s.key);
    return { allowed: true, refund: () => c.executionCtx.waitUntil(stub.refund(at, keys).catch(() => undefined)) };
  }
  if (outcome.firstRefusal) {
    // The scope's kind only: a network's prefix is part of an address and stays out of logs and events.
    logJson('warn', 'partner budget spent', {
      where: 'defence.budget',
      partner,
      brand,
      scope: outcome.scope,
      window: outcome.window,
    });
    trackFromServer(c, 'partnerBudgetSpent', {
      partner,
      scope: outcome.scope,
      window: outcome.window,
      limit: outcome.limit,
      retryInMs: outcome.retryInMs,
    });
  }
  return { allowed: false, refund: () => undefined };
}
